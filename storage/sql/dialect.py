"""How SQLite and PostgreSQL spell the few things the shared SQL must say differently."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True, slots=True)
class Dialect:
    """One backend's spellings: SQLite stores times as epoch seconds, PostgreSQL as
    ``timestamptz``; only PostgreSQL locks rows it reads (SQLite's writer holds the file)."""

    name: str

    @property
    def sqlite(self) -> bool:
        """Whether this is SQLite's spelling."""
        return self.name == "sqlite"

    def time(self, moment: datetime | None) -> Any:
        """A time as the database stores it, for a parameter."""
        if moment is None:
            return None
        return moment.timestamp() if self.sqlite else moment

    def epoch(self, column: str) -> str:
        """A time column as epoch seconds, in a query."""
        return column if self.sqlite else f"EXTRACT(EPOCH FROM {column})::float8"

    @property
    def for_update(self) -> str:
        """What a read adds to lock the rows it reads until the transaction ends."""
        return "" if self.sqlite else " FOR UPDATE"

    def same(self, column: str) -> str:
        """A condition: ``column`` equals the next parameter, ``NULL`` matching ``NULL``."""
        return f"{column} IS ?" if self.sqlite else f"{column} IS NOT DISTINCT FROM ?"

    @property
    def row_arrays(self) -> bool:
        """Whether a query may return a column of whole rows (PostgreSQL's
        ``ARRAY(SELECT s FROM seats s …)``), so that a row comes with its children in one
        statement; without it (SQLite, where a statement costs no round trip) the children
        are read by a second statement in the same transaction."""
        return not self.sqlite

    def json_holds(self, array: str, value: str) -> str:
        """A condition: the JSON array ``array`` (a column) holds the number ``value``."""
        if self.sqlite:
            return f"EXISTS (SELECT 1 FROM json_each({array}) WHERE json_each.value = {value})"
        return f"{array} @> to_jsonb({value})"


SQLITE = Dialect("sqlite")
POSTGRES = Dialect("postgres")
