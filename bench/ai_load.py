"""Moves through the service while AI seats think in other games of the same process.

The same paced moves as the service part (:mod:`bench.service`), three times: with no AI
thinking; with four ``hard`` AI seats searching without a pause in games of their own, in the
worker processes AI seats think in (``AI_PROCESSES`` unset: one per spare core); and with the
same seats searching in a thread of the bot's process (``AI_PROCESSES=0``), as before the pool,
for comparison. Each AI seat starts its next search as soon as its last one is over, through
``AiPlayers.move``: the game sent as text, the move read back from its notation.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import games
from bench.scale import Scale
from bench.service import GAME_PACE_S, _Driver, _open, _paced, _sequential
from bench.stats import latency_summary
from bot.ai.pool import pool_size
from bot.ai.seats import AiPlayers
from bot.ai.stand_ins import StandIns
from bot.common.locks import GameLocks
from bot.tables.moves import Moves
from bot.tables.play import Tables
from games.core import Engine
from storage import GameStatus

#: AI seats thinking at once, each in a game of its own.
AI_SEATS = 4
#: Their level: the one that searches for as long as its budget allows.
LEVEL = "hard"
#: Random moves into a game before an AI seat thinks about it, so it is not the opening.
OPENING_MOVES = 6

#: What a position to think about is: the engine, the state and the seat to decide for.
Position = tuple[Engine[Any, Any], Any, int]


def positions(seed: int = 7) -> list[Position]:
    """A position part-way through a random game of each kind, with a seat to move."""
    rng = random.Random(seed)
    found: list[Position] = []
    for engine in games.ENGINES.values():
        players, options = engine.configurations()[0]
        state = engine.new_game(players, rng.randrange(1_000_000), options)
        for _ in range(OPENING_MOVES):
            if engine.outcome(state) is not None:
                break
            seat = min(engine.to_act(state))
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat))).state
        if engine.outcome(state) is None:
            found.append((engine, state, min(engine.to_act(state))))
    return found


class _GivenUp(logging.Handler):
    """Counts the AI's warnings and errors (a decision given up for a random move), and
    keeps them off the benchmark's output."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


async def _thinking(ai: AiPlayers, seat: int, where: list[Position], done: list[float]) -> None:
    """One AI seat searching without a pause, a position after another; each search's
    seconds go to ``done``."""
    for turn in itertools.count():
        engine, state, to_act = where[(seat + turn) % len(where)]
        started = time.perf_counter()
        await ai.move(engine, state, to_act, LEVEL, seed=f"{seat}:{turn}")
        done.append(time.perf_counter() - started)


async def _with_ai(
    driver: _Driver, stand_ins: StandIns, processes: int, pace: float, seconds: float
) -> dict[str, Any]:
    """Paced moves while ``AI_SEATS`` seats search in ``processes`` workers (0: a thread)."""
    ai = AiPlayers(stand_ins, pause=0, processes=processes)
    where = positions()
    searches: list[float] = []
    given_up = _GivenUp()
    told = logging.getLogger("grimoire.ai")
    told.addHandler(given_up)
    told.propagate = False
    try:
        # The first search waits for the workers to start: not part of the measure.
        await ai.move(*where[0], LEVEL, seed="warm-up")
        seats = [
            asyncio.create_task(_thinking(ai, seat, where, searches)) for seat in range(AI_SEATS)
        ]
        await asyncio.sleep(0.1)  # every seat is searching before the first move is timed
        took, rate = await _paced(driver, pace, seconds)
        for task in seats:
            task.cancel()
        await asyncio.gather(*seats, return_exceptions=True)
    finally:
        ai.stop()
        told.removeHandler(given_up)
        told.propagate = True
    return {
        **latency_summary(took),
        "moves_per_s": rate,
        "offered": pace,
        "processes": processes,
        "searches": len(searches),
        "search_s_median": statistics.median(searches) if searches else 0.0,
        "given_up": given_up.count,
    }


async def run(folder: Path, scale: Scale, progress: Callable[[str], None]) -> dict[str, Any]:
    """Paced moves with no AI thinking, with AI seats in worker processes, and in a thread."""
    store = await _open(folder / "ai-load.sqlite3", scale, progress)
    try:
        running = await store.games.ids((GameStatus.ACTIVE,))
        playing = {game.id: game for game in await store.games.to_resume() if game.id in running}
        moves = Moves(store, GameLocks(store))
        driver = _Driver(Tables(moves), playing, random.Random(17), set())
        stand_ins = StandIns(moves)
        pace = len(driver.games) / GAME_PACE_S
        # As the service part does before its paced runs: the file's pages read, its
        # write-ahead log checkpointed, before anything is timed.
        progress("ai_load: moves one at a time, to warm up")
        await _sequential(driver, scale.sequential_moves)
        progress(f"ai_load: moves arriving at {pace:.0f}/s, no AI thinking")
        quiet, quiet_rate = await _paced(driver, pace, scale.paced_seconds)
        workers = pool_size(None)
        progress(f"ai_load: the same, {AI_SEATS} {LEVEL} AI seats in worker processes ({workers})")
        pool = await _with_ai(driver, stand_ins, workers, pace, scale.paced_seconds)
        progress(f"ai_load: the same, {AI_SEATS} {LEVEL} AI seats in a thread")
        thread = await _with_ai(driver, stand_ins, 0, pace, scale.paced_seconds)
    finally:
        await store.close()
    return {
        "active_games": scale.active_games,
        "ai_seats": AI_SEATS,
        "level": LEVEL,
        "quiet": {**latency_summary(quiet), "moves_per_s": quiet_rate, "offered": pace},
        "pool": pool,
        "thread": thread,
    }
