"""``python -m storage``: look after the game database.

``check`` runs SQLite's full integrity check on the file, then replays every started game
(or one, with ``--game``) from its seed and action log and compares the result with the
stored state. A damaged file is only read, never written: every game that can still be read
is replayed, and each one that cannot is named. On a PostgreSQL URL the integrity check is
the server's business (not applicable here) and the database must already be at this
version's schema; the games are replayed the same way.

``copy SOURCE DESTINATION`` copies every table of one database into another, empty one (for
instance from SQLite into PostgreSQL, or back); a destination holding anything is refused.

``backup DEST`` makes a consistent copy of the database while the bot runs: SQLite's online
backup API for a file, ``pg_dump`` for PostgreSQL (see ``storage/backup.py``). DEST is a new
file, or a folder where the backup is named after the time (``--keep N``: only the N newest
stay). A backup of a file is itself a database: restore it by putting a copy of it in place,
checked first with ``check sqlite:///the/copy.sqlite3`` (docs/operations.md).

``migrate`` brings the database to this version's schema (as the bot does when it starts)
and prints the schema version: run it after an upgrade, before starting the bot, to see the
migration succeed on its own (docs/upgrading.md).

``purge-guild ID`` deletes at once everything kept of one Discord server: its games and all
that hangs on them, its tournaments, ratings, results and settings (docs/privacy.md). The
bot does the same by itself once a server it was removed from has been gone for
``GUILD_DATA_GRACE_DAYS``.

Exit status: 0 when all is well (for ``copy``: when everything was copied; for ``backup``:
when the backup was made); 1 when the file is damaged or a game disagrees with its log or
cannot be read; 2 when the file cannot be checked (or copied, or backed up) at all
(missing, not a Grimoire database, written by a newer Grimoire, read-only, a PostgreSQL
server that cannot be reached, a copy into a database that is not empty, a URL that names no
database; for ``backup`` also: a file that exists already, a folder that is missing,
read-only or not ours to write, a full disk, a database that is busy or unreadable, no
``pg_dump``), said in one line on stderr. ``backup --keep`` also exits 2, after saying where
the backup is, when an older backup could not be removed.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path
from urllib.parse import quote

import asyncpg

from storage import (
    DatabaseUnusable,
    GameNotFound,
    GameStatus,
    SqliteStore,
    StorageError,
    open_store,
)
from storage.backup import BackupFailed, backup
from storage.copy import copy_database
from storage.health import IntegrityCheck, check_integrity
from storage.migrate import inspect, latest_version
from storage.postgres.store import PostgresStore
from storage.replay import check_replay
from storage.settings import StorageSettings
from storage.sqlite.database import Database
from storage.url import is_postgres, postgres_pool, sqlite_path

STARTED = (GameStatus.ACTIVE, GameStatus.FINISHED, GameStatus.CANCELLED)
#: Problems listed one per line; SQLite reports up to 100, which says no more than 20 do.
SHOWN_PROBLEMS = 20


async def check(url: str, game_id: int | None) -> int:
    """Check the file's integrity, replay games and print one line each; the exit status.

    Raises a :class:`~storage.errors.StorageError` when the file cannot be checked at all.
    """
    if is_postgres(url):
        return await _check_postgres(url, game_id)
    path = sqlite_path(url)
    if not path.is_file() or path.stat().st_size == 0:
        # Opening would create it: a check must not leave a new empty database behind.
        raise DatabaseUnusable(
            path,
            "there is no database there. Give its URL with --url or DATABASE_URL.",
            exists=path.exists(),
        )
    version = await asyncio.to_thread(inspect, path, check_integrity=False)
    integrity = await asyncio.to_thread(_integrity, path)
    if integrity.damaged:
        _report_damage(path, integrity)
    if not integrity.damaged:
        # Opened as start-up would, upgrading an older schema; the full check just ran.
        store = await SqliteStore.open(path, check_integrity=False)
    elif version == latest_version():
        store = SqliteStore(await Database.open_read_only(path))
    else:
        print(
            f"Its games cannot be read either: the file is at schema {version} and would have "
            f"to be upgraded to {latest_version()} first, which is not done to a damaged file.",
            file=sys.stderr,
        )
        return 1
    try:
        async with store:
            failures = await _replay(store, game_id)
    except sqlite3.DatabaseError as error:
        print(f"SQLite could not read the games in {path} ({error}).", file=sys.stderr)
        return 1
    return 1 if failures or integrity.damaged else 0


async def _check_postgres(url: str, game_id: int | None) -> int:
    """Replay the games of a PostgreSQL database, reading only: nothing is migrated, and a
    database that is empty, older or newer than this code is refused."""
    dsn, _ = postgres_pool(url)
    store = await PostgresStore.open(dsn, pool_size=2, migrate_schema=False)
    print(
        f"integrity: not applicable to PostgreSQL ({store.path}); the server checks its own "
        "pages. Replaying the games."
    )
    async with store:
        failures = await _replay(store, game_id)
    return 1 if failures else 0


async def copy(source_url: str, destination_url: str) -> int:
    """Copy every table of one database into another, empty one; say what was copied."""
    async with await open_store(source_url) as source, await open_store(destination_url) as into:
        copied = await copy_database(source, into)
    games = copied.rows["games"]
    print(
        f"Copied {games} game{'' if games == 1 else 's'} ({copied.total} rows in all) from "
        f"{source.path} to {into.path}. Check it with: python -m storage check --url "
        "<the new database's URL>"
    )
    return 0


def _backup(url: str, destination: Path, keep: int | None) -> int:
    """Make the backup and say where it is and how to check it; 2 when an older backup
    ``--keep`` should have removed could not be (said in one line on stderr)."""
    try:
        made = backup(url, destination, keep=keep)
    except (OSError, sqlite3.Error) as error:
        # backup() names every failure it knows of; this is for those it does not, so that
        # a nightly timer still gets one line and status 2, never a traceback.
        raise BackupFailed(f"The backup to {destination} failed: {error}") from None
    print(f"Backed up to {made.path} ({made.size:,} bytes).")
    for old in made.removed:
        print(f"Removed the older backup {old}.")
    if made.path.suffix == ".sqlite3":
        print(f"Check it with: python -m storage check sqlite:///{made.path.resolve()}")
    if made.not_removed is not None:
        print(f"The backup was made, but {made.not_removed}.", file=sys.stderr)
        return 2
    return 0


def _integrity(path: Path) -> IntegrityCheck:
    """The full integrity check, as long as it takes: the user asked for it."""
    with closing(sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True)) as connection:
        return check_integrity(connection, full=True)


def _report_damage(path: Path, integrity: IntegrityCheck) -> None:
    """Say in two lines on stderr what is wrong, and list SQLite's findings on stdout."""
    count = len(integrity.problems)
    print(
        f"The database {path} is damaged: SQLite's integrity check found {count} "
        f"problem{'s' if count > 1 else ''}.\nRestore a backup; the games below that cannot be "
        "read are the ones affected.",
        file=sys.stderr,
    )
    for problem in integrity.problems[:SHOWN_PROBLEMS]:
        print(f"damage: {problem}")
    if count > SHOWN_PROBLEMS:
        print(f"damage: … and {count - SHOWN_PROBLEMS} more")


