"""Numbered SQL migrations, and the checks that keep a wrong file untouched.

Migrations live in ``migrations/V<number>__<name>.sql``. At start-up every pending one is
applied in a single transaction, so a crash mid-way leaves the previous schema intact. The
schema number is SQLite's ``user_version``; ``application_id`` marks the file as Grimoire's.
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import quote

import aiosqlite

from storage import health
from storage.errors import DatabaseUnusable, ForeignDatabase, NotADatabase, SchemaTooNew

MIGRATIONS = Path(__file__).parent / "migrations"
#: "Grim" in ASCII, stored in the file header so a stranger's database is recognised.
APPLICATION_ID = 0x4772696D
SQLITE_HEADER = b"SQLite format 3\x00"
_NAME = re.compile(r"V(\d+)__(\w+)\.sql")


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered schema step."""

    version: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        """The file split into statements (``executescript`` would commit half-way)."""
        statements, buffer = [], ""
        for line in self.sql.splitlines(keepends=True):
            buffer += line
            if sqlite3.complete_statement(buffer):
                statements.append(buffer.strip())
                buffer = ""
        if buffer.strip() and not all(
            part.strip().startswith("--") for part in buffer.strip().splitlines()
        ):
            raise ValueError(f"{self.name}: unterminated statement: {buffer.strip()[:60]}")
        return statements


@cache
def migrations() -> tuple[Migration, ...]:
    """Every migration, in order; numbers must run 1, 2, 3… without a gap."""
    found = []
    for path in MIGRATIONS.glob("*.sql"):
        match = _NAME.fullmatch(path.name)
        if match is None:
            raise ValueError(f"migration file {path.name} is not named V<number>__<name>.sql")
        found.append(Migration(int(match[1]), path.stem, path.read_text()))
    found.sort(key=lambda m: m.version)
    if [m.version for m in found] != list(range(1, len(found) + 1)):
        raise ValueError(
            f"migrations must be numbered 1..n without gaps: {[m.name for m in found]}"
        )
    return tuple(found)


def latest_version() -> int:
    """The schema this version of Grimoire writes."""
    return migrations()[-1].version


def inspect(path: Path, *, check_integrity: bool = True) -> int:
    """The schema version of the file at ``path`` (0 when it is missing or empty).

    Opens the file read-only, so a file that turns out to be unusable is never modified.
    Raises a :class:`~storage.errors.DatabaseUnusable` subclass naming the file: not a
    database, another application's, too new, damaged (SQLite's quick check, within
    :data:`storage.health.QUICK_CHECK_SECONDS`; skipped with ``check_integrity=False``), or
    read-only (the file, or the folder SQLite creates its own files in).
    """
    if path.is_dir():
        raise NotADatabase(path, "it is a folder, not a file.")
    if not path.exists() or path.stat().st_size == 0:
        health.refuse_read_only(path)
        return 0
    try:
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as error:
        raise DatabaseUnusable(
            path,
            f"it cannot be read ({error.strerror}). Fix its permissions, or point DATABASE_URL "
            "elsewhere.",
        ) from None
    if header != SQLITE_HEADER:
        raise NotADatabase(path, "it is not an SQLite database.")
    try:
        with closing(sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True)) as connection:
            application_id = connection.execute("PRAGMA application_id").fetchone()[0]
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            tables = connection.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
            _refuse_strangers(path, application_id, version, tables)
            if check_integrity:
                health.quick_check(connection, path)
    except sqlite3.DatabaseError as error:
        # Reading also needs a writable folder (a WAL file's readers share its -shm file):
        # a healthy file in a read-only folder fails here, and must be named as read-only.
        health.refuse_read_only(path)
        raise NotADatabase(path, f"SQLite cannot read it ({error}).") from None
    health.refuse_read_only(path)
    return int(version)


def _refuse_strangers(path: Path, application_id: int, version: int, tables: int) -> None:
    """Raise when the file is another application's database, or a newer Grimoire's."""
    if application_id not in (0, APPLICATION_ID) or (application_id == 0 and tables):
        raise ForeignDatabase(path, "it is another application's SQLite database.")
    if version > latest_version():
        raise SchemaTooNew(path, too_new(version))


def too_new(version: int) -> str:
    """Why a database of schema ``version``, newer than this code, is refused (both backends
    say it the same way)."""
    return (
        f"it was written by a newer version of Grimoire (schema {version}; this version "
        f"knows schemas up to {latest_version()}). Upgrade Grimoire to open it."
    )


async def migrate(connection: aiosqlite.Connection, path: Path) -> list[int]:
    """Apply every pending migration in one transaction; returns the versions applied.

    Safe when several processes start at once: the write lock is taken first and the
    version re-read under it, so each migration runs exactly once.
    """
    await _run(connection, "BEGIN IMMEDIATE")
    try:
        async with connection.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        current = int(row[0]) if row else 0
        if current > latest_version():
            raise SchemaTooNew(
                path, f"it was written by a newer version of Grimoire (schema {current})."
            )
        applied = []
        for migration in migrations()[current:]:
            for statement in migration.statements():
                await _run(connection, statement)
            applied.append(migration.version)
        if applied:
            await _run(connection, f"PRAGMA user_version = {applied[-1]}")
            await _run(connection, f"PRAGMA application_id = {APPLICATION_ID}")
        await _run(connection, "COMMIT")
    except BaseException:
        await _run(connection, "ROLLBACK")
        raise
    return applied


async def _run(connection: aiosqlite.Connection, sql: str) -> None:
    """Execute one statement and close its cursor at once: a cursor left open (kept alive by
    whoever holds the awaited result) keeps its statement running and blocks COMMIT."""
    async with connection.execute(sql):
        pass
