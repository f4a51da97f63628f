"""``python -m storage check``."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from storage import GameStatus, SqliteStore
from storage.__main__ import main
from tests.storage.tables import play, started_game


async def _two_games(path: Path) -> tuple[int, int]:
    async with await SqliteStore.open(path) as store:
        first = await started_game(store)
        second = await started_game(store, (21, 22, 23))
        rng = random.Random(4)
        while first.status is GameStatus.ACTIVE:
            first = await play(store, first, rng)
        for _ in range(5):
            second = await play(store, second, rng)
        async with store.database.transaction() as db:
            await db.execute("UPDATE games SET state = ? WHERE id = ?", (first.state, second.id))
        return first.id, second.id


def test_check_replays_every_game_and_reports_mismatches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.sqlite3"
    first, second = asyncio.run(_two_games(path))
    url = f"sqlite:///{path}"
    status = main(["check", "--url", url])
    out = capsys.readouterr().out
    assert status == 1
    assert f"game #{first}: " in out
    assert "ok" in out.splitlines()[0]
    assert f"game #{second}: 5 moves, MISMATCH: the replayed state differs" in out
    assert "2 games checked, 1 mismatched." in out
    assert main(["check", "--url", url, "--game", str(first)]) == 0


def test_check_names_an_unusable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("not a database")
    assert main(["check", "--url", f"sqlite:///{path}"]) == 2
    assert str(path) in capsys.readouterr().err
