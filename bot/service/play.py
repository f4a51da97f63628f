"""Moves: reading what a player typed or clicked, applying it, recording it, telling the table.

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
from bot.service import text
from bot.service.announce import close_delivery, notice_deliveries, seat_users
from bot.service.errors import Refusal, StaleRequest
from bot.service.locks import GameLocks
from bot.service.posts import Post
from bot.service.standings import by_forfeit, with_resignations
from bot.service.table import table_deliveries
from bot.service.timing import clock_timers, move_finished
from games.core import BACK, Board, Engine, IllegalAction, LogEntry, Outcome
from storage import (
    Delivery,
    DeliveryKind,
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
    """Whether the same player is asked for another decision straight away."""
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
class Choices:
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


class Tables:
    """Running games: moves, views, logs and resignations."""

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
        self._store = store
        self._locks = locks
        self._delivered = delivered
        self._clock = clock
        self._chooser = chooser
        self._moved = moved
        self._finished = finished

    # ------------------------------------------------------------------ finding
    async def get(self, game_id: int) -> Game:
        """The game with that id, or a refusal naming it."""
        try:
            return await self._store.games.get(game_id)
        except GameNotFound:
            raise Refusal(f"There is no game #{game_id}.") from None

    async def in_thread(self, thread_id: int) -> Game | None:
        """The game played in a thread, if any."""
        return await self._store.games.by_thread(thread_id)

    @staticmethod
    def seat_of(game: Game, user_id: int) -> int:
        """``user_id``'s engine seat, or a refusal for someone not playing."""
        seat = game.seat_of(user_id)
        if seat is None:
            raise Refusal(f"You are not playing in game #{game.id}.")
        return seat

    # ------------------------------------------------------------------ moves
    async def choices(self, game_id: int, user_id: int) -> Choices:
        """The moves ``user_id`` may make now, in the engine's order (maybe none)."""
        game, seat, engine, state = await self._seated(game_id, user_id)
        return _choices(game, seat, engine, state)

    async def panel(self, game_id: int, user_id: int) -> tuple[Choices, Board]:
        """The moves ``user_id`` may make now and their own board, from one read."""
        game, seat, engine, state = await self._seated(game_id, user_id)
        return _choices(game, seat, engine, state), engine.describe(engine.view(state, seat))

    async def _seated(self, game_id: int, user_id: int) -> tuple[Game, int, Engine[Any, Any], Any]:
        game = _running(await self.get(game_id))
        seat = self.seat_of(game, user_id)
        engine = games.get(game.game_key)
        return game, seat, engine, engine.load(_state(game))

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

    async def resign(self, game_id: int, user_id: int) -> Game:
        """``user_id`` gives up. When one side is left it wins; otherwise the game goes on,
        the AI playing the resigned seat, and it finishes last."""
        async with self._locks(game_id):
            game = _running(await self.get(game_id))
            seat = self.seat_of(game, user_id)
            if seat in game.resigned_seats():
                raise Refusal("You have already resigned from this game.")
            game = await self._withdraw(game, seat, f"{text.user(user_id)} resigns.")
        self._moved(game)
        return game

    async def remove(self, game_id: int, seat: int, notice: str) -> Game:
        """Take a player out of the game as a resignation would (after missed deadlines),
        telling the table ``notice``; nothing happens when the seat already left."""
        async with self._locks(game_id):
            game = await self.get(game_id)
            if game.status is not GameStatus.ACTIVE or seat in game.resigned_seats():
                return game
            game = await self._withdraw(game, seat, notice)
        self._moved(game)
        return game

    async def _withdraw(self, game: Game, seat: int, notice: str) -> Game:
        engine = games.get(game.game_key)
        state = engine.load(_state(game))
        resigned = [*_resigned_in_order(game), seat]
        sides = _sides(game, engine.teams(state))
        left = [side for side in sides if any(s not in resigned for s in side)]
        if len(left) <= 1:
            teams = sides if any(len(side) > 1 for side in sides) else None
            outcome = by_forfeit(engine.players(state), resigned, teams)
            final = notice_deliveries(game, notice)
            final += table_deliveries(game, game.version, post=True, lines=False)
            final.append(close_delivery(game))
            game = await self._store.games.resign(
                game.id,
                seat=seat,
                expected_version=game.version,
                to_act=frozenset(),
                outcome=outcome.model_dump_json(),
                deliveries=final,
            )
            self._delivered()
            self._finished(game)
            return game
        waiting = engine.waiting_for(state) - frozenset(resigned)
        game = await self._store.games.resign(
            game.id,
            seat=seat,
            expected_version=game.version,
            to_act=waiting,
            deliveries=notice_deliveries(game, notice + " Their seat plays on automatically."),
        )
        game = await self._autoplay(game, engine, state)
        self._delivered()
        return game

    async def play_for(self, game_id: int, seat: int, *, version: int, notice: str) -> Game:
        """Move for a player whose deadline passed at ``version``: pass where the rules allow
        it, otherwise the chooser's move, until their move is complete. The move counts as a
        missed deadline; the table is told ``notice``, and only the player which move was
        made. Nothing happens when the game moved on or the seat is not awaited any more."""
        async with self._locks(game_id):
            game = await self.get(game_id)
            if (
                game.status is not GameStatus.ACTIVE
                or game.version != version
                or seat not in game.to_act
            ):
                return game
            engine = games.get(game.game_key)
            state = engine.load(_state(game))
            played: list[str] = []
            for _ in range(engine.step_limit):
                action = self._stand_in_move(engine, state, seat, game)
                transition = engine.apply(state, seat, action)
                played.append(engine.notation(action))
                finished = move_finished(engine, state, transition.state, seat, transition.log)
                told = _timeout_notices(engine, game, seat, notice, played) if finished else []
                game = await self._commit(
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
            game = await self._autoplay(game, engine, state)
            self._delivered()
        self._moved(game)
        return game

    async def settle(self, game_id: int, notice: str) -> Game:
        """Play a running game to its end at once, every seat's decisions made as at a missed
        deadline (a pass where the rules allow one, otherwise the chooser's move), telling the
        table ``notice`` first and then only the final board. For an organiser who cannot
        wait any longer (a tournament round held up by stragglers)."""
        async with self._locks(game_id):
            game = await self.get(game_id)
            if game.status is not GameStatus.ACTIVE:
                return game
            engine = games.get(game.game_key)
            state = engine.load(_state(game))
            game = await self._autoplay(
                game,
                engine,
                state,
                seats=frozenset(range(engine.players(state))),
                stand_in=True,
                notice=notice_deliveries(game, notice),
            )
            self._delivered()
        return game

    def _stand_in_move(self, engine: Engine[Any, Any], state: Any, seat: int, game: Game) -> Any:
        """The move made for a player who is not there: a pass where the rules allow one,
        otherwise the chooser's."""
        action = engine.pass_action(state, seat)
        return self._chooser(engine, state, seat, game) if action is None else action

    # ------------------------------------------------------------------ AI seats
    async def ai_turn(self, game_id: int) -> AiTurn | None:
        """The first AI seat the game is waiting for, or ``None`` when it waits on none."""
        game = await self._store.games.get(game_id)
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
        async with self._locks(game_id):
            game = _running(await self.get(game_id))
            if game.version != version:
                raise StaleRequest()
            if not any(s.seat == seat and s.is_ai for s in game.seats):
                raise Refusal(f"Seat {seat + 1} of game #{game_id} is not an AI player's.")
            engine = games.get(game.game_key)
            state = engine.load(_state(game))
            try:
                transition = engine.apply(state, seat, action)
            except IllegalAction as error:
                raise Refusal(str(error)) from None
            game = await self._commit(
                game,
                engine,
                state,
                seat,
                engine.notation(action),
                transition.state,
                transition.log,
            )
            game = await self._autoplay(game, engine, transition.state)
        self._delivered()
        return game

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

    # ------------------------------------------------------------------ inside
    async def _for_move(
        self, game_id: int, user_id: int, expected_version: int | None
    ) -> tuple[Game, Engine[Any, Any], Any, int]:
        game = _running(await self.get(game_id))
        seat = self.seat_of(game, user_id)
        if seat in game.resigned_seats():
            raise Refusal("You have resigned from this game.")
        if expected_version is not None and expected_version != game.version:
            raise StaleRequest()
        engine = games.get(game.game_key)
        return game, engine, engine.load(_state(game)), seat

    async def _record(
        self, game: Game, engine: Engine[Any, Any], state: Any, seat: int, action: Any
    ) -> MoveResult:
        try:
            transition = engine.apply(state, seat, action)
        except IllegalAction as error:
            raise Refusal(str(error)) from None
        notation = engine.notation(action)
        game = await self._commit(
            game, engine, state, seat, notation, transition.state, transition.log
        )
        committed = game.version
        game = await self._autoplay(game, engine, transition.state)
        self._delivered()
        # Read back only when automatic moves for resigned seats changed the state further.
        after = transition.state if game.version == committed else engine.load(_state(game))
        return MoveResult(
            game=game,
            seat=seat,
            notation=notation,
            lines=tuple(e.text for e in transition.log if e.visible_to(seat)),
            engine=engine,
            after=after,
            still_deciding=engine.outcome(after) is None
            and seat in engine.to_act(after)
            and engine.deciding(after, seat),
        )

    async def _commit(
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
    ) -> Game:
        """Record one decision with what it tells the table (only ``notice`` when not
        ``announce``, except the final board, which always goes out)."""
        resigned = game.resigned_seats()
        outcome: Outcome | None = engine.outcome(after)
        if outcome is not None:
            outcome = with_resignations(outcome, resigned)
        waiting = engine.waiting_for(after) - resigned if outcome is None else frozenset()
        timers = (
            None
            if outcome is not None
            else await clock_timers(
                self._store,
                game,
                waiting,
                self._clock(),
                mover=seat,
                continuing=not move_finished(engine, before, after, seat, log),
            )
        )
        version = game.version + 1
        # What the table shows is worked out when it is sent: the move only says it happened.
        deliveries = list(notice)
        if announce or outcome is not None:
            deliveries += table_deliveries(game, version)
        if outcome is not None:
            deliveries.append(close_delivery(game))
        try:
            recorded = await self._store.games.record_move(
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
            raise Refusal(f"Game #{game.id} is no longer being played.") from None
        if recorded.status is GameStatus.FINISHED:
            self._finished(recorded)
        return recorded

    async def _autoplay(
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
                action = self._stand_in_move(engine, state, seat, game)
            else:
                action = self._chooser(engine, state, seat, game)
            transition = engine.apply(state, seat, action)
            game = await self._commit(
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


def _timeout_notices(
    engine: Engine[Any, Any], game: Game, seat: int, notice: str, played: Sequence[str]
) -> list[Delivery]:
    """The table hears that a move was made for the player (its public effects follow in
    the move's own post); only the player is told which, since a move may be secret."""
    told = notice_deliveries(game, f"{notice} A move was made for them.")
    user = game.user_at(seat)
    if user is not None:
        told_them = (
            f"⏰ Your deadline passed in {text.strong(engine.title)} #{game.id}, so this move "
            f"was made for you: `{' '.join(played)}`."
        )
        post = Post(content=told_them, game_id=game.id)
        told.append(Delivery(DeliveryKind.DM, user, post.to_payload(), game_id=game.id))
    return told


def _choices(game: Game, seat: int, engine: Engine[Any, Any], state: Any) -> Choices:
    actions = engine.legal_actions(state, seat)
    return Choices(game, seat, tuple(engine.notation(a) for a in actions))


def _running(game: Game) -> Game:
    if game.status is GameStatus.LOBBY:
        raise Refusal(f"Game #{game.id} has not started yet.")
    if game.status is GameStatus.FINISHED:
        raise Refusal(f"Game #{game.id} is over.")
    if game.status is GameStatus.CANCELLED:
        raise Refusal(f"Game #{game.id} was called off.")
    return game


def _state(game: Game) -> str:
    assert game.state is not None, "a running game always has a state"
    return game.state


def _resigned_in_order(game: Game) -> list[int]:
    done = [
        (s.resigned_at, s.seat)
        for s in game.seats
        if s.seat is not None and s.resigned_at is not None
    ]
    return [seat for _, seat in sorted(done)]


def _sides(game: Game, teams: tuple[tuple[int, ...], ...] | None) -> list[tuple[int, ...]]:
    """The sides of a game: the engine's teams, else teams chosen in the lobby, else each
    seat for itself."""
    if teams:
        return [tuple(team) for team in teams]
    seats = [s for s in game.seats if s.seat is not None]
    if any(s.team is not None for s in seats):
        chosen: dict[int, list[int]] = {}
        for s in seats:
            assert s.seat is not None
            chosen.setdefault(s.team if s.team is not None else -1 - s.seat, []).append(s.seat)
        return [tuple(sorted(v)) for v in chosen.values()]
    return [(s.seat,) for s in sorted(seats, key=lambda s: s.seat or 0) if s.seat is not None]


__all__ = [
    "AiTurn",
    "Choices",
    "MoveChooser",
    "MoveResult",
    "Tables",
    "safe_move",
    "seat_users",
]
