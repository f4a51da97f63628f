"""Game storage: games, seats, the action log, Discord deliveries and timers, in SQLite
(the default) or PostgreSQL.

>>> import asyncio, tempfile, pathlib
>>> async def demo(folder: str) -> str:
...     async with await open_store(f"sqlite:///{folder}/grimoire.sqlite3") as store:
...         game = await store.games.create_lobby(
...             game_key="mandragora", guild_id=1, channel_id=2, host_id=3, options={}
...         )
...         game = await store.games.join(game.id, user_id=3, max_seats=4)
...         return f"game #{game.id}: {game.status}, {len(game.seats)} seat"
>>> with tempfile.TemporaryDirectory() as folder:
...     asyncio.run(demo(folder))
'game #1: lobby, 1 seat'
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from storage.contract.budget import BudgetGrant, RequestBudget
from storage.contract.games import GameStore
from storage.contract.outbox import Outbox
from storage.contract.prefs import Preferences
from storage.contract.privacy import MEMBER_KINDS, MemberData, MemberStillPlaying, Privacy
from storage.contract.ratings import Ratings
from storage.contract.timers import Timers
from storage.contract.tournaments import TournamentStore
from storage.contract.undo_messages import UndoMessages
from storage.errors import (
    AlreadyEntered,
    AlreadyResigned,
    AlreadySeated,
    DatabaseDamaged,
    DatabaseReadOnly,
    DatabaseUnusable,
    DeliveryNotFound,
    ForeignDatabase,
    GameBusy,
    GameNotActive,
    GameNotFound,
    LobbyError,
    LobbyFull,
    NotADatabase,
    NotEntered,
    NotInLobby,
    NotRunning,
    NotSeated,
    NotSigningUp,
    RoundConflict,
    SchemaTooNew,
    StorageError,
    TournamentError,
    TournamentNotFound,
    UnsupportedDatabaseUrl,
    VersionConflict,
)
from storage.records import (
    OPEN_SEAT,
    OPEN_STATUSES,
    Action,
    Delivery,
    DeliveryKind,
    Entrant,
    Game,
    GameStatus,
    NewTimer,
    OutboxItem,
    Player,
    PrivateView,
    Rating,
    RatingChange,
    Seat,
    Timer,
    TimerKind,
    Tournament,
    TournamentFormat,
    TournamentStatus,
    TournamentTable,
    UndoMessage,
    UndoRequest,
)
from storage.sqlite.database import Clock, utc_now
from storage.sqlite.store import SqliteStore
from storage.store import Store
from storage.url import is_postgres, postgres_pool, sqlite_path

if TYPE_CHECKING:
    from storage.postgres.store import PostgresStore


async def open_store(
    url: str, *, clock: Clock = utc_now, base: Path | None = None
) -> SqliteStore | PostgresStore:
    """The store ``DATABASE_URL`` names, ready to use: the folder created, the schema migrated.

    ``sqlite:///path`` is a file (the default); ``postgresql://user:password@host:port/db``
    (or ``postgres://``, optionally with ``?pool_size=N``) a PostgreSQL database that several
    processes may share. Raises ``UnsupportedDatabaseUrl`` for a URL it cannot serve and a
    ``DatabaseUnusable`` subclass, naming the database, for one it must not touch.
    """
    if is_postgres(url):
        # Imported here: a deployment on SQLite needs no PostgreSQL driver loaded.
        from storage.postgres.database import DEFAULT_POOL_SIZE
        from storage.postgres.store import PostgresStore

        dsn, pool_size = postgres_pool(url)
        return await PostgresStore.open(dsn, clock=clock, pool_size=pool_size or DEFAULT_POOL_SIZE)
    return await SqliteStore.open(sqlite_path(url, base=base), clock=clock)


__all__ = [
    "MEMBER_KINDS",
    "OPEN_SEAT",
    "OPEN_STATUSES",
    "Action",
    "AlreadyEntered",
    "AlreadyResigned",
    "AlreadySeated",
    "BudgetGrant",
    "Clock",
    "DatabaseDamaged",
    "DatabaseReadOnly",
    "DatabaseUnusable",
    "Delivery",
    "DeliveryKind",
    "DeliveryNotFound",
    "Entrant",
    "ForeignDatabase",
    "Game",
    "GameBusy",
    "GameNotActive",
    "GameNotFound",
    "GameStatus",
    "GameStore",
    "LobbyError",
    "LobbyFull",
    "MemberData",
    "MemberStillPlaying",
    "NewTimer",
    "NotADatabase",
    "NotEntered",
    "NotInLobby",
    "NotRunning",
    "NotSeated",
    "NotSigningUp",
    "Outbox",
    "OutboxItem",
    "Player",
    "Preferences",
    "Privacy",
    "PrivateView",
    "Rating",
    "RatingChange",
    "Ratings",
    "RequestBudget",
    "RoundConflict",
    "SchemaTooNew",
    "Seat",
    "SqliteStore",
    "StorageError",
    "Store",
    "Timer",
    "TimerKind",
    "Timers",
    "Tournament",
    "TournamentError",
    "TournamentFormat",
    "TournamentNotFound",
    "TournamentStatus",
    "TournamentStore",
    "TournamentTable",
    "UndoMessage",
    "UndoMessages",
    "UndoRequest",
    "UnsupportedDatabaseUrl",
    "VersionConflict",
    "open_store",
    "sqlite_path",
    "utc_now",
]
