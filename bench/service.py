"""Moves through the service layer (``Tables``) on a real SQLite file, against the cost of a
bare SQLite insert-and-commit of a row as big as a game's state, measured in the same run."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import games
from bench.scale import Scale
from bench.seeding import remove_database, seed_database
from bench.stats import latency_summary
from bot.common.locks import GameLocks
from bot.tables.moves import Moves
from bot.tables.play import Tables
from storage import Game, GameStatus, SqliteStore

#: Seconds between two moves of one game in the judged paced run: every running game moving
#: every 10 s is far busier than play by post, where a game moves every few minutes or hours.
GAME_PACE_S = 10.0
#: The stress run offers this share of the throughput the saturated run reached.
STRESS_LOAD = 0.5


@dataclass
class _Driver:
    """Plays random legal moves in the running games, as their players would click them."""

    tables: Tables
    games: dict[int, Game]
    rng: random.Random
    busy: set[int]

    def idle_games(self) -> list[int]:
        return [game_id for game_id in self.games if game_id not in self.busy]

    async def move(self, game_id: int) -> float:
        """One click on a random legal move of ``game_id``; the seconds the service took."""
        game = self.games[game_id]
        engine = games.get(game.game_key)
        assert game.state is not None
        state = engine.load(game.state)
        seat = self.rng.choice(sorted(engine.to_act(state)))
        user = game.user_at(seat)
        assert user is not None
        index = self.rng.randrange(len(engine.legal_actions(state, seat)))
        self.busy.add(game_id)
        started = time.perf_counter()
        try:
            result = await self.tables.choose(game_id, user, version=game.version, index=index)
        finally:
            self.busy.discard(game_id)
        took = time.perf_counter() - started
        if result.game.status is GameStatus.ACTIVE:
            self.games[game_id] = result.game
        else:
            del self.games[game_id]  # over: no more moves to make in it
        return took


async def _sequential(driver: _Driver, moves: int) -> list[float]:
    took = []
    for _ in range(moves):
        took.append(await driver.move(driver.rng.choice(driver.idle_games())))
    return took


async def _saturated(driver: _Driver, moves_per_game: int) -> tuple[list[float], float]:
    took: list[float] = []

    async def player(game_id: int) -> None:
        for _ in range(moves_per_game):
            if game_id not in driver.games:
                return
            took.append(await driver.move(game_id))

    started = time.perf_counter()
    await asyncio.gather(*(player(game_id) for game_id in list(driver.games)))
    return took, time.perf_counter() - started


async def _paced(driver: _Driver, rate: float, seconds: float) -> tuple[list[float], float]:
    """Moves arriving at random (a Poisson process) at ``rate`` per second, each in a game
    that has no move in flight."""
    took: list[float] = []
    tasks: list[asyncio.Task[None]] = []

    async def one(game_id: int, arrived: float) -> None:
        await driver.move(game_id)
        took.append(time.perf_counter() - arrived)

    loop_start = time.perf_counter()
    due = loop_start
    while due - loop_start < seconds:
        due += driver.rng.expovariate(rate)
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        idle = driver.idle_games()
        if idle:
            game_id = driver.rng.choice(idle)
            driver.busy.add(game_id)  # claimed now, so the next arrival picks another game
            tasks.append(asyncio.create_task(one(game_id, time.perf_counter())))
    await asyncio.gather(*tasks)
    return took, len(took) / (time.perf_counter() - loop_start)


def bare_commits(path: Path, row_bytes: int, count: int) -> list[float]:
    """Seconds of each plain ``sqlite3`` insert-and-commit of a ``row_bytes`` row, with the
    store's own settings (WAL, ``synchronous=FULL``) on the same disk."""
    remove_database(path)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        body = "x" * row_bytes
        took = []
        for _ in range(count):
            started = time.perf_counter()
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT INTO rows (body) VALUES (?)", (body,))
            db.execute("COMMIT")
            took.append(time.perf_counter() - started)
        return took
    finally:
        db.close()


async def _open(path: Path, scale: Scale, progress: Callable[[str], None]) -> SqliteStore:
    progress(f"service: seeding {scale.finished_games} finished and {scale.active_games} games")
    started = time.perf_counter()
    await seed_database(path, finished=scale.finished_games, active=scale.active_games)
    progress(f"service: seeded in {time.perf_counter() - started:.1f} s")
    return await SqliteStore.open(path)


async def run(folder: Path, scale: Scale, progress: Callable[[str], None]) -> dict[str, Any]:
    """The service measures, on a database file created in ``folder``."""
    path = folder / "service.sqlite3"
    store = await _open(path, scale, progress)
    try:
        running = await store.games.ids((GameStatus.ACTIVE,))
        playing = {game.id: game for game in await store.games.to_resume() if game.id in running}
        state_bytes = statistics.mean(len((g.state or "").encode()) for g in playing.values())
        driver = _Driver(Tables(Moves(store, GameLocks(store))), playing, random.Random(13), set())

        progress("service: bare SQLite commits")
        bare = bare_commits(folder / "bare.sqlite3", round(state_bytes), scale.bare_commits)
        progress("service: moves one at a time")
        sequential = await _sequential(driver, scale.sequential_moves)
        progress("service: every game moving at once")
        saturated, saturated_wall = await _saturated(driver, scale.moves_per_game)
        throughput = len(saturated) / saturated_wall
        pace = len(driver.games) / GAME_PACE_S
        progress(f"service: moves arriving at {pace:.0f}/s")
        paced, paced_rate = await _paced(driver, pace, scale.paced_seconds)
        progress(f"service: moves arriving at {STRESS_LOAD:.0%} of {throughput:.0f}/s")
        stress, stress_rate = await _paced(driver, STRESS_LOAD * throughput, scale.paced_seconds)
        progress("service: bare SQLite commits again")
        bare += bare_commits(folder / "bare-again.sqlite3", round(state_bytes), scale.bare_commits)
    finally:
        await store.close()
    bare_summary = latency_summary(bare)
    sequential_summary = latency_summary(sequential)
    return {
        "finished_games": scale.finished_games,
        "active_games": scale.active_games,
        "file_bytes": path.stat().st_size,
        "state_bytes_mean": state_bytes,
        "bare_commit": bare_summary,
        "sequential": sequential_summary,
        "ratio_p50": sequential_summary["p50_ms"] / bare_summary["p50_ms"],
        "ratio_mean": sequential_summary["mean_ms"] / bare_summary["mean_ms"],
        "saturated": {**latency_summary(saturated), "moves_per_s": throughput},
        "paced": {**latency_summary(paced), "moves_per_s": paced_rate, "offered": pace},
        "stress": {
            **latency_summary(stress),
            "moves_per_s": stress_rate,
            "offered": STRESS_LOAD * throughput,
        },
    }
