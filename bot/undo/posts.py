"""The undo requests this bot has posted and that may still show Approve and Refuse.

A request is settled by a click on its own message (which is then edited on the spot), or it
lapses when the game moves on, is asked again or ends. The outbox worker remembers the
messages it posted, so that after the game's next update it can edit a lapsed one: said to
be closed, with no buttons left. After a restart the memory is gone; a click on such an old
button is still answered, and that message loses its buttons then.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The line a lapsed request gets, under its question.
LAPSED = "⌛ No longer open: the game moved on before everyone answered."


@dataclass(frozen=True, slots=True)
class UndoPost:
    """One posted request: where it is and what it says."""

    game_id: int
    version: int
    channel_id: int
    message_id: int
    content: str


class UndoPosts:
    """The requests posted by this process whose buttons are still live."""

    def __init__(self) -> None:
        self._posts: dict[tuple[int, int], UndoPost] = {}

    def remember(self, post: UndoPost) -> None:
        """A request was posted with its buttons."""
        self._posts[post.game_id, post.version] = post

    def forget(self, game_id: int, version: int) -> UndoPost | None:
        """The request of ``game_id`` made at ``version`` is dealt with (by whoever calls)."""
        return self._posts.pop((game_id, version), None)

    def of_game(self, game_id: int) -> list[UndoPost]:
        """The game's requests still showing buttons, oldest first."""
        return sorted(
            (p for p in self._posts.values() if p.game_id == game_id), key=lambda p: p.version
        )


def settled_text(question: str, how: str) -> str:
    """A request's message once settled: the question, and how it was settled."""
    return f"{question}\n{how}"[:2000]