async def _replay(store: SqliteStore | PostgresStore, game_id: int | None) -> int:
    """Replay each game, one line each and a summary; how many failed (disagree or unread)."""
    ids = [game_id] if game_id is not None else await _game_ids(store)
    mismatched = unreadable = 0
    for each in ids:
        try:
            result = await check_replay(store, each)
        except GameNotFound:
            if game_id is not None:
                raise  # the id asked for is not there: said as for a healthy file
            # Listed by the status index, missing from the table: one of the two is damaged.
            problem = "listed, but its row is missing"
        except (sqlite3.DatabaseError, asyncpg.PostgresError) as error:
            problem = str(error)
        except ValueError as error:  # pages that read but hold garbage: bad JSON, bad fields
            problem = f"its stored data cannot be decoded: {error}"
        else:
            verdict = "ok" if result.matches else f"MISMATCH: {result.problem}"
            print(f"game #{each}: {result.moves} moves, {verdict}")
            mismatched += not result.matches
            continue
        print(f"game #{each}: could not be read ({problem})")
        unreadable += 1
    unread = f", {unreadable} could not be read" if unreadable else ""
    print(f"{len(ids)} games checked, {mismatched} mismatched{unread}.")
    return mismatched + unreadable


async def _game_ids(store: SqliteStore | PostgresStore) -> list[int]:
    """The started games' ids, from the table itself when its index cannot be read."""
    try:
        return await store.games.ids(STARTED)
    except sqlite3.DatabaseError:
        assert isinstance(store, SqliteStore)
        # The status index may be the damaged part; the table may still read in full.
        rows = await store.database.fetch_all(
            f"SELECT id FROM games NOT INDEXED WHERE status IN ({', '.join('?' * len(STARTED))})"
            " ORDER BY id",
            STARTED,
        )
        return [int(row["id"]) for row in rows]


