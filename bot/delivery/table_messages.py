"""The living table on Discord: one board per game kept current, one post per turn, and one
private message per player per turn of theirs.

The outbox hands this module the updates a game queued (``TABLE`` and ``VIEW`` items, each a
game and a version); :class:`~bot.tables.views.TableViews` says what they show, and this
module shows it, spending as few of Discord's requests as it can (a bot has 50 a second for
every server it is in; see :mod:`bot.delivery.kept` for what is kept to spare them):

- A post (the start, someone new to act, the end) is a new message at the bottom of the
  thread: what happened since the previous post, a ping for whoever must act, the board (as
  the turn stands when it is sent) and its **Take your turn** and **How to play** buttons.
  The previous post keeps its words but loses its board and buttons, in one edit written
  from what was kept of it, so the thread reads as a short story with one live board at the
  end.
- The final post says who won in the game's terms, the places, how ratings moved (it rates
  the game first when nothing has yet), how long the game took, and lays every hand open; its
  buttons are **Rematch**, **New game** and **How to play**.
- A decision within a turn edits the newest post's board a few seconds later
  (:data:`~bot.delivery.queued.BOARD_EDIT_DELAY`), unless a newer update or the turn's post
  overtakes it; a picture is uploaded again only when it changed.
- A player gets a new private message at the deal, at each of their turns and at the end
  (older ones stay as they were, with no buttons); their newest is edited only when what
  only they see changed, never for their own decisions, answered in their interaction.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.clocks.turn_clock import deadline_line, deadlines_by_seat
from bot.common.announce import seat_users, where
from bot.common.names import NameBook
from bot.common.posts import TurnButton
from bot.common.render import mentions, render
from bot.delivery.kept import (
    PostMaking,
    Shown,
    digest,
    edit_laid_out,
    picture_digest,
    rewind,
    showing,
)
from bot.delivery.queued import board_lane, view_lane
from bot.drawing.board_layout import board_layout, words_layout, words_of
from bot.drawing.laid_out import pictured_layout
from bot.drawing.pictures import board_with_picture
from bot.profiles.ratings import Ratings
from bot.tables.views import History, TablePost, TableViews
from bot.wiring.pacing import Priority, paced
from games.core.words import msg
from storage import GameStatus, OutboxItem, PrivateView, RatingChange, Store

log = logging.getLogger("grimoire.table")


def nonce_of(item: OutboxItem) -> str:
    """The nonce a delivery's message is sent with, enforced by Discord: a send repeated
    after a crash or a lost answer gets back the message first created (within minutes)."""
    return f"grimoire-{item.id}"


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
        await self._store.outbox.settle_older(item, lane=board_lane(history.game.id))
        version = int(item.payload["version"])
        behind = await self._store.outbox.waiting_behind(item)
        forced = bool(item.payload.get("post"))
        if behind and history.moments[version].outcome is not None and not forced:
            return  # the game ended (by forfeit) at this version: the update behind says so
        if forced or history.is_post(version):
            # A post behind this one shows the board; edits behind it only would redraw
            # the board this post shows as the turn stands.
            later_post = any(_is_post(history, waiting) for waiting in behind)
            footer = "" if later_post else await self._footer(history)
            made = PostMaking.of(item, version) if forced else PostMaking(version)
            post = self.views.post(
                history,
                version,
                footer=footer,
                board_at=None if later_post else history.turn_so_far(version),
                ratings=await self._rating_changes(history, version),
                **made.words(),
            )
            await self._post(item, history, post, with_board=not later_post, made=made)
            return
        if behind or history.posted_since(version):
            return  # the update behind this one, or a later post, shows the board
        made = self._newest_post(history, version)
        if made.shown is not None and made.shown >= version:
            return  # the newest post shows this board already (sent late, as the turn stood)
        post = self.views.post(
            history,
            made.version,
            footer=await self._footer(history),
            board_at=version,
            **made.words(),
        )
        if not await self._edit_board(history, post, made):
            await self._post(item, history, post, with_board=True, made=made)

    async def view(self, item: OutboxItem) -> None:
        """Bring one player's private message about a game up to date."""
        history = await self._current(item)
        if history is None:
            return
        game = history.game
        await self._store.outbox.settle_older(item, lane=view_lane(game.id, item.target_id))
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
        before = Shown.read(None if shown is None else shown.shown)
        own = digest(update.own)
        if shown is not None and not notify and version < before.version:
            return  # an update held back a moment, overtaken by a newer message
        if shown is not None and not notify:
            if item.payload.get("answered") and shown.shown is not None:
                # The mover saw what their own decision did in the answer to it. (A message
                # whose content is not known, sent by an older version, is edited once.)
                await self._store.views.put(showing(shown, before, own=own, version=version))
                return
            if before.own == own and not update.notify:
                # Nothing only they see changed: the thread shows the rest. (Their turn,
                # with "your turn" DMs off, is said by editing it instead of a new one.)
                return
        names = await self._names.names(seat_users(game))
        embed, picture = await board_with_picture(update.board, names, update.picture, private=True)
        drawn = picture_digest(picture)
        # Laid out like the thread's posts, so the picture shows at the message's full width.
        view = pictured_layout(render(update.text, names)[:2000], embed, picture)
        try:
            if shown is not None and not notify:
                message = self._message(shown.channel_id, shown.message_id)
                # Deleted: a new one is sent below. An edit waits for posts, pings and DMs.
                with contextlib.suppress(discord.NotFound), paced(Priority.COSMETIC):
                    await edit_laid_out(message, view, picture, same=drawn == before.picture)
                    await self._store.views.put(
                        showing(shown, before, own=own, version=version, picture=drawn)
                    )
                    return
                rewind(picture)  # it may have been read by the edit
            user = await self._names.direct(item.target_id)
            sent = await user.send(view=view, files=_files(picture), nonce=nonce_of(item))
        finally:
            view.stop()
        kept = Shown(own=own, picture=drawn, version=version).dump()
        await self._store.views.put(
            PrivateView(game.id, item.target_id, sent.channel.id, sent.id, shown=kept)
        )

    # ----------------------------------------------------------------- inside
    async def _current(self, item: OutboxItem) -> History | None:
        """The game's history, or ``None`` when the update is out of date for good (the game
        was taken back past it, or never started)."""
        if item.game_id is None:
            return None
        history = await self.views.history_for(item.game_id, int(item.payload["version"]))
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
        drawn: str | None = None
        if with_board:
            embed, picture = await board_with_picture(post.board, names, post.picture)
            drawn = picture_digest(picture)
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
        kept = made.sent(post.text, post.pings, drawn, post.shown)
        await self._store.games.set_messages(
            game.id, board_message_id=sent.id, board_post=kept.to_payload()
        )
        if previous is not None and previous != sent.id:
            await self._strip(history, previous, names)
        try:  # a favour to the next replay of the game: the post is out regardless
            await self.views.keep_snapshot(history, made.version)
        except Exception:
            log.exception("Game %s not kept as of move %s.", game.id, made.version)

    async def _edit_board(self, history: History, post: TablePost, made: PostMaking) -> bool:
        """Show ``post``'s board on the thread's newest post (its picture uploaded again only
        when it changed); ``False`` when there is none to edit (it was deleted, or was never
        sent)."""
        game = history.game
        if game.board_message_id is None:
            return False
        names = await self._names.names(seat_users(game))
        embed, picture = await board_with_picture(post.board, names, post.picture)
        drawn = picture_digest(picture)
        view = _layout(post, names, _content(post, names), embed, picture=picture)
        message = self._message(where(game), game.board_message_id)
        try:
            with paced(Priority.COSMETIC):  # after the posts, pings and DMs waiting
                await edit_laid_out(message, view, picture, same=drawn == made.picture)
        except discord.NotFound:
            return False
        finally:
            view.stop()
        kept = made.sent(post.text, post.pings, drawn, post.shown)
        await self._store.games.set_messages(
            game.id, board_message_id=game.board_message_id, board_post=kept.to_payload()
        )
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

    async def _strip(self, history: History, message_id: int, names: list[str]) -> None:
        """The thread's previous post keeps its words and loses its board, picture and
        buttons, so no stale button stays live: redrawn with its words alone, as kept when it
        was sent (a post sent by an older version of the bot, whose words were not kept, is
        read back). A failure here is only logged: the newer message is out, and a stale
        button answers with the game as it stands."""
        message = self._message(where(history.game), message_id)
        kept = PostMaking.read(history.game.board_post)
        try:
            with paced(Priority.COSMETIC):  # after the posts, pings and DMs waiting
                if kept is not None and kept.said is not None:
                    words = render(kept.said, names)
                    if kept.pings:
                        words = f"{words}\n{mentions(kept.pings)}"
                else:
                    sent = await message.fetch()
                    if not sent.flags.components_v2:
                        await message.edit(embeds=[], attachments=[], view=None)
                        return
                    words = words_of(sent)
                view = words_layout(words[:2000])
                await message.edit(
                    view=view, attachments=[], allowed_mentions=discord.AllowedMentions.none()
                )
                view.stop()
        except discord.HTTPException as error:
            log.info(
                "Could not clear message %s of game %s: %s", message_id, history.game.id, error
            )

    def _message(self, channel_id: int, message_id: int) -> discord.PartialMessage:
        return self._client.get_partial_messageable(channel_id).get_partial_message(message_id)


def _is_post(history: History, waiting: OutboxItem) -> bool:
    """Whether a table update waiting in the outbox is a post of the thread."""
    version = int(waiting.payload.get("version", -1))
    if waiting.payload.get("post"):
        return True
    return 0 <= version < len(history.moments) and history.is_post(version)


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
