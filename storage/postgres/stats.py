"""Profiles and server statistics in PostgreSQL (the queries are shared:
``storage.stats_sql``)."""

from __future__ import annotations

from storage.postgres.database import Database
from storage.stats_sql import Dialect, SqlStats


class PostgresStats(SqlStats):
    """:class:`~storage.contract.stats.Stats` on one PostgreSQL database."""

    def __init__(self, database: Database) -> None:
        super().__init__(database, Dialect("postgres"), database.clock)
