"""AI seats take their turns on their own: after a short pause, thinking in a worker process.

The event loop never waits on a decision: ``games.ai.choose`` runs in a pool of worker
processes (:mod:`bot.ai.pool`; ``AI_PROCESSES``, one per spare core by default), fed the game
as text and answering with the move's notation, so a search never holds the bot's GIL while
other games move. With ``AI_PROCESSES=0`` it runs in a thread of the bot's process instead,
as does a test's own decider. The search checks its time budget itself and there is a hard
limit here on top, counted from when a worker takes the search up. A decision that fails or
runs over the limit is replaced by a safe random legal move, so an AI player never stops a
game; nor does a turn that fails otherwise (the database out of reach): it is tried again
after a backoff (:mod:`bot.wiring.loops`).

A stand-in's move for a player who missed a deadline (:func:`stand_in`) is decided on the
spot, in the bot's process: its level is a cheap one, a few milliseconds.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.ai.pool import SearchPool
from bot.ai.stand_ins import StandIns
from bot.ai.thinking import ITERATIONS, TIME_LIMIT, Search, decide, fallback, searchable
from bot.common.refusals import Refusal, StaleRequest, TableBusy
from bot.ops.logs import bind
from bot.ops.metrics import AI_DECISION_SECONDS
from bot.tables.moves import AiTurn
from bot.wiring.loops import Supervisor
from games.ai import Budget, SoFar, Tally, choose
from games.core import Engine
from storage import Game, GameNotFound, GameStatus

__all__ = [
    "GRACE",
    "ITERATIONS",
    "PAUSE",
    "TIME_LIMIT",
    "AiPlayers",
    "decide",
    "fallback",
    "stand_in",
]

log = logging.getLogger("grimoire.ai")

#: Seconds an AI seat waits before it acts, so people can follow the game.
PAUSE = 1.5
#: Seconds past the time limit after which a decision is given up for a random move.
GRACE = 1.0


def stand_in(
    level: str = "normal", *, iterations: int = 300
) -> Callable[[Engine[Any, Any], Any, int, Game], Any]:
    """A chooser that hands a seat's move to the AI when its player cannot make it (a
    missed deadline, a resignation): called with the engine, the state, the seat and the
    stored game, it returns the AI's move, or a safe random one if the AI fails.

    Bounded by ``iterations`` alone, so a retry gets the same move; it decides on the spot,
    which suits a cheap level (``normal`` takes milliseconds). AI seats think in the worker
    instead (:class:`AiPlayers`).
    """

    def choose_for(engine: Engine[Any, Any], state: Any, seat: int, game: Game) -> Any:
        seed = f"{game.seed}:{game.version}:{seat}"
        try:
            budget = Budget(iterations=iterations)
            return choose(engine, state, seat, level, rng=random.Random(seed), budget=budget)
        except Exception:
            log.exception("The %s AI failed in %s; playing a random legal move.", level, engine.key)
            return fallback(engine, state, seat, seed)

    return choose_for


Decider = Callable[..., Any]


class AiPlayers:
    """Plays the AI seats of running games whenever the game waits on them.

    ``processes`` worker processes think for them (``0``: a thread of this process, or
    ``executor``); or ``pool``, a :class:`SearchPool` made elsewhere. A ``decider`` other than
    :func:`decide` always runs in the thread, being this process's own code, and so does the
    search for a game a worker process cannot find by its key (one registered at run time).
    """

    def __init__(
        self,
        stand_ins: StandIns,
        *,
        pause: float = PAUSE,
        time_limit: float = TIME_LIMIT,
        iterations: int = ITERATIONS,
        processes: int = 0,
        pool: SearchPool | None = None,
        executor: Executor | None = None,
        decider: Decider = decide,
        grace: float = GRACE,
        supervisor: Supervisor | None = None,
    ) -> None:
        """``supervisor`` keeps each game's turns going through failures (one with the
        usual backoffs by default)."""
        self._stand_ins = stand_ins
        self._pause = pause
        self._time_limit = time_limit
        self._iterations = iterations
        self._pool = pool or (SearchPool(processes) if processes > 0 else None)
        self._executor = executor or ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="grimoire-ai"
        )
        self._decider = decider
        self._grace = grace
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        #: What each game's AI seats did in the turn under way (``games.ai.Tally``): a seat
        #: that goes round in circles ends its turn. Kept while the game waits on them.
        self._tallies: dict[int, Tally] = {}
        #: Watches the AI seats' turns, one game each, for ``/healthz``.
        self.supervisor = supervisor or Supervisor("AI seats", log)

    def wake(self, game: Game) -> None:
        """Look at ``game`` soon and play its AI seats while it waits on them."""
        if game.status is not GameStatus.ACTIVE or not any(s.is_ai for s in game.seats):
            return
        if self._pool is not None:
            self._pool.warm()  # the workers start while the AI seat pauses
        running = self._tasks.get(game.id)
        if running is not None and not running.done():
            self._again.add(game.id)  # it may be about to stop: have it look once more
            return
        task = asyncio.get_running_loop().create_task(
            self._play(game.id), name=f"grimoire-ai-{game.id}"
        )
        self._tasks[game.id] = task

    def resume(self, running: list[Game]) -> None:
        """Pick up AI seats a stopped bot left waiting."""
        for game in running:
            self.wake(game)

    async def idle(self) -> None:
        """Wait until no AI seat is thinking or about to act."""
        while tasks := [t for t in self._tasks.values() if not t.done()]:
            await asyncio.wait(tasks)

    def stop(self) -> None:
        """Stop playing: pending turns are picked up again by ``resume`` after a restart."""
        for task in self._tasks.values():
            task.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)
        if self._pool is not None:
            self._pool.stop()

    async def _play(self, game_id: int) -> None:
        bind(game_id=game_id)  # the task is this game's alone: its log lines are about it
        try:
            # A turn that fails is tried again after a backoff (bot.wiring.loops), not given up: an
            # AI seat that stopped would stop its game, as nobody else can move for it.
            while await self.supervisor.run(lambda: self._turn(game_id), key=game_id):
                pass
        finally:
            self._tasks.pop(game_id, None)
            self._tallies.pop(game_id, None)

    async def _turn(self, game_id: int) -> bool:
        """After the pause, play the AI seat's move if the game waits on one; whether to
        look at the game again."""
        await asyncio.sleep(self._pause)
        try:
            turn = await self._stand_ins.ai_turn(game_id)
        except GameNotFound:
            return False  # the game is gone: there is nothing to play for
        if turn is None:
            if game_id in self._again:
                self._again.discard(game_id)
                return True
            return False
        self._again.discard(game_id)
        tally = self._tallies.setdefault(game_id, Tally())
        so_far = tally.so_far(turn.engine, turn.state, turn.seat)
        action = await self._think(turn, so_far)
        try:
            await self._stand_ins.play_for_ai(
                game_id, seat=turn.seat, version=turn.game.version, action=action
            )
            if tally.record(turn.engine, turn.state, turn.seat, action):
                log.warning(
                    "The AI seat %d of game %s took %d decisions this turn; it ends its turn.",
                    turn.seat + 1,
                    game_id,
                    so_far.decisions,
                )
        except TableBusy:
            return True  # another process holds the game: look again after a pause
        except StaleRequest:
            # The process that moved plays the AI seats from here; unless someone moved
            # here meanwhile, or took moves back: then look again.
            return not await self._moved_on_elsewhere(game_id, turn.game.version)
        except Refusal as refused:
            log.error("The AI's move in game %s was refused: %s", game_id, refused)
            seed = f"{turn.game.seed}:{turn.game.version}:{turn.seat}"
            await self._stand_ins.play_for_ai(
                game_id,
                seat=turn.seat,
                version=turn.game.version,
                action=fallback(turn.engine, turn.state, turn.seat, seed),
            )
        return True

    async def _moved_on_elsewhere(self, game_id: int, thought_at: int) -> bool:
        """Whether the game went forward without this process hearing of it: another
        process moved (maybe for this very AI seat, having resumed it too), and the process
        that records a move wakes the AI seats after it. A move made here wakes these AI
        players (``wake``), and an undo takes the version back: then they look again."""
        if game_id in self._again:
            return False
        return (await self._stand_ins.moves.get(game_id)).version > thought_at

    async def _think(self, turn: AiTurn, so_far: SoFar) -> Any:
        seed = f"{turn.game.seed}:{turn.game.version}:{turn.seat}"
        return await self.move(
            turn.engine, turn.state, turn.seat, turn.level, seed=seed, so_far=so_far
        )

    async def move(
        self,
        engine: Engine[Any, Any],
        state: Any,
        seat: int,
        level: str,
        *,
        seed: str,
        so_far: SoFar | None = None,
    ) -> Any:
        """The AI's move for ``seat`` at ``level``, thought out in a worker within the time
        limit; a safe random legal move when the AI fails or runs over. ``so_far``: what the
        seat did this turn. For AI seats, and for anything else that hands a move to the AI
        (a silent player's deadline)."""
        turn = so_far or SoFar()
        try:
            with AI_DECISION_SECONDS.labels(engine.key, level).time():
                if self._pool is not None and self._decider is decide and searchable(engine):
                    return await self._in_process(
                        engine, state, seat, level, seed=seed, so_far=turn
                    )
                return await self._in_thread(engine, state, seat, level, seed=seed, so_far=turn)
        except TimeoutError:
            log.warning("The AI ran over its time in %s; a random move.", engine.key)
        except BrokenProcessPool:
            log.error("An AI worker process died in %s; a random move.", engine.key)
        except Exception:
            log.exception("The AI failed in %s; a random move.", engine.key)
        return fallback(engine, state, seat, seed)

    async def _in_process(
        self,
        engine: Engine[Any, Any],
        state: Any,
        seat: int,
        level: str,
        *,
        seed: str,
        so_far: SoFar,
    ) -> Any:
        """The move thought out by a worker process: the game goes there as text, and its
        move comes back in notation, read (and checked) against the state here. The limit
        counts from when a worker takes the search up: waiting for a free one does not cost
        the AI its strength."""
        assert self._pool is not None
        asked = Search(
            game_key=engine.key,
            state=engine.dump(state),
            seat=seat,
            level=level,
            seed=seed,
            time_limit=self._time_limit,
            iterations=self._iterations,
            decisions=so_far.decisions,
            backs=so_far.backs,
        )
        notation = await self._pool.think(asked, timeout=self._time_limit + self._grace)
        return engine.parse(state, seat, notation)

    async def _in_thread(
        self,
        engine: Engine[Any, Any],
        state: Any,
        seat: int,
        level: str,
        *,
        seed: str,
        so_far: SoFar,
    ) -> Any:
        """The move thought out in a thread of this process, by the decider."""
        work = functools.partial(
            self._decider,
            engine,
            state,
            seat,
            level,
            seed=seed,
            time_limit=self._time_limit,
            iterations=self._iterations,
            so_far=so_far,
        )
        loop = asyncio.get_running_loop()
        return await asyncio.wait_for(
            loop.run_in_executor(self._executor, work),
            timeout=self._time_limit + self._grace,
        )
