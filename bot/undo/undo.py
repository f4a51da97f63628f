"""Taking a move back. The engine says whether a move brought hidden information to light;
a move that did not, with nobody else having moved since, is taken back at once. Otherwise
every other player must approve. Undoing replays the game from its seed and the log without
the moves taken back, and the store removes them in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import games
from bot.clocks.deadline_plan import clock_timers
from bot.common.announce import game_lane, notice_deliveries, seat_users, where
from bot.common.locks import GameLocks
from bot.common.posts import Post, UndoButtons
from bot.common.refusals import Refusal, RequestClosed, StaleRequest
from bot.common.text import user
from bot.delivery.queued import table_deliveries
from bot.undo.posts import AGREED, CLOSED, LAPSED, refused
from games.core import Engine, IllegalAction
from games.core.words import msg, nmsg
from storage import (
    Action,
    Delivery,
    DeliveryKind,
    Game,
    GameNotActive,
    GameNotFound,
    GameStatus,
    Store,
    UndoMessage,
    VersionConflict,
)


@dataclass(frozen=True, slots=True)
class UndoAnswer:
    """What an answer to an undo request did."""

    undone: bool
    """The move was taken back (this was the last approval)."""
    settled: UndoMessage | None = None
    """The request's message with the words it now ends with, when this answer settled it."""


@dataclass(frozen=True, slots=True)
class UndoResult:
    """What ``/game undo`` did: took the move back, or asked the table."""

    game: Game
    done: bool
    asked: tuple[int, ...] = ()
    """The players whose approval is needed, when the table was asked."""
    reason: str = ""


