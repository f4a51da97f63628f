"""Start-up checks the file before using it: damaged pages are refused with a message naming
the file and what to do, and nothing is written to them."""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from pathlib import Path

import pytest

from storage import (
    DatabaseDamaged,
    NotADatabase,
    SqliteStore,
    health,
)
from tests.storage.damage import damage_games_page, games_database


def _fingerprint(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ------------------------------------------------------------------ damage
async def test_a_healthy_file_opens_after_a_quick_check(
    db_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    ids = await games_database(db_path, games=3)
    checks: list[health.IntegrityCheck] = []
    real = health.check_integrity

    def spy(
        connection: sqlite3.Connection, *, full: bool = False, seconds: float | None = None
    ) -> health.IntegrityCheck:
        result = real(connection, full=full, seconds=seconds)
        checks.append(result)
        return result

    monkeypatch.setattr(health, "check_integrity", spy)
    async with await SqliteStore.open(db_path) as store:
        assert [game.id for game in await store.games.to_resume()] == ids
    assert checks == [health.IntegrityCheck(())]
    assert "integrity" not in caplog.text


async def test_a_file_with_a_garbage_page_is_refused_untouched_naming_it(db_path: Path) -> None:
    await games_database(db_path)
    assert damage_games_page(db_path)
    before = _fingerprint(db_path)
    with pytest.raises(DatabaseDamaged) as refused:
        await SqliteStore.open(db_path)
    message = str(refused.value)
    assert message.startswith(f"Cannot use the database {db_path}: SQLite's integrity check")
    assert "database disk image is malformed" in message
    assert "Restore a backup, or run `python -m storage check`" in message
    assert "left untouched" in message
    assert not isinstance(refused.value, NotADatabase)
    assert _fingerprint(db_path) == before


async def test_a_file_with_a_miscounted_page_is_refused_with_what_sqlite_found(
    db_path: Path,
) -> None:
    await games_database(db_path)
    damage_games_page(db_path, at=3, garbage=b"\x00\x01")  # the page now claims one row
    before = _fingerprint(db_path)
    with pytest.raises(DatabaseDamaged) as refused:
        await SqliteStore.open(db_path)
    assert refused.value.problems
    assert all("***" not in problem for problem in refused.value.problems)
    assert refused.value.problems[0] in str(refused.value)
    assert _fingerprint(db_path) == before


async def test_a_check_cut_short_by_its_time_budget_warns_and_opens(
    db_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    await games_database(db_path)
    damage_games_page(db_path, at=3, garbage=b"\x00\x01")  # would be refused if checked
    monkeypatch.setattr(health, "QUICK_CHECK_SECONDS", 0.0)
    with caplog.at_level(logging.WARNING, logger="storage.health"):
        store = await SqliteStore.open(db_path)
    await store.close()
    assert f"The integrity check of {db_path} was cut short after 0 s" in caplog.text
    assert "python -m storage check" in caplog.text
