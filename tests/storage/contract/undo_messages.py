"""Contract: the undo requests' messages whose buttons are live."""

from __future__ import annotations

import asyncio

from storage import Store, UndoMessage
from tests.storage.contract import StoreFactory
from tests.storage.tables import new_lobby


def message(game_id: int, version: int, message_id: int) -> UndoMessage:
    return UndoMessage(game_id, version, 70, message_id, f"Take back move {version}?")


class UndoMessagesContract:
    """Any store remembers each game's open request messages, oldest first, and lets exactly
    one caller close each of them, whichever process it runs in."""

    async def test_a_games_messages_are_remembered_oldest_first(self, store: Store) -> None:
        game = await new_lobby(store)
        other = await new_lobby(store)
        assert await store.undo_messages.open(game.id) == []
        await store.undo_messages.posted(message(game.id, 4, 901))
        await store.undo_messages.posted(message(game.id, 2, 950))
        await store.undo_messages.posted(message(other.id, 4, 902))
        # The same message again (a repeated send): nothing changes.
        await store.undo_messages.posted(message(game.id, 4, 901))
        assert await store.undo_messages.open(game.id) == [
            message(game.id, 2, 950),
            message(game.id, 4, 901),
        ]
        assert await store.undo_messages.open(other.id) == [message(other.id, 4, 902)]

    async def test_a_message_is_closed_once(self, store: Store) -> None:
        game = await new_lobby(store)
        await store.undo_messages.posted(message(game.id, 4, 901))
        await store.undo_messages.posted(message(game.id, 4, 903))  # asked again, same version
        assert await store.undo_messages.close(game.id, 901)
        assert not await store.undo_messages.close(game.id, 901)
        assert not await store.undo_messages.close(game.id, 999)
        assert await store.undo_messages.open(game.id) == [message(game.id, 4, 903)]

    async def test_processes_racing_to_close_a_message_close_it_once(
        self, store: Store, open_store: StoreFactory
    ) -> None:
        game = await new_lobby(store)
        await store.undo_messages.posted(message(game.id, 4, 901))
        stores = [await open_store() for _ in range(4)]
        closed = await asyncio.gather(*(s.undo_messages.close(game.id, 901) for s in stores))
        assert sorted(closed) == [False, False, False, True]
        assert await store.undo_messages.open(game.id) == []
