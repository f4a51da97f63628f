"""The living table on Discord: one board per game kept current, one post per turn, and one
private message per player per game kept current by editing.

The outbox hands this module the updates a game queued (``TABLE`` and ``VIEW`` items, each a
game and a version); :class:`~bot.tables.views.TableViews` says what they show, and this
module shows it:

- A post (the start, someone new to act, the end) is a new message at the bottom of the
  thread: what happened since the previous post, a ping for whoever must act, the board and
  its **Take your turn** and **How to play** buttons. The previous post keeps its words but
  loses its board and buttons, so the thread reads as a short story with one live board at
  the end.
- The final post says who won in the game's terms, the places, how ratings moved (it rates
  the game first when nothing has yet), how long the game took, and lays every hand open; its
  buttons are **Rematch**, **New game** and **How to play**.
- Any other update edits that newest post's board and button in place. An update that a
  newer one waiting behind it will overtake is not drawn at all.
- A player's private message is edited in place; when it becomes their turn, or something
  happened only they may know, a new one is sent and the old one loses its board. The end
  of the game is news too: one new message each, with the result and the way to the thread.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord

from bot.clocks.turn_clock import deadline_line, deadlines_by_seat
from bot.common.announce import seat_users, where
from bot.common.names import NameBook
from bot.common.posts import TurnButton, text_data, text_of
from bot.common.render import mentions, render
from bot.drawing.board_layout import board_layout, words_layout, words_of
from bot.drawing.laid_out import pictured_layout
from bot.drawing.pictures import attach_picture, board_with_picture
from bot.profiles.ratings import Ratings
from bot.tables.views import History, TablePost, TableViews
from games.core.words import msg
from storage import GameStatus, OutboxItem, PrivateView, RatingChange, Store

log = logging.getLogger("grimoire.table")


def nonce_of(item: OutboxItem) -> str:
    """The nonce a delivery's message is sent with. discord.py asks Discord to enforce it:
    when a send is repeated after a crash or a lost answer, Discord hands back the message
    it created the first time (within a few minutes) instead of posting it twice."""
    return f"grimoire-{item.id}"


@dataclass(frozen=True, slots=True)
class PostMaking:
    """What a post of the thread was made of: the version it belongs to and how its words
    were asked for (see :meth:`TableViews.post <bot.tables.views.TableViews.post>`). Kept with
    the thread's newest post, so that editing it rewrites the same words."""

    version: int
    lines: bool = True
    heading: str | None = None
    missed: str | None = None

    @classmethod
    def of(cls, item: OutboxItem, version: int) -> PostMaking:
        """How a table delivery asks for its post."""
        payload = item.payload
        heading, missed = payload.get("heading"), payload.get("missed")
        return cls(
            version,
            lines=bool(payload.get("lines", True)),
            heading=None if heading is None else text_of(heading),
            missed=None if missed is None else text_of(missed),
        )

    @classmethod
    def read(cls, data: Mapping[str, Any] | None) -> PostMaking | None:
        """Read back what :meth:`to_payload` wrote; ``None`` for nothing usable."""
        if data is None or not isinstance(data.get("version"), int):
            return None
        heading, missed = data.get("heading"), data.get("missed")
        return cls(
            int(data["version"]),
            lines=bool(data.get("lines", True)),
            heading=None if heading is None else text_of(heading),
            missed=None if missed is None else text_of(missed),
        )

    def to_payload(self) -> dict[str, Any]:
        """As JSON-ready data, to keep with the post's message."""
        return {
            "version": self.version,
            "lines": self.lines,
            "heading": text_data(self.heading),
            "missed": text_data(self.missed),
        }

    def words(self) -> dict[str, Any]:
        """The arguments of ``TableViews.post`` that choose the post's words."""
        return {"lines": self.lines, "heading": self.heading, "missed": self.missed}


