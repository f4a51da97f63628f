"""``/help``: every command in one private message, a line each, grouped by what a member
does with it. The list is read from the registered command tree, so a command is never left
out: one without a line of its own here is still shown, with its description, under
"More" (and the tests name it)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.drawing.embeds import BOARD_COLOUR
from bot.words.i18n import localize
from games.core.words import Msg, joined, msg, pmsg

if TYPE_CHECKING:
    from bot.wiring.app import GrimoireBot

PLAYING = pmsg("help section", "Playing")
TABLES = pmsg("help section", "Tables")
CLOCKS = pmsg("help section", "Clocks & notifications")
TOURNAMENTS = pmsg("help section", "Tournaments")
PROFILES = pmsg("help section", "Profiles")
CARDS = pmsg("help section", "Cards & rules")
MANAGERS = pmsg("help section", "Server managers")
MORE = pmsg("help section", "More")
#: The sections in the order shown.
SECTIONS = (PLAYING, TABLES, CLOCKS, TOURNAMENTS, PROFILES, CARDS, MANAGERS)

#: Each command's section and line, by its full name, in the order shown.
HELP_LINES: dict[str, tuple[Msg, Msg]] = {
    "play": (PLAYING, msg("make a move; suggestions show what you may play")),
    "turn": (PLAYING, msg("your move panel: buttons and menus for each choice")),
    "hand": (PLAYING, msg("your private view of a game (only you see it)")),
    "board": (PLAYING, msg("a game's public board")),
    "game undo": (PLAYING, msg("take back your last move, or ask the table to")),
    "game resign": (PLAYING, msg("give up a game you are playing")),
    "game new": (TABLES, msg("open a lobby for a game in this channel")),
    "game list": (TABLES, msg("this server's lobbies and running games")),
    "game mine": (TABLES, msg("your games on every server, and where it is your turn")),
    "game nudge": (TABLES, msg("remind the players a game is waiting for")),
    "game sub": (TABLES, msg("leave your seat to a substitute, or open a seat")),
    "game log": (TABLES, msg("a game's story so far")),
    "game replay": (TABLES, msg("watch a game again, move by move")),
    "game export": (TABLES, msg("download a game's moves and story")),
    "notify": (CLOCKS, msg("your DMs, quiet hours and time zone; menus without options")),
    "away": (CLOCKS, msg("go on vacation: your move clocks pause everywhere")),
    "tournament list": (TOURNAMENTS, msg("this server's tournaments")),
    "tournament standings": (TOURNAMENTS, msg("a tournament's standings and tables")),
    "tournament drop": (TOURNAMENTS, msg("leave a tournament")),
    "organise create": (TOURNAMENTS, msg("open sign-ups for a tournament you organise")),
    "organise start": (TOURNAMENTS, msg("organisers: close sign-ups, start round 1")),
    "organise next": (TOURNAMENTS, msg("organisers: finish this round now and go on")),
    "organise drop": (TOURNAMENTS, msg("organisers: drop a player")),
    "organise cancel": (TOURNAMENTS, msg("organisers: call a tournament off")),
    "organise export": (TOURNAMENTS, msg("organisers: download tables, results, games")),
    "profile": (PROFILES, msg("a player's record, or two players head to head")),
    "leaderboard": (PROFILES, msg("the best players of a game here")),
    "stats": (PROFILES, msg("how this server plays")),
    "privacy show": (PROFILES, msg("what Grimoire keeps about you, with a download")),
    "privacy erase": (PROFILES, msg("erase what Grimoire keeps about you")),
    "rules": (CARDS, msg("a game's rules on one screen")),
    "card": (CARDS, msg("what a card does, from any game")),
    "help": (CARDS, msg("this list")),
    "settings": (MANAGERS, msg("the turn clock of new games; menus without options")),
    "game abandon": (MANAGERS, msg("call a game off (its host may too)")),
}


def registered(
    tree: app_commands.CommandTree[Any],
) -> Iterator[app_commands.Command[Any, ..., Any]]:
    """Every command a member can type, subcommands included (not their groups)."""
    for command in tree.get_commands(type=discord.AppCommandType.chat_input):
        if isinstance(command, app_commands.Group):
            yield from (c for c in command.walk_commands() if isinstance(c, app_commands.Command))
        elif isinstance(command, app_commands.Command):
            yield command


def without_help(tree: app_commands.CommandTree[Any]) -> list[str]:
    """The commands of ``tree`` that have no line of their own in :data:`HELP_LINES`."""
    return [c.qualified_name for c in registered(tree) if c.qualified_name not in HELP_LINES]


def help_sections(
    commands_: Iterable[app_commands.Command[Any, ..., Any]],
) -> list[tuple[Msg, list[str]]]:
    """The sections of ``/help`` and their lines, from the commands registered: in the
    order of :data:`HELP_LINES`, then any command without a line, with its description."""
    present = {c.qualified_name: c for c in commands_}
    lines: dict[Msg, list[str]] = {section: [] for section in (*SECTIONS, MORE)}
    for name, (section, line) in HELP_LINES.items():
        if name in present:
            lines[section].append(joined((f"`/{name}`", line), " "))
    for name, command in present.items():
        if name not in HELP_LINES:
            lines[MORE].append(f"`/{name}` {command.description}")
    return [(section, found) for section, found in lines.items() if found]


def help_embed(tree: app_commands.CommandTree[Any]) -> discord.Embed:
    """``/help``'s answer: a field per section, a line per command."""
    embed = discord.Embed(
        title=localize(msg("Grimoire's commands")),
        description=localize(
            msg(
                "Board and card games played by post: each game has a thread, and you move "
                "when it suits you. Most commands explain themselves as you type them."
            )
        ),
        colour=BOARD_COLOUR,
    )
    for section, lines in help_sections(registered(tree)):
        embed.add_field(
            name=localize(section), value="\n".join(localize(li) for li in lines), inline=False
        )
    embed.set_footer(
        text=localize(msg("Buttons under boards and lobbies do the same without typing."))
    )
    return embed


class HelpCommands(commands.Cog):
    """``/help``."""

    def __init__(self, bot: GrimoireBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What each command is for, a line each.")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=help_embed(self.bot.tree), ephemeral=True)


async def setup(bot: GrimoireBot) -> None:
    """Load the cog (a discord.py extension)."""
    await bot.add_cog(HelpCommands(bot))
