"""Plays Grimoire in SimCord until it is killed: the child process of ``test_crash_delivery``.

``python -m tests.bot.crash_player DB LOG SEED [--drain]`` runs the real bot on the SQLite file
``DB`` inside SimCord's Discord and plays random legal moves through ``/play``, forever. It
prints ``starting`` just before the bot starts, then ``acknowledged <game> <version>`` once a
move's interaction was answered with success (that move must survive any kill),
``bot-error <error>`` for anything the bot raised, and ``started``/``abandoned`` lines about
games, for reading along. Every message Discord accepted from the bot in a channel, a thread or
a DM, and every thread it closed, is appended to ``LOG`` (one JSON line, flushed and fsynced)
before the bot hears Discord's answer (interaction replies are not: they are answers, not
deliveries). SimCord's Discord lives in this process and dies with it, so ``LOG`` is the
lasting record of what the table saw. With ``--drain`` it makes no move: it waits until the
outbox is empty, prints ``drained`` and stops cleanly.

Each start rebuilds the same world. SimCord hands out ids in creation order from a clock that
starts at the same instant, so the guild, ``#games`` and the members get the same ids as in
every earlier run (as ``bot.playground.world`` relies on). Threads are made by the bot as it
goes, at times that differ from run to run, so each game's thread is put back under the id the
database holds, as real Discord would still have it after the bot's crash.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import re
import sqlite3
import sys
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import simcord
from simcord.http import router

import games
from bot import create_bot
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from games.core import BACK
from storage import Game, GameStatus
from tests.bot.conftest import SETTLE_TIMEOUT, Table
from tests.bot.driving import abandon, bot_of, member_at, replies, start_game
from tests.bot.wakeups import wakeups_on_simcord_clock

#: How many games are dealt together whenever none is left running.
TABLES = 3
#: The games played, with their seat counts taken from the engines.
GAME_KEYS = ("mandragora", "marginalia", "magnum-opus")
MEMBER_NAMES = ("alice", "bob", "carol", "dave", "erin")
#: SimCord seconds between two moves: one member makes at most two interactions (suggestions
#: and ``/play``) per move, so even a two-player game stays under the bot's throttle
#: (15 interactions in 10 s).
STEP = 2.0
#: A wake-up of the bot (a timer, a delivery's retry) this close ahead, in SimCord seconds, is
#: reached with ``advance_time`` before the next step rather than met by a step's settling.
CLEARANCE = STEP + 3.0
#: The longest any one step of the driver may take (wall clock) before the run counts as hung:
#: a step is several interactions, each given SimCord's settle timeout.
OPERATION_TIMEOUT = 5 * SETTLE_TIMEOUT
#: How long the answer to a post or a closing takes to come back from Discord (wall clock),
#: while the post already stands: a kill in that time leaves a delivery sent and not marked
#: done, which the next run sends again. Without it, that window is a few microseconds wide
#: and a kill almost never lands in it.
ANSWER_LATENCY = 0.01
#: The line of a game's last board post that says it is over (see ``bot.common.announce``).
GAME_OVER = "**The game is over.**"

_CHANNEL_MESSAGES = re.compile(r"/channels/(\d+)/messages")
_CHANNEL = re.compile(r"/channels/(\d+)")
_TURN_BUTTON = re.compile(r"grim:turn:(\d+):(\d+)")


def say(line: str) -> None:
    """A line for the parent test: flushed at once, since the process may die at any time."""
    print(line, flush=True)


# ------------------------------------------------------------------- the log
class PostLog:
    """An append-only file of what Discord accepted, synced line by line."""

    def __init__(self, path: Path) -> None:
        self._file = path.open("a", encoding="utf-8")
        # A line cut short by an earlier kill would run into the next one: end it first, so
        # the reader skips it alone. (A short append is one write(2) and is not cut in
        # practice; this is belt and braces.)
        if path.stat().st_size > 0:
            with path.open("rb") as existing:
                existing.seek(-1, os.SEEK_END)
                if existing.read(1) != b"\n":
                    self._file.write("\n")

    def record(self, entry: Mapping[str, Any]) -> None:
        self._file.write(json.dumps(entry, sort_keys=True) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())


def record_posts(log: PostLog) -> None:
    """Log every message the bot posts and every thread it closes, once SimCord's Discord has
    accepted it and before the bot sees the answer.

    SimCord's HTTP client and webhook adapter both call ``simcord.http.router.dispatch``
    (through the module, at call time), which runs the route and raises for a failed call; a
    call that returns was accepted. Nothing of the bot runs between the route and the log, so
    the bot can mark a delivery done only after its message is in the log.
    """
    original: Callable[..., Any] = router.dispatch

    def dispatch(backend: Any, method: str, path: str, /, **kwargs: Any) -> Any:
        result = original(backend, method, path, **kwargs)
        body = kwargs.get("json")
        if method == "POST" and (found := _CHANNEL_MESSAGES.fullmatch(path)):
            log.record(describe_post(backend, int(found[1]), body, result))
        elif (
            method == "PATCH"
            and (found := _CHANNEL.fullmatch(path))
            and isinstance(body, dict)
            and body.get("archived")
        ):
            log.record({"kind": "close", "channel": int(found[1])})
        else:
            return result
        # Discord's answer takes its time on the way back, and the post stands meanwhile.
        time.sleep(ANSWER_LATENCY)
        return result

    # Every keyword passes through untouched, whatever SimCord's version adds.
    router.dispatch = dispatch  # type: ignore[assignment]


def describe_post(backend: Any, channel_id: int, body: Any, result: Any) -> dict[str, Any]:
    """One log line: where a message went and which of the bot's posts it was.

    A board post carries its "Take your turn" button, whose custom id names the game and the
    version it shows; a game's last board has no button and ends with ``GAME_OVER``. DMs go to
    channels whose ids change from run to run, so they are named by their recipient.
    """
    payload = body if isinstance(body, dict) else {}
    ids, texts = _walk(payload.get("components") or [])
    # A board post laid out in components carries its words in text displays, not content.
    content = str(payload.get("content") or "") or "\n".join(texts[:1])
    entry: dict[str, Any] = {
        "channel": channel_id,
        "message": int(result["id"]) if isinstance(result, dict) and "id" in result else None,
        "kind": "post",
        "head": content.splitlines()[0][:80] if content else "",
        # Tells posts in words apart (a resend has the same words, another post does not).
        "digest": hashlib.sha1(content.encode()).hexdigest()[:16] if content else None,
        # The delivery's own nonce (``grimoire-<outbox id>``): which item the post sent.
        "nonce": payload.get("nonce"),
    }
    embeds = payload.get("embeds") or []
    if embeds:
        entry["title"] = embeds[0].get("title")
    channel = backend.channels.get(channel_id)
    recipients = list(getattr(channel, "recipient_ids", None) or [])
    if channel is not None and channel.guild_id is None and recipients:
        entry["kind"] = "dm"
        entry["recipient"] = int(recipients[0])
        return entry
    for custom_id in ids:
        if found := _TURN_BUTTON.fullmatch(custom_id):
            entry.update(kind="board", game=int(found[1]), version=int(found[2]))
            return entry
    if GAME_OVER in content:
        entry["kind"] = "over"
    return entry


def _walk(components: list[Any]) -> tuple[list[str], list[str]]:
    """The custom ids and the text displays' words of a message's components, however deep
    they are nested (rows, containers, sections), in order."""
    ids: list[str] = []
    texts: list[str] = []
    for component in components:
        if not isinstance(component, dict):
            continue
        if component.get("custom_id"):
            ids.append(str(component["custom_id"]))
        if component.get("type") == 10 and component.get("content"):  # a text display
            texts.append(str(component["content"]))
        inner_ids, inner_texts = _walk(list(component.get("components") or []))
        ids += inner_ids
        texts += inner_texts
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            more_ids, _ = _walk([accessory])
            ids += more_ids
    return ids, texts


# ----------------------------------------------------------------- the world
def build_world(env: simcord.Env, db: Path) -> Table:
    """The server, ``#games`` and five members, always in this order: the same ids as in
    every earlier run, as long as nothing else was made in SimCord before."""
    guild = env.create_guild(name="Crash table")
    channel = guild.create_text_channel("games")
    members = {name: guild.add_member(env.create_user(name)) for name in MEMBER_NAMES}
    return Table(env, guild, channel, members, db)


def _read(db: Path, query: str) -> list[tuple[Any, ...]]:
    """Rows from the database before the bot opens it; none when it is new (or was killed
    before its tables were made)."""
    if not db.exists():
        return []
    connection = sqlite3.connect(db)
    try:
        return list(connection.execute(query))
    except sqlite3.OperationalError:  # no such table yet
        return []
    finally:
        connection.close()


def restore_threads(table: Table) -> int:
    """Put each game's thread back in SimCord under the id the database holds: Discord keeps
    threads when a bot crashes, but SimCord's Discord died with the last run. Their messages
    are not put back; the log holds them. Returns how many were restored."""
    rows = _read(
        table.db,
        "SELECT id, game_key, thread_id FROM games WHERE thread_id IS NOT NULL ORDER BY id",
    )
    put_back_threads(
        table, [(int(game_id), str(key), int(thread)) for game_id, key, thread in rows]
    )
    return len(rows)


def put_back_threads(table: Table, threads: list[tuple[int, str, int]]) -> None:
    """Create in SimCord each ``(game id, game key, thread id)`` thread under its own id."""
    backend = table.env.backend
    for game_id, key, thread_id in threads:
        backend.reserve_id(int(thread_id))  # never handed out again by this run
        backend.create_thread(
            table.channel.id,
            f"{games.get(key).title} #{game_id}",
            backend.bot_user.id,
            message_id=int(thread_id),  # SimCord's way to give a thread a chosen id
            auto_archive_duration=10080,
            broadcast=False,
        )


def catch_up_clock(table: Table) -> None:
    """Move SimCord's clock, which starts at the same instant in every run, past everything
    the database has seen: past the wall clock, and past the leases a killed run held on
    deliveries, as if the restart had taken as long as a lease. A killed run's unfinished
    deliveries are then sent at once rather than minutes later. A timer or retry falling
    due just after that instant is made due at it (see ``CLEARANCE``)."""
    instants = [datetime.now(UTC).timestamp()]
    for query in (
        "SELECT max(updated_at) FROM games",
        "SELECT max(created_at) FROM outbox",
        "SELECT max(claimed_until) FROM outbox",
        "SELECT max(done_at) FROM outbox",
        "SELECT max(fired_at) FROM timers",
    ):
        instants += [float(row[0]) + 1.0 for row in _read(table.db, query) if row[0] is not None]
    wakeups = [
        float(row[0])
        for query in (
            "SELECT due_at FROM timers WHERE fired_at IS NULL",
            "SELECT available_at FROM outbox WHERE done_at IS NULL AND failed_at IS NULL",
        )
        for row in _read(table.db, query)
    ]
    target = clear_of(max(instants), wakeups)
    behind = target - table.env.now().timestamp()
    if behind > 0:
        table.env.backend.clock.advance(behind)


def clear_of(now: float, wakeups: list[float]) -> float:
    """The first instant from ``now`` that has no wake-up within ``CLEARANCE`` ahead of it:
    ``now`` itself, or just past the last of a close run of wake-ups."""
    for wakeup in sorted(wakeups):
        if now < wakeup <= now + CLEARANCE:
            now = wakeup + 0.5
    return now


async def keep_clear(table: Table) -> None:
    """Let the bot's next wake-ups happen now, by ``advance_time``, when they are close:
    timers (the first housekeeping ten minutes after a start, daily digests) and retries are
    reached by moving SimCord's clock between the steps, never met while a command is
    answered (``wakeups_on_simcord_clock`` keeps them off the wall clock too).
    """
    env = table.env
    bot = bot_of(table)
    wakeups = [
        at.timestamp()
        for at in (
            await bot.services.store.timers.next_due_at(),
            await bot.services.store.outbox.next_available_at(),
        )
        if at is not None
    ]
    now = env.now().timestamp()
    target = clear_of(now, wakeups)
    if target > now:
        await timed(env.advance_time(target - now), "reaching the bot's next wake-up")


def thread_of(table: Table, game: Game) -> simcord.ChannelHandle:
    """The SimCord handle of a game's thread."""
    for thread in table.channel.threads:
        if thread.id == game.thread_id:
            return thread
    raise LookupError(f"game {game.id}'s thread {game.thread_id} is not in SimCord")


