"""A tournament round starting at once, paced by two processes on one bot token.

Every table of a round starts together: its thread, its board, a turn post with a ping, a
DM to each player, and cosmetic edits (the lobby's message, an older post's board stripped,
the board edited again before the first edit went out). Two pacers (:mod:`bot.wiring.pacing`),
each with its own store and connections to one PostgreSQL database, as two processes of the
bot would have, share the database's bucket (``request_budget``) and send half the tables
each. Discord is modelled by the clock: every rate-limited request's time is recorded, across
both, and a request that is the 51st or later of any one second is a global 429.

Reported: those 429s (the target is none), the same count had nothing paced the calls, the
time until every post was out and until everything was, the cosmetic edits that went out
before the last post (only those the first burst let through at once), and the edits dropped
because a newer one replaced them. Without PostgreSQL's binaries the part says so and
measures nothing.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.ops.metrics import DISCORD_EDITS_DROPPED
from bot.wiring.pacing import EditKey, Pacer, Priority, paced
from bot.wiring.pacing_http import SharedBucket
from storage.postgres.store import PostgresStore
from storage.postgres.throwaway import binaries, running_server

#: Discord's global limit: rate-limited requests a second per token, over every process.
DISCORD_LIMIT = 50
#: The rate the bot paces at (``DISCORD_REQUESTS_PER_SECOND``'s default).
RATE = 40.0
#: Tables a round starts at once, by the run's scale.
TABLES = {"full": 64, "quick": 16, "tiny": 4}
#: Players at a table.
PLAYERS = 4
#: How long Discord takes to answer a request (the pacer waits before, not during, a call).
LATENCY_S = 0.03


@dataclass(frozen=True, slots=True)
class Request:
    """One rate-limited request as Discord saw it."""

    at: float
    process: int
    priority: Priority


class _Discord:
    """Records each request's time, and answers after a short while."""

    def __init__(self) -> None:
        self.requests: list[Request] = []

    def sender(self, process: int, priority: Priority) -> Callable[[], Any]:
        async def send() -> dict[str, int]:
            self.requests.append(Request(time.perf_counter(), process, priority))
            await asyncio.sleep(LATENCY_S)
            return {"id": len(self.requests)}

        return send


async def _table_start(pacer: Pacer, discord: _Discord, process: int, table: int) -> None:
    """The calls one table's start makes: posts first, cosmetic edits after."""

    async def call(priority: Priority, edit: EditKey | None = None) -> None:
        with paced(priority):
            await pacer.call(discord.sender(process, priority), edit=edit)

    board = EditKey(f"/channels/{table}/messages/1", frozenset({"content", "embeds"}))
    normal = [call(Priority.NORMAL) for _ in range(3 + 2 * PLAYERS)]  # thread, board, ping, DMs
    cosmetic = [call(Priority.COSMETIC, edit) for edit in (None, None, board, board)]
    await asyncio.gather(*normal, *cosmetic)


def global_429s(times: list[float]) -> int:
    """Requests that are the 51st or later of the second before them (Discord's refusals)."""
    times = sorted(times)
    refused, first = 0, 0
    for index, at in enumerate(times):
        while times[first] <= at - 1.0:
            first += 1
        if index - first + 1 > DISCORD_LIMIT:
            refused += 1
    return refused


async def _round(url: str, tables: int) -> dict[str, Any]:
    """Start ``tables`` tables over two pacers sharing the database's bucket."""
    stores = [await PostgresStore.open(url, pool_size=2) for _ in range(2)]
    try:
        discord = _Discord()
        buckets = [SharedBucket(store.budget, rate=RATE, processes=2) for store in stores]
        pacers = [Pacer(bucket, rate=RATE, clock=time.monotonic) for bucket in buckets]
        dropped = DISCORD_EDITS_DROPPED._value.get()
        started = time.perf_counter()
        await asyncio.gather(
            *(_table_start(pacers[t % 2], discord, t % 2, t) for t in range(tables))
        )
        drained = time.perf_counter() - started
    finally:
        for store in stores:
            await store.close()
    requests = discord.requests
    dropped = int(DISCORD_EDITS_DROPPED._value.get() - dropped)
    posts = [r for r in requests if r.priority is Priority.NORMAL]
    last_post = {p: max(r.at for r in posts if r.process == p) for p in (0, 1)}
    early = [r for r in requests if r.priority is Priority.COSMETIC and r.at < last_post[r.process]]
    busiest = max(sum(1 for o in requests if r.at <= o.at < r.at + 1.0) for r in requests)
    return {
        "tables": tables,
        "processes": 2,
        "rate_per_s": RATE,
        "requests": len(requests),
        "global_429": global_429s([r.at for r in requests]),
        # Unpaced, every call (the dropped edits too) would have gone out in the same instant.
        "unpaced_global_429": max(0, len(requests) + dropped - DISCORD_LIMIT),
        "busiest_second": busiest,
        "posts_out_s": max(r.at for r in posts) - started,
        "drain_s": drained,
        "cosmetic_before_last_post": len(early),
        "edits_dropped": dropped,
    }


async def run(folder: Path, scale: Any, progress: Callable[[str], None]) -> dict[str, Any]:
    """The round's measures; ``{"skipped": why}`` when PostgreSQL is not installed."""
    found = binaries()
    if found is None:
        why = "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)"
        progress(f"burst: skipped: {why}")
        return {"skipped": why}
    tables = TABLES.get(scale.name, TABLES["full"])
    progress(f"burst: {tables} tables starting at once, two processes on one token")
    with running_server(found) as server:
        url = await server.new_database()
        store = await PostgresStore.open(url)  # the schema, made once before both start
        await store.close()
        result = await _round(url, tables)
    progress(
        f"burst: {result['requests']} requests in {result['drain_s']:.1f} s,"
        f" {result['global_429']} over Discord's limit"
    )
    return result


def report(found: dict[str, Any]) -> list[str]:
    """The part's lines on the results page."""
    if "skipped" in found:
        return [f"Not measured: {found['skipped']}.", ""]
    return [
        f"{found['tables']} tables of {PLAYERS} started at once by {found['processes']} processes"
        f" pacing at {found['rate_per_s']:.0f} requests/s over both: {found['requests']:,}"
        f" requests, the busiest second holding {found['busiest_second']}, **{found['global_429']}"
        f" over Discord's limit** ({found['unpaced_global_429']:,} had nothing paced them). Every"
        f" post was out after {found['posts_out_s']:.1f} s, everything after"
        f" {found['drain_s']:.1f} s; {found['cosmetic_before_last_post']} cosmetic edits went"
        f" before the last post, and {found['edits_dropped']} edits were dropped for a newer"
        " edit of the same message.",
        "",
    ]
