"""Contract: the undo requests' messages whose buttons are live."""

from __future__ import annotations

import asyncio

from storage import Store, UndoMessage
from tests.storage.contract import StoreFactory
from tests.storage.tables import new_lobby


def message(game_id: int, version: int, message_id: int) -> UndoMessage:
    return UndoMessage(game_id, version, 70, message_id, f"Take back move {version}?")


class UndoMessagesContract:
    """Any store remembers each game's open request messages, oldest first, and settles each
    of them once, with the first caller's words, whichever process it runs in."""

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

    async def test_a_message_is_settled_once_with_the_first_words(self, store: Store) -> None:
        game = await new_lobby(store)
        await store.undo_messages.posted(message(game.id, 4, 901))
        await store.undo_messages.posted(message(game.id, 4, 903))  # asked again, same version
        settled = await store.undo_messages.settle(message(game.id, 4, 901), "taken back")
        assert settled == UndoMessage(game.id, 4, 70, 901, "Take back move 4?", "taken back")
        # Whoever comes later is told how it was settled; nothing changes.
        later = await store.undo_messages.settle(message(game.id, 4, 901), "no longer open")
        assert later.settled == "taken back"
        assert await store.undo_messages.open(game.id) == [message(game.id, 4, 903)]
        # Posted again after a repeated send: still settled.
        await store.undo_messages.posted(message(game.id, 4, 901))
        assert await store.undo_messages.open(game.id) == [message(game.id, 4, 903)]

    async def test_a_message_never_kept_is_kept_settled(self, store: Store) -> None:
        game = await new_lobby(store)
        old = message(game.id, 2, 950)
        assert (await store.undo_messages.settle(old, "no longer open")).settled == (
            "no longer open"
        )
        assert (await store.undo_messages.settle(old, "refused")).settled == "no longer open"
        assert await store.undo_messages.open(game.id) == []

    async def test_processes_racing_to_settle_a_message_agree_on_its_words(
        self, store: Store, open_store: StoreFactory
    ) -> None:
        game = await new_lobby(store)
        await store.undo_messages.posted(message(game.id, 4, 901))
        stores = [await open_store() for _ in range(4)]
        settled = await asyncio.gather(
            *(
                s.undo_messages.settle(message(game.id, 4, 901), f"words {i}")
                for i, s in enumerate(stores)
            )
        )
        assert len({m.settled for m in settled}) == 1
        assert settled[0].settled in {f"words {i}" for i in range(4)}
        assert await store.undo_messages.open(game.id) == []
