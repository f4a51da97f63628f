"""Everything that can go wrong in storage, as exceptions whose messages can be shown as is.

Two families: the database file itself is unusable (raised once, at start-up, before the
file is touched), and a request does not fit the stored game (a stale version, a full
lobby). The second kind never leaves anything half-written.

Beside them, what the drivers raise passes through as it is; :func:`is_transient` tells
the failures that a later attempt may not meet (the database busy, restarting or out of
reach) from those that asking again cannot change.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


class StorageError(Exception):
    """Base class of every storage error."""


# ------------------------------------------------------------------ the database itself
class UnsupportedDatabaseUrl(StorageError):
    """``DATABASE_URL`` names a database this version cannot open."""


class DatabaseUnusable(StorageError):
    """The database file cannot be used; it has been left exactly as it was.

    ``path`` is the file, or a PostgreSQL URL (without its password). ``exists=False`` (the
    file was never created, or the database is a server's) drops the closing "left untouched".
    """

    def __init__(self, path: Path | str, reason: str, *, exists: bool = True) -> None:
        self.path = path
        self.reason = reason
        self.exists = exists
        untouched = " The file was left untouched." if exists else ""
        super().__init__(f"Cannot use the database {path}: {reason}{untouched}")

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its own arguments, so it crosses from a worker process intact.
        return (_rebuild, (type(self), self.path, self.reason, self.exists))


def _rebuild(
    kind: type[DatabaseUnusable], path: Path | str, reason: str, exists: bool
) -> DatabaseUnusable:
    return kind(path, reason, exists=exists)


class NotADatabase(DatabaseUnusable):
    """The file is not an SQLite database, or is damaged beyond reading."""


class ForeignDatabase(DatabaseUnusable):
    """The file is an SQLite database, but another application's."""


class SchemaTooNew(DatabaseUnusable):
    """The file was written by a newer version of Grimoire."""


class DatabaseDamaged(DatabaseUnusable):
    """SQLite's own integrity check found damage in the file (corrupt pages, broken b-trees).

    ``problems`` holds what SQLite reported, one line each.
    """

    def __init__(self, path: Path, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        first = self.problems[0] if self.problems else "no details"
        more = len(self.problems) - 1
        found = f"{first}; and {more} more" if more > 0 else first
        super().__init__(
            path,
            f"SQLite's integrity check found damage in it ({found}). Restore a backup, or run "
            "`python -m storage check` to see which games are affected.",
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.path, self.problems))


class DatabaseReadOnly(DatabaseUnusable):
    """Grimoire may not write the file, or create files in its folder (where SQLite keeps the
    ``-wal`` and ``-shm`` files beside the database). The message says which."""


# ------------------------------------------------------------------ requests
class GameNotFound(StorageError):
    """No game has that id."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"There is no game #{game_id}.")


class VersionConflict(StorageError):
    """The game moved on since the request was made: a stale or double click lost the race."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        self.game_id, self.expected, self.actual = game_id, expected, actual
        super().__init__(
            f"Game #{game_id} has moved on since then (move {actual}, not {expected}); "
            "nothing was changed. Look at the board and try again."
        )


class GameNotActive(StorageError):
    """A move was sent to a game that is not being played (still a lobby, over, cancelled)."""

    def __init__(self, game_id: int, status: str) -> None:
        self.game_id, self.status = game_id, status
        what = {
            "lobby": "has not started yet",
            "finished": "is over",
            "cancelled": "was cancelled",
        }.get(status, f"is {status}")
        super().__init__(f"Game #{game_id} {what}.")


class GameBusy(StorageError):
    """Another process held the game's lock for longer than a move takes: nothing was done."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(
            f"Game #{game_id} is busy with another move; nothing was changed. Try again in a "
            "moment."
        )


class LobbyError(StorageError):
    """A lobby request that does not fit the lobby as it stands; nothing was changed."""


class NotInLobby(LobbyError):
    """The game is no longer taking seats."""

    def __init__(self, game_id: int, status: str) -> None:
        self.game_id, self.status = game_id, status
        what = {"active": "has already started", "finished": "is over"}.get(status, "was cancelled")
        super().__init__(f"Game #{game_id} {what}.")


class AlreadySeated(LobbyError):
    """The user already has a seat in this lobby."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"You already have a seat in game #{game_id}.")


class NotSeated(LobbyError):
    """The user has no seat in this lobby."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"You have no seat in game #{game_id}.")


class LobbyFull(LobbyError):
    """Every seat is taken."""

    def __init__(self, game_id: int, seats: int) -> None:
        super().__init__(f"Game #{game_id} is full: all {seats} seats are taken.")


class AlreadyResigned(StorageError):
    """The player at that seat has already resigned from the game."""

    def __init__(self, game_id: int, seat: int) -> None:
        self.game_id, self.seat = game_id, seat
        super().__init__(f"You have already resigned from game #{game_id}.")


class DeliveryNotFound(StorageError):
    """No outbox item has that id."""


# ------------------------------------------------------------------ tournaments
class TournamentError(StorageError):
    """A tournament request that does not fit the tournament as it stands; nothing changed."""


class TournamentNotFound(TournamentError):
    """No tournament has that id."""

    def __init__(self, tournament_id: int) -> None:
        self.tournament_id = tournament_id
        super().__init__(f"There is no tournament #{tournament_id}.")


class NotSigningUp(TournamentError):
    """The tournament is not taking (or giving up) sign-ups any more."""

    def __init__(self, tournament_id: int, status: str) -> None:
        self.tournament_id, self.status = tournament_id, status
        what = {
            "running": "has already started",
            "finished": "is over",
            "cancelled": "was cancelled",
        }.get(status, f"is {status}")
        super().__init__(f"Tournament #{tournament_id} {what}.")


class NotRunning(TournamentError):
    """The tournament is not being played (still signing up, over, cancelled)."""

    def __init__(self, tournament_id: int, status: str) -> None:
        self.tournament_id, self.status = tournament_id, status
        what = {
            "signup": "has not started yet",
            "finished": "is over",
            "cancelled": "was cancelled",
        }.get(status, f"is {status}")
        super().__init__(f"Tournament #{tournament_id} {what}.")


class AlreadyEntered(TournamentError):
    """The user already signed up."""

    def __init__(self, tournament_id: int) -> None:
        super().__init__(f"You have already signed up for tournament #{tournament_id}.")


class NotEntered(TournamentError):
    """The user is not (or no longer) playing in the tournament."""

    def __init__(self, tournament_id: int) -> None:
        super().__init__(f"You are not playing in tournament #{tournament_id}.")


class RoundConflict(TournamentError):
    """The tournament is no longer at the round the request was made for."""

    def __init__(self, tournament_id: int, expected: int, actual: int) -> None:
        self.tournament_id, self.expected, self.actual = tournament_id, expected, actual
        super().__init__(
            f"Tournament #{tournament_id} has moved on (round {actual}, not {expected}); "
            "nothing was changed."
        )


# ------------------------------------------------------------------ transient or not
#: SQLite's primary result codes for a database that is busy or out of reach for now:
#: BUSY and LOCKED (another connection holds the lock past the busy timeout), IOERR,
#: FULL, CANTOPEN and PROTOCOL (the disk or the file system failing under it).
_SQLITE_TRANSIENT = frozenset(
    {
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_PROTOCOL,
    }
)
#: How SQLite words those, for an error raised without its code.
_SQLITE_TRANSIENT_WORDS = ("database is locked", "database table is locked", "disk i/o error")
#: PostgreSQL's SQLSTATE classes of failures that pass: a connection lost or refused (08),
#: a transaction rolled back by a deadlock or a serialization failure (40), resources
#: running short (53), the server shutting down, starting or cancelling (57), the system
#: failing under it (58).
_POSTGRES_TRANSIENT_CLASSES = frozenset({"08", "40", "53", "57", "58"})
#: ... and single SQLSTATEs: a lock not granted in time (55P03); not a dropped database.
_POSTGRES_TRANSIENT_STATES = frozenset({"55P03"})
_POSTGRES_PERMANENT_STATES = frozenset({"57P04"})
#: Operating system errors about files, which a later attempt meets again.
_FILE_ERRORS = (
    FileExistsError,
    FileNotFoundError,
    IsADirectoryError,
    NotADirectoryError,
    PermissionError,
)


def is_transient(error: BaseException) -> bool:
    """Whether ``error`` may pass by itself, so that the same request is worth making again
    later: the database busy or locked by another process, a connection lost, refused or
    timed out, a server restarting, a game held by another process (:class:`GameBusy`).
    Refusals (a stale version, a game that is gone or over) and bugs are not: asking again
    changes nothing. An error raised ``from`` a transient one counts as transient.

    >>> is_transient(sqlite3.OperationalError("database is locked"))
    True
    >>> is_transient(ConnectionRefusedError(111, "Connection refused"))
    True
    >>> is_transient(GameNotFound(7)), is_transient(ValueError("a bug"))
    (False, False)
    """
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if _transient_itself(current):
            return True
        seen.add(id(current))
        current = current.__cause__  # only an explicit ``raise ... from``: a wrapper
    return False


def _transient_itself(error: BaseException) -> bool:
    if isinstance(error, GameBusy | TimeoutError):
        return True
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        if code is not None:
            return code & 0xFF in _SQLITE_TRANSIENT
        return any(words in str(error).lower() for words in _SQLITE_TRANSIENT_WORDS)
    if isinstance(error, OSError):  # a socket's failure, or a full disk; not a missing file
        return not isinstance(error, _FILE_ERRORS)
    state = getattr(error, "sqlstate", None)  # an asyncpg server error
    if isinstance(state, str) and state not in _POSTGRES_PERMANENT_STATES:
        return state[:2] in _POSTGRES_TRANSIENT_CLASSES or state in _POSTGRES_TRANSIENT_STATES
    # asyncpg's own "connection is closed" and "pool is closing". Looked up only when
    # asyncpg is loaded: an SQLite deployment never imports it, nor can it raise one.
    asyncpg = sys.modules.get("asyncpg")
    if asyncpg is not None and isinstance(error, asyncpg.InterfaceError):
        return "closed" in str(error) or "closing" in str(error)
    return False
