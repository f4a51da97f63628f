"""What the bot keeps of the table's messages it sent, so that it never reads them back from
Discord and never sends what a message already shows.

Every edit spends one of the requests a second Discord allows a bot (shared by all its
servers), and a picture re-uploaded weighs a hundred kilobytes or more. So the thread's newest
post is kept with how it was made and what it says (:class:`PostMaking`: the words to leave on
it when the next post takes its board, without fetching it), and each private message with a
digest of what only its player sees in it and of its picture (:class:`Shown`): it is edited
only when that changed, and its picture uploaded again only when the picture changed.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.common.posts import text_data, text_of
from storage import OutboxItem, PrivateView


@dataclass(frozen=True, slots=True)
class PostMaking:
    """What a post of the thread was made of: the version it belongs to and how its words
    were asked for (see :meth:`TableViews.post <bot.tables.views.TableViews.post>`), then what
    it said as last sent (neutral text, whom it pinged) and a digest of its picture. Kept with
    the thread's newest post, so that editing it rewrites the same words, and taking its board
    away leaves exactly its words."""

    version: int
    lines: bool = True
    heading: str | None = None
    missed: str | None = None
    said: str | None = None
    """The post's words as last sent (``None``: not kept, by an older version of the bot)."""
    pings: tuple[int, ...] = ()
    picture: str | None = None
    """A digest of the picture it shows (``None``: none, or not known)."""
    shown: int | None = None
    """The version its board shows (``None``: not known)."""

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
        heading, missed, said = data.get("heading"), data.get("missed"), data.get("said")
        pings = data.get("pings") or ()
        picture, shown = data.get("picture"), data.get("shown")
        return cls(
            int(data["version"]),
            lines=bool(data.get("lines", True)),
            heading=None if heading is None else text_of(heading),
            missed=None if missed is None else text_of(missed),
            said=None if said is None else text_of(said),
            pings=tuple(int(p) for p in pings),
            picture=picture if isinstance(picture, str) else None,
            shown=shown if isinstance(shown, int) else None,
        )

    def to_payload(self) -> dict[str, Any]:
        """As JSON-ready data, to keep with the post's message."""
        return {
            "version": self.version,
            "lines": self.lines,
            "heading": text_data(self.heading),
            "missed": text_data(self.missed),
            "said": text_data(self.said),
            "pings": list(self.pings),
            "picture": self.picture,
            "shown": self.shown,
        }

    def words(self) -> dict[str, Any]:
        """The arguments of ``TableViews.post`` that choose the post's words."""
        return {"lines": self.lines, "heading": self.heading, "missed": self.missed}

    def sent(self, said: str, pings: Iterable[int], picture: str | None, shown: int) -> PostMaking:
        """The same post, now saying ``said`` (pinging ``pings``) and showing ``picture``, the
        board as of ``shown``."""
        return replace(self, said=said, pings=tuple(pings), picture=picture, shown=shown)


@dataclass(frozen=True, slots=True)
class Shown:
    """What a player's private message shows, as digests: what only they see in it (their
    hand, what happened only to them) and its picture."""

    own: str | None = None
    picture: str | None = None
    version: int = 0
    """The version of the game it shows: an update of an earlier one, held back a moment,
    does not take it back."""

    @classmethod
    def read(cls, data: str | None) -> Shown:
        """Read back what :meth:`dump` wrote (nothing known for ``None`` or anything else)."""
        try:
            loaded = json.loads(data) if data else {}
        except ValueError:
            loaded = {}
        if not isinstance(loaded, dict):
            return cls()
        own, picture, version = loaded.get("own"), loaded.get("picture"), loaded.get("version")
        return cls(
            own=own if isinstance(own, str) else None,
            picture=picture if isinstance(picture, str) else None,
            version=version if isinstance(version, int) else 0,
        )

    def dump(self) -> str:
        """As text, to keep with the message."""
        kept = {"own": self.own, "picture": self.picture, "version": self.version}
        return json.dumps(kept, sort_keys=True)


def digest(parts: Iterable[str | bytes]) -> str:
    """A short digest of ``parts`` (in order), to tell whether what a message shows changed."""
    hashed = hashlib.blake2b(digest_size=12)
    for part in parts:
        data = part if isinstance(part, bytes) else part.encode()
        hashed.update(len(data).to_bytes(8, "big"))
        hashed.update(data)
    return hashed.hexdigest()


async def edit_laid_out(
    message: discord.PartialMessage,
    view: discord.ui.LayoutView,
    picture: discord.File | None,
    *,
    same: bool,
) -> None:
    """Edit a message laid out with a picture: the picture uploaded again only when it is
    not ``same`` as the one the message holds (Discord keeps an attachment an edit does not
    mention). A message sent before the layout (words and an embed) loses both."""
    attachments: dict[str, Any] = (
        {}
        if same and picture is not None
        else {"attachments": [] if picture is None else [picture]}
    )
    await message.edit(
        content=None,
        embeds=[],
        view=view,
        allowed_mentions=discord.AllowedMentions.none(),
        **attachments,
    )


def showing(
    view: PrivateView, before: Shown, *, own: str, version: int, picture: str | None = None
) -> PrivateView:
    """``view`` kept as now showing ``own`` as of ``version`` (and ``picture``, when it was
    drawn again)."""
    drawn = picture if picture is not None else before.picture
    shown = Shown(own=own, picture=drawn, version=version)
    return PrivateView(view.game_id, view.user_id, view.channel_id, view.message_id, shown.dump())


def picture_digest(picture: discord.File | None) -> str | None:
    """A digest of a picture's bytes (``None`` for no picture)."""
    if picture is None or not isinstance(picture.fp, io.BytesIO):
        return None
    return digest([picture.fp.getvalue()])


def rewind(picture: discord.File | None) -> None:
    """Let a picture be sent again after a failed attempt read it."""
    if picture is not None:
        picture.reset()
