"""Is the bot healthy: connected to Discord (or the playground) and its database answering."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from discord.ext import commands

from storage import Store

#: How long the database may take to answer a health check before it counts as down.
DATABASE_TIMEOUT = 5.0


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
    """Why the database does not answer, in a line; ``None`` when it does."""
    try:
        await asyncio.wait_for(store.stats.ping(), timeout)
    except TimeoutError:
        return f"the database did not answer within {timeout:g} s"
    except Exception as error:  # whatever the driver raises: the host needs to know which
        return f"the database failed: {type(error).__name__}: {error}"
    return None


async def check(watch: ConnectionWatch, store: Store) -> Verdict:
    """The bot's health: the connection first, then the database."""
    problem = watch.problem() or await database_problem(store)
    return Verdict(healthy=problem is None, reason=problem or "")
