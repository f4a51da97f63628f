"""Moves: reading what a player typed or clicked, applying it, recording it, telling the table.

:class:`Tables` is put together from its parts: the core that records decisions
(:mod:`bot.tables.moves`), resignations (:mod:`bot.tables.withdrawals`), moves
made for a seat (:mod:`bot.ai.stand_ins`) and substitutes
(:mod:`bot.clocks.substitutes`); the players' own moves and views are here.
"""

from __future__ import annotations

from typing import Any

import games
from bot.ai.stand_ins import StandIns
from bot.clocks.substitutes import Substitutes
from bot.common.refusals import Refusal, StaleRequest
from bot.tables.choices import PanelChoices, panel_choices
from bot.tables.moves import (
    MAX_MOVE_TEXT,
    AiTurn,
    Choices,
    MoveChooser,
    MoveResult,
    TableCore,
    choices_of,
    running_game,
    safe_move,
    stored_state,
)
from bot.tables.withdrawals import Withdrawals
from games.core import Board, Engine, IllegalAction
from storage import (
    Game,
)


class Tables(Substitutes, Withdrawals, StandIns, TableCore):
    """Running games: moves, views, logs, resignations, stand-in moves and substitutes."""

    # ------------------------------------------------------------------ moves
    async def choices(self, game_id: int, user_id: int) -> Choices:
        """The moves ``user_id`` may make now, in the engine's order (maybe none)."""
        game, seat, engine, state = await self._seated(game_id, user_id)
        return choices_of(game, seat, engine, state)

    async def panel(self, game_id: int, user_id: int) -> tuple[Choices, PanelChoices, Board]:
        """The moves ``user_id`` may make now, as a panel offers them in words, and their own
        board, from one read."""
        game, seat, engine, state = await self._seated(game_id, user_id)
        return (
            choices_of(game, seat, engine, state),
            panel_choices(engine, state, seat),
            engine.describe(engine.view(state, seat)),
        )

    async def _seated(self, game_id: int, user_id: int) -> tuple[Game, int, Engine[Any, Any], Any]:
        game = running_game(await self.get(game_id))
        seat = self.seat_of(game, user_id)
        engine = games.get(game.game_key)
        return game, seat, engine, engine.load(stored_state(game))

    async def play(
        self, game_id: int, user_id: int, text: str, *, expected_version: int | None = None
    ) -> MoveResult:
        """Make the move ``text`` for ``user_id``; refused, with the engine's reason, when it
        is not theirs to make or not legal."""
        if len(text) > MAX_MOVE_TEXT:
            raise Refusal(f"A move is at most {MAX_MOVE_TEXT} characters.")
        async with self._locks(game_id):
            game, engine, state, seat = await self._for_move(game_id, user_id, expected_version)
            try:
                action = engine.parse(state, seat, text)
            except IllegalAction as error:
                raise Refusal(str(error)) from None
            result = await self._record(game, engine, state, seat, action)
        self._moved(result.game)
        return result

    async def choose(self, game_id: int, user_id: int, *, version: int, index: int) -> MoveResult:
        """Make the ``index``-th legal move of the game as it was at ``version`` (a click)."""
        async with self._locks(game_id):
            game, engine, state, seat = await self._for_move(game_id, user_id, version)
            actions = engine.legal_actions(state, seat)
            if not actions:
                raise Refusal(engine.not_your_turn_message(state, seat))
            if not 0 <= index < len(actions):
                raise StaleRequest()
            result = await self._record(game, engine, state, seat, actions[index])
        self._moved(result.game)
        return result

    async def choose_whole(
        self, game_id: int, user_id: int, *, version: int, index: int
    ) -> MoveResult:
        """Make the ``index``-th whole move (``Engine.whole_moves``) of the game as it was at
        ``version``: a complete move picked in one go."""
        async with self._locks(game_id):
            game, engine, state, seat = await self._for_move(game_id, user_id, version)
            if not engine.legal_actions(state, seat):
                raise Refusal(engine.not_your_turn_message(state, seat))
            moves = engine.whole_moves(state, seat)
            if not 0 <= index < len(moves):
                raise StaleRequest()
            result = await self._record(game, engine, state, seat, moves[index])
        self._moved(result.game)
        return result

    # ------------------------------------------------------------------ views
    async def hand(self, game_id: int, user_id: int) -> tuple[Game, Board]:
        """``user_id``'s own board: everything their seat may see."""
        game = await self.get(game_id)
        if game.state is None:
            raise Refusal(f"Game #{game.id} has not started yet.")
        seat = self.seat_of(game, user_id)
        engine = games.get(game.game_key)
        return game, engine.describe(engine.view(engine.load(game.state), seat))

    async def board(self, game_id: int) -> tuple[Game, Board]:
        """The public board, as a spectator sees it."""
        game = await self.get(game_id)
        if game.state is None:
            raise Refusal(f"Game #{game.id} has not started yet.")
        engine = games.get(game.game_key)
        return game, engine.describe(engine.view(engine.load(game.state), None))

    async def log(self, game_id: int, user_id: int) -> tuple[Game, list[str]]:
        """The game's story so far, as ``user_id`` may read it (players see their own secrets)."""
        game = await self.get(game_id)
        if game.seed is None:
            raise Refusal(f"Game #{game.id} has not started yet.")
        engine = games.get(game.game_key)
        seat = game.seat_of(user_id)
        state = engine.new_game(len(game.seats), game.seed, game.options)
        lines: list[str] = []
        for action in await self._store.games.actions(game_id):
            try:
                move = engine.parse(state, action.seat, action.notation)
            except IllegalAction:
                lines.append(f"(move {action.seq} cannot be replayed)")
                break
            transition = engine.apply(state, action.seat, move)
            state = transition.state
            lines += [e.text for e in transition.log if e.visible_to(seat)]
        return game, lines


__all__ = [
    "MAX_MOVE_TEXT",
    "AiTurn",
    "Choices",
    "MoveChooser",
    "MoveResult",
    "Tables",
    "safe_move",
]
