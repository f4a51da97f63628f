"""How a backend hands work (due timers, queued deliveries) to one worker at a time.

The shared SQL (``storage/sql/timers.py``, ``storage/sql/outbox.py``) says *which* rows are
free; a backend's :class:`Leases` says how they are taken. SQLite has one writer, which holds
the file for the whole transaction, so what it picks nobody else is picking; its timers are
read, not leased, since one process owns them. PostgreSQL serves several processes: rows are
picked ``FOR UPDATE SKIP LOCKED`` (what another process is taking right now is left to it)
and leased to a worker until a time, after which another may take them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from storage.sql.driver import Driver, Row, Session


@dataclass(frozen=True, slots=True)
class Pick:
    """Some rows of ``table`` (called ``o`` in ``where`` and ``order``): those ``where``
    holds of (its parameters ``params``), the first ``limit`` in ``order``."""

    table: str
    where: str
    params: tuple[Any, ...]
    order: str
    limit: int

    def select(self, columns: str = "*", suffix: str = "") -> tuple[str, tuple[Any, ...]]:
        """The ``SELECT`` of these rows' ``columns`` (``suffix`` ends it, e.g. a lock) and
        its parameters."""
        return (
            f"SELECT {columns} FROM {self.table} o WHERE {self.where}"
            f" ORDER BY {self.order} LIMIT ?{suffix}",
            (*self.params, self.limit),
        )

    def also(self, where: str, *params: Any) -> Pick:
        """These rows, of which ``where`` also holds."""
        return Pick(
            self.table, f"{self.where} AND {where}", (*self.params, *params), self.order, self.limit
        )


class Leases(Protocol):
    """One backend's way of handing rows to one worker at a time."""

    @property
    def skip_locked(self) -> str:
        """What a read of rows about to be changed adds, so that rows another transaction
        is changing are left to it rather than waited for ("" where nothing runs beside)."""
        ...

    @property
    def timer_released(self) -> str:
        """The assignments (each after a comma) that end a spent timer's lease, if timers
        carry one."""
        ...

    async def lease(
        self, db: Session, pick: Pick, assign: str, *assign_params: Any
    ) -> Sequence[Row]:
        """Apply ``assign`` (``SET`` assignments, its parameters ``assign_params``) to the
        rows of ``pick`` that are free to take; the rows as changed, in no given order."""
        ...

    async def due_timers(self, driver: Driver, pick: Pick, now: datetime) -> Sequence[Row]:
        """The due timers ``pick`` names that this store may fire now (``now``: the clock's
        time), taken for it where others might take them too; in no given order."""
        ...
