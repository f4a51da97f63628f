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
import errno
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
#: Seconds the backup waits for a database another process holds locked (a rollback
#: journal's writer, an exclusive lock) before it gives up. In WAL mode, as the bot runs its
#: file, nothing ever holds a reader up.
BUSY_TIMEOUT = 30.0


class BackupFailed(StorageError):
    """The backup could not be made; nothing was left under its name."""


@dataclass(frozen=True, slots=True)
class Backup:
    """A backup made; ``not_removed`` names an older one ``keep`` could not remove, and why
    (the first such: the others are likely refused for the same reason)."""

    path: Path
    size: int
    removed: tuple[Path, ...] = ()
    not_removed: str | None = None


def backup(
    url: str,
    destination: Path,
    *,
    keep: int | None = None,
    now: Callable[[], datetime] = lambda: datetime.now(UTC),
) -> Backup:
    """Back the database at ``url`` up to ``destination`` (a new file, or a folder); in a
    folder, keep only the ``keep`` newest backups. Raises :class:`BackupFailed` or
    another :class:`~storage.errors.StorageError` saying why not, in one line, for every
    failure: a folder that is missing or read-only, a full disk, a permission refused, a
    database that is missing, busy or unreadable. Nothing is then left under the backup's
    name.

    When the backup was made but an older one could not be removed, the backup is returned
    with :attr:`Backup.not_removed` saying why."""
    postgres = is_postgres(url)
    suffix = DUMP_SUFFIX if postgres else SQLITE_SUFFIX
    try:
        folder = destination if destination.is_dir() else None
        target = destination / f"{PREFIX}{now():{TIME_FORMAT}}{suffix}" if folder else destination
        _check_target(target, keep=keep, folder=folder)
    except OSError as error:  # a folder on the way that may not be looked into, say
        raise BackupFailed(
            f"Cannot back up to {destination}: {_why(error, destination)}."
        ) from None
    partial = target.with_name(f".{target.name}.partial")
    try:
        # Created here, not by SQLite or pg_dump: a folder that is read-only, full or not
        # ours is then named as such, rather than as "unable to open database file".
        with partial.open("wb"):
            pass
        if postgres:
            _dump_postgres(url, partial)
        else:
            _copy_sqlite(sqlite_path(url), partial)
        _flush(partial)
        partial.rename(target)
    except OSError as error:
        raise BackupFailed(
            f"Cannot write the backup {target}: {_why(error, target, partial)}."
        ) from None
    finally:
        with contextlib.suppress(OSError):  # it may never have been created
            partial.unlink(missing_ok=True)
    _flush_folder(target.parent)
    size = target.stat().st_size
    if folder is None or keep is None:
        return Backup(target, size)
    removed, not_removed = _prune(folder, suffix, keep)
    return Backup(target, size, removed, not_removed)


def _check_target(target: Path, *, keep: int | None, folder: Path | None) -> None:
    """Refuse a backup that could not be written there, before anything is."""
    if target.exists():
        raise BackupFailed(f"{target} exists already; a backup never overwrites a file.")
    if not target.parent.is_dir():
        missing = "is a file, not a folder" if target.parent.exists() else "does not exist"
        raise BackupFailed(f"The folder {target.parent} {missing}.")
    if keep is not None and folder is None:
        raise BackupFailed("--keep needs a folder to back up into, not a file.")


def _why(error: OSError, *named: Path) -> str:
    """What went wrong, in words a host acts on: the system's own for the usual causes,
    and the file it concerns unless it is one of those ``named`` already."""
    reasons = {
        errno.EROFS: "the file system is read-only",
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is used up",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.ENOENT: "a folder on the way does not exist",
        errno.ENOTDIR: "a part of the path is a file, not a folder",
    }
    reason = reasons.get(error.errno or 0) or error.strerror or type(error).__name__
    shown = error.filename is not None and all(str(p) != str(error.filename) for p in named)
    return f"{reason} ({error.filename})" if shown else reason


def _copy_sqlite(source: Path, into: Path) -> None:
    """Copy the database at ``source`` into the new file ``into`` with SQLite's online
    backup API, then check the copy and make it one self-contained file."""
    try:
        if not source.is_file() or source.stat().st_size == 0:
            raise DatabaseUnusable(source, "there is no database there to back up.", exists=False)
        # Opened first by us, so that a file we may not read says so (SQLite would only
        # say "unable to open database file").
        with source.open("rb"):
            pass
    except OSError as error:
        raise BackupFailed(f"Cannot read the database {source}: {_why(error, source)}.") from None
    try:
        with (
            closing(
                sqlite3.connect(
                    f"file:{quote(str(source))}?mode=ro", uri=True, timeout=BUSY_TIMEOUT
                )
            ) as reading,
            closing(sqlite3.connect(into)) as writing,
        ):
            # The read transaction is taken first, waiting at most BUSY_TIMEOUT for another
            # program's lock: the backup API itself would retry a busy database forever.
            reading.execute("BEGIN")
            reading.execute("SELECT count(*) FROM sqlite_schema").fetchone()
            # One step (pages=-1): the whole copy is one read transaction, hence one moment
            # of the database; in steps, a write by the bot between two would restart it.
            reading.backup(writing, pages=-1, progress=_never_wait)
            writing.execute("PRAGMA journal_mode=DELETE")  # one file: no -wal to carry along
            result = check_integrity(writing)
    except sqlite3.Error as error:
        # "database is locked" (another process held it longer than BUSY_TIMEOUT), "database
        # or disk is full", "file is not a database": SQLite's words are the reason.
        raise BackupFailed(f"SQLite could not back {source} up: {error}.") from None
    if result.damaged:
        raise BackupFailed(
            f"The copy of {source} fails SQLite's integrity check ({result.problems[0]}): the "
            "database itself is probably damaged; run `python -m storage check` on it."
        )


def _never_wait(status: int, _remaining: int, _total: int) -> None:
    """Called by SQLite's backup after each step: a database found busy (which the read
    transaction already held should rule out) fails the backup, where Python's backup would
    sleep and retry for as long as the lock is held."""
    if status in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        raise sqlite3.OperationalError("database is locked")


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
    try:
        done = subprocess.run(
            [program, "--format=custom", "--no-owner", f"--file={into}", f"--dbname={address}"],
            env=environment,
            capture_output=True,
            text=True,
        )
    except OSError as error:  # there, but not a program this user may run
        raise BackupFailed(f"{program} could not be run: {_why(error, Path(program))}.") from None
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


def _prune(folder: Path, suffix: str, keep: int) -> tuple[tuple[Path, ...], str | None]:
    """Remove all but the ``keep`` newest backups in ``folder`` (by their names, which hold
    their times); returns the ones removed, and why one could not be, if one could not."""
    try:
        backups = sorted(folder.glob(f"{PREFIX}*{suffix}"), key=lambda path: path.name)
    except OSError as error:
        return (), f"the folder {folder} cannot be listed: {_why(error, folder)}"
    removed: list[Path] = []
    failure = None
    for path in backups[: max(len(backups) - keep, 0)]:
        try:
            path.unlink()
        except OSError as error:
            failure = failure or f"{path} could not be removed: {_why(error, path)}"
        else:
            removed.append(path)
    return tuple(removed), failure
