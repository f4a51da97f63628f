"""Moves made for a seat: a missed deadline's stand-in move, settling a game at once, and AI
seats' turns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import games
from bot.clocks.deadline_plan import move_finished
from bot.common.announce import notice_deliveries
from bot.common.posts import Post
from bot.common.refusals import Refusal, StaleRequest
from bot.tables.moves import AiTurn, Moves, running_game, stored_state
from games.core import Engine, IllegalAction
from games.core.words import msg
from storage import (
    Delivery,
    DeliveryKind,
    Game,
    GameStatus,
)


class StandIns:
    """Moves the bot makes in a player's place, or for an AI seat."""

    def __init__(self, moves: Moves) -> None:
        self.moves = moves

    async def play_for(self, game_id: int, seat: int, *, version: int, notice: str) -> Game:
        """Move for a player whose deadline passed at ``version``: pass where the rules allow
        it, otherwise the chooser's move, until their move is complete. The move counts as a
        missed deadline; the table is told ``notice``, and only the player which move was
        made. Nothing happens when the game moved on or the seat is not awaited any more."""
        async with self.moves.locks(game_id):
            game = await self.moves.get(game_id)
            if (
                game.status is not GameStatus.ACTIVE
                or game.version != version
                or seat not in game.to_act
            ):
                return game
            engine = games.get(game.game_key)
            state = engine.load(stored_state(game))
            played: list[str] = []
            for _ in range(engine.step_limit):
                action = self.moves.stand_in_move(engine, state, seat, game)
                transition = engine.apply(state, seat, action)
                played.append(engine.notation(action))
                finished = move_finished(engine, state, transition.state, seat, transition.log)
                told = _timeout_notices(engine, game, seat, notice, played) if finished else []
                game = await self.moves.commit(
                    game,
                    engine,
                    state,
                    seat,
                    played[-1],
                    transition.state,
                    transition.log,
                    missed=len(played) == 1,
                    notice=told,
                )
                state = transition.state
                if finished or game.status is not GameStatus.ACTIVE:
                    break
            game = await self.moves.autoplay(game, engine, state)
            self.moves.delivered()
        self.moves.moved(game)
        return game

    async def settle(self, game_id: int, notice: str) -> Game:
        """Play a running game to its end at once, every seat's decisions made as at a missed
        deadline (a pass where the rules allow one, otherwise the chooser's move), telling the
        table ``notice`` first and then only the final board. For an organiser who cannot
        wait any longer (a tournament round held up by stragglers)."""
        async with self.moves.locks(game_id):
            game = await self.moves.get(game_id)
            if game.status is not GameStatus.ACTIVE:
                return game
            engine = games.get(game.game_key)
            state = engine.load(stored_state(game))
            game = await self.moves.autoplay(
                game,
                engine,
                state,
                seats=frozenset(range(engine.players(state))),
                stand_in=True,
                notice=notice_deliveries(game, notice),
            )
            self.moves.delivered()
        return game

    # ------------------------------------------------------------------ AI seats
    async def ai_turn(self, game_id: int) -> AiTurn | None:
        """The first AI seat the game is waiting for, or ``None`` when it waits on none."""
        game = await self.moves.store.games.get(game_id)
        if game.status is not GameStatus.ACTIVE or game.state is None:
            return None
        levels = {s.seat: s.ai_level for s in game.seats if s.seat is not None and s.is_ai}
        if not levels:
            return None
        engine = games.get(game.game_key)
        state = engine.load(game.state)
        if engine.outcome(state) is not None:
            return None
        due = sorted(engine.waiting_for(state) & frozenset(levels))
        if not due:
            return None
        level = levels[due[0]]
        assert level is not None
        return AiTurn(game, engine, state, due[0], level)

    async def play_for_ai(self, game_id: int, *, seat: int, version: int, action: Any) -> Game:
        """Make ``action`` for the AI player at ``seat`` in the game as it was at ``version``.

        ``StaleRequest`` when the game has moved on since (a person's simultaneous pick):
        the AI then thinks again. The action is checked like anyone's.
        """
        async with self.moves.locks(game_id):
            game = running_game(await self.moves.get(game_id))
            if game.version != version:
                raise StaleRequest()
            if not any(s.seat == seat and s.is_ai for s in game.seats):
                raise Refusal(
                    msg("That seat of game #{number} is not an AI player's.", number=game_id)
                )
            engine = games.get(game.game_key)
            state = engine.load(stored_state(game))
            try:
                transition = engine.apply(state, seat, action)
            except IllegalAction as error:
                raise Refusal(error.message) from None
            game = await self.moves.commit(
                game,
                engine,
                state,
                seat,
                engine.notation(action),
                transition.state,
                transition.log,
            )
            game = await self.moves.autoplay(game, engine, transition.state)
        self.moves.delivered()
        return game


def _timeout_notices(
    engine: Engine[Any, Any], game: Game, seat: int, notice: str, played: Sequence[str]
) -> list[Delivery]:
    """The table hears that a move was made for the player (its public effects follow in
    the move's own post); only the player is told which, since a move may be secret."""
    told = notice_deliveries(game, msg("{notice} A move was made for them.", notice=notice))
    user = game.user_at(seat)
    if user is not None:
        told_them = msg(
            "⏰ Your deadline passed in {b}{game}{/b} #{number}, so this move "
            "was made for you: `{move}`.",
            game=engine.title,
            number=game.id,
            move=" ".join(played),
        )
        post = Post(content=told_them, game_id=game.id)
        told.append(Delivery(DeliveryKind.DM, user, post.to_payload(), game_id=game.id))
    return told
