"""``python -m storage backup DEST``: a consistent copy of the game database, taken while the
bot runs.

SQLite: SQLite's online backup API copies the database in one step, as one read transaction,
so the copy is the database as it stood at one moment, whatever the bot writes meanwhile (in
WAL mode the bot's writes do not wait for it). The copy is checked (``PRAGMA quick_check``),
turned into a single file (no ``-wal`` beside it), flushed to disk and only then given its
name, so a file of that name is always a whole, checked backup.

PostgreSQL: ``pg_dump`` in its custom format, which is a consistent snapshot by nature, and
which ``pg_restore`` reads back. The password, when the URL has one, is handed to ``pg_dump``
in its environment, never on its command line.

DEST is a file that must not exist yet, or a folder, where the backup is named after the
time (``grimoire-20261125-031500.sqlite3`` or ``….dump``); in a folder, ``keep`` removes all
but the newest backups.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit, urlunsplit

from storage.errors import DatabaseUnusable, StorageError
from storage.health import check_integrity
from storage.url import is_postgres, postgres_pool, sqlite_path

#: A backup's name in a folder: ``grimoire-`` and the time, UTC.
PREFIX = "grimoire-"
TIME_FORMAT = "%Y%m%d-%H%M%S"
SQLITE_SUFFIX = ".sqlite3"
DUMP_SUFFIX = ".dump"


class BackupFailed(StorageError):
    """The backup could not be made; nothing was left under its name."""


@dataclass(frozen=True, slots=True)
class Backup:
    """A backup made."""

    path: Path
    size: int
    removed: tuple[Path, ...] = ()


def backup(
    url: str,
    destination: Path,
    *,
    keep: int | None = None,
    now: Callable[[], datetime] = lambda: datetime.now(UTC),
) -> Backup:
    """Back the database at ``url`` up to ``destination`` (a new file, or a folder); in a
    folder, keep only the ``keep`` newest backups. Raises :class:`BackupFailed` or
    another :class:`~storage.errors.StorageError` saying why not."""
    postgres = is_postgres(url)
    suffix = DUMP_SUFFIX if postgres else SQLITE_SUFFIX
    folder = destination if destination.is_dir() else None
    target = destination / f"{PREFIX}{now():{TIME_FORMAT}}{suffix}" if folder else destination
    if target.exists():
        raise BackupFailed(f"{target} exists already; a backup never overwrites a file.")
    if not target.parent.is_dir():
        raise BackupFailed(f"The folder {target.parent} does not exist.")
    if keep is not None and folder is None:
        raise BackupFailed("--keep needs a folder to back up into, not a file.")
    partial = target.with_name(f".{target.name}.partial")
    try:
        if postgres:
            _dump_postgres(url, partial)
        else:
            _copy_sqlite(sqlite_path(url), partial)
        _flush(partial)
        partial.rename(target)
    finally:
        partial.unlink(missing_ok=True)
    _flush_folder(target.parent)
    removed = _prune(folder, suffix, keep) if folder is not None and keep is not None else ()
    return Backup(target, target.stat().st_size, removed)


def _copy_sqlite(source: Path, into: Path) -> None:
    """Copy the database at ``source`` into the new file ``into`` with SQLite's online
    backup API, then check the copy and make it one self-contained file."""
    if not source.is_file() or source.stat().st_size == 0:
        raise DatabaseUnusable(source, "there is no database there to back up.", exists=False)
    try:
        with (
            closing(sqlite3.connect(f"file:{quote(str(source))}?mode=ro", uri=True)) as reading,
            closing(sqlite3.connect(into)) as writing,
        ):
            # One step (pages=-1): the whole copy is one read transaction, hence one moment
            # of the database; in steps, a write by the bot between two would restart it.
            reading.backup(writing, pages=-1)
            writing.execute("PRAGMA journal_mode=DELETE")  # one file: no -wal to carry along
            result = check_integrity(writing)
    except sqlite3.DatabaseError as error:
        raise BackupFailed(f"SQLite could not back {source} up: {error}.") from error
    if result.damaged:
        raise BackupFailed(
            f"The copy of {source} fails SQLite's integrity check ({result.problems[0]}): the "
            "database itself is probably damaged; run `python -m storage check` on it."
        )


def pg_dump() -> str | None:
    """The ``pg_dump`` to use: the one on the ``PATH``, else the newest the PostgreSQL
    packages installed; ``None`` when there is none."""
    found = shutil.which("pg_dump")
    if found:
        return found
    installed = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_dump"),
        key=lambda path: int(Path(path).parent.parent.name),
    )
    return installed[-1] if installed else None


def _dump_postgres(url: str, into: Path) -> None:
    program = pg_dump()
    if program is None:
        raise BackupFailed(
            "pg_dump is not installed: install PostgreSQL's client (apt-get install "
            "postgresql-client) to back a PostgreSQL database up."
        )
    dsn, _ = postgres_pool(url)
    address, password = without_password(dsn)
    environment = dict(os.environ)
    if password is not None:
        environment["PGPASSWORD"] = password
    done = subprocess.run(
        [program, "--format=custom", "--no-owner", f"--file={into}", f"--dbname={address}"],
        env=environment,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        detail = done.stderr.strip().splitlines()
        raise BackupFailed(f"pg_dump failed: {detail[-1] if detail else done.returncode}")


def without_password(url: str) -> tuple[str, str | None]:
    """A PostgreSQL URL without its password, and that password.

    >>> without_password("postgresql://grimoire:s%40crit@db:5432/grimoire?sslmode=require")
    ('postgresql://grimoire@db:5432/grimoire?sslmode=require', 's@crit')
    >>> without_password("postgresql://grimoire@db/grimoire")
    ('postgresql://grimoire@db/grimoire', None)
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url, None
    user = f"{parts.username}@" if parts.username else ""
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{user}{host}")), unquote(parts.password)


def _flush(path: Path) -> None:
    """Make sure the file's content is on the disk before it is given its name."""
    with path.open("rb+") as file:
        os.fsync(file.fileno())


def _flush_folder(folder: Path) -> None:
    """Make sure the new name is on the disk too."""
    with contextlib.suppress(OSError):  # not every file system lets a folder be synced
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def _prune(folder: Path, suffix: str, keep: int) -> tuple[Path, ...]:
    """Remove all but the ``keep`` newest backups in ``folder`` (by their names, which hold
    their times); returns the ones removed."""
    backups = sorted(folder.glob(f"{PREFIX}*{suffix}"), key=lambda path: path.name)
    old = backups[: max(len(backups) - keep, 0)]
    for path in old:
        path.unlink()
    return tuple(old)
