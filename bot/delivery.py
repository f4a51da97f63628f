"""The outbox worker: everything the bot posts about a game goes out from the outbox.

A move is recorded with its deliveries in one transaction; this worker sends them. A crash,
a restart or a Discord error delays a message and never loses it: an item is marked done only
after Discord accepted it, and failures are retried with a growing delay.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Awaitable, Callable
from datetime import timedelta

import discord

from bot.embeds import board_embed
from bot.names import NameBook
from bot.pictures import attach_extra
from bot.service.announce import game_lane
from bot.service.posts import Post, mentions
from bot.tournament_views import TOURNAMENT_COLOUR
from bot.views import turn_view, undo_view
from games.core import render_seats
from storage import Delivery, DeliveryKind, OutboxItem, Store

log = logging.getLogger("grimoire.delivery")

#: Discord's error code for "Cannot send messages to this user" (DMs closed).
DMS_CLOSED = 50007
#: Discord's error code for "Unknown Channel" (e.g. a thread a moderator deleted).
UNKNOWN_CHANNEL = 10003
#: Longest the worker sleeps before looking at the outbox again, in seconds.
MAX_SLEEP = 300.0


class OutboxWorker:
    """Drains the outbox: claims due items, sends them, marks them done or failed."""

    def __init__(
        self,
        client: discord.Client,
        store: Store,
        names: NameBook,
        *,
        place_gone: Callable[[int, int], Awaitable[None]] | None = None,
    ) -> None:
        self._client = client
        self._place_gone = place_gone
        self._store = store
        self._names = names
        self._worker = f"bot-{uuid.uuid4().hex[:8]}"
        self._drain_task: asyncio.Task[None] | None = None
        self._again = False
        self._sleeper: asyncio.Task[None] | None = None
        self._told_dm_closed: set[tuple[int, int]] = set()

    def kick(self) -> None:
        """Send what is due now, soon; safe to call as often as you like."""
        if self._drain_task is not None and not self._drain_task.done():
            self._again = True
            return
        self._drain_task = asyncio.create_task(self._drain(), name="grimoire-outbox")

    async def idle(self) -> None:
        """Wait until nothing is being sent (for an orderly shutdown)."""
        while self._drain_task is not None and not self._drain_task.done():
            await asyncio.wait({self._drain_task})

    def stop(self) -> None:
        """Stop waking up; what is left stays in the outbox for the next start."""
        for task in (self._sleeper, self._drain_task):
            if task is not None:
                task.cancel()

    async def _drain(self) -> None:
        while True:
            self._again = False
            items = await self._store.outbox.claim(
                worker=self._worker, limit=20, lease=timedelta(seconds=120)
            )
            for item in items:
                await self._deliver(item)
            if not items and not self._again:
                break
        await self._sleep_until_next()

    async def _sleep_until_next(self) -> None:
        when = await self._store.outbox.next_available_at()
        if self._sleeper is not None and not self._sleeper.done():
            self._sleeper.cancel()
        if when is None:
            return
        delay = (when - discord.utils.utcnow()).total_seconds()
        self._sleeper = asyncio.create_task(self._wake_after(max(delay, 0.5)))

    async def _wake_after(self, seconds: float) -> None:
        await asyncio.sleep(min(seconds, MAX_SLEEP))
        self.kick()

    async def _deliver(self, item: OutboxItem) -> None:
        try:
            await self._send(item)
        except discord.Forbidden as error:
            await self._forbidden(item, error)
        except discord.NotFound as error:
            log.warning("Outbox item %s: %s is gone (%s); dropped.", item.id, item.target_id, error)
            await self._store.outbox.mark_failed(item.id, error=str(error), permanent=True)
            await self._gone(item, error)
        except discord.HTTPException as error:
            log.warning("Outbox item %s failed (%s); will retry.", item.id, error.status)
            await self._store.outbox.mark_failed(item.id, error=f"{error.status} {error.text}")
        except Exception as error:  # a bug must not stop every later message
            log.exception("Outbox item %s could not be sent.", item.id)
            await self._store.outbox.mark_failed(item.id, error=repr(error), permanent=True)
        else:
            await self._store.outbox.mark_done(item.id)

    async def _gone(self, item: OutboxItem, error: discord.NotFound) -> None:
        """A game's thread (or channel) no longer exists: let the game move elsewhere."""
        game_id = item.game_id
        if (
            self._place_gone is None
            or game_id is None
            or item.kind is DeliveryKind.DM
            or error.code != UNKNOWN_CHANNEL
        ):
            return
        try:
            await self._place_gone(game_id, item.target_id)
        except Exception:  # moving the game is a favour; the outbox goes on regardless
            log.exception("Game %s could not be moved out of channel %s.", game_id, item.target_id)
        self._again = True

    async def _send(self, item: OutboxItem) -> None:
        post = Post.from_payload(item.payload)
        names = await self._names.names(post.seats)
        content = render_seats(post.content, names)
        if post.pings:
            content = f"{content}\n{mentions(post.pings)}".strip()
        embeds = [board_embed(b, names, private=item.kind is DeliveryKind.DM) for b in post.boards]
        if post.extra.get("style") == "tournament":
            for embed in embeds:
                embed.colour = TOURNAMENT_COLOUR
        picture = await attach_extra(embeds[0], post.extra, names) if embeds else None
        files = [picture] if picture is not None else []
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in post.pings]
        )
        if item.kind is DeliveryKind.DM:
            user = await self._names.user(item.target_id)
            await user.send(
                content=content[:2000], embeds=embeds, files=files, allowed_mentions=allowed
            )
            return
        if item.kind is DeliveryKind.BOARD_EDIT:
            # A message kept up to date in place (a tournament's standings).
            messageable = self._client.get_partial_messageable(item.target_id)
            message = messageable.get_partial_message(int(post.extra["message_id"]))
            await message.edit(content=text_or_none(content), embeds=embeds, view=None)
            return
        channel = self._client.get_channel(item.target_id) or await self._client.fetch_channel(
            item.target_id
        )
        if post.close_thread:
            # A failure here is retried like any delivery: the thread must not stay open.
            if isinstance(channel, discord.Thread):
                await channel.edit(archived=True, locked=True)
            return
        if not isinstance(channel, discord.abc.Messageable):
            raise TypeError(f"channel {item.target_id} cannot take messages")
        text = content[:2000] or None
        view = _view_of(post)
        if view is not None:
            await channel.send(
                text, embeds=embeds, files=files, view=view, allowed_mentions=allowed
            )
            view.stop()  # its buttons are dynamic items: no view needs keeping in memory
        else:
            await channel.send(text, embeds=embeds, files=files, allowed_mentions=allowed)

    async def _told_before(self, game_id: int, item: OutboxItem) -> bool:
        """Whether an earlier DM to this player in this game was refused too: the thread was
        told then (perhaps by an earlier run of the bot), so it is not told again."""
        refused = await self._store.outbox.given_up(
            game_id=game_id, kind=DeliveryKind.DM, target_id=item.target_id
        )
        return any(
            earlier.id < item.id and str(DMS_CLOSED) in (earlier.last_error or "")
            for earlier in refused
        )

    async def _forbidden(self, item: OutboxItem, error: discord.Forbidden) -> None:
        await self._store.outbox.mark_failed(item.id, error=str(error), permanent=True)
        post = Post.from_payload(item.payload)
        if item.kind is not DeliveryKind.DM or error.code != DMS_CLOSED:
            log.warning("Outbox item %s refused by Discord: %s", item.id, error)
            return
        if post.notice_channel_id is not None and "ping_instead" in post.extra:
            await self._ping_instead(item, post)
            return
        key = (post.game_id or 0, item.target_id)
        if post.notice_channel_id is None or key in self._told_dm_closed:
            return
        self._told_dm_closed.add(key)
        if post.game_id is not None and await self._told_before(post.game_id, item):
            return
        notice = Post(
            content=(
                f"I could not send <@{item.target_id}> their private view: their DMs are closed."
                " Use `/hand` in this thread to see it."
            ),
            game_id=post.game_id,
        )
        await self._post_instead(post.notice_channel_id, notice)

    async def _ping_instead(self, item: OutboxItem, post: Post) -> None:
        """A reminder whose DM was refused becomes a ping in the game's thread."""
        assert post.notice_channel_id is not None
        ping = Post(
            content=str(post.extra["ping_instead"]), pings=(item.target_id,), game_id=post.game_id
        )
        await self._post_instead(post.notice_channel_id, ping)

    async def _post_instead(self, channel_id: int, post: Post) -> None:
        """Queue ``post`` where the game is played, behind the game's earlier posts, in place
        of a DM Discord refused; it goes out in this same drain."""
        await self._store.outbox.enqueue(
            [
                Delivery(
                    DeliveryKind.THREAD_POST,
                    channel_id,
                    post.to_payload(),
                    game_id=post.game_id,
                    lane=game_lane(post.game_id) if post.game_id else None,
                )
            ]
        )
        self._again = True


def text_or_none(content: str) -> str | None:
    """Message text cut to Discord's limit, or ``None`` for none."""
    return content[:2000] or None


def _view_of(post: Post) -> discord.ui.View | None:
    """The buttons under a post: "Take your turn", or the answers to an undo request."""
    if post.turn_button is not None:
        return turn_view(post.turn_button)
    vote = post.extra.get("undo_vote")
    if vote is not None:
        return undo_view(int(vote[0]), int(vote[1]))
    return None
