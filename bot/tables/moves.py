"""Recording decisions in running games: finding a game and a seat, and recording a decision
with what it tells the table, in one transaction. A player's moves (:mod:`bot.tables.play`),
resignations (:mod:`bot.tables.withdrawals`), moves made for a seat (:mod:`bot.ai.stand_ins`)
and substitutes (:mod:`bot.clocks.substitutes`) each hold the one :class:`Moves`.

Every check of what is allowed is the engine's; this module only finds the game and the
seat, turns engine errors into refusals, and records the result in one transaction.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import games
from bot.clocks.deadline_plan import clock_timers, move_finished
from bot.clocks.heads_up import heads_up_deliveries
from bot.common.announce import close_delivery, seat_users
from bot.common.locks import GameLocks
from bot.common.refusals import Refusal, StaleRequest
from bot.delivery.queued import table_deliveries
from bot.ops.metrics import move_recorded
from bot.tables.choices import automatic_followers
from bot.tables.places import with_resignations
from games.core import BACK, Board, Engine, IllegalAction, LogEntry, Outcome
from games.core.words import msg
from storage import (
    Delivery,
    Game,
    GameNotActive,
    GameNotFound,
    GameStatus,
    Store,
    VersionConflict,
)

#: Longest move text read from a player; the engines' own limit is the same.
MAX_MOVE_TEXT = 200


@dataclass(frozen=True, slots=True)
class MoveResult:
    """A recorded move, as its player is shown it."""

    game: Game
    seat: int
    notation: str
    lines: tuple[str, ...]
    """Everything the move told its player, public and private."""
    still_deciding: bool
    """Whether the same player may act again straight away: partway through a move, or with
    more of their turn to play."""
    engine: Engine[Any, Any]
    after: Any
    """The game's state after the move (and any automatic moves that followed)."""

    def board(self) -> Board:
        """The player's own board after the move: drawn only when it is shown, so the move
        itself carries no presentation work."""
        return self.engine.describe(self.engine.view(self.after, self.seat))