# ------------------------------------------------------------------ playing
class MoveRefused(Exception):
    """The bot did not accept a move its own suggestions offered."""


async def timed(step: Any, what: str) -> Any:
    """Await one driver step, or fail the run if it hangs."""
    try:
        return await asyncio.wait_for(step, timeout=OPERATION_TIMEOUT)
    except TimeoutError as error:  # ours, or SimCord's when the bot does not settle
        error.add_note(f"while {what} (at most {OPERATION_TIMEOUT} s)")
        raise


async def running_games(table: Table) -> list[Game]:
    """The games of this server, open lobbies included."""
    return list(await bot_of(table).services.store.games.in_guild(table.guild.id))


async def abandon_lobbies(table: Table) -> None:
    """Call off lobbies an earlier run opened and was killed before starting: their lobby
    messages died with that run's Discord. Each host does it with ``/game abandon``."""
    for game in await running_games(table):
        if game.status is not GameStatus.LOBBY:
            continue
        host = next(m for m in table.members.values() if m.id == game.host_id)
        result = await timed(abandon(host, table.channel, game=game.id), "/game abandon")
        if not result.acknowledged:
            raise MoveRefused(f"/game abandon {game.id}: {result}")
        say(f"abandoned {game.id}")


async def deal_games(table: Table, rng: random.Random) -> None:
    """Open and start ``TABLES`` games through ``/game new`` and the lobby's buttons, with no
    turn deadline, so no timer moves for a player while the clock runs."""
    for _ in range(TABLES):
        key = rng.choice(GAME_KEYS)
        engine = games.get(key)
        players = rng.sample(
            MEMBER_NAMES,
            rng.randint(engine.min_players, min(engine.max_players, len(MEMBER_NAMES))),
        )
        _, game_id = await timed(
            start_game(table, key, players, deadline="none"), f"starting {key}"
        )
        say(f"started {game_id} {key} {len(players)}")


