"""A database file as a busy server has it: many finished games and many games being played.

The schema comes from the store itself (``open_store`` applies the migrations); the rows are
then written with plain SQL in one transaction, exactly as the store writes them (a game row,
its seats, one ``actions`` row per move), because making 11,000 games one move at a time
through the store would take longer than the benchmarks themselves. Finished games are
copies of a pool of real random games; games being played are random games stopped part-way.
"""

from __future__ import annotations

import itertools
import json
import random
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

import games
from games.core import Engine
from games.core.playout import random_playout
from storage import open_store

#: Where the seeded games seem to live: one server, one channel.
GUILD_ID = 1
CHANNEL_ID = 2
#: Distinct random games per configuration that the finished games are copied from.
POOL_PER_CONFIGURATION = 20
#: Most random moves a seeded running game has had.
MAX_OPENING_MOVES = 40


@dataclass(frozen=True, slots=True)
class Seeded:
    """A game written to the file: enough to drive it, without reading it back."""

    game_id: int
    game_key: str
    users: tuple[int, ...]
    """The user at each engine seat."""


@dataclass(frozen=True, slots=True)
class _Game:
    engine: Engine[Any, Any]
    players: int
    seed: int
    options: BaseModel
    state: Any
    actions: list[tuple[int, str]]


def _every_configuration() -> list[tuple[Engine[Any, Any], int, BaseModel]]:
    return [
        (engine, players, options)
        for engine in games.ENGINES.values()
        for players, options in engine.bench_configurations()
    ]


def configurations() -> Iterator[tuple[Engine[Any, Any], int, BaseModel]]:
    """Every configuration of every game, round and round."""
    return itertools.cycle(_every_configuration())


def user_of(game_id: int, seat: int) -> int:
    """The member seated at ``seat`` of ``game_id``: every seeded seat is its own member."""
    return 1_000_000 + 10 * game_id + seat


def _finished_pool(count: int) -> list[_Game]:
    pool: list[_Game] = []
    for engine, players, options in itertools.islice(configurations(), count):
        seed = len(pool)
        played = random_playout(engine, players, seed, options)
        pool.append(_Game(engine, players, seed, options, played.state, played.actions))
    return pool


def _opening(engine: Engine[Any, Any], players: int, options: BaseModel, seed: int) -> _Game:
    """A random game stopped after a random number of moves, before its end."""
    rng = random.Random(seed)
    state = engine.new_game(players, seed, options)
    actions: list[tuple[int, str]] = []
    for _ in range(rng.randint(0, MAX_OPENING_MOVES)):
        seat = rng.choice(sorted(engine.to_act(state)))
        action = rng.choice(engine.legal_actions(state, seat))
        after = engine.apply_trusted(state, seat, action).state
        if engine.outcome(after) is not None:
            break
        actions.append((seat, engine.notation(action)))
        state = after
    return _Game(engine, players, seed, options, state, actions)


def _write(db: sqlite3.Connection, game: _Game, finished: bool, now: float) -> Seeded:
    engine, state = game.engine, game.state
    outcome = engine.outcome(state)
    cursor = db.execute(
        "INSERT INTO games (game_key, guild_id, channel_id, host_id, options, settings, status,"
        " seed, version, state, to_act, outcome, created_at, updated_at, started_at,"
        ' finished_at) VALUES (?, ?, ?, 0, ?, \'{"seating": "join"}\', ?, ?, ?, ?, ?, ?,'
        " ?, ?, ?, ?)",
        (
            engine.key,
            GUILD_ID,
            CHANNEL_ID,
            json.dumps(game.options.model_dump(mode="json")),
            "finished" if finished else "active",
            game.seed,
            len(game.actions),
            engine.dump(state),
            json.dumps([] if finished else sorted(engine.waiting_for(state))),
            None if outcome is None else outcome.model_dump_json(),
            now,
            now,
            now,
            now if finished else None,
        ),
    )
    game_id = cursor.lastrowid
    assert game_id is not None
    users = tuple(user_of(game_id, seat) for seat in range(game.players))
    db.execute(
        "UPDATE games SET host_id = ?, thread_id = ? WHERE id = ?",
        (users[0], 10_000_000 + game_id, game_id),
    )
    db.executemany(
        "INSERT INTO seats (game_id, position, user_id, seat, joined_at) VALUES (?, ?, ?, ?, ?)",
        [(game_id, seat, user, seat, now) for seat, user in enumerate(users)],
    )
    db.executemany(
        "INSERT INTO actions (game_id, seq, seat, notation, at) VALUES (?, ?, ?, ?, ?)",
        [(game_id, seq, seat, text, now) for seq, (seat, text) in enumerate(game.actions, start=1)],
    )
    if finished:
        # Rated when it ended, as on a server where the bot ran all along: a start does not
        # rate thousands of old games first.
        db.execute("INSERT INTO rated_games (game_id, rated, at) VALUES (?, 1, ?)", (game_id, now))
    return Seeded(game_id, engine.key, users)


def remove_database(path: Path) -> None:
    """``path`` and its WAL files gone, if they were there."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


async def seed_database(path: Path, *, finished: int, active: int) -> list[Seeded]:
    """Create ``path`` afresh with ``finished`` finished games and ``active`` running ones;
    returns the running ones."""
    remove_database(path)
    async with await open_store(f"sqlite:///{path}"):
        pass  # the schema, migrated as the bot would
    pool = _finished_pool(min(finished, POOL_PER_CONFIGURATION * len(_every_configuration())))
    openings = [
        _opening(engine, players, options, seed)
        for seed, (engine, players, options) in zip(range(active), configurations(), strict=False)
    ]
    now = time.time()
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        for i in range(finished):
            _write(db, pool[i % len(pool)], True, now)
        running = [_write(db, game, False, now) for game in openings]
        db.execute("COMMIT")
    finally:
        db.close()
    return running
