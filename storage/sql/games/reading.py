"""The reading part of the games store: one game, the games of a channel, a server or a
player, and a game's action log; and what the other parts (and tournaments) use inside
their transactions: :func:`load_game`, :func:`select_games` and the shared checks."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol, TypeVar

from storage.contract.games import GameStore
from storage.errors import GameNotActive, GameNotFound, VersionConflict
from storage.records import OPEN_STATUSES, Action, Game, GameStatus, Seat
from storage.sql import rows
from storage.sql.dialect import Dialect
from storage.sql.driver import Driver, Row, Session

T = TypeVar("T")


class Fetch(Protocol):
    """Every row of one statement: a session's ``fetch_all``, or a driver's ``read``."""

    def __call__(self, sql: str, *params: Any) -> Awaitable[Sequence[Row]]:
        """The rows."""
        ...


def marks(values: Sequence[Any]) -> str:
    """One ``?`` per value, for ``IN (…)``; ``NULL`` for none (``IN (NULL)`` holds for no
    row, on both backends, where ``IN ()`` is an error on PostgreSQL)."""
    return ", ".join("?" for _ in values) or "NULL"


async def at_one_moment(driver: Driver, select: Callable[[Fetch], Awaitable[T]]) -> T:
    """What ``select`` reads, seen at one moment: its one statement run on its own where the
    dialect reads children beside their rows (one round trip), else its statements run in
    one read-only transaction."""
    if driver.dialect.row_arrays:
        return await select(driver.read)
    async with driver.session(write=False) as db:
        return await select(db.fetch_all)


async def select_games(fetch: Fetch, dialect: Dialect, where: str, *params: Any) -> list[Game]:
    """The games matching ``where`` (on ``games g``), with their seats, oldest first: one
    statement where each game's seats can come as an array of rows beside it, else two."""
    if dialect.row_arrays:
        found = await fetch(
            "SELECT g.*, ARRAY(SELECT s FROM seats s WHERE s.game_id = g.id) AS seat_rows"
            f" FROM games g WHERE {where} ORDER BY g.id",
            *params,
        )
        return [rows.game(row, map(rows.seat, row["seat_rows"])) for row in found]
    found = await fetch(f"SELECT g.* FROM games g WHERE {where} ORDER BY g.id", *params)
    if not found:
        return []
    seats: dict[int, list[Seat]] = {row["id"]: [] for row in found}
    for row in await fetch(
        f"SELECT s.* FROM seats s JOIN games g ON g.id = s.game_id WHERE {where}", *params
    ):
        seats[row["game_id"]].append(rows.seat(row))
    return [rows.game(row, seats[row["id"]]) for row in found]


async def load_game(db: Session, dialect: Dialect, game_id: int, *, lock: bool = False) -> Game:
    """One game with its seats, read inside the caller's transaction (``GameNotFound``).

    ``lock``: the game's row is locked first, until the transaction ends, so that what is
    read stays true while the caller changes it (another process's change waits). Locked by
    a statement of its own, so that the read after it sees what a change it waited for
    wrote. SQLite needs no lock: a writer's transaction holds the whole file."""
    if lock and dialect.for_update:
        await db.execute(f"SELECT 1 FROM games WHERE id = ?{dialect.for_update}", game_id)
    games = await select_games(db.fetch_all, dialect, "g.id = ?", game_id)
    if not games:
        raise GameNotFound(game_id)
    return games[0]


def require_active(game: Game, expected_version: int) -> None:
    """The game is being played, at ``expected_version`` (``GameNotActive``,
    ``VersionConflict``); checked on the game as loaded and locked."""
    if game.status != GameStatus.ACTIVE:
        raise GameNotActive(game.id, game.status)
    if game.version != expected_version:
        raise VersionConflict(game.id, expected_version, game.version)


class SqlReading(GameStore):
    """The reading methods of :class:`~storage.contract.games.GameStore` (``_db``, ``_d``);
    :class:`~storage.sql.games.SqlGames` puts the parts together."""

    _db: Driver
    _d: Dialect

    async def get(self, game_id: int) -> Game:
        games = await self._select("g.id = ?", game_id)
        if not games:
            raise GameNotFound(game_id)
        return games[0]

    async def by_thread(self, thread_id: int) -> Game | None:
        games = await self._select("g.thread_id = ?", thread_id)
        return games[0] if games else None

    async def in_channel(
        self, channel_id: int, statuses: Sequence[GameStatus] = OPEN_STATUSES
    ) -> list[Game]:
        return await self._select(
            f"g.channel_id = ? AND g.status IN ({marks(statuses)})", channel_id, *_texts(statuses)
        )

    async def in_guild(
        self, guild_id: int, statuses: Sequence[GameStatus] = OPEN_STATUSES
    ) -> list[Game]:
        return await self._select(
            f"g.guild_id = ? AND g.status IN ({marks(statuses)})", guild_id, *_texts(statuses)
        )

    async def of_user(
        self, user_id: int, statuses: Sequence[GameStatus] = OPEN_STATUSES
    ) -> list[Game]:
        return await self._select(
            f"g.status IN ({marks(statuses)})"
            " AND g.id IN (SELECT game_id FROM seats WHERE user_id = ?)",
            *_texts(statuses),
            user_id,
        )

    async def awaiting(self, user_id: int) -> list[Game]:
        acts = self._d.json_holds("g.to_act", "s.seat")
        return await self._select(
            "g.status = 'active' AND EXISTS (SELECT 1 FROM seats s"
            f" WHERE s.game_id = g.id AND s.user_id = ? AND {acts})",
            user_id,
        )

    async def ids(self, statuses: Sequence[GameStatus]) -> list[int]:
        found = await self._db.read(
            f"SELECT id FROM games WHERE status IN ({marks(statuses)}) ORDER BY id",
            *_texts(statuses),
        )
        return [row["id"] for row in found]

    async def to_resume(self) -> list[Game]:
        return await self._select("g.status IN ('lobby', 'active')")

    async def actions(self, game_id: int) -> list[Action]:
        found = await self._db.read("SELECT * FROM actions WHERE game_id = ? ORDER BY seq", game_id)
        if not found:
            await self.get(game_id)
        return [rows.action(row) for row in found]

    async def _select(self, where: str, *params: Any) -> list[Game]:
        return await at_one_moment(
            self._db, lambda fetch: select_games(fetch, self._d, where, *params)
        )


def _texts(statuses: Sequence[GameStatus]) -> list[str]:
    return [str(status) for status in statuses]
