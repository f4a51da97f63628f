"""Profiles and server statistics in SQLite (the queries are shared: ``storage.profiles_sql``)."""

from __future__ import annotations

from storage.profiles_sql import Dialect, SqlProfiles
from storage.sqlite.database import Database


class SqliteProfiles(SqlProfiles):
    """:class:`~storage.contract.profiles.ProfileStore` on one SQLite database."""

    def __init__(self, database: Database) -> None:
        super().__init__(database, Dialect("sqlite"), database.clock)
