"""Start-up checks the file before using it: damaged pages and read-only files or folders are
refused with a message naming the file and what to do, and nothing is written to them."""

from __future__ import annotations

import errno
import hashlib
import logging
import pickle
import shutil
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from storage import (
    DatabaseDamaged,
    DatabaseReadOnly,
    DatabaseUnusable,
    NotADatabase,
    SchemaTooNew,
    SqliteStore,
    health,
)
from tests.storage.damage import damage_games_page, games_database


def _fingerprint(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _refuse(error: OSError) -> Callable[[Path], None]:
    """A probe that fails as the file system would for a user who may not write there."""

    def probe(where: Path) -> None:
        raise error

    return probe


DENIED = PermissionError(errno.EACCES, "Permission denied")
READ_ONLY_FILE_SYSTEM = OSError(errno.EROFS, "Read-only file system")


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


# ------------------------------------------------------------------ read-only
async def test_a_read_only_file_is_named_and_left_untouched(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await games_database(db_path, games=1)
    before = _fingerprint(db_path)
    monkeypatch.setattr(health, "probe_file", _refuse(DENIED))
    with pytest.raises(DatabaseReadOnly) as refused:
        await SqliteStore.open(db_path)
    message = str(refused.value)
    assert f"the file {db_path} is read-only (Permission denied)." in message
    assert "Fix the permissions, or point DATABASE_URL" in message
    assert _fingerprint(db_path) == before


async def test_a_read_only_folder_is_named_as_where_sqlite_creates_files(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await games_database(db_path, games=1)
    monkeypatch.setattr(health, "probe_folder", _refuse(READ_ONLY_FILE_SYSTEM))
    with pytest.raises(DatabaseReadOnly) as refused:
        await SqliteStore.open(db_path)
    message = str(refused.value)
    assert f"the folder {db_path.parent} is read-only (Read-only file system)" in message
    assert "SQLite needs to create files beside the database" in message
    assert "Mount the file system writable, or point DATABASE_URL" in message


async def test_a_read_only_side_file_is_named(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await games_database(db_path, games=1)
    shm = db_path.with_name(db_path.name + "-shm")
    shm.touch()  # as a crashed run as another user would leave it

    def probe(where: Path) -> None:
        if where == shm:
            raise DENIED

    monkeypatch.setattr(health, "probe_file", probe)
    with pytest.raises(DatabaseReadOnly, match=f"the file {shm} is read-only"):
        await SqliteStore.open(db_path)


async def test_a_new_file_in_a_read_only_folder_is_refused_before_any_folder_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "data" / "games" / "grimoire.sqlite3"
    monkeypatch.setattr(health, "probe_folder", _refuse(DENIED))
    with pytest.raises(DatabaseReadOnly) as refused:
        await SqliteStore.open(path)
    message = str(refused.value)
    assert f"the folder {tmp_path} is read-only" in message
    assert "so the database cannot be created there" in message
    assert "left untouched" not in message
    assert list(tmp_path.iterdir()) == []


async def test_another_failure_to_write_is_named_with_the_systems_reason(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await games_database(db_path, games=1)
    monkeypatch.setattr(health, "probe_folder", _refuse(OSError(errno.ENOSPC, "No space left")))
    with pytest.raises(DatabaseUnusable) as refused:
        await SqliteStore.open(db_path)
    assert not isinstance(refused.value, DatabaseReadOnly)
    assert f"the folder {db_path.parent} cannot be written (No space left)" in str(refused.value)


@pytest.fixture
def immutable() -> Iterator[Callable[[Path], None]]:
    """Makes files or folders immutable (``chattr +i``), which stops even root from writing;
    skips the test where that is not allowed (no ext4-like file system, no privilege)."""
    marked: list[Path] = []

    def mark(path: Path) -> None:
        chattr = shutil.which("chattr")
        if chattr is None:
            pytest.skip("chattr is not installed")
        done = subprocess.run([chattr, "+i", str(path)], capture_output=True, check=False)
        if done.returncode != 0:
            pytest.skip(f"chattr +i is not allowed here: {done.stderr.decode().strip()}")
        marked.append(path)

    yield mark
    for path in marked:
        subprocess.run(["chattr", "-i", str(path)], check=True)


async def test_an_immutable_file_is_named_as_read_only(
    db_path: Path, immutable: Callable[[Path], None]
) -> None:
    await games_database(db_path, games=1)
    before = _fingerprint(db_path)
    immutable(db_path)
    with pytest.raises(DatabaseReadOnly, match=f"the file {db_path} is read-only"):
        await SqliteStore.open(db_path)
    assert _fingerprint(db_path) == before


async def test_a_healthy_file_in_an_immutable_folder_is_not_called_not_a_database(
    db_path: Path, immutable: Callable[[Path], None]
) -> None:
    await games_database(db_path, games=1)
    immutable(db_path.parent)
    with pytest.raises(DatabaseReadOnly) as refused:
        await SqliteStore.open(db_path)
    assert f"the folder {db_path.parent} is read-only" in str(refused.value)
    assert not isinstance(refused.value, NotADatabase)


@pytest.mark.parametrize(
    "error",
    [
        NotADatabase(Path("/srv/g.sqlite3"), "not a database"),
        SchemaTooNew("postgresql://grim@db/grim", "too new", exists=False),
        DatabaseDamaged(Path("/srv/g.sqlite3"), ["page 3 is bad", "page 4 too"]),
        DatabaseReadOnly(Path("/srv/g.sqlite3"), "read-only"),
    ],
)
def test_an_unusable_database_error_crosses_to_another_process_intact(
    error: DatabaseUnusable,
) -> None:
    # A benchmark's or a check's worker process hands its error back pickled.
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert copy.path == error.path
