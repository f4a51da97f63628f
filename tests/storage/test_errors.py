"""Which failures of the database may pass by themselves (worth trying again later) and
which a later attempt meets again: ``storage.errors.is_transient``."""

from __future__ import annotations

import sqlite3

import asyncpg
import pytest

from storage.errors import GameBusy, GameNotActive, GameNotFound, VersionConflict, is_transient


def _sqlite_error(code: int, message: str) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError(message)
    error.sqlite_errorcode = code
    return error


@pytest.mark.parametrize(
    "error",
    [
        _sqlite_error(sqlite3.SQLITE_BUSY, "database is locked"),
        _sqlite_error(sqlite3.SQLITE_LOCKED, "database table is locked"),
        _sqlite_error(sqlite3.SQLITE_IOERR | (3 << 8), "disk I/O error"),  # extended code
        sqlite3.OperationalError("database is locked"),  # raised without its code
        asyncpg.ConnectionDoesNotExistError("connection was closed in the middle"),
        asyncpg.CannotConnectNowError("the database system is starting up"),
        asyncpg.AdminShutdownError("terminating connection due to administrator command"),
        asyncpg.TooManyConnectionsError("sorry, too many clients already"),
        asyncpg.DeadlockDetectedError("deadlock detected"),
        asyncpg.LockNotAvailableError("canceling statement due to lock timeout"),
        asyncpg.InterfaceError("cannot perform operation: connection is closed"),
        ConnectionRefusedError(111, "Connection refused"),
        OSError("Multiple exceptions: [Errno 111] Connect call failed"),
        TimeoutError(),
        GameBusy(1),
    ],
    ids=lambda error: type(error).__name__,
)
def test_what_may_pass_by_itself(error: BaseException) -> None:
    assert is_transient(error)


@pytest.mark.parametrize(
    "error",
    [
        _sqlite_error(sqlite3.SQLITE_CONSTRAINT, "UNIQUE constraint failed"),
        sqlite3.OperationalError("no such table: games"),
        asyncpg.UndefinedTableError('relation "games" does not exist'),
        asyncpg.UniqueViolationError("duplicate key value"),
        asyncpg.DatabaseDroppedError("database is being dropped"),
        asyncpg.InterfaceError("cannot perform operation: another operation is in progress"),
        PermissionError(13, "Permission denied"),
        GameNotFound(1),
        GameNotActive(1, "finished"),
        VersionConflict(1, 2, 3),
        ValueError("a bug"),
    ],
    ids=lambda error: type(error).__name__,
)
def test_what_asking_again_does_not_change(error: BaseException) -> None:
    assert not is_transient(error)


def _raised(cause: BaseException | None) -> RuntimeError:
    """A wrapper raised ``from cause`` (``from None`` when ``None``) while handling a
    connection reset."""
    try:
        try:
            raise ConnectionResetError(104, "Connection reset by peer")
        except ConnectionResetError as reset:
            raise RuntimeError("the move could not be saved") from (
                reset if cause is None else cause
            )
    except RuntimeError as wrapped:
        return wrapped
    raise AssertionError("unreachable")


def test_an_error_raised_from_a_transient_one_is_transient() -> None:
    assert is_transient(_raised(None))
    # Raised while one was handled, but not from it: a bug of the handler's own.
    assert not is_transient(_raised(ValueError("a bug")))
