"""A member's data shown and erased, servers the bot left remembered and purged (the one SQL
for both backends)."""

from __future__ import annotations

import json
from datetime import datetime
from decimal import Decimal
from typing import Any

from storage.contract.privacy import MemberData, MemberStillPlaying, Privacy
from storage.sql.driver import Driver, Row, Session
from storage.sql.rows import from_stored

#: The rows of each kind a member is shown (``?``: their id).
MEMBER_QUERIES: dict[str, str] = {
    "preferences": "SELECT * FROM players WHERE user_id = ?",
    "vacations": "SELECT * FROM vacations WHERE user_id = ? ORDER BY starts_at",
    "games": "SELECT g.id AS game_id, g.game_key, g.guild_id, g.status, s.seat, s.joined_at,"
    " s.resigned_at FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ?"
    " ORDER BY g.id",
    "games_hosted": "SELECT id AS game_id, game_key, guild_id, status, created_at FROM games"
    " WHERE host_id = ? ORDER BY id",
    "moves": "SELECT a.game_id, a.seq, a.notation, a.at FROM actions a JOIN seats s"
    " ON s.game_id = a.game_id AND s.seat = a.seat WHERE s.user_id = ?"
    " ORDER BY a.game_id, a.seq",
    "results": "SELECT * FROM placings WHERE user_id = ? ORDER BY game_id",
    "ratings": "SELECT * FROM ratings WHERE user_id = ? ORDER BY guild_id, game_key",
    "rating_changes": "SELECT * FROM rating_changes WHERE user_id = ? ORDER BY game_id",
    "tournaments": "SELECT * FROM entrants WHERE user_id = ? ORDER BY tournament_id",
    "tournaments_organised": "SELECT id AS tournament_id, guild_id, game_key, status,"
    " created_at FROM tournaments WHERE organiser_id = ? ORDER BY id",
    "private_messages": "SELECT game_id, channel_id, message_id FROM private_views"
    " WHERE user_id = ? ORDER BY game_id",
}

#: Tables whose rows are the member's alone, deleted when they are erased.
THEIRS_ALONE = ("players", "vacations", "ratings", "rating_changes", "private_views")
#: Columns naming a member where a placeholder takes their place when they are erased.
PLACEHOLDER_COLUMNS = (
    ("seats", "user_id"),
    ("games", "host_id"),
    ("placings", "user_id"),
    ("entrants", "user_id"),
    ("tournaments", "organiser_id"),
    ("tournaments", "champion_id"),
)
#: Text and JSON columns that may mention a member (a mention, a list of players), with
#: their PostgreSQL type: the member's id is replaced by the placeholder in them.
TEXT_COLUMNS = (
    ("games", "options", "jsonb"),
    ("games", "settings", "jsonb"),
    ("games", "state", "json"),
    ("games", "outcome", "json"),
    ("games", "board_post", "text"),
    ("undo_requests", "approvals", "jsonb"),
    ("undo_messages", "content", "text"),
    ("undo_messages", "settled", "text"),
    ("private_views", "shown", "text"),
    ("tournaments", "settings", "jsonb"),
    ("tournament_tables", "players", "jsonb"),
    ("game_snapshots", "data", "text"),
    ("servers", "settings", "jsonb"),
    ("players", "choices", "jsonb"),
)
#: The tables hanging on a game, emptied of a purged server's games before the games go.
GAME_CHILDREN = (
    "actions",
    "seats",
    "outbox",
    "timers",
    "undo_requests",
    "undo_messages",
    "rated_games",
    "private_views",
    "rating_changes",
    "asks",
    "results",
    "placings",
    "game_snapshots",
    "tournament_tables",
)
#: The tables that name a server, emptied of a purged one.
GUILD_TABLES = ("ratings", "results", "placings", "servers", "departed_guilds")


