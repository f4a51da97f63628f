"""Is the database file fit to use: is it undamaged?

This is asked at start-up (by :func:`storage.migrate.inspect`) before anything is written,
so that a damaged file stops Grimoire with a message saying what is wrong and what to do,
instead of failing later, in the middle of a player's move.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from storage.errors import DatabaseDamaged

log = logging.getLogger(__name__)

#: How long start-up's quick check may take. A healthy file of a few hundred megabytes is
#: checked well within it (from the page cache); past it the check is abandoned with a
#: warning rather than keep players waiting for a bot that is otherwise ready.
QUICK_CHECK_SECONDS = 5.0
#: SQLite virtual-machine steps between two looks at the clock: often enough to stop within
#: milliseconds of the budget, rarely enough to cost nothing measurable.
PROGRESS_STEPS = 1000


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
