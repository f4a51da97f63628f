"""The messages asking a table to take a move back, while they show Approve and Refuse.

A request is settled by a click on its own message (which is then edited on the spot), or it
lapses when the game moves on, is asked again or ends. The store keeps each request's message
(``Store.undo_messages``): the outbox worker remembers it when it posts it, and after the
game's next update whichever process sends that update edits a lapsed one: said to be closed,
with no buttons left. Whoever takes a message out of the store edits it, so a message is
edited once, however many processes serve the bot, and a restart forgets none. A click on a
button the store does not know (a request posted before it kept them) is still answered, and
that message loses its buttons then.
"""

from __future__ import annotations

from storage import GameNotFound, GameStatus, Store, UndoMessage

#: The line a lapsed request gets, under its question.
LAPSED = "⌛ No longer open: the game moved on before everyone answered."


async def lapsed(store: Store, game_id: int) -> list[UndoMessage]:
    """The game's request messages still showing buttons for a request no longer open, each
    taken out of the store for the caller to edit (nobody else will)."""
    shown = await store.undo_messages.open(game_id)
    if not shown:
        return []
    open_version = await _open_request(store, game_id)
    return [
        message
        for message in shown
        if message.version != open_version
        and await store.undo_messages.close(game_id, message.message_id)
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


def settled_text(question: str, how: str) -> str:
    """A request's message once settled: the question, and how it was settled."""
    return f"{question}\n{how}"[:2000]