@dataclass(frozen=True, slots=True)
class AiTurn:
    """An AI seat the game is waiting for, and the game as it stands."""

    game: Game
    engine: Engine[Any, Any]
    state: Any
    seat: int
    level: str


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What a seat may do now, for a panel or autocomplete."""

    game: Game
    seat: int
    notations: tuple[str, ...]


MoveChooser = Callable[[Engine[Any, Any], Any, int, Game], Any]
"""Chooses the move a seat plays when its player cannot: a resigned seat, a missed deadline.
Called with the engine, the state, the seat and the stored game; returns one of
``engine.legal_actions(state, seat)``."""


def safe_move(engine: Engine[Any, Any], state: Any, seat: int, game: Game) -> Any:
    """A legal move drawn at random (never "back", which could go round in circles) by a
    generator seeded with the game's seed and version, so a retry draws the same move."""
    legal = [a for a in engine.legal_actions(state, seat) if engine.notation(a) != BACK]
    return random.Random(f"{game.seed}:{game.version}:{seat}").choice(legal)


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Moves:
    """The store, the locks and the hooks every change to a running game goes through;
    finding games and seats, and recording decisions."""

    def __init__(
        self,
        store: Store,
        locks: GameLocks,
        *,
        delivered: Callable[[], None] = lambda: None,
        clock: Callable[[], datetime] = _utc_now,
        chooser: MoveChooser = safe_move,
        moved: Callable[[Game], None] = lambda game: None,
        finished: Callable[[Game], None] = lambda game: None,
    ) -> None:
        self.store = store
        self.locks = locks
        #: Something was queued for delivery: send it now.
        self.delivered = delivered
        self.clock = clock
        self._chooser = chooser
        #: A player's turn may have come: AI seats look whether it is theirs.
        self.moved = moved
        #: The game ended, however it ended: ratings and tournaments hear of it.
        self.finished = finished

    # ------------------------------------------------------------------ finding
    async def get(self, game_id: int) -> Game:
        """The game with that id, or a refusal naming it."""
        try:
            return await self.store.games.get(game_id)
        except GameNotFound:
            raise Refusal(msg("There is no game #{id}.", id=game_id)) from None

    async def in_thread(self, thread_id: int) -> Game | None:
        """The game played in a thread, if any."""
        return await self.store.games.by_thread(thread_id)

    @staticmethod
    def seat_of(game: Game, user_id: int) -> int:
        """``user_id``'s engine seat, or a refusal for someone not playing."""
        seat = game.seat_of(user_id)
        if seat is None:
            raise Refusal(msg("You are not playing in game #{id}.", id=game.id))
        return seat

    # ------------------------------------------------------------------ recording
    def stand_in_move(self, engine: Engine[Any, Any], state: Any, seat: int, game: Game) -> Any:
        """The move made for a player who is not there: a pass where the rules allow one,
        otherwise the chooser's."""
        action = engine.pass_action(state, seat)
        return self._chooser(engine, state, seat, game) if action is None else action

    async def for_move(
        self, game_id: int, user_id: int, expected_version: int | None
    ) -> tuple[Game, Engine[Any, Any], Any, int]:
        """The running game ``user_id`` plays, its engine, state and the player's seat, checked
        to be at ``expected_version`` when one is given."""
        game = running_game(await self.get(game_id))
        seat = self.seat_of(game, user_id)
        if seat in game.resigned_seats():
            raise Refusal(msg("You have resigned from this game."))
        if expected_version is not None and expected_version != game.version:
            raise StaleRequest()
        engine = games.get(game.game_key)
        return game, engine, engine.load(stored_state(game)), seat

    async def record(
        self, game: Game, engine: Engine[Any, Any], state: Any, seat: int, action: Any
    ) -> MoveResult:
        """Apply and record ``seat``'s ``action``, with the decisions that follow it without
        asking and the automatic moves of resigned seats."""
        try:
            transition = engine.apply(state, seat, action)
        except IllegalAction as error:
            raise Refusal(error.message, seat_users(game)) from None
        notation = engine.notation(action)
        # The mover sees what their decisions did in the answer to their click or command.
        game = await self.commit(
            game, engine, state, seat, notation, transition.state, transition.log, answered=True
        )
        log = list(transition.log)
        state = transition.state
        # A prompt with one possible answer is not asked: it is taken in the same click.
        for follower in automatic_followers(engine, state, seat):
            followed = engine.apply(state, seat, follower)
            game = await self.commit(
                game,
                engine,
                state,
                seat,
                engine.notation(follower),
                followed.state,
                followed.log,
                answered=True,
            )
            notation += f" · {engine.notation(follower)}"
            log += followed.log
            state = followed.state
        committed = game.version
        game = await self.autoplay(game, engine, state)
        self.delivered()
        # Read back only when automatic moves for resigned seats changed the state further.
        after = state if game.version == committed else engine.load(stored_state(game))
        return MoveResult(
            game=game,
            seat=seat,
            notation=notation,
            lines=tuple(e.text for e in log if e.visible_to(seat)),
            engine=engine,
            after=after,
            # The panel stays open while the player may go on: partway through a move, or
            # with more of a turn to play (another card, another action).
            still_deciding=engine.outcome(after) is None
            and seat in engine.to_act(after)
            and bool(engine.legal_actions(after, seat)),
        )

    async def commit(
        self,
        game: Game,
        engine: Engine[Any, Any],
        before: Any,
        seat: int,
        notation: str,
        after: Any,
        log: Sequence[LogEntry],
        *,
        missed: bool = False,
        notice: Sequence[Delivery] = (),
        announce: bool = True,
        answered: bool = False,
    ) -> Game:
        """Record one decision with what it tells the table (only ``notice`` when not
        ``announce``, except the final board, which always goes out). ``answered``: the
        decision was the mover's own, answered in their interaction with what it did, so
        their private message need not say it again."""
        resigned = game.resigned_seats()
        outcome: Outcome | None = engine.outcome(after)
        if outcome is not None:
            outcome = with_resignations(outcome, resigned)
        waiting = engine.waiting_for(after) - resigned if outcome is None else frozenset()
        timers = (
            None
            if outcome is not None
            else await clock_timers(
                self.store,
                game,
                waiting,
                self.clock(),
                mover=seat,
                continuing=not move_finished(engine, before, after, seat, log),
            )
        )
        version = game.version + 1
        # What the table shows is worked out when it is sent: the move only says it happened.
        deliveries = list(notice)
        if announce or outcome is not None:
            # Nobody new to act and the game goes on: the turn goes on, and only the board
            # changes (see BOARD_EDIT_DELAY).
            within_turn = outcome is None and not (
                engine.waiting_for(after) - engine.waiting_for(before)
            )
            mover = game.user_at(seat) if answered else None
            news = engine.waiting_for(after) - engine.waiting_for(before)
            deliveries += table_deliveries(
                game,
                version,
                board_edit=within_turn,
                answered=mover,
                quiet=None if outcome is not None else frozenset(range(len(game.seats))) - news,
            )
        if outcome is not None:
            deliveries.append(close_delivery(game))
        else:
            deliveries += await heads_up_deliveries(
                self.store,
                game,
                engine.players(after),
                before=game.to_act,
                after=waiting,
                now=self.clock(),
            )
        try:
            recorded = await self.store.games.record_move(
                game.id,
                expected_version=game.version,
                seat=seat,
                notation=notation,
                state=engine.dump(after),
                to_act=waiting,
                outcome=None if outcome is None else outcome.model_dump_json(),
                deliveries=deliveries,
                timers=timers,
                missed=missed,
            )
        except VersionConflict:
            raise StaleRequest() from None
        except GameNotActive:
            raise Refusal(msg("Game #{id} is no longer being played.", id=game.id)) from None
        move_recorded(game.game_key)
        if recorded.status is GameStatus.FINISHED:
            self.finished(recorded)
        return recorded

    async def autoplay(
        self,
        game: Game,
        engine: Engine[Any, Any],
        state: Any,
        *,
        seats: frozenset[int] | None = None,
        stand_in: bool = False,
        notice: Sequence[Delivery] = (),
    ) -> Game:
        """Play automatic moves while the game waits on one of ``seats`` (by default its
        resigned seats): the chooser's (by default :func:`safe_move`, the same move however
        often it is retried), or with ``stand_in`` the moves of a missed deadline. With a
        ``notice`` the table is told it first and then only the final board."""
        playing = game.resigned_seats() if seats is None else seats
        told = list(notice)
        for _ in range(engine.step_limit):
            if engine.outcome(state) is not None or game.status is not GameStatus.ACTIVE:
                break
            due = sorted(engine.waiting_for(state) & playing)
            if not due:
                break
            seat = due[0]
            if stand_in:
                action = self.stand_in_move(engine, state, seat, game)
            else:
                action = self._chooser(engine, state, seat, game)
            transition = engine.apply(state, seat, action)
            game = await self.commit(
                game,
                engine,
                state,
                seat,
                engine.notation(action),
                transition.state,
                transition.log,
                notice=told,
                announce=not notice,
            )
            told = []
            state = transition.state
        return game


def running_game(game: Game) -> Game:
    """``game``, refused unless it is being played."""
    if game.status is GameStatus.LOBBY:
        raise Refusal(msg("Game #{id} has not started yet.", id=game.id))
    if game.status is GameStatus.FINISHED:
        raise Refusal(msg("Game #{id} is over.", id=game.id))
    if game.status is GameStatus.CANCELLED:
        raise Refusal(msg("Game #{id} was called off.", id=game.id))
    return game


def stored_state(game: Game) -> str:
    """A running game's stored state."""
    assert game.state is not None, "a running game always has a state"
    return game.state


def legal_actions_of(game: Game, seat: int, engine: Engine[Any, Any], state: Any) -> LegalActions:
    """What ``seat`` may do now, as notations."""
    actions = engine.legal_actions(state, seat)
    return LegalActions(game, seat, tuple(engine.notation(a) for a in actions))
