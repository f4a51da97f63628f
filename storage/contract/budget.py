"""The bot's shared budget of Discord requests: one token bucket for every process on the
database, from which each process leases a few tokens at a time."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BudgetGrant:
    """What one lease got: ``granted`` tokens (0 to the number asked for), and ``wait``, the
    seconds until the bucket would hold the rest of what was asked for (0 when all was
    granted)."""

    granted: int
    wait: float


class RequestBudget(ABC):
    """One token bucket, shared by every store on the database (as by every process): it
    holds at most ``burst`` tokens and gains ``rate`` a second. Tokens taken are gone for
    every process, so all of them together never take more than ``burst`` plus ``rate``
    times the time since the bucket was first used."""

    @abstractmethod
    async def lease(self, wanted: int, *, rate: float, burst: int) -> BudgetGrant:
        """Take up to ``wanted`` tokens at once, in one atomic step: the bucket is refilled
        for the time since its last refill, by the database's clock (SQLite's: the store's
        clock, as SQLite serves one process), and gives what it holds, up to ``wanted``. A
        bucket never used before starts full."""
