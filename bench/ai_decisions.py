"""How long one decision of ``hard`` takes at its fixed iterations, in every game at its
smallest and largest table as the strength runner plays them (``bench.ai_strength.tables``):
the number the bot's default (``games.ai.HARD_ITERATIONS``) was chosen by, held under the time
limit that caps a search (``AI_TIME_LIMIT_SECONDS``).

Each table plays seeded games by ``normal``; from its tenth decision on, every third decision
with a real choice is taken by ``hard`` instead and timed in processor seconds (the search is
one thread, so a busy machine lengthens the wall clock, not this).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import games
from bench.ai_strength import tables
from bench.engines import configuration_label
from bench.scale import Scale
from games.ai import HARD_ITERATIONS, Budget, Tally, choose
from games.ai.moves import playable
from games.core import Engine

#: Decisions played by ``normal`` before the first timed one: past the opening, where the
#: searches are typical of a game.
OPENING = 10


def run(scale: Scale, say: Callable[[str], None]) -> dict[str, Any]:
    """Timed ``hard`` decisions at every game's smallest and largest table."""
    per_table = scale.hard_decisions
    rows = []
    for key in games.ENGINES:
        engine = games.get(key)
        for players, options in tables(engine):
            seconds = timed_decisions(engine, players, options, per_table)
            rows.append(
                {
                    "title": engine.title,
                    "configuration": configuration_label(players, options),
                    "decisions": len(seconds),
                    "median_s": statistics.median(seconds),
                    "max_s": max(seconds),
                }
            )
            say(f"hard decisions, {key} {players}p: at most {max(seconds):.2f} s")
    return {"iterations": HARD_ITERATIONS, "tables": rows}


def timed_decisions(
    engine: Engine[Any, Any], players: int, options: Any, count: int
) -> list[float]:
    """Processor seconds of ``count`` ``hard`` decisions met in seeded games of this table."""
    seconds: list[float] = []
    seed = 0
    while len(seconds) < count:
        state = engine.new_game(players, seed, options)
        rng = random.Random(seed)
        tally = Tally()
        for step in range(engine.step_limit):
            if engine.outcome(state) is not None or len(seconds) >= count:
                break
            seat = rng.choice(sorted(engine.waiting_for(state) or engine.to_act(state)))
            so_far = tally.so_far(engine, state, seat)
            timed = step >= OPENING and step % 3 == 0 and len(playable(engine, state, seat)) > 1
            level = "hard" if timed else "normal"
            started = time.process_time()
            budget = Budget(HARD_ITERATIONS)
            action = choose(engine, state, seat, level, rng=rng, budget=budget, so_far=so_far)
            if timed:
                seconds.append(time.process_time() - started)
            tally.record(engine, state, seat, action)
            state = engine.apply(state, seat, action).state
        seed += 1
    return seconds


def section(found: dict[str, Any]) -> list[str]:
    """The report's table: each game's smallest and largest table."""
    lines = [
        f"One `hard` decision at its fixed {found['iterations']} iterations, past the opening of"
        " seeded games played by `normal` (`bench/ai_decisions.py`), in processor seconds.",
        "",
        "| Game | Table | Decisions | Median | Slowest |",
        "|---|---|---|---|---|",
    ]
    for row in found["tables"]:
        lines.append(
            f"| {row['title']} | {row['configuration']} | {row['decisions']}"
            f" | {row['median_s']:.2f} s | {row['max_s']:.2f} s |"
        )
    return [*lines, ""]
