"""The messages asking a table to take a move back, and the words each one ends with.

A request is settled by a click on its own message, or it lapses when the game moves on, is
asked again or ends. The store keeps each request's message (``Store.undo_messages``): the
outbox worker remembers it when it posts it, and it is settled there once, by whoever gets
there first, with the words that say how the request ended: taken back, refused, or no longer
open. Those words are kept, so every edit of the message (the click that settled it, a click
that came too late, the update that found it lapsed) writes the same words, in whatever order
they reach Discord, in however many processes. A click on a message the store never kept (a
request posted before messages were kept) settles it there from then on.
"""

from __future__ import annotations

from bot.common.text import user
from games.core.words import msg
from storage import GameNotFound, GameStatus, Store, UndoMessage

#: How a request ends when everyone agreed.
AGREED = msg("✅ Everyone agreed: the move is taken back.")
#: How a request ends when the game moved on (or it was asked again) before everyone answered.
LAPSED = msg("⌛ No longer open: the game moved on before everyone answered.")
#: How a request ends that a click found closed, when nothing else is known of it (a request
#: posted before messages were kept).
CLOSED = msg("⌛ No longer open.")


def refused(user_id: int) -> str:
    """How a request ends when ``user_id`` refused it."""
    return msg("❌ Refused by {who}: the move stands.", who=user(user_id))


async def lapsed(store: Store, game_id: int) -> list[UndoMessage]:
    """The game's request messages still showing buttons for a request no longer open, each
    settled as lapsed (or as whoever settled it first said), for the caller to edit."""
    shown = await store.undo_messages.open(game_id)
    if not shown:
        return []
    open_version = await _open_request(store, game_id)
    return [
        await store.undo_messages.settle(message, LAPSED)
        for message in shown
        if message.version != open_version
    ]


async def _open_request(store: Store, game_id: int) -> int | None:
    """The version of the game's request that can still be answered, if any: asked at the
    version the running game is still at (as ``Takebacks.answer`` requires)."""
    request = await store.games.undo_request(game_id)
    if request is None:
        return None
    try:
        game = await store.games.get(game_id)
    except GameNotFound:
        return None
    if game.status is not GameStatus.ACTIVE or game.version != request.version:
        return None
    return request.version


def settled_text(message: UndoMessage) -> str:
    """A settled request's message: the question, and how it was settled (neutral text)."""
    how = message.settled or CLOSED
    return f"{message.content}\n{how}"[:2000]