async def play_one(table: Table, game: Game, rng: random.Random) -> None:
    """One random move by a member the game waits for, chosen among the suggestions
    ``/play`` offers (never "back" when there is anything else), then ``/play`` itself."""
    seat = rng.choice(sorted(game.to_act))
    member = member_at(table, game, seat)
    thread = thread_of(table, game)
    offered = await timed(member.autocomplete(thread, "play", "move", ""), "suggestions")
    values = [str(choice["value"]) for choice in offered]
    moves = [value for value in values if value != BACK] or values
    if not moves:
        raise MoveRefused(f"game {game.id}: nothing offered to seat {seat}")
    move = rng.choice(moves)
    result = await timed(member.slash(thread, "play", move=move), "/play")
    answer = "\n".join(replies(result))
    # Decisions taken without asking may follow the move: "✔ `target c2 · attack`".
    if not result.acknowledged or not (f"✔ `{move}`" in answer or f"✔ `{move} · " in answer):
        raise MoveRefused(f"game {game.id}, seat {seat}, {move!r}: {answer!r}")
    after = await bot_of(table).services.store.games.get(game.id)
    say(f"acknowledged {game.id} {after.version}")


def report_errors(env: simcord.Env, seen: int) -> int:
    """Print what the bot raised since ``seen`` errors; returns the new count."""
    errors = env.errors_since(seen)
    for error in errors:
        say(f"bot-error {error!r}")
    return seen + len(errors)


