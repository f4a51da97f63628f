"""Housekeeping: the outbox forgets what it sent long ago, and servers the bot was removed
from are purged once their grace period is over, once a day.

Every move queues its posts and DMs in the outbox, and a sent one is only kept so that a
crash cannot send it twice; a week later it is of no use to anyone, and a busy server would
otherwise grow its database by every board ever posted. The daily run is a durable timer
like the game clocks, so it survives restarts and never runs twice at once; and it keeps
coming back: a run that fails for good still sets the next one, and one that fails for the
moment (the database busy) stays pending and is tried again by the timer loop.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

import discord

from bot.wiring.loops import transient
from storage import NewTimer, Store, Timer, TimerKind

log = logging.getLogger("grimoire.housekeeping")

#: How long a sent delivery is kept.
KEEP_SENT = timedelta(days=7)
#: How long one given up is kept (it says, e.g., that a player's DMs were closed).
KEEP_GIVEN_UP = timedelta(days=30)
#: Between two runs.
EVERY = timedelta(days=1)
#: The first run after a start, so a restart does not begin with a long delete.
FIRST_AFTER = timedelta(minutes=10)
HOUSEKEEPING_KEY = "housekeeping"


def bot_still_in(client: discord.Client) -> Callable[[int], Awaitable[bool]]:
    """Whether the bot is a member of a server now, asked of Discord (which knows it for
    every shard): a bot added back while it was not running missed the join."""

    async def still_in(guild_id: int) -> bool:
        try:
            await client.fetch_guild(guild_id, with_counts=False)
        except (discord.NotFound, discord.Forbidden):
            return False
        return True

    return still_in


def housekeeping_timer(due: datetime) -> NewTimer:
    """The next housekeeping run."""
    return NewTimer(TimerKind.HOUSEKEEPING, due, key=HOUSEKEEPING_KEY)


class Housekeeping:
    """Prunes the outbox, and purges the servers left longer than ``grace`` ago, once a day."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], datetime],
        grace: timedelta = timedelta(days=30),
        still_in: Callable[[int], Awaitable[bool]] | None = None,
    ) -> None:
        self._store = store
        self._clock = clock
        self._grace = grace
        self._still_in = still_in

    async def schedule(self) -> None:
        """Make sure a run is coming (an earlier start may already have set one)."""
        first = housekeeping_timer(self._clock() + FIRST_AFTER)
        await self._store.timers.schedule([first], replace=False)

    async def _purge_servers_left(self, now: datetime) -> None:
        """Purge every server left longer than the grace period ago, unless the bot was
        added back while it was not running (then only forget that it left)."""
        for guild_id in await self._store.privacy.guilds_left_before(now - self._grace):
            if self._still_in is not None and await self._still_in(guild_id):
                await self._store.privacy.guild_back(guild_id)
                continue
            purged = await self._store.privacy.purge_guild(guild_id)
            log.info("Server %d purged after the grace period: %s.", guild_id, purged)

    async def fire(self, timer: Timer) -> None:
        """Prune, then set the next run as the timer is marked fired."""
        now = self._clock()
        try:
            removed = await self._store.outbox.prune(
                done_before=now - KEEP_SENT, given_up_before=now - KEEP_GIVEN_UP
            )
            await self._purge_servers_left(now)
        except Exception as error:
            if transient(error):
                raise  # the timer stays pending and is fired again soon
            # Dropped with the timer, the run would never come back (until a restart).
            log.exception("Housekeeping failed; it runs again in %s.", EVERY)
        else:
            log.info("Housekeeping: %d old deliveries forgotten.", removed)
        await self._store.timers.fire(timer.id, timers=[housekeeping_timer(now + EVERY)])
