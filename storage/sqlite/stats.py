"""Profiles and server statistics in SQLite (the queries are shared: ``storage.stats_sql``)."""

from __future__ import annotations

from storage.sqlite.database import Database
from storage.stats_sql import Dialect, SqlStats


class SqliteStats(SqlStats):
    """:class:`~storage.contract.stats.Stats` on one SQLite database."""

    def __init__(self, database: Database) -> None:
        super().__init__(database, Dialect("sqlite"), database.clock)
