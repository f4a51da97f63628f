"""The shared budget of Discord requests (the one SQL for both backends): one row, refilled
and drawn from in one atomic ``INSERT … ON CONFLICT DO UPDATE … RETURNING``."""

from __future__ import annotations

from typing import Any

from storage.contract.budget import BudgetGrant, RequestBudget
from storage.sql.driver import Driver

#: The bucket's row: one for the bot's token, whichever process leases from it.
BUCKET = "discord"


class SqlRequestBudget(RequestBudget):
    """:class:`~storage.contract.budget.RequestBudget` on either backend. PostgreSQL reads
    the time from its own clock, so that processes whose clocks disagree still share one
    bucket fairly; SQLite, one process, from the store's clock (which tests control)."""

    def __init__(self, driver: Driver) -> None:
        self._db = driver
        self._d = driver.dialect

    async def lease(self, wanted: int, *, rate: float, burst: int) -> BudgetGrant:
        if wanted < 1 or rate <= 0 or burst < 1:
            raise ValueError("a lease asks for at least one token of a bucket that fills")
        sql, params = self._statement(wanted, rate=rate, burst=burst)
        async with self._db.session() as db:
            row = await db.fetch_one(sql, *params)
        assert row is not None  # an upsert with RETURNING always returns its row
        granted, left = int(row["granted"]), float(row["tokens"])
        return BudgetGrant(granted, max(0.0, (wanted - granted - left) / rate))

    def _statement(self, wanted: int, *, rate: float, burst: int) -> tuple[str, list[Any]]:
        """The upsert and its parameters. Every expression in ``SET`` reads the row as it
        was, so the level is spelt out where it is used, with its parameters again."""
        sqlite = self._d.sqlite
        least, greatest = ("MIN", "MAX") if sqlite else ("LEAST", "GREATEST")
        now_sql = "?" if sqlite else "EXTRACT(EPOCH FROM clock_timestamp())::float8"
        now: list[Any] = [self._db.clock().timestamp()] if sqlite else []
        level = (
            f"{least}(?, request_budget.tokens"
            f" + ? * {greatest}(0.0, {now_sql} - request_budget.refilled_at))"
        )
        level_params: list[Any] = [float(burst), float(rate), *now]
        # A level is never negative, so SQLite's cast (which truncates) is a floor.
        whole = f"CAST({level} AS INTEGER)" if sqlite else f"floor({level})"
        grant = f"{least}(?, {whole})"
        grant_params: list[Any] = [wanted, *level_params]
        first = min(wanted, burst)  # a new bucket is full
        sql = (
            "INSERT INTO request_budget (name, tokens, refilled_at, granted)"
            f" VALUES (?, ?, {now_sql}, ?)"
            " ON CONFLICT (name) DO UPDATE SET"
            f" tokens = {level} - {grant}, granted = {grant},"
            f" refilled_at = {greatest}(request_budget.refilled_at, {now_sql})"
            " RETURNING tokens, granted"
        )
        params: list[Any] = [BUCKET, float(burst - first), *now, first]
        params += [*level_params, *grant_params, *grant_params, *now]
        return sql, params