async def play_forever(table: Table, rng: random.Random) -> None:
    """Random moves in the running games, dealing new ones whenever all have ended."""
    env = table.env
    seen = report_errors(env, 0)
    await abandon_lobbies(table)
    while True:
        active = [
            g
            for g in await running_games(table)
            if g.status is GameStatus.ACTIVE and g.thread_id is not None and g.to_act
        ]
        await keep_clear(table)
        if active:
            await play_one(table, rng.choice(active), rng)
        else:
            await deal_games(table, rng)
        await keep_clear(table)
        await timed(env.advance_time(STEP), "advancing the clock")
        seen = report_errors(env, seen)


async def drain(table: Table) -> None:
    """Let the outbox send everything left, then say ``drained``."""
    env = table.env
    bot = bot_of(table)
    seen = report_errors(env, 0)
    for _ in range(400):  # 800 SimCord seconds: past the longest retry delay (5 minutes)
        # Moving the clock lets the bot finish what it started and reach a retry or a
        # lease that may still hold a delivery back.
        await keep_clear(table)
        await timed(env.advance_time(STEP), "advancing the clock")
        seen = report_errors(env, seen)
        if not await bot.services.store.outbox.pending():
            await timed(bot.services.ai.idle(), "AI players")
            if not await bot.services.store.outbox.pending():
                say("drained")
                return
    raise TimeoutError("the outbox never drained")


async def run(db: Path, log: Path, seed: int, *, drain_only: bool) -> None:
    rng = random.Random(seed)
    record_posts(PostLog(log))
    bot: GrimoireBot = create_bot(
        Settings(database_url=f"sqlite:///{db}", discord_token=None),
        seeds=lambda: rng.randrange(1, 2**62),
    )
    # Errors are printed for the parent to judge instead of raised at the end, since a run
    # that plays has no end but a kill.
    env = simcord.Env(bot, check_errors=False, settle_timeout=SETTLE_TIMEOUT)
    table = build_world(env, db)
    restore_threads(table)
    catch_up_clock(table)
    say("starting")
    with wakeups_on_simcord_clock(env):
        await timed(env.start(), "starting the bot")
        try:
            if drain_only:
                await drain(table)
            else:
                await play_forever(table, rng)
        finally:
            await env.shutdown()
            # SimCord detaches the bot without closing it: close the database, or its
            # connection thread keeps the process alive.
            await bot.services.store.close()


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path)
    parser.add_argument("log", type=Path)
    parser.add_argument("seed", type=int)
    parser.add_argument("--drain", action="store_true", help="make no move; empty the outbox")
    args = parser.parse_args(argv)
    asyncio.run(run(args.db, args.log, args.seed, drain_only=args.drain))


if __name__ == "__main__":
    main(sys.argv[1:])
