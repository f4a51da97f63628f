"""Moves through the service layer on PostgreSQL, on a throwaway server this run starts
(``storage/postgres/throwaway.py``, committing durably as a deployment's server does): a
move against a bare commit on the same server, the paced run of the SQLite measures, and
the throughput of every game moving at once from one process and from two.

The database holds the same games as the SQLite measures (seeded into a file, then copied).
Without PostgreSQL's binaries the part says so and measures nothing.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import asyncpg

from bench.seeding import seed_database
from bench.service import GAME_PACE_S, _Driver, _paced, _sequential
from bench.stats import latency_summary
from bot.service.locks import GameLocks
from bot.service.play import Tables
from storage import GameStatus, SqliteStore
from storage.copy import copy_database
from storage.postgres.store import PostgresStore
from storage.postgres.throwaway import Server, binaries, running_server

#: Seconds the worker processes get to start before they all begin at once.
START_SLACK_S = 3.0


async def bare_commits(url: str, row_bytes: int, count: int) -> list[float]:
    """Seconds of each plain insert of a ``row_bytes`` row, committed on its own, on one
    connection to the same server."""
    connection = await asyncpg.connect(url)
    try:
        await connection.execute("CREATE TABLE bare_rows (id bigserial PRIMARY KEY, body text)")
        body = "x" * row_bytes
        took = []
        for _ in range(count):
            started = time.perf_counter()
            await connection.execute("INSERT INTO bare_rows (body) VALUES ($1)", body)
            took.append(time.perf_counter() - started)
        await connection.execute("DROP TABLE bare_rows")
        return took
    finally:
        await connection.close()


async def _playing(store: PostgresStore, only: set[int] | None = None) -> dict[int, Any]:
    running = await store.games.ids((GameStatus.ACTIVE,))
    return {
        game.id: game
        for game in await store.games.to_resume()
        if game.id in running and (only is None or game.id in only)
    }


async def _saturate(url: str, game_ids: list[int], start_at: float, seconds: float) -> float:
    store = await PostgresStore.open(url, migrate_schema=False)
    try:
        playing = await _playing(store, set(game_ids))
        driver = _Driver(
            Tables(store, GameLocks(store)), playing, random.Random(game_ids[0]), set()
        )
        await asyncio.sleep(max(0.0, start_at - time.time()))
        moves = 0

        async def player(game_id: int) -> None:
            nonlocal moves
            while game_id in driver.games and time.time() < start_at + seconds:
                await driver.move(game_id)
                moves += 1

        await asyncio.gather(*(player(game_id) for game_id in list(driver.games)))
        return moves / (time.time() - start_at)
    finally:
        await store.close()


def saturate(url: str, game_ids: list[int], start_at: float, seconds: float) -> float:
    """In a process of its own: every one of ``game_ids`` moving as fast as it is answered,
    from ``start_at`` (wall clock) for ``seconds``; the moves per second it made."""
    return asyncio.run(_saturate(url, game_ids, start_at, seconds))


def throughput(url: str, game_ids: list[int], processes: int, seconds: float) -> float:
    """Moves per second of the games shared out among ``processes`` processes."""
    shares = [game_ids[n::processes] for n in range(processes)]
    start_at = time.time() + START_SLACK_S
    with ProcessPoolExecutor(processes, mp_context=get_context("spawn")) as pool:
        rates = pool.map(
            saturate, [url] * processes, shares, [start_at] * processes, [seconds] * processes
        )
        return sum(rates)


async def _measure(
    server: Server, folder: Path, scale: Any, progress: Callable[[str], None]
) -> dict[str, Any]:
    path = folder / "postgres-seed.sqlite3"
    progress(f"postgres: seeding {scale.finished_games} finished and {scale.active_games} games")
    await seed_database(path, finished=scale.finished_games, active=scale.active_games)
    url = await server.new_database()
    started = time.perf_counter()
    async with await SqliteStore.open(path) as source, await PostgresStore.open(url) as copy:
        await copy_database(source, copy)
    progress(f"postgres: copied in {time.perf_counter() - started:.1f} s")
    seconds = scale.paced_seconds / 2
    store = await PostgresStore.open(url)
    try:
        playing = await _playing(store)
        state_bytes = statistics.mean(len((g.state or "").encode()) for g in playing.values())
        driver = _Driver(Tables(store, GameLocks(store)), playing, random.Random(13), set())
        progress("postgres: bare commits")
        bare = await bare_commits(url, round(state_bytes), scale.bare_commits)
        progress("postgres: moves one at a time")
        sequential = await _sequential(driver, scale.sequential_moves)
        pace = len(driver.games) / GAME_PACE_S
        progress(f"postgres: moves arriving at {pace:.0f}/s")
        paced, paced_rate = await _paced(driver, pace, scale.paced_seconds)
        progress("postgres: bare commits again")
        bare += await bare_commits(url, round(state_bytes), scale.bare_commits)
        game_ids = sorted(driver.games)
    finally:
        await store.close()
    progress(f"postgres: every game moving at once for {seconds:.1f} s, from one process")
    one = throughput(url, game_ids, 1, seconds)
    progress(f"postgres: every game moving at once for {seconds:.1f} s, from two processes")
    two = throughput(url, game_ids, 2, seconds)
    bare_summary = latency_summary(bare)
    sequential_summary = latency_summary(sequential)
    return {
        "finished_games": scale.finished_games,
        "active_games": scale.active_games,
        "state_bytes_mean": state_bytes,
        "bare_commit": bare_summary,
        "sequential": sequential_summary,
        "ratio_p50": sequential_summary["p50_ms"] / bare_summary["p50_ms"],
        "ratio_mean": sequential_summary["mean_ms"] / bare_summary["mean_ms"],
        "paced": {**latency_summary(paced), "moves_per_s": paced_rate, "offered": pace},
        "saturated_seconds": seconds,
        "one_process_moves_per_s": one,
        "two_processes_moves_per_s": two,
    }


async def run(folder: Path, scale: Any, progress: Callable[[str], None]) -> dict[str, Any]:
    """The PostgreSQL measures; ``{"skipped": why}`` when PostgreSQL is not installed."""
    found = binaries()
    if found is None:
        why = "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)"
        progress(f"postgres: skipped: {why}")
        return {"skipped": why}
    progress("postgres: starting a throwaway server")
    with running_server(found, durable=True) as server:
        return await _measure(server, folder, scale, progress)
