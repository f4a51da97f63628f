"""One of several bot processes sharing a PostgreSQL database: the child of
``test_multi_process``.

``python -m tests.bot.multi_worker URL JOURNAL SEED [--deal N] [--drain]`` runs the real bot
(its outbox worker and timer loop included) on the database ``URL`` inside a SimCord Discord
of its own, and makes random legal moves in the running games through the service layer
(``Tables.choose``), as a player's click would. Several such processes run at once on the
same games, so two of them regularly move in the same game: one wins, the other is told the
move is stale or refused, and both answers are fine.

What the processes share is the database, not a Discord: each builds the same world (the
same ids, see ``tests.bot.crash_player``) and puts every game's thread back under the id the
database holds, so any process can send any game's deliveries. Every message its Discord
accepts is appended to ``JOURNAL`` (``crash_player``'s log, one JSON line each, with the
outbox item it carried and the wall-clock instant), and so is every timer this process fired
(the store said its transaction marked the timer fired). It prints ``starting`` before the
bot starts, ``acknowledged <game> <version>`` once a move is recorded (it must survive any
kill), ``refused <game> <reason>`` for a move the game no longer wanted, ``bot-error
<error>`` for anything the bot raised.

SimCord's clock is kept on the wall clock, since the processes' timestamps meet in one
database: leases, deadlines and retries written by one are read by the others.

With ``--deal N`` it opens and starts ``N`` games (one in five with a short deadline, which
falls due while the processes play), prints ``dealt`` and stops. With ``--drain`` it makes no move:
its clock jumps past every lease a killed process left, it fires what is due and sends
what is queued, prints ``drained`` and ``clock <its instant>`` and stops.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import asyncpg
import simcord

import games
from bot import create_bot
from bot.clocks.dispatcher import TimerWorker
from bot.clocks.turn_clock import Policy
from bot.common.refusals import Refusal
from bot.delivery.worker import OutboxWorker
from bot.lobby.lobby import Seating
from bot.tables.moves import stored_state
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from storage import Game, GameStatus
from storage.records import NewTimer
from storage.sql.timers import SqlTimers
from tests.bot.conftest import SETTLE_TIMEOUT, Table
from tests.bot.crash_player import (
    GAME_KEYS,
    MEMBER_NAMES,
    PostLog,
    build_world,
    put_back_threads,
    record_posts,
    report_errors,
    say,
    timed,
)
from tests.bot.driving import bot_of

#: A game's turn deadline, and its one reminder before it (seconds): short, so that deadlines
#: and reminders fall due while the processes play, and long enough that most moves beat them.
DEADLINE = 12
REMINDER = 6
#: One game in this many has the short deadline (a deadline met by the AI's move sets the
#: next one: too many such games and the timers alone keep the outbox busy).
CLOCKED = 5
#: Wall-clock seconds between two moves of one process, on average: the outbox keeps up.
PAUSE = 0.2
#: How many games every process often picks (the same ones in each).
HOT_GAMES = 5
#: Longest the drain may go on without the backlog shrinking (wall-clock seconds): how long
#: the whole drain takes depends on the machine's speed and is not limited; ``make soak``
#: leaves it more.
DRAIN_LIMIT = float(os.environ.get("GRIMOIRE_MULTI_DRAIN", "120"))
#: How often the drain counts its backlog, to see it shrink (wall-clock seconds).
DRAIN_COUNT_EVERY = 5.0
#: How far past the latest lease the drain's clock jumps (seconds).
PAST_LEASES = 1.0


class Journal(PostLog):
    """``crash_player``'s log of what Discord accepted, each line stamped with the wall
    clock (to order the posts of several processes) and this process's id."""

    def __init__(self, path: Path, worker: str) -> None:
        super().__init__(path)
        self.worker = worker

    def record(self, entry: Mapping[str, Any]) -> None:
        super().record({**entry, "at": time.time_ns(), "worker": self.worker})


def journal_timers(journal: Journal) -> None:
    """Log every timer this process's store marks fired, once its transaction committed.

    Both ways a timer is spent (``fire`` with its effects, ``mark_fired`` after a move that
    replaced it) say whether this call was the one that marked it: only those are logged, so
    a timer fired twice shows up as two lines.
    """
    fire = SqlTimers.fire
    mark_fired = SqlTimers.mark_fired

    async def logged_fire(
        self: SqlTimers,
        timer_id: int,
        *,
        deliveries: Sequence[Any] = (),
        timers: Sequence[NewTimer] = (),
    ) -> bool:
        fired = await fire(self, timer_id, deliveries=deliveries, timers=timers)
        if fired:
            journal.record({"kind": "timer", "timer": timer_id})
        return fired

    async def logged_mark_fired(self: SqlTimers, timer_id: int) -> bool:
        fired = await mark_fired(self, timer_id)
        if fired:
            journal.record({"kind": "timer", "timer": timer_id})
        return fired

    SqlTimers.fire = logged_fire  # type: ignore[method-assign]
    SqlTimers.mark_fired = logged_mark_fired  # type: ignore[method-assign]


