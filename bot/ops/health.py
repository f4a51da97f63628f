"""Is the bot healthy: connected to Discord (or the playground), its database answering,
and its background loops keeping up."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from discord.ext import commands

from bot.wiring.loops import Loops
from storage import Store
from storage.health import ping

#: How long the database may take to answer a health check before it counts as down.
DATABASE_TIMEOUT = 5.0
#: Of that, the driver's own bound on connecting and answering: it gives up (and lets its
#: connection go) first, so the check answers within :data:`DATABASE_TIMEOUT` even while
#: the server hangs; the rest is left for the HTTP answer.
DRIVER_SHARE = 0.8


@dataclass(frozen=True, slots=True)
class Verdict:
    """A health check's answer: healthy, or not and why."""

    healthy: bool
    reason: str = ""

    def as_json(self) -> dict[str, object]:
        """The body of ``/healthz``."""
        if self.healthy:
            return {"status": "ok"}
        return {"status": "unhealthy", "reason": self.reason}


class ConnectionWatch:
    """Follows the gateway connections: a dropped connection (or shard) counts as down until
    it connects or resumes again."""

    def __init__(self, bot: commands.Bot) -> None:
        self._bot = bot
        self._sharded = isinstance(bot, commands.AutoShardedBot)
        #: The shards (``None`` when unsharded) whose connection dropped.
        self._down: set[int | None] = set()
        for event, handler in (
            ("on_disconnect", self._on_disconnect),
            ("on_connect", self._on_connect),
            ("on_resumed", self._on_connect),
            ("on_shard_disconnect", self._on_shard_disconnect),
            ("on_shard_connect", self._on_shard_connect),
            ("on_shard_resumed", self._on_shard_connect),
            ("on_shard_ready", self._on_shard_connect),
        ):
            bot.add_listener(handler, event)

    def loops(self) -> Loops | None:
        """The bot's background loops (``None`` before it has any)."""
        loops = getattr(self._bot, "loops", None)
        return loops if isinstance(loops, Loops) else None

    def connected(self) -> bool:
        """Whether the bot is ready and every connection it holds is up."""
        return self._bot.is_ready() and not self._bot.is_closed() and not self._down

    def problem(self) -> str | None:
        """Why the bot is not connected, in a few words; ``None`` when it is."""
        if self._bot.is_closed():
            return "the bot is shutting down"
        if not self._bot.is_ready():
            return "not connected to Discord yet"
        if self._down:
            shards = sorted(shard for shard in self._down if shard is not None)
            which = f" (shards {', '.join(map(str, shards))})" if shards else ""
            return f"the connection to Discord dropped{which}"
        return None

    async def _on_disconnect(self) -> None:
        if not self._sharded:  # a sharded bot says which shard in on_shard_disconnect
            self._down.add(None)

    async def _on_connect(self) -> None:
        if not self._sharded:
            self._down.discard(None)

    async def _on_shard_disconnect(self, shard_id: int) -> None:
        self._down.add(shard_id)

    async def _on_shard_connect(self, shard_id: int) -> None:
        self._down.discard(shard_id)


async def database_problem(store: Store, timeout: float = DATABASE_TIMEOUT) -> str | None:
    """Why the database does not answer, in a line; ``None`` when it does. The answer comes
    within ``timeout`` seconds, however the database hangs."""
    try:
        # The driver's bound lets go of a hung connection; wait_for only backs it up.
        await asyncio.wait_for(ping(store, timeout * DRIVER_SHARE), timeout)
    except TimeoutError:
        return f"the database did not answer within {timeout:g} s"
    except Exception as error:  # whatever the driver raises: the host needs to know which
        return f"the database failed: {type(error).__name__}: {error}"
    return None


async def check(watch: ConnectionWatch, store: Store) -> Verdict:
    """The bot's health: the connection first, then the database, then the background
    loops (a loop stalled with its database down says nothing new)."""
    problem = watch.problem() or await database_problem(store)
    if problem is None:
        loops = watch.loops()
        problem = None if loops is None else loops.problem()
    return Verdict(healthy=problem is None, reason=problem or "")
