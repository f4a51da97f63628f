"""``/help`` through SimCord: one private message, a line for every registered command and
subcommand, grouped by what a member does with them."""

from __future__ import annotations

import pytest

from bot.cards.help import (
    HELP_LINES,
    MORE,
    SECTIONS,
    help_embed,
    help_sections,
    registered,
    without_help,
)
from bot.words.i18n import localize, reading_in
from tests.bot.conftest import Table
from tests.bot.driving import bot_of


def test_every_registered_command_has_a_help_line_and_every_line_a_command(
    table: Table,
) -> None:
    tree = bot_of(table).tree
    names = {c.qualified_name for c in registered(tree)}
    assert without_help(tree) == []
    assert set(HELP_LINES) - names == set()  # no line for a command that is gone
    assert {"play", "game new", "tournament standings", "notify", "settings", "help"} <= names


def test_a_command_without_a_line_is_named_and_still_shown_under_more(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    forgotten = {k: v for k, v in HELP_LINES.items() if k != "away"}
    monkeypatch.setattr("bot.cards.help.HELP_LINES", forgotten)
    tree = bot_of(table).tree
    assert without_help(tree) == ["away"]
    sections = dict(help_sections(registered(tree)))
    assert sections[MORE] == ["`/away` Go on vacation: your move clocks pause in every game."]


async def test_help_answers_privately_with_every_command_by_section(table: Table) -> None:
    shown = await table.members["alice"].slash(table.channel, "help")
    assert shown.ephemeral
    assert shown.response is not None
    (embed,) = shown.response.embeds
    fields = {field.name: field.value for field in embed.fields}
    assert list(fields) == list(SECTIONS)
    for name, (section, line) in HELP_LINES.items():
        assert f"`/{name}` {line}" in str(fields[section]).splitlines()
    # Short enough lines for a phone.
    assert all(len(line) <= 80 for value in fields.values() for line in str(value).splitlines())


async def test_help_answers_in_the_bots_dms_too(table: Table) -> None:
    tree = bot_of(table).tree
    command = tree.get_command("help")
    assert command is not None
    assert sorted(command.to_dict(tree)["contexts"]) == [0, 1, 2]  # servers, DMs, group DMs
    shown = await table.members["bob"].user.slash("help")
    assert shown.ephemeral
    assert shown.response is not None
    (embed,) = shown.response.embeds
    assert embed.title == "Grimoire's commands"


@pytest.mark.parametrize("language", ["fr", "de"])
def test_help_reads_in_french_and_german_with_lines_short_enough_for_a_phone(
    table: Table, language: str
) -> None:
    with reading_in(language):
        embed = help_embed(bot_of(table).tree)
    assert embed.title == {"fr": "Les commandes de Grimoire", "de": "Grimoires Befehle"}[language]
    names = [field.name for field in embed.fields]
    assert names == [localize(section, language) for section in SECTIONS]
    lines = [line for field in embed.fields for line in str(field.value).splitlines()]
    assert len(lines) == len(HELP_LINES)
    assert all(len(line) <= 80 for line in lines)
    assert "`/card` " + localize(HELP_LINES["card"][1], language) in lines