class HeldBack:
    """Holds the outbox worker and the timer loop back while SimCord attaches the bot:
    attaching waits (a few seconds at most) for the bot to go quiet, and a hundred games'
    deliveries waiting in the shared database would keep it busy longer. Once released,
    both are woken, as the bot's start wakes them."""

    def __init__(self) -> None:
        self.held = True
        for worker in (OutboxWorker, TimerWorker):
            kick = worker.kick

            def held_kick(self_: Any, kick: Callable[[Any], None] = kick) -> None:
                if not self.held:
                    kick(self_)

            setattr(worker, "kick", held_kick)  # noqa: B010  (a method replaced for the run)

    def release(self, table: Table) -> None:
        self.held = False
        services = bot_of(table).services
        services.outbox.kick()
        services.timers.kick()


async def fetch(url: str, query: str) -> list[asyncpg.Record]:
    """Rows read before the bot opens the database; none while its tables are not made."""
    connection = await asyncpg.connect(url)
    try:
        return list(await connection.fetch(query))
    except asyncpg.UndefinedTableError:
        return []
    finally:
        await connection.close()


async def catch_up_clock(table: Table, url: str, *, past_leases: bool) -> None:
    """Move SimCord's clock, which starts at the same instant in every run, to the wall
    clock; for the drain, past every lease too (as if the killed processes' leases ran
    out), so what they held is sent and fired now."""
    target = datetime.now(UTC).timestamp()
    if past_leases:
        for query in (
            "SELECT max(claimed_until) FROM outbox",
            "SELECT max(claimed_until) FROM timers",
        ):
            for row in await fetch(url, query):
                if row[0] is not None:
                    target = max(target, row[0].timestamp() + PAST_LEASES)
    behind = target - table.env.now().timestamp()
    if behind > 0:
        table.env.backend.clock.advance(behind)


async def keep_time(table: Table) -> None:
    """Bring SimCord's clock up to the wall clock, letting the bot's sleeps that end meanwhile
    run (its timers and retries come due as they would in real time)."""
    behind = datetime.now(UTC).timestamp() - table.env.now().timestamp()
    if behind > 0:
        await timed(table.env.advance_time(behind), "keeping up with the wall clock")


# ----------------------------------------------------------------- dealing
async def deal(table: Table, count: int, rng: random.Random) -> None:
    """Open and start ``count`` games through the lobby service, each in a thread made in
    SimCord as the bot would make it; some with a short deadline, at which the game waits
    or the AI moves for the late player, in turn."""
    services = bot_of(table).services
    await services.store.prefs.set_server(
        table.guild.id, {"deadline": DEADLINE, "reminders": [REMINDER], "strikes": 0}
    )
    for number in range(count):
        key = rng.choice(GAME_KEYS)
        engine = games.get(key)
        players = rng.sample(
            MEMBER_NAMES,
            rng.randint(engine.min_players, min(engine.max_players, len(MEMBER_NAMES))),
        )
        host = table.members[players[0]]
        lobby = await services.lobbies.open(
            game_key=key,
            options=None,
            seating=Seating.JOIN_ORDER,
            guild_id=table.guild.id,
            channel_id=table.channel.id,
            host_id=host.id,
            # The server's short deadline for one game in ``CLOCKED``; none for the others.
            deadline=None if number % CLOCKED == 0 else "none",
            policy=(Policy.WAIT if number % (2 * CLOCKED) else Policy.ACT).value,
        )
        for name in players[1:]:
            await services.lobbies.join(lobby.id, table.members[name].id)
        started = await services.lobbies.start(
            lobby.id, host.id, open_thread=lambda game: open_thread(table, game)
        )
        assert started.thread_id is not None
        say(f"started {started.id} {key} {len(players)}")


async def open_thread(table: Table, game: Game) -> int:
    """A thread for the game in ``#games``, made directly in SimCord's Discord."""
    thread = table.env.backend.create_thread(
        table.channel.id,
        f"{games.get(game.game_key).title} #{game.id}",
        table.env.backend.bot_user.id,
        auto_archive_duration=10080,
        broadcast=False,
    )
    return int(thread.id)


# ----------------------------------------------------------------- playing
async def play_one(table: Table, game: Game, rng: random.Random) -> None:
    """One random legal move by a member the game waits for, through ``Tables.choose``,
    against the version this process last read; a stale or refused move is fine (another
    process, or a deadline, moved first)."""
    services = bot_of(table).services
    seat = rng.choice(sorted(game.to_act))
    user_id = game.user_at(seat)
    if user_id is None:
        return
    engine = games.get(game.game_key)
    state = engine.load(stored_state(game))
    actions = engine.legal_actions(state, seat)
    if not actions:
        return
    try:
        result = await services.tables.choose(
            game.id, user_id, version=game.version, index=rng.randrange(len(actions))
        )
    except Refusal as refused:
        say(f"refused {game.id} {type(refused).__name__}")
        return
    say(f"acknowledged {game.id} {result.game.version}")


async def pause(seconds: float) -> None:
    """Wait on the wall clock (``asyncio.sleep`` follows SimCord's clock, which the driver
    moves itself), letting the bot work meanwhile."""
    await asyncio.to_thread(time.sleep, seconds)


