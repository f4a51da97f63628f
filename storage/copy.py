"""Copying every table of one Grimoire database into another, empty one: SQLite to
PostgreSQL when a deployment outgrows one machine, and back.

Both databases are opened as start-up would (so both are at this version's schema); the
source is read in one snapshot and the destination written in one transaction, ids
included, so a failure leaves the destination empty. PostgreSQL's id sequences are moved
past the copied ids, so new games and deliveries continue the numbering.

What there is to copy is read from the databases' own catalogues, not listed here: their
tables and columns, the foreign keys that say which tables to fill first, and, from
PostgreSQL's column types, which values are times (epoch seconds in SQLite, ``timestamptz``
in PostgreSQL) and which are yes-or-no (0/1 in SQLite, ``boolean`` in PostgreSQL). A table or
column added by a migration is copied with no change here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from storage.errors import DatabaseUnusable
from storage.postgres.migrate import SCHEMA_TABLE
from storage.postgres.store import PostgresStore
from storage.sql.driver import Row
from storage.sqlite.database import fetch_all
from storage.sqlite.store import SqliteStore

AnyStore = SqliteStore | PostgresStore
#: One row's values, in its table's copied columns' order.
Values = tuple[Any, ...]

#: PostgreSQL's names (``information_schema.columns.data_type``) of the types SQLite stores
#: otherwise.
_TIME = "timestamp with time zone"
_FLAG = "boolean"


@dataclass(frozen=True, slots=True)
class Table:
    """One table, as its database's catalogue describes it."""

    #: Its columns, in their order.
    columns: tuple[str, ...]
    #: The tables its foreign keys refer to (itself left out).
    parents: frozenset[str] = frozenset()
    #: The columns a sequence numbers (PostgreSQL's; SQLite numbers ``INTEGER PRIMARY KEY``
    #: columns past the highest id by itself).
    numbered: tuple[str, ...] = ()
    #: Each column's type, as PostgreSQL names it; ``None`` for SQLite, whose declared
    #: types do not tell a time from a number.
    types: Mapping[str, str] | None = None


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
    read_from = await schema(source)
    written_to = await schema(destination)
    tables = fill_order({name: written_to[name] for name in written_to if name in read_from})
    columns = {
        table: [c for c in read_from[table].columns if c in written_to[table].columns]
        for table in tables
    }
    held = {table: await _count(destination, table) for table in tables}
    if any(held.values()):
        filled = ", ".join(f"{table} ({n})" for table, n in held.items() if n)
        raise DatabaseUnusable(
            destination.path,
            f"it already holds Grimoire data: {filled}. Copy only into an empty database."
            " Nothing was changed.",
            exists=False,
        )
    converters = _converters(source, destination, read_from, written_to, columns)
    rows = await _read(source, columns, converters)
    await _write(destination, columns, rows, written_to)
    return Copied({table: len(rows[table]) for table in tables})


async def schema(store: AnyStore) -> dict[str, Table]:
    """Every table of ``store``'s database that holds Grimoire's data (not the catalogue's
    own, nor the schema's version)."""
    described: Sequence[Row]
    keys: Sequence[Row]
    if isinstance(store, SqliteStore):
        described = await store.database.read(
            "SELECT m.name AS table_name, c.name AS column_name"
            " FROM sqlite_schema m, pragma_table_info(m.name) c"
            " WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, c.cid"
        )
        keys = await store.database.read(
            'SELECT m.name AS child, k."table" AS parent'
            " FROM sqlite_schema m, pragma_foreign_key_list(m.name) k WHERE m.type = 'table'"
        )
        types: dict[str, dict[str, str]] | None = None
        numbered: dict[str, list[str]] = {}
    else:
        described = await store.database.read(
            "SELECT c.table_name, c.column_name, c.data_type,"
            " c.is_identity = 'YES' OR coalesce(c.column_default LIKE 'nextval(%', false)"
            " AS numbered"
            " FROM information_schema.columns c JOIN information_schema.tables t"
            " ON t.table_schema = c.table_schema AND t.table_name = c.table_name"
            " WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'"
            " AND c.table_name <> ? ORDER BY c.table_name, c.ordinal_position",
            SCHEMA_TABLE,
        )
        keys = await store.database.read(
            "SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint k"
            " JOIN pg_class child ON child.oid = k.conrelid"
            " JOIN pg_class parent ON parent.oid = k.confrelid"
            " WHERE k.contype = 'f' AND child.relnamespace ="
            " (SELECT oid FROM pg_namespace WHERE nspname = current_schema())"
        )
        types = {}
        numbered = {}
        for column in described:
            table, name = str(column["table_name"]), str(column["column_name"])
            types.setdefault(table, {})[name] = str(column["data_type"])
            if column["numbered"]:
                numbered.setdefault(table, []).append(name)
    columns: dict[str, list[str]] = {}
    for row in described:
        columns.setdefault(str(row["table_name"]), []).append(str(row["column_name"]))
    parents: dict[str, set[str]] = {}
    for row in keys:
        if row["parent"] != row["child"]:
            parents.setdefault(str(row["child"]), set()).add(str(row["parent"]))
    return {
        name: Table(
            tuple(names),
            frozenset(parents.get(name, ())),
            tuple(numbered.get(name, ())),
            None if types is None else types[name],
        )
        for name, names in columns.items()
    }


