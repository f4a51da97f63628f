"""The catalogues are complete: every message of the code and the data files translated in
every language Grimoire ships, no fuzzy entry, the same placeholders; and the commands'
translated names follow Discord's rules."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

import pytest

from bot.wiring.app import INITIAL_EXTENSIONS, GrimoireTree
from bot.words.catalogues import translations
from bot.words.extract import domains, languages_to_check, problems, template
from bot.words.translator import CatalogueTranslator, command_texts

#: Discord's rule for command and option names (lowercase where a script has case).
NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.mark.parametrize("language", languages_to_check())
def test_every_message_is_translated(language: str) -> None:
    found = problems(language)
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:80])


def test_every_package_that_says_something_has_its_messages_extracted() -> None:
    said = {d.name for d in domains() if len(template(d))}
    assert {"games/core", "bot/common", "bot/wiring"} <= said


@pytest.mark.parametrize("language", languages_to_check())
def test_translated_command_names_follow_discords_rules(language: str) -> None:
    said = translations(language)
    for context, text in command_texts(INITIAL_EXTENSIONS):
        shown = said.pgettext(context, text)
        if context in ("command name", "option name"):
            assert NAME.match(shown), f"{text!r} → {shown!r}"
            assert shown == shown.lower(), f"{text!r} → {shown!r}"
        else:
            assert 1 <= len(shown) <= 100, f"{text!r} → {shown!r}"


async def test_commands_carry_their_names_and_descriptions_in_french_and_german() -> None:
    tree = GrimoireTree(_client())
    translator = CatalogueTranslator()
    payloads = []
    for extension in INITIAL_EXTENSIONS:
        for cog in _cogs(extension):
            for command in cog.__cog_app_commands__:
                payloads.append(await command.get_translated_payload(tree, translator))
    by_name = {p["name"]: p for p in payloads}
    play = by_name["play"]
    assert play["name_localizations"] == {"fr": "jouer", "de": "spielen"}
    assert set(play["description_localizations"]) == {"fr", "de"}
    option = play["options"][0]
    assert option["name_localizations"]["de"] == "zug"
    game = by_name["game"]
    sub = {o["name"]: o for o in game["options"]}
    assert sub["new"]["name_localizations"] == {"fr": "nouvelle", "de": "neu"}
    # Names are unique among their siblings in every language.
    for payload in payloads:
        _unique(payload)


def _unique(payload: dict[str, object]) -> None:
    options = payload.get("options")
    if not isinstance(options, list):
        return
    seen: dict[str, set[str]] = defaultdict(set)
    for option in options:
        for language, name in (option.get("name_localizations") or {}).items():
            assert name not in seen[language], f"{name} twice under {payload['name']}"
            seen[language].add(name)
        _unique(option)


def _cogs(extension: str) -> list[Any]:
    import importlib
    import inspect

    from discord.ext import commands

    module = importlib.import_module(extension)
    return [
        c
        for c in vars(module).values()
        if inspect.isclass(c) and issubclass(c, commands.Cog) and c.__module__ == module.__name__
    ]


def _client() -> Any:
    import discord

    return discord.Client(intents=discord.Intents.none())
