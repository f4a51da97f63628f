"""Messages the service asks the bot to send, as plain data that fits an outbox row.

A :class:`Post` is platform-neutral: boards keep their seat placeholders (``{p0}``), and
``seats`` says which user plays each seat, so names are filled in when it is sent. What comes
with it (its buttons, its picture, what it stands in for) is a typed field each, written to
the outbox row's JSON under its own key; a row written before that, with those things in one
``extra`` dictionary, is still read (:data:`LEGACY_EXTRA`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from games.core import Board
from games.core.words import KEEP_MESSAGES, Msg, message_from_data

#: How a post keeps its boards' messages as messages in an outbox row.
_KEEP = {KEEP_MESSAGES: True}


def text_data(text: str | None) -> Any:
    """A text as JSON-ready data: a message as its data (said in its reader's language when
    the post is sent), plain text as it is."""
    return text.to_data() if isinstance(text, Msg) else text


def text_of(data: Any) -> str:
    """A text written by :func:`text_data`, read back."""
    if isinstance(data, Mapping) and "msg" in data:
        return message_from_data(data)
    return str(data)


@dataclass(frozen=True, slots=True)
class TurnButton:
    """The "Take your turn" button under a board, valid for one version of one game."""

    game_id: int
    version: int


@dataclass(frozen=True, slots=True)
class UndoButtons:
    """Approve and Refuse under a request to take a move back, made at ``version``."""

    game_id: int
    version: int


@dataclass(frozen=True, slots=True)
class SeatButton:
    """ "Take this seat" under the news that a game's ``seat`` (an engine seat) is open."""

    game_id: int
    seat: int


class PostStyle(StrEnum):
    """How a post's boards look."""

    PLAIN = "plain"
    TOURNAMENT = "tournament"
    """A tournament's boards, in the tournament's colour."""


@dataclass(frozen=True, slots=True)
class PostPicture:
    """What the picture of a post's first board is drawn from when the post is sent: the very
    view the board was made from (``bot.drawing.picture_posts`` makes and reads it)."""

    game_key: str
    view: Mapping[str, Any] = field(default_factory=dict)
    """The view as JSON data, as the game's engine dumps it."""
    status: str | None = None
    """Neutral text replacing the picture's status line (how a game ended by resignation)."""

    def to_payload(self) -> dict[str, Any]:
        """The picture as JSON-ready data."""
        data: dict[str, Any] = {"game": self.game_key, "view": dict(self.view)}
        if self.status is not None:
            data["status"] = text_data(self.status)
        return data

    @classmethod
    def from_payload(cls, data: Any) -> PostPicture | None:
        """Read a picture back; ``None`` for anything that names no game (no picture)."""
        if not isinstance(data, Mapping) or not isinstance(data.get("game"), str):
            return None
        view = data.get("view")
        status = data.get("status")
        return cls(
            game_key=data["game"],
            view=dict(view) if isinstance(view, Mapping) else {},
            status=None if status is None else text_of(status),
        )


#: Where a post written before its fields were typed kept them: its ``extra`` entries, and
#: the key each is written under now.
LEGACY_EXTRA: Mapping[str, str] = {
    "ping_instead": "ping_instead",
    "undo_vote": "undo_buttons",
    "open_seat": "seat_button",
    "message_id": "edits_message_id",
    "style": "style",
    "picture": "picture",
}


@dataclass(frozen=True, slots=True)
class Post:
    """One message: text, boards, whom it pings and what comes with it."""

    content: str = ""
    boards: tuple[Board, ...] = ()
    seats: tuple[int | None, ...] = ()
    """The user at each engine seat (``None``: an AI player), to name ``{pN}``."""
    pings: tuple[int, ...] = ()
    """Users this message notifies; nobody else is pinged, whatever the text says."""
    turn_button: TurnButton | None = None
    undo_buttons: UndoButtons | None = None
    seat_button: SeatButton | None = None
    close_thread: bool = False
    """Instead of posting: lock and archive the game's thread (the game is over)."""
    game_id: int | None = None
    notice_channel_id: int | None = None
    """For a DM: where to say, without revealing anything, that the DM could not be sent."""
    ping_instead: str | None = None
    """For a DM (a reminder): what pings its reader at ``notice_channel_id`` instead, when the
    DM cannot be sent (neutral text)."""
    edits_message_id: int | None = None
    """For a board edit: the message (in the delivery's channel) that this post rewrites."""
    style: PostStyle = PostStyle.PLAIN
    picture: PostPicture | None = None
    """What the first board's picture is drawn from; ``None``: the board has none."""

    def to_payload(self) -> dict[str, Any]:
        """The post as JSON-ready data for the outbox."""
        return {
            "content": text_data(self.content),
            "boards": [board.model_dump(mode="json", context=_KEEP) for board in self.boards],
            "seats": list(self.seats),
            "pings": list(self.pings),
            "turn_button": (
                None if (turn := self.turn_button) is None else [turn.game_id, turn.version]
            ),
            "undo_buttons": (
                None if (undo := self.undo_buttons) is None else [undo.game_id, undo.version]
            ),
            "seat_button": (
                None if (seat := self.seat_button) is None else [seat.game_id, seat.seat]
            ),
            "close_thread": self.close_thread,
            "game_id": self.game_id,
            "notice_channel_id": self.notice_channel_id,
            "ping_instead": text_data(self.ping_instead),
            "edits_message_id": self.edits_message_id,
            "style": self.style.value,
            "picture": None if self.picture is None else self.picture.to_payload(),
        }

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Post:
        """Read a post back from an outbox row, one written before the typed fields too."""
        extra = payload.get("extra")
        legacy = (
            {LEGACY_EXTRA[k]: v for k, v in extra.items() if k in LEGACY_EXTRA}
            if isinstance(extra, Mapping)
            else {}
        )
        data = {**legacy, **payload}
        turn, undo, seat = (data.get(k) for k in ("turn_button", "undo_buttons", "seat_button"))
        ping, edits = data.get("ping_instead"), data.get("edits_message_id")
        return cls(
            content=text_of(data.get("content", "")),
            boards=tuple(Board.model_validate(b) for b in data.get("boards", ())),
            seats=tuple(data.get("seats", ())),
            pings=tuple(int(u) for u in data.get("pings", ())),
            turn_button=None if turn is None else TurnButton(int(turn[0]), int(turn[1])),
            undo_buttons=None if undo is None else UndoButtons(int(undo[0]), int(undo[1])),
            seat_button=None if seat is None else SeatButton(int(seat[0]), int(seat[1])),
            close_thread=bool(data.get("close_thread", False)),
            game_id=data.get("game_id"),
            notice_channel_id=data.get("notice_channel_id"),
            ping_instead=None if ping is None else text_of(ping),
            edits_message_id=None if edits is None else int(edits),
            style=_style(data.get("style")),
            picture=PostPicture.from_payload(data.get("picture")),
        )


def _style(value: Any) -> PostStyle:
    """A stored style; one this bot does not know (a newer bot's) looks plain."""
    try:
        return PostStyle(value)
    except ValueError:
        return PostStyle.PLAIN
