"""A writer SIGKILLed at random moments loses nothing it acknowledged and corrupts nothing."""

from __future__ import annotations

import asyncio
import random
import signal
import sqlite3
import sys
from pathlib import Path

import pytest

from storage import SqliteStore
from storage.replay import check_replay

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
KILLS = 20
#: Longest wait for a writer's first move: a hang detector, generous for a busy machine.
FIRST_MOVE_TIMEOUT = 300.0


async def _run_and_kill(db: Path, seed: int, delay: float) -> list[tuple[int, int]]:
    """Start a writer, let it commit for ``delay`` seconds after its first move, kill it,
    and return every move it acknowledged."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.storage.crash_writer",
        str(db),
        str(seed),
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    assert process.stderr is not None
    first = await asyncio.wait_for(process.stdout.readline(), timeout=FIRST_MOVE_TIMEOUT)
    if not first:
        raise AssertionError((await process.stderr.read()).decode())
    await asyncio.sleep(delay)
    process.send_signal(signal.SIGKILL)
    rest, _ = await process.communicate()
    assert process.returncode == -signal.SIGKILL
    lines = [first.decode(), *rest.decode().splitlines()]
    acknowledged = []
    for line in lines:
        _, game, version = line.split()
        acknowledged.append((int(game), int(version)))
    return acknowledged


def _all_games(db: Path) -> list[int]:
    with sqlite3.connect(db) as connection:
        return [row[0] for row in connection.execute("SELECT id FROM games")]


def _deliveries(db: Path, game_id: int) -> int:
    with sqlite3.connect(db) as connection:
        query = "SELECT count(*) FROM outbox WHERE game_id = ?"
        return int(connection.execute(query, (game_id,)).fetchone()[0])


def _integrity(db: Path) -> str:
    with sqlite3.connect(db) as connection:
        return str(connection.execute("PRAGMA integrity_check").fetchone()[0])


async def test_killed_writers_lose_no_acknowledged_move(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    rng = random.Random(2026)
    acknowledged: dict[int, int] = {}
    for kill in range(KILLS):
        for game_id, version in await _run_and_kill(db, kill, rng.uniform(0.0, 0.4)):
            acknowledged[game_id] = max(version, acknowledged.get(game_id, 0))
        assert _integrity(db) == "ok", f"after kill {kill + 1}"
        async with await SqliteStore.open(db) as store:
            for game_id, version in acknowledged.items():
                game = await store.games.get(game_id)
                assert game.version >= version, f"game {game_id} lost moves at kill {kill + 1}"
                seqs = [a.seq for a in await store.games.actions(game_id)]
                assert seqs == list(range(1, game.version + 1))
            for game_id in _all_games(db):
                check = await check_replay(store, game_id)
                assert check.matches, check.problem
                assert _deliveries(db, game_id) == check.moves, "a move without its delivery"
    assert len(acknowledged) >= 3