class SqlPrivacy(Privacy):
    """:class:`~storage.contract.privacy.Privacy` on either backend."""

    def __init__(self, driver: Driver) -> None:
        self._db = driver
        self._d = driver.dialect

    def _text(self, column: str) -> str:
        return column if self._d.sqlite else f"{column}::text"

    # A member is found in text by their id's digits: a Discord id has 17 digits or more,
    # so it is no part of another number short of being a longer id holding it, which
    # Discord's ids, all of nearly one length and made of a time, do not.
    def _pending(self) -> str:
        """The timers and deliveries waiting for a member (``?``: their id, then the
        pattern of their id in text, twice)."""
        return (
            "SELECT 'delivery' AS kind, id, kind AS what, created_at AS at FROM outbox"
            " WHERE done_at IS NULL AND failed_at IS NULL"
            f" AND (target_id = ? OR {self._text('payload')} LIKE ?)"
            " UNION ALL SELECT 'timer' AS kind, id, kind AS what, due_at AS at FROM timers"
            f" WHERE fired_at IS NULL AND (key LIKE ? OR {self._text('payload')} LIKE ?)"
        )

    async def member_data(self, user_id: int) -> MemberData:
        async with self._db.session(write=False) as db:
            return await self._member_data(db, user_id)

    async def _member_data(self, db: Session, user_id: int) -> MemberData:
        rows = {
            kind: [_plain(row) for row in await db.fetch_all(sql, user_id)]
            for kind, sql in MEMBER_QUERIES.items()
        }
        pattern = f"%{user_id}%"
        pending = await db.fetch_all(self._pending(), user_id, pattern, pattern, pattern)
        rows["pending_notices"] = [_plain(row) for row in pending]
        return MemberData(user_id, rows)

    async def erase_member(self, user_id: int, *, placeholder: int) -> MemberData:
        if placeholder >= 0:
            raise ValueError("The placeholder of an erased member must be negative.")
        async with self._db.session() as db:
            await self._check_not_playing(db, user_id)
            held = await self._member_data(db, user_id)
            for table in THEIRS_ALONE:
                await db.execute(f"DELETE FROM {table} WHERE user_id = ?", user_id)
            pattern = f"%{user_id}%"
            await db.execute(
                f"DELETE FROM outbox WHERE target_id = ? OR {self._text('payload')} LIKE ?",
                user_id,
                pattern,
            )
            await db.execute(
                f"DELETE FROM timers WHERE key LIKE ? OR {self._text('payload')} LIKE ?",
                pattern,
                pattern,
            )
            for table, column in PLACEHOLDER_COLUMNS:
                await db.execute(
                    f"UPDATE {table} SET {column} = ? WHERE {column} = ?", placeholder, user_id
                )
            for table, column, kind in TEXT_COLUMNS:
                replaced = f"replace({self._text(column)}, ?, ?)"
                if not self._d.sqlite and kind != "text":
                    replaced = f"{replaced}::{kind}"
                await db.execute(
                    f"UPDATE {table} SET {column} = {replaced} WHERE {self._text(column)} LIKE ?",
                    str(user_id),
                    str(placeholder),
                    pattern,
                )
            return held

    async def _check_not_playing(self, db: Session, user_id: int) -> None:
        games = await db.fetch_all(
            "SELECT DISTINCT g.id FROM games g LEFT JOIN seats s ON s.game_id = g.id"
            " WHERE g.status IN ('lobby', 'active') AND (s.user_id = ?"
            " OR (g.status = 'lobby' AND g.host_id = ?)) ORDER BY g.id",
            user_id,
            user_id,
        )
        tournaments = await db.fetch_all(
            "SELECT DISTINCT t.id FROM tournaments t LEFT JOIN entrants e"
            " ON e.tournament_id = t.id AND e.user_id = ? AND e.dropped_at IS NULL"
            " WHERE t.status IN ('signup', 'running')"
            " AND (e.user_id IS NOT NULL OR t.organiser_id = ?) ORDER BY t.id",
            user_id,
            user_id,
        )
        if games or tournaments:
            raise MemberStillPlaying(
                [int(row["id"]) for row in games], [int(row["id"]) for row in tournaments]
            )

    async def guild_left(self, guild_id: int) -> None:
        async with self._db.session() as db:
            await db.execute(
                "INSERT INTO departed_guilds (guild_id, left_at) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO NOTHING",
                guild_id,
                self._d.time(self._db.clock()),
            )

    async def guild_back(self, guild_id: int) -> bool:
        async with self._db.session() as db:
            return await db.execute("DELETE FROM departed_guilds WHERE guild_id = ?", guild_id) > 0

    async def guilds_left_before(self, moment: datetime) -> list[int]:
        found = await self._db.read(
            "SELECT guild_id FROM departed_guilds WHERE left_at < ? ORDER BY guild_id",
            self._d.time(moment),
        )
        return [int(row["guild_id"]) for row in found]

    async def purge_guild(self, guild_id: int) -> dict[str, int]:
        removed: dict[str, int] = {}

        def count(table: str, rows: int) -> None:
            if rows:
                removed[table] = removed.get(table, 0) + rows

        async with self._db.session() as db:
            games = "SELECT id FROM games WHERE guild_id = ?"
            tournaments = await db.fetch_all(
                "SELECT id FROM tournaments WHERE guild_id = ?", guild_id
            )
            for table in GAME_CHILDREN:
                count(
                    table,
                    await db.execute(f"DELETE FROM {table} WHERE game_id IN ({games})", guild_id),
                )
            for row in tournaments:
                tournament_id = int(row["id"])
                for table in ("tournament_tables", "entrants"):
                    count(
                        table,
                        await db.execute(
                            f"DELETE FROM {table} WHERE tournament_id = ?", tournament_id
                        ),
                    )
                count(
                    "timers",
                    await db.execute(
                        "DELETE FROM timers WHERE key = ?", f"tournament-start:{tournament_id}"
                    ),
                )
            count("games", await db.execute("DELETE FROM games WHERE guild_id = ?", guild_id))
            count(
                "tournaments",
                await db.execute("DELETE FROM tournaments WHERE guild_id = ?", guild_id),
            )
            for table in GUILD_TABLES:
                count(table, await db.execute(f"DELETE FROM {table} WHERE guild_id = ?", guild_id))
        return removed


def _plain(row: Row) -> dict[str, Any]:
    """A row as plain values for JSON: times as ISO 8601 in UTC, JSON columns parsed."""
    plain: dict[str, Any] = {}
    for key in row.keys():  # noqa: SIM118 (a sqlite3.Row iterates its values)
        value = row[key]
        if key.endswith(("_at", "_until")) or key in ("at", "starts_at", "ends_at"):
            moment = from_stored(value)
            value = moment.isoformat() if moment is not None else None
        elif isinstance(value, datetime):
            value = value.isoformat()
        elif isinstance(value, Decimal):
            value = float(value)
        elif isinstance(value, str) and key in ("choices", "settings", "players"):
            value = _json_or_text(value)
        plain[key] = value
    return plain


def _json_or_text(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text
