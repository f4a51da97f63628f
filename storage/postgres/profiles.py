"""Profiles and server statistics in PostgreSQL (the queries are shared:
``storage.profiles_sql``)."""

from __future__ import annotations

from storage.postgres.database import Database
from storage.profiles_sql import Dialect, SqlProfiles


class PostgresProfiles(SqlProfiles):
    """:class:`~storage.contract.profiles.ProfileStore` on one PostgreSQL database."""

    def __init__(self, database: Database) -> None:
        super().__init__(database, Dialect("postgres"), database.clock)
