"""``/play``, ``/hand``, ``/board`` and ``/rules``: playing and looking."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.cards.rules_button import rules_embed
from bot.clocks.turn_clock import deadline_line, deadlines_by_seat
from bot.common.access import reachable_games
from bot.common.announce import seat_users
from bot.common.finding import (
    NOT_YOUR_TURN_ANYWHERE,
    find_game,
    find_game_for_move,
    game_choices,
    labelled_moves,
    legal_moves,
    may_act,
)
from bot.common.refusals import Refusal, StaleRequest
from bot.common.render import render
from bot.drawing.laid_out import pictured_layout
from bot.drawing.pictures import game_board_with_picture, with_file
from bot.tables.commands import game_suggestions, known_game
from bot.tables.panel import after_move, show_panel
from bot.tables.play import MAX_MOVE_TEXT
from bot.words.i18n import localize
from games.core.words import joined, msg
from storage import Game, GameStatus

if TYPE_CHECKING:
    from bot.wiring.app import GrimoireBot
    from bot.wiring.services import Services


class PlayCommands(commands.Cog):
    """Moves and views."""

    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(
        name="play", description="Make a move (suggestions show what you may play)."
    )
    @app_commands.describe(
        move="Your move, e.g. from the suggestions; several decisions may be typed at once.",
        game="Which game (implied inside its thread).",
    )
    async def play(
        self,
        interaction: discord.Interaction,
        move: app_commands.Range[str, 1, MAX_MOVE_TEXT],
        game: int | None = None,
    ) -> None:
        found = await find_game_for_move(self.services, interaction, game, move)
        if _waiting_on_others(found, interaction.user.id):
            raise Refusal(await self._whose_turn(found))
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            result = await self.services.tables.play(found.id, interaction.user.id, move)
        except StaleRequest:
            raise Refusal(
                msg("Someone moved at the same moment; nothing was changed. Try again.")
            ) from None
        await after_move(interaction, result, edit=False)

    @play.autocomplete("move")
    async def _moves(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game_id = getattr(interaction.namespace, "game", None)
        try:
            found = await find_game(self.services, interaction, game_id)
        except Refusal:
            return await self._moves_in_every_game(interaction, current)
        if _waiting_on_others(found, interaction.user.id):
            return [_note(await self._whose_turn(found))]
        moves = labelled_moves(found, interaction.user.id)
        names = await self.services.names.names(seat_users(found))
        words = {n: render(localize(label), names) for n, label in moves}
        # What a move does is matched too: "saint" finds the move that places the Saint.
        return [
            _choice(n if words[n] == n else f"{n} — {words[n]}", n)
            for n in _matching([n for n, _ in moves], current, words)[:25]
        ]

    async def _moves_in_every_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Outside a game's thread, for a member in several games: the moves of every game
        that waits on them, each named with its game (``/play`` finds the game again from
        the move, or asks when the move fits several)."""
        user_id = interaction.user.id
        mine = await reachable_games(interaction, (GameStatus.ACTIVE,))
        offered: list[app_commands.Choice[str]] = []
        waits_on_them = False
        for game in mine:
            notations = legal_moves(game, user_id)
            waits_on_them = waits_on_them or bool(notations)
            title = localize(games.get(game.game_key).title)
            offered += [
                _choice(f"{n} — #{game.id} {title}", n) for n in _matching(notations, current)
            ]
        if mine and not waits_on_them:
            return [_note(NOT_YOUR_TURN_ANYWHERE)]
        return offered[:25]

    async def _whose_turn(self, game: Game) -> str:
        """Who the game waits on, for a member whose turn it is not."""
        names = await self.services.names.names(seat_users(game))
        waiting = [names[s] for s in sorted(game.to_act) if 0 <= s < len(names)]
        if len(waiting) == 1:
            return msg("It's {name}'s turn — you'll be pinged.", name=waiting[0])
        if waiting:
            listed = msg("{first} and {last}", first=joined(waiting[:-1], ", "), last=waiting[-1])
            return msg("Waiting for {names} — you'll be pinged.", names=listed)
        return msg("Game #{id} is not waiting on you — you'll be pinged.", id=game.id)

    @play.autocomplete("game")
    async def _play_games(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await game_choices(self.services, interaction, current)

    @app_commands.command(name="turn", description="Open your move panel for a game.")
    @app_commands.describe(game="Which game (implied inside its thread).")
    async def turn(self, interaction: discord.Interaction, game: int | None = None) -> None:
        found = await find_game(self.services, interaction, game)
        await show_panel(interaction, found.id)

    @app_commands.command(name="hand", description="Your private view of a game (only you see it).")
    @app_commands.describe(game="Which game (implied inside its thread).")
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        found = await find_game(self.services, interaction, game)
        current, board = await self.services.tables.hand(found.id, interaction.user.id)
        names = await self.services.names.names(seat_users(current))
        seat = current.seat_of(interaction.user.id)
        embed, picture = await game_board_with_picture(board, current, seat, names, private=True)
        view = pictured_layout("", embed, picture)
        await interaction.response.send_message(view=view, ephemeral=True, **with_file(picture))

    @app_commands.command(name="board", description="The public board of a game.")
    @app_commands.describe(game="Which game (implied inside its thread).")
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        found = await find_game(self.services, interaction, game)
        current, board = await self.services.tables.board(found.id)
        names = await self.services.names.names(seat_users(current))
        pending = await self.services.store.timers.pending(current.id)
        clock = render(localize(deadline_line(deadlines_by_seat(pending).values())))
        embed, picture = await game_board_with_picture(board, current, None, names)
        view = pictured_layout(clock, embed, picture)
        await interaction.response.send_message(view=view, ephemeral=True, **with_file(picture))

    @turn.autocomplete("game")
    @hand.autocomplete("game")
    @board.autocomplete("game")
    async def _games(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await game_choices(self.services, interaction, current)

    @app_commands.command(name="rules", description="A short summary of a game's rules.")
    @app_commands.autocomplete(game=game_suggestions)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        embed = rules_embed(known_game(game))
        await interaction.response.send_message(embed=embed, ephemeral=True)


def _waiting_on_others(game: Game, user_id: int) -> bool:
    """Whether ``user_id`` plays in ``game`` but it does not wait on them now."""
    seat = game.seat_of(user_id)
    return (
        game.status is GameStatus.ACTIVE
        and seat is not None
        and seat not in game.resigned_seats()
        and not may_act(game, user_id)
    )


def _matching(
    notations: Sequence[str], current: str, words: Mapping[str, str] | None = None
) -> list[str]:
    """The moves that start with what was typed, then those that contain it, then those
    whose ``words`` (what each does) contain it."""
    needle = " ".join(current.lower().split())
    starts = [n for n in notations if n.startswith(needle)]
    inside = [n for n in notations if needle in n and n not in starts]
    said = [
        n
        for n in notations
        if words is not None and needle in words.get(n, "").lower() and n not in starts + inside
    ]
    return starts + inside + said


def _choice(name: str, value: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=name[:100], value=value[:100])


def _note(text: str) -> app_commands.Choice[str]:
    """A suggestion that only informs: submitted as a move, it gets the same text back."""
    said = localize(text)
    return _choice(said, said)


async def setup(bot: GrimoireBot) -> None:
    """Load the cog (a discord.py extension)."""
    await bot.add_cog(PlayCommands(bot.services))