class Takebacks:
    """Undo requests and their approval."""

    def __init__(
        self,
        store: Store,
        locks: GameLocks,
        *,
        clock: Callable[[], datetime],
        delivered: Callable[[], None] = lambda: None,
    ) -> None:
        self._store = store
        self._locks = locks
        self._clock = clock
        self._delivered = delivered

    async def undo(self, game_id: int, user_id: int) -> UndoResult:
        """Take back ``user_id``'s last move, or ask the other players to allow it."""
        async with self._locks(game_id):
            game = await self._running(game_id)
            seat = game.seat_of(user_id)
            if seat is None:
                raise Refusal(msg("You are not playing in game #{id}.", id=game.id))
            if seat in game.resigned_seats():
                raise Refusal(msg("You have resigned from this game."))
            engine = games.get(game.game_key)
            log = await self._store.games.actions(game.id)
            states, moves = _replay(engine, game, log)
            mine = [i for i, action in enumerate(log) if action.seat == seat]
            if not mine:
                raise Refusal(msg("You have not made a move to take back."))
            last = mine[-1]
            first = _move_start(engine, states, log, last, seat)
            others = _others(game, seat)
            alone = last == len(log) - 1
            revealing = any(
                engine.reveals(states[i], seat, moves[i]) for i in range(first, last + 1)
            )
            if not others or (alone and not revealing):
                game = await self._take_back(game, engine, states, first, user_id)
                return UndoResult(game, done=True)
            reason = (
                msg("other players have moved since")
                if not alone
                else msg("it brought hidden information to light")
            )
            # Not which move: a move can be secret (a pick nobody else has seen yet).
            text = msg(
                "↩️ {who} asks to take back their last move: {reason}, "
                "so everyone else at the table must agree.",
                who=user(user_id),
                reason=reason,
            )
            post = Post(
                content=text,
                seats=seat_users(game),
                pings=tuple(others),
                game_id=game.id,
                undo_buttons=UndoButtons(game.id, game.version),
            )
            question = Delivery(
                DeliveryKind.THREAD_POST,
                where(game),
                post.to_payload(),
                game_id=game.id,
                lane=game_lane(game.id),
            )
            await self._store.games.request_undo(
                game.id, seat=seat, version=game.version, to_version=first, deliveries=[question]
            )
            self._delivered()
            return UndoResult(game, done=False, asked=tuple(others), reason=reason)

    async def answer(
        self,
        game_id: int,
        user_id: int,
        *,
        version: int,
        approve: bool,
        message: UndoMessage | None = None,
    ) -> UndoAnswer:
        """``user_id`` approves or refuses the request made at ``version``: whether the move
        was taken back (the last approval), and, when the answer settled the request, its
        message (``message``, the one the answer was clicked under) with the words it ends
        with, for the caller to edit. A :class:`RequestClosed` refusal when the request is no
        longer open (then :meth:`closed` settles its message).

        The message is settled before the game changes, under the game's lock: an answer
        that comes too late, or the update that finds the request lapsed, reads the same
        words and writes nothing else."""
        async with self._locks(game_id):
            try:
                game = await self._running(game_id)
            except Refusal:
                raise RequestClosed() from None
            request = await self._store.games.undo_request(game.id)
            if request is None or request.version != version or game.version != version:
                raise RequestClosed()
            seat = game.seat_of(user_id)
            asker = game.user_at(request.seat)
            if seat is None or seat == request.seat or seat in game.resigned_seats():
                raise Refusal(msg("Only the other players of this game answer this request."))
            assert asker is not None  # a request is made by a player, never by an AI seat
            if not approve:
                settled = await self._settle(message, refused(user_id))
                refusal = msg(
                    "{who} refused to let {asker} take their move back.",
                    who=user(user_id),
                    asker=user(asker),
                )
                await self._store.games.drop_undo(
                    game.id, deliveries=notice_deliveries(game, refusal)
                )
                self._delivered()
                return UndoAnswer(undone=False, settled=settled)
            approved = await self._store.games.approve_undo(game.id, version=version, seat=seat)
            assert approved is not None
            needed = set(_other_seats(game, request.seat))
            if not needed <= approved.approvals:
                return UndoAnswer(undone=False)
            settled = await self._settle(message, AGREED)
            engine = games.get(game.game_key)
            log = await self._store.games.actions(game.id)
            states, _ = _replay(engine, game, log[: request.to_version])
            await self._take_back(game, engine, states, request.to_version, asker)
            return UndoAnswer(undone=True, settled=settled)

    async def closed(self, message: UndoMessage) -> UndoMessage:
        """A click found its request no longer open: its message as settled, to edit. One
        nobody settled yet lapsed (the game moved on, or it was asked again); one the store
        never kept (posted before messages were kept) is only said to be closed."""
        shown = await self._store.undo_messages.open(message.game_id)
        kept = any(m.message_id == message.message_id for m in shown)
        return await self._store.undo_messages.settle(message, LAPSED if kept else CLOSED)

    async def _settle(self, message: UndoMessage | None, words: str) -> UndoMessage | None:
        """Settle the request's message with ``words`` (unless it was settled already)."""
        if message is None:
            return None
        return await self._store.undo_messages.settle(message, words)

    async def _running(self, game_id: int) -> Game:
        try:
            game = await self._store.games.get(game_id)
        except GameNotFound:
            raise Refusal(msg("There is no game #{id}.", id=game_id)) from None
        if game.status is not GameStatus.ACTIVE:
            raise Refusal(msg("Game #{id} is not being played.", id=game.id))
        return game

    async def _take_back(
        self,
        game: Game,
        engine: Engine[Any, Any],
        states: Sequence[Any],
        to_version: int,
        user_id: int,
    ) -> Game:
        after = states[to_version]
        waiting = engine.waiting_for(after) - game.resigned_seats()
        timers = await clock_timers(self._store, game, waiting, self._clock())
        count = game.version - to_version
        text = nmsg(
            "↩️ {who} took back their last move ({n} step).",
            "↩️ {who} took back their last move ({n} steps).",
            count,
            who=user(user_id),
        )
        # One post says so, with the board as it is again; each player's private message
        # goes back too.
        deliveries = table_deliveries(game, to_version, lines=False, heading=text)
        try:
            game = await self._store.games.undo(
                game.id,
                expected_version=game.version,
                to_version=to_version,
                state=engine.dump(after),
                to_act=waiting,
                deliveries=deliveries,
                timers=timers,
            )
        except VersionConflict:
            raise StaleRequest() from None
        except GameNotActive:
            raise Refusal(msg("Game #{id} is no longer being played.", id=game.id)) from None
        self._delivered()
        return game


def _replay(
    engine: Engine[Any, Any], game: Game, log: Sequence[Action]
) -> tuple[list[Any], list[Any]]:
    """Every state of the game (``states[i]`` before the ``i``-th action) and its actions."""
    assert game.seed is not None
    state = engine.new_game(len(game.seats), game.seed, game.options)
    states, moves = [state], []
    for action in log:
        try:
            move = engine.parse(state, action.seat, action.notation)
        except IllegalAction:
            raise Refusal(
                msg("This game's log cannot be replayed, so nothing can be taken back.")
            ) from None
        state = engine.apply(state, action.seat, move).state
        states.append(state)
        moves.append(move)
    return states, moves


def _move_start(
    engine: Engine[Any, Any], states: Sequence[Any], log: Sequence[Action], last: int, seat: int
) -> int:
    """Where the move ending with action ``last`` began: the decisions ``seat`` made one
    after the other while partway through it."""
    first = last
    while first > 0 and log[first - 1].seat == seat and engine.deciding(states[first], seat):
        first -= 1
    return first


def _other_seats(game: Game, seat: int) -> list[int]:
    """The seats of the other players still playing (AI players are not asked)."""
    resigned = game.resigned_seats()
    return [
        s.seat
        for s in game.in_seat_order()
        if s.seat is not None
        and s.seat != seat
        and s.user_id is not None
        and s.seat not in resigned
    ]


def _others(game: Game, seat: int) -> list[int]:
    users = [game.user_at(s) for s in _other_seats(game, seat)]
    return [u for u in users if u is not None]
