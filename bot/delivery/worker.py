"""The outbox worker: everything the bot posts about a game goes out from the outbox.

A move is recorded with its deliveries in one transaction; this worker sends them. A crash,
a restart or a Discord error delays a message and never loses it: an item is marked done only
after Discord accepted it, and failures are retried with a growing delay. The worker itself
cannot die (:mod:`bot.wiring.loops`): a pass that fails, the database out of reach, is tried again
after a short backoff.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Awaitable, Callable
from datetime import timedelta

import discord

from bot.clocks.open_seat import open_seat_view
from bot.common.announce import game_lane, where
from bot.common.names import NameBook
from bot.common.posts import Post, PostStyle
from bot.common.render import mentions, render
from bot.common.text import user
from bot.delivery.faults import Fault, describe, fault_of
from bot.delivery.table_messages import TableMessages, nonce_of
from bot.drawing.embeds import board_embed
from bot.drawing.laid_out import pictured_layout
from bot.drawing.pictures import board_with_picture
from bot.ops.logs import log_context
from bot.ops.metrics import DELIVERY_FAILURES
from bot.tables.turn import turn_view
from bot.tournaments.signup import TOURNAMENT_COLOUR
from bot.undo.buttons import undo_view
from bot.undo.posts import lapsed, settled_text
from bot.wiring.loops import Loop, Supervisor, transient
from bot.wiring.pacing import delivery_priority, paced
from bot.words.i18n import reading_in
from bot.words.readers import Readers
from games.core.words import msg
from storage import Delivery, DeliveryKind, OutboxItem, Store, UndoMessage

log = logging.getLogger("grimoire.delivery")

#: Discord's error code for "Cannot send messages to this user" (DMs closed).
DMS_CLOSED = 50007
#: Discord's error code for "Unknown Channel" (e.g. a thread a moderator deleted).
UNKNOWN_CHANNEL = 10003
#: Deliveries that go to a player's DMs.
PRIVATE_KINDS = (DeliveryKind.DM, DeliveryKind.VIEW)
#: Attempts at an item that fails in an unexpected way (a bug) before it is given up.
UNEXPECTED_ATTEMPTS = 3
#: Longest the worker sleeps before looking at the outbox again, in seconds.
MAX_SLEEP = 300.0
#: Shortest sleep until an item falls due: items retried together go out together.
MIN_SLEEP = 0.5
#: How long a pass (one batch of deliveries) may take before ``/healthz`` reports the worker
#: stalled: a batch waits out Discord's rate limits, and draws pictures.
PASS_ALLOWED = 600.0


class OutboxWorker:
    """Drains the outbox: claims due items, sends them, marks them done or failed."""

    def __init__(
        self,
        client: discord.Client,
        store: Store,
        names: NameBook,
        *,
        readers: Readers,
        place_gone: Callable[[int, int], Awaitable[None]] | None = None,
        catch_up: Callable[[int, str], Awaitable[None]] | None = None,
    ) -> None:
        """``place_gone(game, channel)`` moves a game whose thread was deleted;
        ``catch_up(game, missed_text)`` queues a post standing in for one given up."""
        self._client = client
        self._place_gone = place_gone
        self._catch_up = catch_up
        self._store = store
        self._names = names
        self._readers = readers
        self._worker = f"bot-{uuid.uuid4().hex[:8]}"
        #: Watches the worker for ``/healthz``.
        self.supervisor = Supervisor("outbox", log, allowed=PASS_ALLOWED)
        self._loop = Loop(
            self.supervisor, self._pass, longest=MAX_SLEEP, task_name="grimoire-outbox"
        )
        self._told_dm_closed: set[tuple[int, int]] = set()
        self._table = TableMessages(client, store, names)

    def kick(self) -> None:
        """Send what is due now, soon; safe to call as often as you like."""
        self._loop.kick()

    async def idle(self) -> None:
        """Wait until nothing is being sent (for an orderly shutdown)."""
        await self._loop.idle()

    def stop(self) -> None:
        """Stop waking up; what is left stays in the outbox for the next start."""
        self._loop.stop()

    async def _pass(self) -> float | None:
        """Send one batch of what is due; the seconds until the worker should look again
        (``None``: when kicked, as every change that queues a delivery does)."""
        items = await self._store.outbox.claim(
            worker=self._worker, limit=20, lease=timedelta(seconds=120)
        )
        for item in items:
            with log_context(game_id=item.game_id):
                await self._deliver(item)
        if items:
            return 0.0  # more may be waiting: look again at once
        when = await self._store.outbox.next_available_at()
        if when is None:
            return None
        return max((when - discord.utils.utcnow()).total_seconds(), MIN_SLEEP)

    def _guild_of(self, channel_id: int) -> int | None:
        return getattr(getattr(self._client.get_channel(channel_id), "guild", None), "id", None)

    async def _deliver(self, item: OutboxItem) -> None:
        try:
            language = await self._readers.of_delivery(
                item, private=item.kind in PRIVATE_KINDS, channel_guild=self._guild_of
            )
            with reading_in(language), paced(delivery_priority(item.kind)):
                await self._send(item)
        except discord.Forbidden as error:
            DELIVERY_FAILURES.labels("forbidden").inc()
            await self._forbidden(item, error)
        except discord.NotFound as error:
            DELIVERY_FAILURES.labels("gone").inc()
            log.warning("Outbox item %s: %s is gone (%s); dropped.", item.id, item.target_id, error)
            await self._store.outbox.mark_failed(item.id, error=describe(error), permanent=True)
            if not await self._gone(item, error):
                await self._missed(item)
        except Exception as error:
            await self._failed(item, error)
        else:
            await self._store.outbox.mark_done(item.id)
            # An update of the game's table or thread: requests it left behind are closed.
            if item.game_id is not None and item.kind not in PRIVATE_KINDS:
                try:
                    await self._close_lapsed_undo_requests(item.game_id)
                except Exception:  # a favour to the table: the outbox goes on regardless
                    log.exception("Lapsed undo requests of game %s not closed.", item.game_id)

    async def _close_lapsed_undo_requests(self, game_id: int) -> None:
        """Requests of the game that are no longer open lose their buttons and say how they
        ended (a click that settled one first edits it too, with the same words)."""
        for request in await lapsed(self._store, game_id):
            messageable = self._client.get_partial_messageable(request.channel_id)
            message = messageable.get_partial_message(request.message_id)
            try:
                await message.edit(content=render(settled_text(request)), view=None)
            except discord.HTTPException as error:  # its buttons still answer a click clearly
                log.warning("Lapsed undo request of game %s kept its buttons: %s", game_id, error)

    async def _failed(self, item: OutboxItem, error: Exception) -> None:
        """A failure other than a refused DM or a vanished channel: retried for as long as
        it is transient, otherwise given up, and the table told what it missed."""
        # The database failing under the rendering is no fault of the item's: it is retried.
        fault = Fault.TRANSIENT if transient(error) else fault_of(error)
        DELIVERY_FAILURES.labels(fault.value).inc()
        if fault is Fault.TRANSIENT:
            log.warning("Outbox item %s failed (%s); will retry.", item.id, describe(error))
            await self._store.outbox.mark_failed(item.id, error=describe(error), transient=True)
            return
        if fault is Fault.REFUSED:
            log.warning("Outbox item %s refused by Discord: %s", item.id, describe(error))
            failed = await self._store.outbox.mark_failed(
                item.id, error=describe(error), permanent=True
            )
        else:  # a bug must not stop every later message: a few tries, then the lane goes on
            log.exception("Outbox item %s could not be sent.", item.id)
            failed = await self._store.outbox.mark_failed(
                item.id, error=describe(error), permanent=item.attempts >= UNEXPECTED_ATTEMPTS
            )
        if failed.failed_at is not None:
            await self._missed(item)

    async def _missed(self, item: OutboxItem) -> None:
        """An item was given up for good: the game's thread hears what it missed, so no
        turn ping is ever silently lost. A catch-up that fails in turn is only logged."""
        post = await self._post_of(item)
        if item.payload.get("missed") is not None:
            log.error("Catch-up post %s for game %s was refused too.", item.id, item.game_id)
            return
        if item.game_id is None or post.close_thread:
            return
        if item.kind in PRIVATE_KINDS:
            await self._tell_dm_failed(item, post, closed=False)
            return
        if self._catch_up is None:
            return
        try:
            await self._catch_up(item.game_id, post.content)
        except Exception:  # the game may be gone; the outbox goes on regardless
            log.exception("No catch-up post for game %s.", item.game_id)
        self._loop.kick()  # what it queued goes out in this same drain

    async def _gone(self, item: OutboxItem, error: discord.NotFound) -> bool:
        """A game's thread (or channel) no longer exists: let the game move elsewhere.
        Whether the game was handed on (its move reposts everything)."""
        game_id = item.game_id
        if (
            self._place_gone is None
            or game_id is None
            or item.kind in PRIVATE_KINDS
            or error.code != UNKNOWN_CHANNEL
        ):
            return False
        try:
            await self._place_gone(game_id, item.target_id)
        except Exception:  # moving the game is a favour; the outbox goes on regardless
            log.exception("Game %s could not be moved out of channel %s.", game_id, item.target_id)
        self._loop.kick()  # what it queued goes out in this same drain
        return True

    async def _send(self, item: OutboxItem) -> None:
        if item.kind is DeliveryKind.TABLE:
            await self._table.table(item)
            return
        if item.kind is DeliveryKind.VIEW:
            await self._table.view(item)
            return
        post = Post.from_payload(item.payload)
        names = await self._names.names(post.seats)
        content = render(post.content, names)
        if post.pings:
            content = f"{content}\n{mentions(post.pings)}".strip()
        private = item.kind is DeliveryKind.DM
        embeds = [board_embed(b, names, private=private) for b in post.boards]
        picture = None
        if post.boards:
            embeds[0], picture = await board_with_picture(
                post.boards[0], names, post.picture, private=private
            )
        if post.style is PostStyle.TOURNAMENT:
            for embed in embeds:
                embed.colour = TOURNAMENT_COLOUR
        files = [picture] if picture is not None else []
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in post.pings]
        )
        if item.kind is DeliveryKind.DM:
            user = await self._names.direct(item.target_id)
            if picture is not None and len(embeds) == 1:
                # A board with its picture is laid out, so the picture shows at full width.
                laid = pictured_layout(content[:2000], embeds[0], picture)
                await user.send(view=laid, files=files, nonce=nonce_of(item))
                laid.stop()
                return
            await user.send(
                content=content[:2000],
                embeds=embeds,
                files=files,
                allowed_mentions=allowed,
                nonce=nonce_of(item),
            )
            return
        if item.kind is DeliveryKind.BOARD_EDIT:
            # A message kept up to date in place (a tournament's standings).
            if post.edits_message_id is None:
                raise ValueError("a board edit that names no message")
            messageable = self._client.get_partial_messageable(item.target_id)
            message = messageable.get_partial_message(post.edits_message_id)
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
            sent = await channel.send(
                text,
                embeds=embeds,
                files=files,
                view=view,
                allowed_mentions=allowed,
                nonce=nonce_of(item),
            )
            view.stop()  # its buttons are dynamic items: no view needs keeping in memory
            if (vote := post.undo_buttons) is not None:
                # Kept in the store: any process closes it once the request lapses.
                await self._store.undo_messages.posted(
                    UndoMessage(vote.game_id, vote.version, sent.channel.id, sent.id, sent.content)
                )
        else:
            await channel.send(
                text, embeds=embeds, files=files, allowed_mentions=allowed, nonce=nonce_of(item)
            )

    async def _post_of(self, item: OutboxItem) -> Post:
        """The post an item carries; for a private view, where to say it could not be sent."""
        if item.kind is not DeliveryKind.VIEW or item.game_id is None:
            return Post.from_payload(item.payload)
        game = await self._store.games.get(item.game_id)
        return Post(game_id=game.id, notice_channel_id=where(game))

    async def _told_before(self, game_id: int, item: OutboxItem) -> bool:
        """Whether an earlier DM to this player in this game was given up too: the thread
        was told then (perhaps by an earlier run of the bot), so it is not told again."""
        refused = [
            earlier
            for kind in PRIVATE_KINDS
            for earlier in await self._store.outbox.given_up(
                game_id=game_id, kind=kind, target_id=item.target_id
            )
        ]
        return any(earlier.id < item.id for earlier in refused)

    async def _forbidden(self, item: OutboxItem, error: discord.Forbidden) -> None:
        await self._store.outbox.mark_failed(item.id, error=describe(error), permanent=True)
        if item.kind in PRIVATE_KINDS and error.code == DMS_CLOSED:
            await self._tell_dm_failed(item, await self._post_of(item), closed=True)
            return
        log.warning("Outbox item %s refused by Discord: %s", item.id, describe(error))
        await self._missed(item)

    async def _tell_dm_failed(self, item: OutboxItem, post: Post, *, closed: bool) -> None:
        """A DM that could not be sent: a reminder becomes a ping in the game's thread; a
        private view is replaced, once per player and game, by a line in the thread saying
        where to see it (without revealing anything)."""
        if post.notice_channel_id is not None and post.ping_instead is not None:
            await self._ping_instead(item, post)
            return
        key = (post.game_id or 0, item.target_id)
        if post.notice_channel_id is None or key in self._told_dm_closed:
            return
        self._told_dm_closed.add(key)
        if post.game_id is not None and await self._told_before(post.game_id, item):
            return
        who = user(item.target_id)
        notice = Post(
            content=(
                msg(
                    "I could not send {member} their private view: their DMs are closed."
                    " Use `/hand` in this thread to see it.",
                    member=who,
                )
                if closed
                else msg(
                    "I could not send {member} their private view. Use `/hand` in this thread"
                    " to see it.",
                    member=who,
                )
            ),
            game_id=post.game_id,
        )
        await self._post_instead(post.notice_channel_id, notice)

    async def _ping_instead(self, item: OutboxItem, post: Post) -> None:
        """A reminder whose DM was refused becomes a ping in the game's thread."""
        assert post.notice_channel_id is not None
        assert post.ping_instead is not None
        ping = Post(content=post.ping_instead, pings=(item.target_id,), game_id=post.game_id)
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
        self._loop.kick()  # what it queued goes out in this same drain


def text_or_none(content: str) -> str | None:
    """Message text cut to Discord's limit, or ``None`` for none."""
    return content[:2000] or None


def _view_of(post: Post) -> discord.ui.View | None:
    """The buttons under a post: Take your turn, an undo request's answers, or Take this seat."""
    if post.turn_button is not None:
        return turn_view(post.turn_button)
    if post.undo_buttons is not None:
        return undo_view(post.undo_buttons.game_id, post.undo_buttons.version)
    if post.seat_button is not None:
        return open_seat_view(post.seat_button.game_id, post.seat_button.seat)
    return None
