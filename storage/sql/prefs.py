"""Servers' defaults and players' choices (the one SQL for both backends)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from storage.contract.prefs import Preferences
from storage.records import NewTimer, Player, merged
from storage.sql import rows
from storage.sql.driver import Driver, Session


class SqlPreferences(Preferences):
    """:class:`~storage.contract.prefs.Preferences` on either backend."""

    def __init__(self, driver: Driver) -> None:
        self._db = driver
        self._d = driver.dialect

    async def server(self, guild_id: int) -> Mapping[str, Any]:
        found = await self._db.read("SELECT settings FROM servers WHERE guild_id = ?", guild_id)
        return dict(json.loads(found[0]["settings"])) if found else {}

    async def set_server(self, guild_id: int, changes: Mapping[str, Any]) -> Mapping[str, Any]:
        async with self._db.session() as db:
            settings, now = await self._locked_server(db, guild_id)
            settings = merged(settings, changes)
            await self._write_server(db, guild_id, settings, now)
            return settings

    async def server_setting_once(self, guild_id: int, name: str, value: Any) -> Any:
        async with self._db.session() as db:
            settings, now = await self._locked_server(db, guild_id)
            if settings.get(name) is not None:
                return settings[name]
            settings[name] = value
            await self._write_server(db, guild_id, settings, now)
            return value

    async def _locked_server(self, db: Session, guild_id: int) -> tuple[dict[str, Any], Any]:
        """A server's settings, its row made first and locked so that two processes' changes
        merge rather than overwrite; with the time to write them at."""
        now = self._d.time(self._db.clock())
        await db.execute(
            "INSERT INTO servers (guild_id, updated_at) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO NOTHING",
            guild_id,
            now,
        )
        found = await db.fetch_value(
            f"SELECT settings FROM servers WHERE guild_id = ?{self._d.for_update}", guild_id
        )
        return dict(json.loads(found)), now

    async def _write_server(
        self, db: Session, guild_id: int, settings: Mapping[str, Any], now: Any
    ) -> None:
        await db.execute(
            "UPDATE servers SET settings = ?, updated_at = ? WHERE guild_id = ?",
            json.dumps(settings),
            now,
            guild_id,
        )

    async def player(self, user_id: int) -> Player:
        found = await self._db.read("SELECT * FROM players WHERE user_id = ?", user_id)
        return rows.player(found[0]) if found else Player(user_id)

    async def set_notifications(
        self,
        user_id: int,
        *,
        reminders: bool | None = None,
        digest: bool | None = None,
        turns: bool | None = None,
    ) -> Player:
        return await self._update(
            user_id, {"reminders": reminders, "digest": digest, "turns": turns}
        )

    async def set_away(self, user_id: int, until: datetime | None) -> Player:
        return await self._update(user_id, {"away_until": self._d.time(until)}, keep_none=True)

    async def set_choices(
        self, user_id: int, changes: Mapping[str, Any], *, timers: Sequence[NewTimer] = ()
    ) -> Player:
        async with self._db.session() as db:
            await self._make_row(db, user_id)
            found = await db.fetch_value(
                f"SELECT choices FROM players WHERE user_id = ?{self._d.for_update}", user_id
            )
            choices = merged(json.loads(found), changes)
            await db.execute(
                "UPDATE players SET choices = ?, updated_at = ? WHERE user_id = ?",
                json.dumps(choices),
                self._d.time(self._db.clock()),
                user_id,
            )
            await db.insert_timers(timers)
            return await _player_row(db, user_id)

    async def bot_value(self, name: str) -> str | None:
        found = await self._db.read("SELECT value FROM bot_values WHERE name = ?", name)
        return str(found[0]["value"]) if found else None

    async def set_bot_value(self, name: str, value: str) -> None:
        async with self._db.session() as db:
            await db.execute(
                "INSERT INTO bot_values (name, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (name) DO UPDATE SET value = excluded.value,"
                " updated_at = excluded.updated_at",
                name,
                value,
                self._d.time(self._db.clock()),
            )

    async def bot_value_once(self, name: str, value: str) -> str:
        async with self._db.session() as db:
            await db.execute(
                "INSERT INTO bot_values (name, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (name) DO NOTHING",
                name,
                value,
                self._d.time(self._db.clock()),
            )
            return str(await db.fetch_value("SELECT value FROM bot_values WHERE name = ?", name))

    async def _update(
        self, user_id: int, changes: Mapping[str, Any], *, keep_none: bool = False
    ) -> Player:
        chosen = {k: v for k, v in changes.items() if keep_none or v is not None}
        async with self._db.session() as db:
            await self._make_row(db, user_id)
            if chosen:
                # The columns are the caller's fixed names, never a member's text.
                assignments = ", ".join(f"{column} = ?" for column in chosen)
                await db.execute(
                    f"UPDATE players SET {assignments}, updated_at = ? WHERE user_id = ?",
                    *chosen.values(),
                    self._d.time(self._db.clock()),
                    user_id,
                )
            return await _player_row(db, user_id)

    async def _make_row(self, db: Session, user_id: int) -> None:
        """Make the player's row if it is not there yet, so that two processes' changes
        merge rather than overwrite."""
        await db.execute(
            "INSERT INTO players (user_id, updated_at) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO NOTHING",
            user_id,
            self._d.time(self._db.clock()),
        )


async def _player_row(db: Session, user_id: int) -> Player:
    """The player's row, made before in the same transaction."""
    row = await db.fetch_one("SELECT * FROM players WHERE user_id = ?", user_id)
    assert row is not None  # made in this transaction
    return rows.player(row)
