"""PostgreSQL's numbered migrations, applied once however many processes start together.

They live in ``migrations/postgres/V<number>__<name>.sql``, numbered as SQLite's are: the
schema version is one number on both backends. Every pending one is applied in a single
transaction holding an advisory lock, so two processes starting at once migrate once and a
failure leaves the previous schema intact. The version is kept in ``grimoire_schema``, whose
presence also marks the database as Grimoire's.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from storage.errors import DatabaseUnusable, ForeignDatabase, SchemaTooNew
from storage.migrate import APPLICATION_ID, Migration, latest_version, too_new
from storage.postgres.connection import Connection

MIGRATIONS = Path(__file__).parent.parent / "migrations" / "postgres"
#: The table recording the schema version: one row.
SCHEMA_TABLE = "grimoire_schema"
_NAME = re.compile(r"V(\d+)__(\w+)\.sql")
_LEFT_ALONE = " Nothing was changed."


@cache
def migrations() -> tuple[Migration, ...]:
    """Every PostgreSQL migration, in order; numbered 1..n like SQLite's, and as many."""
    found = []
    for path in MIGRATIONS.glob("*.sql"):
        match = _NAME.fullmatch(path.name)
        if match is None:
            raise ValueError(f"migration file {path.name} is not named V<number>__<name>.sql")
        found.append(Migration(int(match[1]), path.stem, path.read_text()))
    found.sort(key=lambda m: m.version)
    if [m.version for m in found] != list(range(1, latest_version() + 1)):
        raise ValueError(
            f"PostgreSQL migrations must be numbered 1..{latest_version()} like SQLite's: "
            f"{[m.name for m in found]}"
        )
    return tuple(found)


async def schema_version(connection: Connection, url: str) -> int:
    """The database's schema version (0 when it is empty); ``ForeignDatabase`` when it holds
    another application's tables."""
    ours = await connection.fetchval("SELECT to_regclass($1) IS NOT NULL", SCHEMA_TABLE)
    if ours:
        version = await connection.fetchval(f"SELECT max(version) FROM {SCHEMA_TABLE}")
        return int(version or 0)
    tables = await connection.fetchval(
        "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema()"
    )
    if tables:
        raise ForeignDatabase(
            url,
            f"it holds another application's tables ({tables} of them, and no "
            f"{SCHEMA_TABLE}). Point DATABASE_URL at an empty database." + _LEFT_ALONE,
            exists=False,
        )
    return 0


async def migrate(connection: Connection, url: str, *, apply: bool = True) -> list[int]:
    """Apply every pending migration in one transaction; returns the versions applied.

    The transaction first takes an advisory lock and reads the version under it, so when
    several processes start at once the first migrates and the others find it done. With
    ``apply=False`` nothing is written: a database behind this code is refused instead.
    """
    async with connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock($1)", APPLICATION_ID)
        current = await schema_version(connection, url)
        if current > latest_version():
            raise SchemaTooNew(url, too_new(current) + _LEFT_ALONE, exists=False)
        pending = migrations()[current:]
        if current == 0 and not apply:
            raise DatabaseUnusable(
                url, "it holds no Grimoire games yet." + _LEFT_ALONE, exists=False
            )
        if pending and not apply:
            raise DatabaseUnusable(
                url,
                f"its schema ({current}) is older than this version's ({latest_version()}); "
                "start Grimoire once to migrate it." + _LEFT_ALONE,
                exists=False,
            )
        for migration in pending:
            await connection.execute(migration.sql)
        if pending:
            await connection.execute(
                f"CREATE TABLE IF NOT EXISTS {SCHEMA_TABLE} (version integer NOT NULL)"
            )
            await connection.execute(f"DELETE FROM {SCHEMA_TABLE}")
            await connection.execute(
                f"INSERT INTO {SCHEMA_TABLE} (version) VALUES ($1)", pending[-1].version
            )
    return [m.version for m in pending]