async def play_forever(table: Table, rng: random.Random) -> None:
    """Random moves in random running games at a player's pace, the clock kept on the wall
    clock."""
    env = table.env
    store = bot_of(table).services.store
    seen = report_errors(env, 0)
    # Every game was dealt before the first worker started.
    dealt = sorted(game.id for game in await store.games.in_guild(table.guild.id))
    # Every process often picks among the same few games, so that two of them regularly
    # move in the same game at once.
    hot = dealt[:HOT_GAMES]
    while True:
        game = await store.games.get(rng.choice(hot if rng.random() < 0.5 else dealt))
        # A player looks at the board a moment before clicking: meanwhile another process
        # may move in this game, and the click is then stale.
        await pause(rng.uniform(0, 2 * PAUSE))
        if game.status is GameStatus.ACTIVE and game.to_act:
            await play_one(table, game, rng)
        await keep_time(table)
        seen = report_errors(env, seen)


async def drain(table: Table) -> None:
    """Fire what is due and send what is queued, then say ``drained``.

    The clock stands still (past every lease, see :func:`catch_up_clock`) but for a
    hundredth of a second a step: everything due at the start is handled, and a deadline
    set meanwhile (the AI moved for a late player) is not yet due, so the run ends.
    """
    env = table.env
    bot = bot_of(table)
    store = bot.services.store
    seen = report_errors(env, 0)
    backlog = len(await store.outbox.pending())
    say(f"backlog {backlog}")
    # The wall clock: SimCord's monotonic clock stands still with its own. The drain gives
    # up only when the backlog stops shrinking: a busy machine drains slowly, not never.
    counted = time.time()
    give_up = counted + DRAIN_LIMIT
    while time.time() < give_up:
        await pause(0.2)
        if time.time() - counted >= DRAIN_COUNT_EVERY:
            counted = time.time()
            remaining = len(await store.outbox.pending())
            if remaining < backlog:
                backlog, give_up = remaining, counted + DRAIN_LIMIT
        await timed(env.advance_time(0.01), "letting the bot work")
        seen = report_errors(env, seen)
        due = await store.timers.next_due_at()
        if (due is None or due > env.now()) and await store.outbox.next_available_at() is None:
            await timed(bot.services.ai.idle(), "AI players")
            if await store.outbox.next_available_at() is None:
                say("drained")
                say(f"clock {env.now().timestamp()}")
                return
    left = [(i.id, i.lane, i.available_at, i.attempts) for i in await store.outbox.pending()]
    raise TimeoutError(
        f"the outbox stopped draining for {DRAIN_LIMIT} s; {len(left)} left at {env.now()}:"
        f" {left[:5]}"
    )


async def run(
    url: str, journal_path: Path, seed: int, *, deal_count: int, drain_only: bool
) -> None:
    rng = random.Random(seed)
    journal = Journal(journal_path, f"{seed}")
    record_posts(journal)
    journal_timers(journal)
    workers = HeldBack()
    bot: GrimoireBot = create_bot(
        Settings(database_url=url, discord_token=None), seeds=lambda: rng.randrange(1, 2**62)
    )
    # SimCord's wait for the bot, as in the tests' fixture: generous, since a process may find
    # a hundred games' deliveries to send at its start, and a busy machine sends them slowly.
    env = simcord.Env(bot, check_errors=False, settle_timeout=SETTLE_TIMEOUT)
    # The driver's calls into the service layer wake the outbox and the timers: on SimCord's
    # clock, as the bot's own wake-ups are (outside it they would read the wall clock).
    with env.time_context():
        await serve(env, url, rng, workers, deal_count=deal_count, drain_only=drain_only)


async def serve(
    env: simcord.Env,
    url: str,
    rng: random.Random,
    workers: HeldBack,
    *,
    deal_count: int,
    drain_only: bool,
) -> None:
    """Build the world, start the bot, and deal, play or drain."""
    table = build_world(env, Path(url))
    rows = await fetch(
        url, "SELECT id, game_key, thread_id FROM games WHERE thread_id IS NOT NULL ORDER BY id"
    )
    put_back_threads(table, [(int(r[0]), str(r[1]), int(r[2])) for r in rows])
    await catch_up_clock(table, url, past_leases=drain_only)
    say("starting")
    await timed(env.start(), "starting the bot")
    workers.release(table)
    try:
        if deal_count:
            await deal(table, deal_count, rng)
            say("dealt")
        elif drain_only:
            await drain(table)
        else:
            await play_forever(table, rng)
    finally:
        await env.shutdown()
        await bot_of(table).services.store.close()


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("journal", type=Path)
    parser.add_argument("seed", type=int)
    parser.add_argument("--deal", type=int, default=0, help="open and start N games, then stop")
    parser.add_argument("--drain", action="store_true", help="make no move; fire and send all")
    args = parser.parse_args(argv)
    asyncio.run(run(args.url, args.journal, args.seed, deal_count=args.deal, drain_only=args.drain))


if __name__ == "__main__":
    main(sys.argv[1:])
