"""Copying every table of one Grimoire database into another, empty one: SQLite to
PostgreSQL when a deployment outgrows one machine, and back.

Both databases are opened as start-up would (so both are at this version's schema); the
source is read in one snapshot and the destination written in one transaction, ids
included, so a failure leaves the destination empty. PostgreSQL's id sequences are moved
past the copied ids, so new games and deliveries continue the numbering.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from storage.errors import DatabaseUnusable
from storage.postgres.store import PostgresStore
from storage.sqlite.database import fetch_all
from storage.sqlite.store import SqliteStore

AnyStore = SqliteStore | PostgresStore

#: Every table, parents before the tables that refer to them.
TABLES = (
    "games",
    "seats",
    "actions",
    "outbox",
    "timers",
    "servers",
    "players",
    "undo_requests",
    "tournaments",
    "entrants",
    "tournament_tables",
    "ratings",
    "rated_games",
    "private_views",
    "rating_changes",
    "asks",
    "vacations",
    "results",
    "placings",
)
#: Tables whose ``id`` PostgreSQL numbers from a sequence.
NUMBERED = ("games", "outbox", "timers", "tournaments")
#: Columns that are times (epoch seconds in SQLite, timestamptz in PostgreSQL)…
_TIMES = frozenset({"at", "away_until", "claimed_until"})
#: …and yes-or-no columns (0/1 in SQLite, boolean in PostgreSQL).
_FLAGS = frozenset({"reminders", "digest", "turns", "rated"})


def _is_time(column: str) -> bool:
    return column in _TIMES or column.endswith("_at")


@dataclass(frozen=True, slots=True)
class Copied:
    """How many rows each table brought."""

    rows: dict[str, int]

    @property
    def total(self) -> int:
        """Rows copied in all."""
        return sum(self.rows.values())


async def copy_database(source: AnyStore, destination: AnyStore) -> Copied:
    """Copy every row of ``source`` into ``destination``, which must hold none (a
    :class:`~storage.errors.DatabaseUnusable` naming it otherwise, nothing written)."""
    columns = {
        table: [c for c in await _columns(source, table) if c in await _columns(destination, table)]
        for table in TABLES
    }
    held = {table: await _count(destination, table) for table in TABLES}
    if any(held.values()):
        filled = ", ".join(f"{table} ({n})" for table, n in held.items() if n)
        raise DatabaseUnusable(
            destination.path,
            f"it already holds Grimoire data: {filled}. Copy only into an empty database."
            " Nothing was changed.",
            exists=False,
        )
    rows = await _read(source, columns)
    await _write(destination, columns, rows)
    return Copied({table: len(rows[table]) for table in TABLES})


async def _columns(store: AnyStore, table: str) -> list[str]:
    if isinstance(store, SqliteStore):
        described = await store.database.fetch_all(f"PRAGMA table_info({table})")
        return [str(row["name"]) for row in described]
    found = await store.database.fetch_all(
        "SELECT column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
        (table,),
    )
    return [str(row["column_name"]) for row in found]


async def _count(store: AnyStore, table: str) -> int:
    row = await store.database.fetch_one(f"SELECT count(*) AS n FROM {table}")
    assert row is not None
    return int(row["n"])


async def _read(
    source: AnyStore, columns: dict[str, list[str]]
) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in one snapshot, with times as datetimes and flags as
    booleans whichever database they came from."""
    read: dict[str, list[tuple[Any, ...]]] = {}
    if isinstance(source, SqliteStore):
        async with source.database.snapshot() as db:
            for table, names in columns.items():
                async with db.execute(f"SELECT {', '.join(names)} FROM {table}") as cursor:
                    found = await cursor.fetchall()
                read[table] = [_from_sqlite(names, tuple(row)) for row in found]
    else:
        async with source.database.snapshot() as pg:
            for table, names in columns.items():
                records = await pg.fetch(f"SELECT {', '.join(names)} FROM {table}")
                read[table] = [tuple(record) for record in records]
    return read


async def _write(
    destination: AnyStore,
    columns: dict[str, list[str]],
    rows: dict[str, list[tuple[Any, ...]]],
) -> None:
    """Insert every row in one transaction, ids as they were. The schema's triggers are set
    aside meanwhile (what they write, such as the asks of schema 10, is copied with the rest)
    and are back when the transaction commits."""
    if isinstance(destination, SqliteStore):
        async with destination.database.transaction() as db:
            triggers = await fetch_all(
                db, "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'"
            )
            for trigger in triggers:
                await db.execute(f"DROP TRIGGER {trigger['name']}")
            for table in TABLES:
                names = columns[table]
                marks = ", ".join("?" for _ in names)
                await db.executemany(
                    f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})",
                    [_to_sqlite(names, row) for row in rows[table]],
                )
            for trigger in triggers:
                await db.execute(trigger["sql"])
        return
    async with destination.database.transaction() as pg:
        for table in TABLES:
            await pg.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
        for table in TABLES:
            if rows[table]:
                await pg.copy_records_to_table(table, records=rows[table], columns=columns[table])
        for table in TABLES:
            await pg.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")
        for table in NUMBERED:
            # The next id comes after the highest copied (1 when the table is empty).
            await pg.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                f" coalesce((SELECT max(id) FROM {table}), 0) + 1, false)"
            )


def _from_sqlite(names: Sequence[str], row: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(
        (None if value is None else datetime.fromtimestamp(value, UTC))
        if _is_time(name)
        else (bool(value) if name in _FLAGS else value)
        for name, value in zip(names, row, strict=True)
    )


def _to_sqlite(names: Sequence[str], row: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(
        (None if value is None else value.timestamp())
        if _is_time(name)
        else (int(value) if name in _FLAGS else value)
        for name, value in zip(names, row, strict=True)
    )
