"""``/profile`` and ``/stats`` on the bench database, on SQLite and on PostgreSQL.

The seeded file (``bench.seeding``) seats every player once; a server's profiles need
regulars. So the seeded games are then given a community: :data:`MEMBERS` members share the
seats, and one :data:`REGULAR` sits at every fourth table (a quarter of all games, the
heaviest profile there is). Games are spread over half a year, each move some minutes to a
few hours after the one before, with the asks, vacations, missed deadlines, ratings and
rating changes such a server has. Each request is timed as the bot serves it, up to the
Discord call: the store's reads, the embed, and for ``/profile`` the trend picture.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import games
from bench.seeding import GUILD_ID, seed_database
from bench.stats import latency_summary
from bot.profiles.embeds import profile_embed, stats_embed
from bot.profiles.profiles import Profiles
from bot.profiles.skill import friendly
from bot.profiles.sparkline import trend_picture
from storage import SqliteStore, Store
from storage.copy import copy_database
from storage.postgres.store import PostgresStore
from storage.postgres.throwaway import binaries, running_server

#: Members sharing the seeded seats.
MEMBERS = 400
FIRST_MEMBER = 5_000_000
#: The member at every fourth table.
REGULAR = 4_999_999
#: How long ago the first seeded game started.
HISTORY_S = 182 * 86400


def _community(path: Path) -> None:
    """Give the seeded games members, times, asks, vacations, misses and ratings."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        (count,) = db.execute("SELECT COUNT(*) FROM games").fetchone()
        now = time.time()
        start = now - HISTORY_S
        db.execute(
            "UPDATE seats SET user_id = CASE WHEN seat = 0 AND game_id % 4 = 0 THEN ?"
            " ELSE ? + (game_id * 7 + seat * 53) % ? END",
            (REGULAR, FIRST_MEMBER, MEMBERS),
        )
        # Each game its own pace: a move every 10 minutes to 3 hours.
        db.execute(
            "UPDATE games SET started_at = ? + id * ?, created_at = ? + id * ?",
            (start, HISTORY_S / (count + 1), start, HISTORY_S / (count + 1)),
        )
        db.execute(
            "UPDATE actions SET at = (SELECT started_at FROM games WHERE id = actions.game_id)"
            " + seq * (600 + (game_id * 389) % 10200)"
        )
        db.execute(
            "UPDATE games SET finished_at = started_at + version * (600 + (id * 389) % 10200),"
            " updated_at = started_at + version * (600 + (id * 389) % 10200)"
            " WHERE status = 'finished'"
        )
        db.execute(
            "INSERT OR IGNORE INTO asks (game_id, seat, asked_at, answered_at)"
            " SELECT a.game_id, a.seat, COALESCE(p.at, g.started_at), a.at FROM actions a"
            " JOIN games g ON g.id = a.game_id"
            " LEFT JOIN actions p ON p.game_id = a.game_id AND p.seq = a.seq - 1"
            " WHERE p.seat IS NULL OR p.seat <> a.seat"
        )
        db.execute("UPDATE seats SET missed = 1 WHERE (game_id + seat) % 25 = 0")
        rng = random.Random(8)
        db.executemany(
            "INSERT INTO vacations (user_id, starts_at, ends_at) VALUES (?, ?, ?)",
            [
                (user, begins, begins + rng.uniform(1, 10) * 86400)
                for user in (REGULAR, *range(FIRST_MEMBER, FIRST_MEMBER + MEMBERS, 7))
                for begins in sorted(start + rng.uniform(0, HISTORY_S) for _ in range(4))
            ],
        )
        db.execute(
            "UPDATE asks SET waited = answered_at - asked_at - coalesce(("
            " SELECT sum(max(0.0, min(v.ends_at, asks.answered_at)"
            " - max(v.starts_at, asks.asked_at))) FROM vacations v"
            " WHERE v.user_id = (SELECT user_id FROM seats WHERE game_id = asks.game_id"
            " AND seat = asks.seat) AND v.starts_at < asks.answered_at"
            " AND v.ends_at > asks.asked_at), 0) WHERE answered_at IS NOT NULL"
        )
        db.execute(
            "INSERT INTO rating_changes (game_id, user_id, before, after)"
            " SELECT s.game_id, s.user_id, 0, (s.game_id % 97) / 4.0 FROM seats s"
            " JOIN games g ON g.id = s.game_id WHERE g.status = 'finished'"
        )
        db.execute(
            "INSERT INTO ratings (guild_id, game_key, user_id, mu, sigma, games, wins,"
            " updated_at) SELECT g.guild_id, g.game_key, s.user_id, 25 + s.user_id % 7,"
            " 3, COUNT(*), COUNT(*) / 3, ? FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE g.status = 'finished' GROUP BY g.guild_id, g.game_key, s.user_id",
            (now,),
        )
        # The seeded rows were written without the store, so without its triggers: each
        # finished game's result and places, as schema 10 fills them in for older games.
        db.execute("INSERT INTO results SELECT * FROM finished_results")
        db.execute("INSERT INTO placings SELECT * FROM finished_placings")
        db.execute("COMMIT")
    finally:
        db.close()


