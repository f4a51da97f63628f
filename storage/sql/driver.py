"""What the shared SQL needs of a backend: transactions that run statements, and reads."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from typing import Any, Protocol

from storage.records import Delivery, NewTimer
from storage.sql.dialect import Dialect


class Row(Protocol):
    """A row, read by column name (``sqlite3.Row`` and ``asyncpg.Record`` both are)."""

    def __getitem__(self, key: str, /) -> Any:
        """The value of one column."""
        ...

    def keys(self) -> Any:
        """The columns' names, in order."""
        ...


class Session(Protocol):
    """Statements inside one transaction (parameters written ``?``)."""

    async def execute(self, sql: str, *params: Any) -> int:
        """Run one statement; how many rows it changed."""
        ...

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per row of parameters."""
        ...

    async def fetch_all(self, sql: str, *params: Any) -> Sequence[Row]:
        """Every row of one statement."""
        ...

    async def fetch_one(self, sql: str, *params: Any) -> Row | None:
        """The first row of one statement, if any."""
        ...

    async def fetch_value(self, sql: str, *params: Any) -> Any:
        """The first column of the first row of one statement (``None`` without a row)."""
        ...

    async def insert_timers(
        self, timers: Sequence[NewTimer], game_id: int | None = None, *, replace: bool = True
    ) -> list[int]:
        """Schedule timers; a keyed timer replaces its pending namesake, or, when not
        ``replace``, is skipped while that namesake is pending. Their ids, in order."""
        ...

    async def insert_deliveries(
        self, deliveries: Sequence[Delivery], game_id: int | None = None
    ) -> list[int]:
        """Queue deliveries (each lane's order kept across processes); their ids, in order."""
        ...


class Driver(Protocol):
    """A backend's database as the shared SQL uses it."""

    @property
    def dialect(self) -> Dialect:
        """How this backend spells what differs."""
        ...

    @property
    def clock(self) -> Callable[[], datetime]:
        """The store's clock (tests give one of their own)."""
        ...

    def session(self, *, write: bool = True) -> AbstractAsyncContextManager[Session]:
        """A transaction: committed when the block ends, rolled back if it raises; a
        read-only one (``write=False``) sees one consistent snapshot."""
        ...

    async def read(self, sql: str, *params: Any) -> Sequence[Row]:
        """Every row of one read, in a transaction of its own."""
        ...
