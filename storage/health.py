"""Is the database fit to use: undamaged, and writable where SQLite has to write? And is it
answering now?

The first two questions are asked at start-up (by :func:`storage.migrate.inspect`) before
anything is written, so that a damaged or read-only file stops Grimoire with a message saying
what is wrong and what to do, instead of failing later, in the middle of a player's move.
The last is the health check's (:func:`ping`), asked while the bot runs.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import sqlite3
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from storage.errors import DatabaseDamaged, DatabaseReadOnly, DatabaseUnusable
from storage.store import Store

log = logging.getLogger(__name__)

#: How long start-up's quick check may take. A healthy file of a few hundred megabytes is
#: checked well within it (from the page cache); past it the check is abandoned with a
#: warning rather than keep players waiting for a bot that is otherwise ready.
QUICK_CHECK_SECONDS = 5.0
#: SQLite virtual-machine steps between two looks at the clock: often enough to stop within
#: milliseconds of the budget, rarely enough to cost nothing measurable.
PROGRESS_STEPS = 1000
#: The errors that mean "you may not write here", as opposed to any other failure.
READ_ONLY_ERRORS = frozenset({errno.EACCES, errno.EPERM, errno.EROFS})
#: Files SQLite keeps beside the database in WAL mode.
SIDE_FILES = ("-wal", "-shm")


@runtime_checkable
class BoundedPing(Protocol):
    """A store whose driver can bound a round trip itself (PostgreSQL's)."""

    async def ping(self, timeout: float) -> None:
        """One round trip, given up by the driver after ``timeout`` seconds."""


async def ping(store: Store, timeout: float) -> None:
    """One round trip to ``store``'s database, given up after ``timeout`` seconds with a
    ``TimeoutError``; whatever the database raises when it cannot answer.

    Where the driver can bound it (:class:`BoundedPing`: PostgreSQL), it does, so that a
    hung server's connection is let go of by the driver itself; ``asyncio.wait_for`` alone
    would wait for the driver to clean up after the cancelled query, that is, for the
    hung server. SQLite's calls run in a thread the event loop never waits on.
    """
    if isinstance(store, BoundedPing):
        await store.ping(timeout)
    else:
        await asyncio.wait_for(store.stats.ping(), timeout)


@dataclass(frozen=True, slots=True)
class IntegrityCheck:
    """What SQLite's integrity check said about a file."""

    #: What SQLite reported, one problem per line; empty when it found nothing wrong.
    problems: tuple[str, ...]
    #: False when the time budget ran out before the check had read the whole file.
    finished: bool = True

    @property
    def damaged(self) -> bool:
        """Whether the check found damage."""
        return bool(self.problems)


def check_integrity(
    connection: sqlite3.Connection, *, full: bool = False, seconds: float | None = None
) -> IntegrityCheck:
    """Run ``PRAGMA quick_check`` (``full``: ``PRAGMA integrity_check``) on ``connection``.

    The quick check reads every page and verifies the b-trees' structure; the full one also
    checks that indexes agree with their tables, which takes much longer on a big file.
    ``seconds`` bounds the time taken: when it runs out the check is interrupted (through
    SQLite's progress handler) and reported unfinished, with no problems. A check that fails
    with SQLite's "malformed" error, as it does on some damaged pages, counts as damage.
    """
    pragma = "integrity_check" if full else "quick_check"
    if seconds is not None:
        deadline = time.monotonic() + seconds
        connection.set_progress_handler(lambda: time.monotonic() >= deadline, PROGRESS_STEPS)
    try:
        rows = connection.execute(f"PRAGMA {pragma}").fetchall()
    except sqlite3.DatabaseError as error:
        if getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_INTERRUPT:
            return IntegrityCheck((), finished=False)
        return IntegrityCheck((str(error),))
    finally:
        if seconds is not None:
            connection.set_progress_handler(None, 0)
    # One row per problem, though some versions of SQLite put several lines in one row
    # under a "*** in database main ***" heading.
    lines = [line.strip() for (row,) in rows for line in str(row).splitlines()]
    problems = tuple(line for line in lines if line and line != "ok" and not line.startswith("***"))
    return IntegrityCheck(problems)


def quick_check(connection: sqlite3.Connection, path: Path) -> None:
    """Start-up's integrity check of ``path``, open on ``connection``, within
    :data:`QUICK_CHECK_SECONDS`.

    Raises :class:`~storage.errors.DatabaseDamaged` naming the file when SQLite finds damage;
    logs a warning and returns when the file is too big to check in time.
    """
    seconds = QUICK_CHECK_SECONDS
    result = check_integrity(connection, seconds=seconds)
    if result.damaged:
        raise DatabaseDamaged(path, result.problems)
    if not result.finished:
        log.warning(
            "The integrity check of %s was cut short after %g s (the file is big) and start-up "
            "goes on without it; run `python -m storage check` to check the whole file.",
            path,
            seconds,
        )


def probe_file(path: Path) -> None:
    """Open ``path`` for reading and writing, as SQLite will, and close it unwritten.

    Raises the ``OSError`` the system gives when that is not allowed.
    """
    os.close(os.open(path, os.O_RDWR))


def probe_folder(folder: Path) -> None:
    """Create a file in ``folder`` and remove it at once, as SQLite creates and removes its
    ``-wal`` and ``-shm`` files. Raises the ``OSError`` the system gives when it cannot."""
    handle, probe = tempfile.mkstemp(prefix=".grimoire-", suffix=".probe", dir=folder)
    os.close(handle)
    os.unlink(probe)


def refuse_read_only(path: Path) -> None:
    """Raise :class:`~storage.errors.DatabaseReadOnly` when Grimoire may not write the
    database at ``path``: the file itself, its ``-wal`` or ``-shm`` file, or its folder, where
    SQLite must be able to create those. For a file not created yet, the folder it will be
    created in (or the nearest one that exists, where its folders will be made).

    Writability is found out by trying (:func:`probe_file`, :func:`probe_folder`), not by
    reading permission bits, which say nothing of read-only file systems, immutable files,
    access control lists, or root. Nothing is written: the file is opened and closed, and
    the folder's probe file is removed at once.

    Tests run as root, whom permission bits do not stop: they replace the two probes with
    ones that raise ``PermissionError`` or ``EROFS``, and, where ``chattr +i`` is allowed,
    make the file or the folder immutable, which stops root too.
    """
    exists = path.exists()
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if exists:
        for side in ("", *SIDE_FILES):
            each = path.with_name(path.name + side)
            if not side or each.exists():
                try:
                    probe_file(each)
                except OSError as error:
                    raise _refusal(path, error, each, exists=exists) from None
    try:
        probe_folder(folder)
    except OSError as error:
        raise _refusal(path, error, folder, exists=exists) from None


def _refusal(path: Path, error: OSError, where: Path, *, exists: bool) -> DatabaseUnusable:
    """The error for a failed probe of ``where`` (a file or a folder): read-only when writing
    is not allowed there, the system's own reason otherwise (a full disk, an I/O error)."""
    how = error.strerror or str(error)
    what = f"the folder {where}" if where.is_dir() else f"the file {where}"
    if error.errno not in READ_ONLY_ERRORS:
        return DatabaseUnusable(path, f"{what} cannot be written ({how}).", exists=exists)
    if not where.is_dir():
        reason = f"{what} is read-only ({how})."
    elif exists:
        reason = (
            f"{what} is read-only ({how}), and SQLite needs to create files beside the database."
        )
    else:
        reason = f"{what} is read-only ({how}), so the database cannot be created there."
    fix = "Mount the file system writable" if error.errno == errno.EROFS else "Fix the permissions"
    return DatabaseReadOnly(
        path, f"{reason} {fix}, or point DATABASE_URL at a place Grimoire may write.", exists=exists
    )