def fill_order(tables: Mapping[str, Table]) -> list[str]:
    """The tables' names, each after the tables its foreign keys refer to (among those
    given): first those that refer to none, then those that refer only to them, and so on,
    each step's in alphabetical order."""
    left = {name: {p for p in table.parents if p in tables} for name, table in tables.items()}
    order: list[str] = []
    while left:
        ready = sorted(name for name, parents in left.items() if not parents)
        if not ready:
            raise ValueError(f"The foreign keys of {', '.join(sorted(left))} go in a circle.")
        order += ready
        for name in ready:
            del left[name]
        for parents in left.values():
            parents.difference_update(ready)
    return order


async def _count(store: AnyStore, table: str) -> int:
    (row,) = await store.database.read(f"SELECT count(*) AS n FROM {table}")
    return int(row["n"])


Convert = Callable[[Values], Values]


def _converters(
    source: AnyStore,
    destination: AnyStore,
    read_from: Mapping[str, Table],
    written_to: Mapping[str, Table],
    columns: Mapping[str, Sequence[str]],
) -> dict[str, Convert]:
    """Per table, what turns a row as read into a row as written: times and yes-or-no
    values, where one database is SQLite and the other PostgreSQL (whose column types say
    which they are)."""
    into_postgres = isinstance(source, SqliteStore)
    if into_postgres == isinstance(destination, SqliteStore):
        return {}  # both SQLite, or both PostgreSQL: nothing to convert
    postgres = written_to if into_postgres else read_from
    converters: dict[str, Convert] = {}
    for table, names in columns.items():
        types = postgres[table].types
        assert types is not None  # PostgreSQL's catalogue says them
        each = [_convert(types[name], into_postgres=into_postgres) for name in names]
        if any(each):
            converters[table] = _row_converter(each)
    return converters


def _convert(data_type: str, *, into_postgres: bool) -> Callable[[Any], Any] | None:
    """What turns one value of a PostgreSQL column of ``data_type``, as one database keeps
    it, into what the other keeps; ``None`` when both keep it alike."""
    if data_type == _TIME:
        if into_postgres:
            return lambda epoch: datetime.fromtimestamp(epoch, UTC)
        return lambda moment: moment.timestamp()
    if data_type == _FLAG:
        return bool if into_postgres else int
    return None


def _row_converter(each: Sequence[Callable[[Any], Any] | None]) -> Convert:
    def convert(row: Values) -> Values:
        return tuple(
            value if how is None or value is None else how(value)
            for how, value in zip(each, row, strict=True)
        )

    return convert


async def _read(
    source: AnyStore, columns: Mapping[str, Sequence[str]], converters: Mapping[str, Convert]
) -> dict[str, list[Values]]:
    """Every row of every table, in one snapshot, as the destination keeps them."""
    read: dict[str, list[Values]] = {}
    async with source.database.session(write=False) as db:
        for table, names in columns.items():
            found = await db.fetch_all(f"SELECT {', '.join(names)} FROM {table}")
            values = [tuple(row[name] for name in names) for row in found]
            convert = converters.get(table)
            read[table] = values if convert is None else [convert(row) for row in values]
    return read


async def _write(
    destination: AnyStore,
    columns: Mapping[str, Sequence[str]],
    rows: Mapping[str, list[Values]],
    tables: Mapping[str, Table],
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
            for table, names in columns.items():
                marks = ", ".join("?" for _ in names)
                await db.executemany(
                    f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})", rows[table]
                )
            for trigger in triggers:
                await db.execute(trigger["sql"])
        return
    async with destination.database.transaction() as pg:
        for table in columns:
            await pg.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
        for table, names in columns.items():
            if rows[table]:
                await pg.copy_records_to_table(table, records=rows[table], columns=list(names))
        for table in columns:
            await pg.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")
        for table in columns:
            for column in tables[table].numbered:
                # The next id comes after the highest copied (1 when the table is empty).
                await pg.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                    f" coalesce((SELECT max({column}) FROM {table}), 0) + 1, false)"
                )
