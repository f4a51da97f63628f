"""``python -m storage backup`` that cannot be made: one line on stderr, exit status 2, and
nothing left under the backup's name, whatever the cause.

The tests may run as root, for whom a folder made read-only with ``chmod`` is still
writable: a read-only file system and a full disk are simulated by the ``OSError`` the
system would raise, and a folder that cannot be written into is also made for real by
placing it under a regular file.
"""

from __future__ import annotations

import asyncio
import errno
import io
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from storage import SqliteStore
from storage import backup as backup_module
from storage.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def live(tmp_path: Path) -> str:
    """The URL of a small Grimoire database."""
    path = tmp_path / "live.sqlite3"

    async def create() -> None:
        async with await SqliteStore.open(path):
            pass

    asyncio.run(create())
    return f"sqlite:///{path}"


def refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], *, expect: str, out: str = ""
) -> str:
    """Run the command; check it exits 2 with exactly one line on stderr holding
    ``expect``; returns that line."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert expect in lines[0]
    assert "Traceback" not in captured.err
    assert out in captured.out
    return lines[0]


@pytest.fixture
def out(tmp_path: Path) -> Path:
    """An empty folder for backups: a failed one must leave it empty (no file, no partial
    copy, no journal)."""
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


# ------------------------------------------------------------------ where it goes
def test_a_missing_folder(tmp_path: Path, live: str, capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(
        capsys,
        ["backup", str(tmp_path / "none" / "b.sqlite3"), "--url", live],
        expect=f"The folder {tmp_path / 'none'} does not exist.",
    )
    assert line.endswith("does not exist.")
    assert not (tmp_path / "none").exists()


def test_a_folder_under_a_file_cannot_be_written_into(
    tmp_path: Path, live: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Not writable even for root: nothing can be created under a regular file.
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    refused(
        capsys,
        ["backup", str(blocker / "b.sqlite3"), "--url", live],
        expect=f"The folder {blocker} is a file, not a folder.",
    )
    refused(
        capsys,
        ["backup", str(blocker / "sub" / "b.sqlite3"), "--url", live],
        expect=f"The folder {blocker / 'sub'} does not exist.",
    )
    assert blocker.read_text() == "not a folder"


def fail_on(
    monkeypatch: pytest.MonkeyPatch,
    module: Any,
    name: str,
    error: int,
    when: Callable[[Any], bool],
) -> None:
    """Make ``module.<name>`` (``io.open``, which ``Path.open`` calls, or ``os.unlink``)
    raise ``OSError(error)`` for a path ``when`` picks, as the system would."""
    real = getattr(module, name)

    def failing(*args: Any, **kwargs: Any) -> Any:
        if when(args[0]):
            raise OSError(error, os.strerror(error), str(args[0]))
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, failing)


def in_folder(folder: Path) -> Callable[[Any], bool]:
    return lambda path: isinstance(path, (str, os.PathLike)) and Path(path).parent == folder


@pytest.mark.parametrize("into_folder", [False, True], ids=["as a file", "into a folder"])
def test_a_read_only_file_system(
    tmp_path: Path,
    live: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    into_folder: bool,
) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    fail_on(monkeypatch, io, "open", errno.EROFS, in_folder(folder))
    destination = folder if into_folder else folder / "b.sqlite3"
    refused(
        capsys,
        ["backup", str(destination), "--url", live],
        expect=": the file system is read-only.",
    )
    monkeypatch.undo()
    assert list(folder.iterdir()) == []


def test_a_full_disk_while_flushing_leaves_nothing(
    tmp_path: Path,
    out: Path,
    live: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(os, "fsync", _raise(OSError(errno.ENOSPC, "No space left on device")))
    line = refused(
        capsys, ["backup", str(out / "b.sqlite3"), "--url", live], expect="the disk is full."
    )
    assert line == f"Cannot write the backup {out / 'b.sqlite3'}: the disk is full."
    assert list(out.iterdir()) == []


def test_a_full_disk_while_sqlite_copies_leaves_nothing(
    tmp_path: Path,
    out: Path,
    live: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # SQLite says "database or disk is full" when it cannot grow a file: a copy whose file
    # may hold a single page stands in for the full disk.
    real_connect = sqlite3.connect

    def small(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        connection: sqlite3.Connection = real_connect(database, *args, **kwargs)
        if str(database).endswith(".partial"):
            connection.execute("PRAGMA max_page_count = 1")
        return connection

    monkeypatch.setattr(sqlite3, "connect", small)
    refused(
        capsys,
        ["backup", str(out / "b.sqlite3"), "--url", live],
        expect="database or disk is full",
    )
    assert list(out.iterdir()) == []


def test_permission_denied_when_naming_the_backup(
    tmp_path: Path,
    out: Path,
    live: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(os, "rename", _raise(PermissionError(errno.EACCES, "Permission denied")))
    refused(
        capsys,
        ["backup", str(out / "b.sqlite3"), "--url", live],
        expect="b.sqlite3: permission denied.",
    )
    assert list(out.iterdir()) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into any folder")
def test_a_folder_made_read_only(
    tmp_path: Path, live: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        refused(capsys, ["backup", str(folder), "--url", live], expect="permission denied")
    finally:
        folder.chmod(0o700)
    assert list(folder.iterdir()) == []


# ------------------------------------------------------------------ what it copies
def test_a_missing_database(tmp_path: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused(
        capsys,
        ["backup", str(out / "b.sqlite3"), "--url", f"sqlite:///{tmp_path}/none.sqlite3"],
        expect="there is no database there to back up.",
    )
    assert list(out.iterdir()) == []


def test_a_database_that_may_not_be_read(
    tmp_path: Path,
    out: Path,
    live: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    source = live.removeprefix("sqlite:///")
    fail_on(monkeypatch, io, "open", errno.EACCES, lambda path: str(path) == source)
    refused(
        capsys,
        ["backup", str(out / "b.sqlite3"), "--url", live],
        expect=f"Cannot read the database {source}: permission denied.",
    )
    monkeypatch.undo()
    assert list(out.iterdir()) == []


def test_a_database_that_is_not_one(
    tmp_path: Path, out: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.sqlite3"
    notes.write_bytes(b"These are not the pages of a database. " * 200)
    refused(
        capsys,
        ["backup", str(out / "b.sqlite3"), "--url", f"sqlite:///{notes}"],
        expect="file is not a database",
    )
    assert list(out.iterdir()) == []


@pytest.fixture
def held(tmp_path: Path) -> Iterator[Path]:
    """A database (in rollback-journal mode) that another program holds exclusively."""
    path = tmp_path / "held.sqlite3"
    with closing(sqlite3.connect(path, isolation_level=None)) as holder:
        holder.execute("CREATE TABLE t (x)")
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("INSERT INTO t VALUES (1)")
        yield path
        holder.execute("ROLLBACK")


def test_a_database_held_locked_by_another_program(
    tmp_path: Path,
    out: Path,
    held: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(backup_module, "BUSY_TIMEOUT", 0.0)  # no waiting for it in a test
    refused(
        capsys,
        ["backup", str(out / "b.sqlite3"), "--url", f"sqlite:///{held}"],
        expect="database is locked",
    )
    assert list(out.iterdir()) == []


def test_a_pg_dump_that_cannot_be_run(
    tmp_path: Path, out: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    program = tmp_path / "pg_dump"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o644)  # not executable, even by root
    monkeypatch.setattr(backup_module, "pg_dump", lambda: str(program))
    refused(
        capsys,
        ["backup", str(out / "b.dump"), "--url", "postgresql://grimoire@127.0.0.1:9/none"],
        expect=f"{program} could not be run: permission denied.",
    )
    assert list(out.iterdir()) == []


# ------------------------------------------------------------------ after it is made
def test_an_older_backup_that_cannot_be_removed(
    tmp_path: Path,
    out: Path,
    live: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    old = folder / "grimoire-20000101-000000.sqlite3"
    old.write_text("an old backup")
    fail_on(monkeypatch, os, "unlink", errno.EACCES, lambda path: str(path) == str(old))
    line = refused(
        capsys,
        ["backup", str(folder), "--url", live, "--keep", "1"],
        expect=f"The backup was made, but {old} could not be removed: permission denied.",
        out=f"Backed up to {folder}/grimoire-",
    )
    assert line.startswith("The backup was made")
    assert old.exists()
    assert len(list(folder.iterdir())) == 2


@pytest.mark.slow
def test_the_command_itself_says_one_line_and_exits_2(tmp_path: Path, live: str) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("")
    done = subprocess.run(
        [sys.executable, "-m", "storage", "backup", str(blocker / "sub"), "--url", live],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "is a file, not a folder" in done.stderr
    assert done.stdout == ""


def _raise(error: OSError) -> Callable[..., Any]:
    def fail(*_: Any, **__: Any) -> Any:
        raise error

    return fail
