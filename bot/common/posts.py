"""Messages the service asks the bot to send, as plain data that fits an outbox row.

A :class:`Post` is platform-neutral: boards keep their seat placeholders (``{p0}``), and
``seats`` says which user plays each seat, so names are filled in when it is sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.core import Board


@dataclass(frozen=True, slots=True)
class TurnButton:
    """The "Take your turn" button under a board, valid for one version of one game."""

    game_id: int
    version: int


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
    close_thread: bool = False
    """Instead of posting: lock and archive the game's thread (the game is over)."""
    game_id: int | None = None
    notice_channel_id: int | None = None
    """For a DM: where to say, without revealing anything, that the DM could not be sent."""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_payload(self) -> dict[str, Any]:
        """The post as JSON-ready data for the outbox."""
        return {
            "content": self.content,
            "boards": [board.model_dump(mode="json") for board in self.boards],
            "seats": list(self.seats),
            "pings": list(self.pings),
            "turn_button": (
                None
                if self.turn_button is None
                else [self.turn_button.game_id, self.turn_button.version]
            ),
            "close_thread": self.close_thread,
            "game_id": self.game_id,
            "notice_channel_id": self.notice_channel_id,
            "extra": dict(self.extra),
        }

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Post:
        """Read a post back from an outbox row."""
        button = payload.get("turn_button")
        return cls(
            content=str(payload.get("content", "")),
            boards=tuple(Board.model_validate(b) for b in payload.get("boards", ())),
            seats=tuple(payload.get("seats", ())),
            pings=tuple(int(u) for u in payload.get("pings", ())),
            turn_button=None if button is None else TurnButton(int(button[0]), int(button[1])),
            close_thread=bool(payload.get("close_thread", False)),
            game_id=payload.get("game_id"),
            notice_channel_id=payload.get("notice_channel_id"),
            extra=dict(payload.get("extra", {})),
        )