async def _profile(profiles: Profiles, user_id: int, game_key: str | None) -> None:
    found = await profiles.profile(GUILD_ID, user_id, game_key)
    names = {o.user_id: f"Member {o.user_id}" for o in found.stats.opponents}
    profile_embed("Member", found, game_key, names)
    if len(found.stats.trend) > 1:
        trend_picture([float(friendly(p)) for p in found.stats.trend], "Rating")


async def _stats(profiles: Profiles, game_key: str | None) -> None:
    stats_embed("Server", await profiles.server(GUILD_ID, game_key), game_key)


async def _timed(calls: list[Callable[[], Awaitable[None]]]) -> list[float]:
    took = []
    for call in calls:
        started = time.perf_counter()
        await call()
        took.append(time.perf_counter() - started)
    return took


async def _measure(store: Store, requests: int) -> dict[str, Any]:
    profiles = Profiles(store)
    rng = random.Random(30)
    keys = sorted(games.ENGINES)

    def member() -> int:
        return REGULAR if rng.random() < 0.1 else FIRST_MEMBER + rng.randrange(MEMBERS)

    def profile_call(user: int, key: str | None) -> Callable[[], Awaitable[None]]:
        return lambda: _profile(profiles, user, key)

    def stats_call(key: str | None) -> Callable[[], Awaitable[None]]:
        return lambda: _stats(profiles, key)

    warm = [profile_call(member(), None) for _ in range(5)] + [stats_call(None)]
    await _timed(warm)  # the first reads fill the database's cache, as a running bot has it
    profile_calls = [
        profile_call(member(), rng.choice([None, None, *keys])) for _ in range(requests)
    ]
    stats_calls = [stats_call(rng.choice([None, *keys])) for _ in range(requests)]
    regular = await _timed([profile_call(REGULAR, None) for _ in range(max(5, requests // 10))])
    return {
        "profile": latency_summary(await _timed(profile_calls)),
        "profile_regular": latency_summary(regular),
        "stats": latency_summary(await _timed(stats_calls)),
    }


async def run(folder: Path, scale: Any, progress: Callable[[str], None]) -> dict[str, Any]:
    """``/profile`` and ``/stats`` request times on both backends (PostgreSQL skipped, saying
    so, when it is not installed)."""
    path = folder / "profiles.sqlite3"
    requests = max(10, scale.sequential_moves // 5)
    progress(f"profiles: seeding {scale.finished_games} finished and {scale.active_games} games")
    await seed_database(path, finished=scale.finished_games, active=scale.active_games)
    _community(path)
    async with await SqliteStore.open(path) as store:
        progress(f"profiles: {requests} of each request on SQLite")
        (regular_games,) = await store.database.fetch_all(
            "SELECT COUNT(*) AS n FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE s.user_id = ? AND g.status = 'finished'",
            (REGULAR,),
        )
        results: dict[str, Any] = {
            "finished_games": scale.finished_games,
            "active_games": scale.active_games,
            "members": MEMBERS,
            "regular_games": regular_games["n"],
            "measured_at": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "sqlite": await _measure(store, requests),
        }
    found = binaries()
    if found is None:
        results["postgres"] = {"skipped": "PostgreSQL is not installed"}
        return results
    with running_server(found) as server:
        url = await server.new_database()
        async with await SqliteStore.open(path) as source, await PostgresStore.open(url) as copy:
            progress("profiles: copying into PostgreSQL")
            await copy_database(source, copy)
        async with await PostgresStore.open(url) as store:
            # As a deployment's autovacuum leaves it: statistics gathered, pages marked visible.
            await store.database.fetch_all("VACUUM ANALYZE")
            progress(f"profiles: {requests} of each request on PostgreSQL")
            results["postgres"] = await _measure(store, requests)
    return results


if __name__ == "__main__":
    import sys
    import tempfile

    from bench.scale import SCALES

    chosen = SCALES[sys.argv[1] if len(sys.argv) > 1 else "quick"]
    with tempfile.TemporaryDirectory(prefix="grimoire-profiles-") as workdir:
        print(asyncio.run(run(Path(workdir), chosen, print)))