class TableMessages:
    """Sends and edits the messages of the living table."""

    def __init__(
        self, client: discord.Client, store: Store, names: NameBook, ratings: Ratings | None = None
    ) -> None:
        self._client = client
        self._store = store
        self._names = names
        # The final post says how ratings moved: it rates the game first if nobody has yet
        # (a game is rated once, whoever asks first).
        self._ratings = ratings or Ratings(store)
        self.views = TableViews(store)

    # ------------------------------------------------------------------ public
    async def table(self, item: OutboxItem) -> None:
        """Bring a game's thread up to date with the version ``item`` names."""
        history = await self._current(item)
        if history is None:
            return
        version = int(item.payload["version"])
        newer = await self._store.outbox.newer_waiting(item)
        forced = bool(item.payload.get("post"))
        if newer and history.moments[version].outcome is not None and not forced:
            return  # the game ended (by forfeit) at this version: the update behind says so
        if forced or history.is_post(version):
            footer = "" if newer else await self._footer(history)
            made = PostMaking.of(item, version) if forced else PostMaking(version)
            post = self.views.post(
                history,
                version,
                footer=footer,
                ratings=await self._rating_changes(history, version),
                **made.words(),
            )
            await self._post(item, history, post, with_board=not newer, made=made)
            return
        if newer:
            return  # the update behind this one brings the board up to date
        made = self._newest_post(history, version)
        post = self.views.post(
            history,
            made.version,
            footer=await self._footer(history),
            board_at=version,
            **made.words(),
        )
        if not await self._edit_board(history, post, version):
            await self._post(item, history, post, with_board=True, made=made)

    async def view(self, item: OutboxItem) -> None:
        """Bring one player's private message about a game up to date."""
        history = await self._current(item)
        if history is None:
            return
        game = history.game
        seat = game.seat_of(item.target_id)
        if seat is None:
            await self._left(game.id, item.target_id)
            return
        version = int(item.payload["version"])
        update = self.views.private(history, version, seat)
        notify = update.notify or bool(item.payload.get("notify"))
        shown = await self._store.views.get(game.id, item.target_id)
        ended = history.ended(version)
        if notify and shown is not None and version > 0 and not item.payload.get("notify"):
            # "Your turn" DMs follow /notify; the deal, a game picked up again and (being
            # the last) the end always come.
            notify = ended or (await self._store.prefs.player(item.target_id)).turns
        newer = await self._store.outbox.newer_waiting(item)
        if newer and (not notify or ended):
            return  # a newer update overtakes it (an ending is told once, by the newest)
        names = await self._names.names(seat_users(game))
        embed, picture = await board_with_picture(update.board, names, update.picture, private=True)
        # Laid out like the thread's posts, so the picture shows at the message's full width.
        view = pictured_layout(render(update.text, names)[:2000], embed, picture)
        try:
            if shown is not None and not notify:
                message = self._message(shown.channel_id, shown.message_id)
                with contextlib.suppress(discord.NotFound):  # deleted: send a new one below
                    # A message sent before the layout (words and an embed) loses both.
                    await message.edit(
                        content=None, embeds=[], attachments=_files(picture), view=view
                    )
                    return
                picture = await attach_picture(embed, update.picture, names)  # sent once
            user = await self._names.user(item.target_id)
            sent = await user.send(view=view, files=_files(picture), nonce=nonce_of(item))
        finally:
            view.stop()
        await self._store.views.put(PrivateView(game.id, item.target_id, sent.channel.id, sent.id))
        if shown is not None:
            await self._strip(shown.channel_id, shown.message_id)

    # ----------------------------------------------------------------- inside
    async def _current(self, item: OutboxItem) -> History | None:
        """The game's history, or ``None`` when the update is out of date for good (the game
        was taken back past it, or never started)."""
        if item.game_id is None:
            return None
        history = await self.views.history(item.game_id)
        if history is None or int(item.payload["version"]) > history.game.version:
            return None
        return history

    def _newest_post(self, history: History, version: int) -> PostMaking:
        """How the thread's newest post was made, to edit it in its own words: a post made
        out of the turn order (a game picked up in a new thread, a take-back, a catch-up)
        keeps them, where the turn's own post would tell the turn's story instead."""
        turns = PostMaking(history.post_at_or_before(version))
        kept = PostMaking.read(history.game.board_post)
        if kept is None or not turns.version <= kept.version <= version:
            return turns  # made before the turn's own post, or for moves taken back since
        return kept

    async def _rating_changes(self, history: History, version: int) -> list[RatingChange] | None:
        """How the game moved its players' ratings, for its final post (``None`` for any
        other post, or a game not rated)."""
        if not history.ended(version) or history.game.status is not GameStatus.FINISHED:
            return None
        try:
            return await self._ratings.changes(history.game.id)
        except Exception:  # the final post goes out without the ratings rather than not at all
            log.exception("Ratings of game %s could not be read.", history.game.id)
            return None

    async def _footer(self, history: History) -> str:
        """The turn clock's line, as it stands."""
        pending = await self._store.timers.pending(history.game.id)
        return deadline_line(deadlines_by_seat(pending).values())

    async def _post(
        self,
        item: OutboxItem,
        history: History,
        post: TablePost,
        *,
        with_board: bool,
        made: PostMaking,
    ) -> None:
        """A new message at the bottom of the thread; the previous one loses its board."""
        game = history.game
        names = await self._names.names(seat_users(game))
        content = _content(post, names)
        channel = self._client.get_partial_messageable(where(game))
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in post.pings]
        )
        if with_board:
            embed, picture = await board_with_picture(post.board, names, post.picture)
            view = _layout(post, names, content, embed, picture=picture)
            sent = await channel.send(
                view=view,
                files=_files(picture),
                allowed_mentions=allowed,
                nonce=nonce_of(item),
            )
            view.stop()  # dynamic items: no view needs keeping in memory
        else:
            view = words_layout(content)
            sent = await channel.send(view=view, allowed_mentions=allowed, nonce=nonce_of(item))
            view.stop()
        previous = game.board_message_id
        await self._store.games.set_messages(
            game.id, board_message_id=sent.id, board_post=made.to_payload()
        )
        if previous is not None and previous != sent.id:
            await self._strip(where(game), previous)

    async def _edit_board(self, history: History, post: TablePost, version: int) -> bool:
        """Show the board as of ``version`` on the thread's newest post; ``False`` when there
        is none to edit (it was deleted, or was never sent)."""
        game = history.game
        if game.board_message_id is None:
            return False
        names = await self._names.names(seat_users(game))
        embed, picture = await board_with_picture(post.board, names, post.picture)
        view = _layout(post, names, _content(post, names), embed, picture=picture)
        message = self._message(where(game), game.board_message_id)
        try:
            await message.edit(
                content=None,  # a post laid out in components carries no content nor embeds
                embeds=[],
                attachments=_files(picture),
                view=view,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.NotFound:
            return False
        finally:
            view.stop()
        return True

    async def _left(self, game_id: int, user_id: int) -> None:
        """Someone who left their seat to a substitute: their private message about the
        game no longer shows it (the seat's secrets are the new player's)."""
        shown = await self._store.views.get(game_id, user_id)
        if shown is None:
            return
        try:
            # In the layout whichever shape the message had: one laid out cannot go back.
            await self._message(shown.channel_id, shown.message_id).edit(
                content=None,
                embeds=[],
                attachments=[],
                view=words_layout(
                    render(
                        msg(
                            "You left game #{number}: its private view is no longer shown here.",
                            number=game_id,
                        )
                    )
                ),
            )
        except discord.HTTPException as error:
            log.info("Could not clear message %s: %s", shown.message_id, error)

    async def _strip(self, channel_id: int, message_id: int) -> None:
        """An older post of the thread, or an older private message, keeps its words and
        loses its board, picture and buttons, so no stale button stays live. One laid out in
        components is redrawn with its words alone (read back from it); one sent before the
        layout (content and an embed) loses its embed, picture and buttons. A failure here is
        only logged: the newer message is out, and a stale button answers with the game as
        it stands."""
        message = self._message(channel_id, message_id)
        try:
            sent = await message.fetch()
            if not sent.flags.components_v2:
                await message.edit(embeds=[], attachments=[], view=None)
                return
            view = words_layout(words_of(sent))
            await message.edit(
                view=view, attachments=[], allowed_mentions=discord.AllowedMentions.none()
            )
            view.stop()
        except discord.HTTPException as error:
            log.info("Could not clear message %s in %s: %s", message_id, channel_id, error)

    def _message(self, channel_id: int, message_id: int) -> discord.PartialMessage:
        return self._client.get_partial_messageable(channel_id).get_partial_message(message_id)


def _content(post: TablePost, names: list[str]) -> str:
    """A post's words, with the mentions that ping whoever must act."""
    text = render(post.text, names)
    if post.pings:
        text = f"{text}\n{mentions(post.pings)}"
    return text[:2000]


def _layout(
    post: TablePost,
    names: list[str],
    content: str,
    embed: discord.Embed,
    *,
    picture: discord.File | None,
) -> discord.ui.LayoutView:
    """A post with its board (and its picture, described in words) and buttons: Take your
    turn while the game runs, Rematch and New game once it is over, How to play always."""
    return board_layout(
        content,
        embed,
        picture=picture is not None,
        alt_text=None if picture is None else picture.description,
        button=None if post.final else TurnButton(post.game_id, post.shown),
        game_key=post.game_key or None,
        over=post.game_id if post.final else None,
        reveal=render(post.reveal, names),
    )


def _files(picture: discord.File | None) -> list[Any]:
    return [] if picture is None else [picture]