async def migrate(url: str) -> int:
    """Open (so migrate) the database and say which schema it is at."""
    async with await open_store(url) as store:
        print(f"The database {store.path} is at schema {latest_version()}.")
    return 0


async def purge_guild(url: str, guild_id: int) -> int:
    """Purge one server's data and say how many rows went, table by table."""
    async with await open_store(url) as store:
        removed = await store.privacy.purge_guild(guild_id)
    if not removed:
        print(f"Nothing was kept of server {guild_id}.")
        return 0
    listed = ", ".join(f"{table} {rows}" for table, rows in sorted(removed.items()))
    print(f"Server {guild_id} purged: {listed}.")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run it."""
    parser = argparse.ArgumentParser(
        prog="python -m storage",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True)
    checking = commands.add_parser("check", help="replay games and compare with stored states")
    checking.add_argument("--game", type=int, help="only this game id")
    checking.add_argument(
        "database",
        nargs="?",
        help="database URL, as after a copy (default: --url, else DATABASE_URL from settings)",
    )
    checking.add_argument("--url", help="database URL (default: DATABASE_URL from settings)")
    copying = commands.add_parser(
        "copy", help="copy every table into another, empty database (SQLite ↔ PostgreSQL)"
    )
    copying.add_argument("source", help="the database URL to copy from")
    copying.add_argument("destination", help="the database URL to copy into; must be empty")
    backing_up = commands.add_parser(
        "backup", help="a consistent copy of the live database: a file (SQLite) or a pg_dump"
    )
    backing_up.add_argument("destination", type=Path, help="a new file, or a folder")
    backing_up.add_argument("--url", help="database URL (default: DATABASE_URL from settings)")
    backing_up.add_argument(
        "--keep", type=int, help="in a folder: remove all but this many newest backups"
    )
    migrating = commands.add_parser("migrate", help="bring the database to this version's schema")
    migrating.add_argument("--url", help="database URL (default: DATABASE_URL from settings)")
    purging = commands.add_parser(
        "purge-guild", help="delete at once everything kept of one Discord server"
    )
    purging.add_argument("guild_id", type=int, help="the server's id")
    purging.add_argument("--url", help="database URL (default: DATABASE_URL from settings)")
    args = parser.parse_args(argv)
    if args.command == "backup" and args.keep is not None and args.keep < 1:
        parser.error("--keep must be at least 1")
    try:
        if args.command == "copy":
            return asyncio.run(copy(args.source, args.destination))
        if args.command == "migrate":
            return asyncio.run(migrate(args.url or StorageSettings().database_url))
        if args.command == "purge-guild":
            url = args.url or StorageSettings().database_url
            return asyncio.run(purge_guild(url, args.guild_id))
        if args.command == "backup":
            return _backup(args.url or StorageSettings().database_url, args.destination, args.keep)
        url = args.database or args.url or StorageSettings().database_url
        return asyncio.run(check(url, args.game))
    except StorageError as error:
        print(error, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
