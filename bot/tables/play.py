"""What a seated player asks of a running game: their moves (typed or clicked) and their
views of it. Recording goes through :class:`~bot.tables.moves.Moves`."""

from __future__ import annotations

from typing import Any

import games
from bot.common.announce import seat_users
from bot.common.refusals import Refusal, StaleRequest
from bot.tables.choices import PanelChoices, panel_choices
from bot.tables.moves import (
    MAX_MOVE_TEXT,
    AiTurn,
    LegalActions,
    MoveChooser,
    MoveResult,
    Moves,
    legal_actions_of,
    running_game,
    safe_move,
    stored_state,
)
from bot.tables.views import TableViews
from games.core import Board, Engine, IllegalAction
from games.core.words import msg
from storage import (
    Game,
)


class Tables:
    """A player's moves and views of running games."""

    def __init__(self, moves: Moves) -> None:
        self.moves = moves
        self.views = TableViews(moves.store)
        """Games replayed, remembered between clicks: what a panel says happened since a
        player's last move comes from the log of the moves since."""

    # ------------------------------------------------------------------ finding
    async def get(self, game_id: int) -> Game:
        """The game with that id, or a refusal naming it."""
        return await self.moves.get(game_id)

    async def in_thread(self, thread_id: int) -> Game | None:
        """The game played in a thread, if any."""
        return await self.moves.in_thread(thread_id)

    # ------------------------------------------------------------------ moves
    async def legal_actions(self, game_id: int, user_id: int) -> LegalActions:
        """The moves ``user_id`` may make now, in the engine's order (maybe none)."""
        game, seat, engine, state = await self._seated(game_id, user_id)
        return legal_actions_of(game, seat, engine, state)

    async def panel(self, game_id: int, user_id: int) -> tuple[LegalActions, PanelChoices, Board]:
        """The moves ``user_id`` may make now, as a panel offers them in words, and their own
        board, from one read."""
        game, seat, engine, state = await self._seated(game_id, user_id)
        return (
            legal_actions_of(game, seat, engine, state),
            panel_choices(engine, state, seat),
            engine.describe(engine.view(state, seat)),
        )

    async def _seated(self, game_id: int, user_id: int) -> tuple[Game, int, Engine[Any, Any], Any]:
        game = running_game(await self.get(game_id))
        seat = self.moves.seat_of(game, user_id)
        engine = games.get(game.game_key)
        return game, seat, engine, engine.load(stored_state(game))

    async def play(
        self, game_id: int, user_id: int, text: str, *, expected_version: int | None = None
    ) -> MoveResult:
        """Make the move ``text`` for ``user_id``; refused, with the engine's reason, when it
        is not theirs to make or not legal."""
        if len(text) > MAX_MOVE_TEXT:
            raise Refusal(msg("A move is at most {n} characters.", n=MAX_MOVE_TEXT))
        async with self.moves.locks(game_id):
            game, engine, state, seat = await self.moves.for_move(
                game_id, user_id, expected_version
            )
            try:
                action = engine.parse(state, seat, text)
            except IllegalAction as error:
                raise Refusal(error.message, seat_users(game)) from None
            result = await self.moves.record(game, engine, state, seat, action)
        self.moves.moved(result.game)
        return result

    async def choose(self, game_id: int, user_id: int, *, version: int, index: int) -> MoveResult:
        """Make the ``index``-th legal move of the game as it was at ``version`` (a click)."""
        async with self.moves.locks(game_id):
            game, engine, state, seat = await self.moves.for_move(game_id, user_id, version)
            actions = engine.legal_actions(state, seat)
            if not actions:
                raise Refusal(engine.not_your_turn_message(state, seat), seat_users(game))
            if not 0 <= index < len(actions):
                raise StaleRequest()
            result = await self.moves.record(game, engine, state, seat, actions[index])
        self.moves.moved(result.game)
        return result

    async def choose_whole(
        self, game_id: int, user_id: int, *, version: int, index: int
    ) -> MoveResult:
        """Make the ``index``-th whole move (``Engine.whole_moves``) of the game as it was at
        ``version``: a complete move picked in one go."""
        async with self.moves.locks(game_id):
            game, engine, state, seat = await self.moves.for_move(game_id, user_id, version)
            if not engine.legal_actions(state, seat):
                raise Refusal(engine.not_your_turn_message(state, seat), seat_users(game))
            moves = engine.whole_moves(state, seat)
            if not 0 <= index < len(moves):
                raise StaleRequest()
            result = await self.moves.record(game, engine, state, seat, moves[index])
        self.moves.moved(result.game)
        return result

    # ------------------------------------------------------------------ views
    async def hand(self, game_id: int, user_id: int) -> tuple[Game, Board]:
        """``user_id``'s own board: everything their seat may see."""
        game = await self.get(game_id)
        if game.state is None:
            raise Refusal(msg("Game #{id} has not started yet.", id=game.id))
        seat = self.moves.seat_of(game, user_id)
        engine = games.get(game.game_key)
        return game, engine.describe(engine.view(engine.load(game.state), seat))

    async def board(self, game_id: int) -> tuple[Game, Board]:
        """The public board, as a spectator sees it."""
        game = await self.get(game_id)
        if game.state is None:
            raise Refusal(msg("Game #{id} has not started yet.", id=game.id))
        engine = games.get(game.game_key)
        return game, engine.describe(engine.view(engine.load(game.state), None))

    async def log(self, game_id: int, user_id: int) -> tuple[Game, list[str]]:
        """The game's story so far, as ``user_id`` may read it (players see their own secrets)."""
        game = await self.get(game_id)
        if game.seed is None:
            raise Refusal(msg("Game #{id} has not started yet.", id=game.id))
        engine = games.get(game.game_key)
        seat = game.seat_of(user_id)
        state = engine.new_game(len(game.seats), game.seed, game.options)
        lines: list[str] = []
        for action in await self.moves.store.games.actions(game_id):
            try:
                move = engine.parse(state, action.seat, action.notation)
            except IllegalAction:
                lines.append(msg("(move {n} cannot be replayed)", n=action.seq))
                break
            transition = engine.apply(state, action.seat, move)
            state = transition.state
            lines += [e.text for e in transition.log if e.visible_to(seat)]
        return game, lines


__all__ = [
    "MAX_MOVE_TEXT",
    "AiTurn",
    "LegalActions",
    "MoveChooser",
    "MoveResult",
    "Moves",
    "Tables",
    "safe_move",
]
