"""The commands in every language: names, descriptions, options and choices, for Discord.

Discord shows a member the names and descriptions of a command in their client's language
when the bot gives them (``name_localizations``, ``description_localizations``). discord.py
asks an :class:`app_commands.Translator` for each when it syncs; ours looks each English text
up in the catalogues under a context saying what it is (a command's name is not translated
like the same word in a description), so ``python -m bot.words update`` finds every one of
them in the command tree (:func:`command_texts`) and the catalogue of ``bot/wiring`` keeps
their translations. Names follow Discord's rules: lowercase, no spaces, at most 32
characters (``tests/bot/words`` holds every translation to them).
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Iterable, Iterator

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.ext import commands

from bot.words.catalogues import translations
from bot.words.languages import SOURCE, language_of

#: The catalogue context of each kind of text a command has.
CONTEXTS: dict[Where, str] = {
    Where.command_name: "command name",
    Where.group_name: "command name",
    Where.command_description: "command description",
    Where.group_description: "command description",
    Where.parameter_name: "option name",
    Where.parameter_description: "option description",
    Where.choice_name: "choice",
}
NAME_CONTEXTS = frozenset({"command name", "option name"})


class CatalogueTranslator(app_commands.Translator):
    """Gives Discord each command text in the languages of the catalogues."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """``string`` in ``locale``'s language, or ``None`` (Discord then shows English)."""
        language = language_of(locale.value)
        where = CONTEXTS.get(context.location)
        if language is None or language == SOURCE or where is None:
            return None
        said = translations(language).pgettext(where, string.message)
        return said if said and said != string.message else None


def command_texts(extensions: Iterable[str]) -> Iterator[tuple[str, str]]:
    """(context, English text) for every name, description, option and choice of the
    commands the ``extensions`` define, read from their cogs' classes."""
    for extension in extensions:
        module = importlib.import_module(extension)
        for cog in vars(module).values():
            if (
                inspect.isclass(cog)
                and issubclass(cog, commands.Cog)
                and cog.__module__ == module.__name__
            ):
                for command in cog.__cog_app_commands__:
                    yield from _texts(command)


def _texts(command: app_commands.Command | app_commands.Group) -> Iterator[tuple[str, str]]:  # type: ignore[type-arg]
    yield "command name", command.name
    yield "command description", command.description
    if isinstance(command, app_commands.Group):
        for child in command.commands:
            yield from _texts(child)
        return
    for parameter in command.parameters:
        yield "option name", parameter.display_name
        yield "option description", parameter.description
        for choice in parameter.choices:
            yield "choice", choice.name
