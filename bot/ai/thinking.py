"""One AI decision, on its own: what a worker process (or a thread) runs for an AI seat.

Nothing here reaches the bot, the store or Discord, so a worker process that imports this
module loads the game engines and little else. :func:`search` takes and returns plain text
(the state as ``engine.dump`` writes it, the move as ``engine.notation``), which crosses a
process boundary; :func:`decide` works on the engine's own objects, for a thread.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import games
from games.ai import HARD_ITERATIONS, Budget, SoFar, choose, deadline_after
from games.ai.moves import playable
from games.core import Engine

log = logging.getLogger("grimoire.ai")

#: Search iterations one decision of ``hard`` makes: a fixed number (``AI_ITERATIONS``), so
#: that an AI player is as strong on a busy host as on an idle one, and as strong as
#: ``bench/AI_STRENGTH.md`` measures it.
ITERATIONS = HARD_ITERATIONS
#: Seconds one decision may think at most: a safety cap for a host so busy that the
#: iterations do not fit, logged whenever it ends a search early.
TIME_LIMIT = 5.0


def fallback(engine: Engine[Any, Any], state: Any, seat: int, seed: str) -> Any:
    """A safe random legal move for ``seat`` (never "back"), the same for the same ``seed``."""
    return random.Random(seed).choice(playable(engine, state, seat))


def decide(
    engine: Engine[Any, Any],
    state: Any,
    seat: int,
    level: str,
    *,
    seed: str,
    time_limit: float = TIME_LIMIT,
    iterations: int = ITERATIONS,
    clock: Callable[[], float] = time.perf_counter,
    so_far: SoFar | None = None,
) -> Any:
    """The AI's move for ``seat`` at ``level``, after ``iterations`` iterations of search or
    ``time_limit`` seconds by ``clock``, whichever comes first (the time limit is logged when
    it does); a safe random legal move when the AI fails. ``so_far``: what the seat did this
    turn (``games.ai.Tally``). For any caller that needs an AI move (AI seats, a deadline that
    hands a silent player's move to the AI)."""
    passed = deadline_after(time_limit, clock)
    capped: list[bool] = []

    def deadline() -> bool:
        if passed():
            capped.append(True)
            return True
        return False

    budget = Budget(iterations=iterations, deadline=deadline)
    try:
        action = choose(
            engine, state, seat, level, rng=random.Random(seed), budget=budget, so_far=so_far
        )
    except Exception:
        log.exception("The %s AI failed in %s; playing a random legal move.", level, engine.key)
        return fallback(engine, state, seat, seed)
    if capped:
        log.warning(
            "The %s AI in %s stopped at its %g s limit before its %d iterations.",
            level,
            engine.key,
            time_limit,
            iterations,
        )
    return action


@dataclass(frozen=True, slots=True)
class Search:
    """One decision asked of a worker, in plain values that cross a process boundary."""

    game_key: str
    state: str
    """The game as ``engine.dump`` writes it."""
    seat: int
    level: str
    seed: str
    time_limit: float
    iterations: int
    decisions: int = 0
    """Decisions the seat took this turn (``games.ai.SoFar``)."""
    backs: int = 0
    """Times it went back from this choice this turn."""


def search(asked: Search) -> str:
    """The AI's move for ``asked``, in the engine's notation (read back with
    ``engine.parse``). Runs in a worker process; the time limit starts when the worker
    takes the search up, not when it was queued."""
    engine = games.get(asked.game_key)
    state = engine.load(asked.state)
    action = decide(
        engine,
        state,
        asked.seat,
        asked.level,
        seed=asked.seed,
        time_limit=asked.time_limit,
        iterations=asked.iterations,
        so_far=SoFar(decisions=asked.decisions, backs=asked.backs),
    )
    return engine.notation(action)


def warm_up() -> None:
    """Make a worker ready to think at once: every game imported, and each engine's state
    reader and writer built by reading back a fresh game (their first use is the slow one)."""
    for engine in games.ENGINES.values():
        players, options = engine.configurations()[0]
        engine.load(engine.dump(engine.new_game(players, 1, options)))


def searchable(engine: Engine[Any, Any]) -> bool:
    """Whether a worker process finds ``engine`` by its key: a game of the ``games`` package
    is found when the worker imports it; one registered at run time elsewhere (a test's, a
    plug-in's) exists only in the process that registered it."""
    return type(engine).__module__.split(".")[0] == "games" and (
        games.ENGINES.get(engine.key) is engine
    )
