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
from bot.common.locks import GameLocks
from bot.tables.moves import Moves
from bot.tables.play import Tables
from storage import GameStatus, SqliteStore
from storage.copy import copy_database
from storage.postgres.store import PostgresStore
from storage.postgres.throwaway import Server, binaries, running_server

#: Longest a worker process waits for the others to be ready (seconds): a hang detector only,
#: since they begin together whenever the last one is ready, however slowly they start.
READY_TIMEOUT_S = 600.0

#: The barrier the worker processes of one throughput run meet at (set in each of them).
_ready: Any = None


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


async def _loaded(url: str, game_ids: list[int]) -> tuple[PostgresStore, _Driver]:
    """A store of this process's own, and a driver of the running games among ``game_ids``."""
    store = await PostgresStore.open(url, migrate_schema=False)
    try:
        playing = await _playing(store, set(game_ids))
    except BaseException:
        await store.close()
        raise
    return store, _Driver(
        Tables(Moves(store, GameLocks(store))), playing, random.Random(game_ids[0]), set()
    )


async def _saturate(url: str, game_ids: list[int], seconds: float) -> tuple[int, float]:
    try:
        store, driver = await _loaded(url, game_ids)
    except BaseException:
        if _ready is not None:  # the other processes stop waiting for this one at once
            _ready.abort()
        raise
    try:
        if _ready is not None:  # begin once every process has loaded its games
            await asyncio.to_thread(_ready.wait, READY_TIMEOUT_S)
        moves = 0
        started = time.perf_counter()

        async def player(game_id: int) -> None:
            # Every game moves at least once, however late this process is scheduled: what
            # runs over the time is counted with the time it took.
            nonlocal moves
            while game_id in driver.games:
                await driver.move(game_id)
                moves += 1
                if time.perf_counter() - started >= seconds:
                    return

        await asyncio.gather(*(player(game_id) for game_id in list(driver.games)))
        return moves, time.perf_counter() - started
    finally:
        await store.close()


def _meet_at(barrier: Any) -> None:
    """A worker process's start: the barrier it waits at once its games are loaded."""
    global _ready
    _ready = barrier


def saturate(url: str, game_ids: list[int], seconds: float) -> tuple[int, float]:
    """In a process of its own: every one of ``game_ids`` moving as fast as it is answered,
    for ``seconds`` from the moment every process is ready; the moves it made and the
    seconds they took."""
    return asyncio.run(_saturate(url, game_ids, seconds))


def throughput(url: str, game_ids: list[int], processes: int, seconds: float) -> dict[str, Any]:
    """Every game moving at once, the games shared out among ``processes`` processes that
    begin together: the moves each process made, and the moves per second of them all."""
    shares = [game_ids[n::processes] for n in range(processes)]
    context = get_context("spawn")
    ready = context.Barrier(processes)
    with ProcessPoolExecutor(
        processes, mp_context=context, initializer=_meet_at, initargs=(ready,)
    ) as pool:
        made = list(pool.map(saturate, [url] * processes, shares, [seconds] * processes))
    return {
        "moves": [moves for moves, _ in made],
        "moves_per_s": sum(moves / took for moves, took in made if took > 0),
    }


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
        driver = _Driver(Tables(Moves(store, GameLocks(store))), playing, random.Random(13), set())
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
        "one_process_moves_per_s": one["moves_per_s"],
        "two_processes_moves_per_s": two["moves_per_s"],
        # Moves made by each process: every process moves every game of its share.
        "one_process_moves": one["moves"],
        "two_processes_moves": two["moves"],
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
