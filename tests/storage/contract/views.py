"""Contract: each player's private message per game."""

from __future__ import annotations

from storage import Delivery, DeliveryKind, PrivateView, Store
from tests.storage.tables import new_lobby


class PrivateViewsContract:
    """Any store keeps one private message per player per game, and tells an out-of-date
    board or view update from the newest."""

    async def test_a_players_private_message_is_remembered_and_replaced(self, store: Store) -> None:
        game = await new_lobby(store)
        other = await new_lobby(store)
        assert await store.views.get(game.id, 7) is None
        await store.views.put(PrivateView(game.id, 7, channel_id=70, message_id=700))
        await store.views.put(PrivateView(other.id, 7, channel_id=70, message_id=800))
        assert await store.views.get(game.id, 7) == PrivateView(game.id, 7, 70, 700)
        await store.views.put(PrivateView(game.id, 7, channel_id=70, message_id=701))
        assert await store.views.get(game.id, 7) == PrivateView(game.id, 7, 70, 701)
        assert await store.views.get(other.id, 7) == PrivateView(other.id, 7, 70, 800)
        assert await store.views.get(game.id, 8) is None

    async def test_an_update_is_out_of_date_while_a_newer_one_of_its_kind_waits(
        self, store: Store
    ) -> None:
        game = await new_lobby(store)
        other = await new_lobby(store)

        def table(game_id: int, version: int) -> Delivery:
            payload = {"version": version}
            return Delivery(DeliveryKind.TABLE, 50, payload, game_id=game_id, lane="g")

        ids = await store.outbox.enqueue(
            [
                table(game.id, 1),
                table(other.id, 1),
                Delivery(DeliveryKind.VIEW, 50, {"version": 1}, game_id=game.id, lane="g"),
                table(game.id, 2),
            ]
        )
        first, elsewhere, view, newest = [await store.outbox.get(i) for i in ids]
        assert await store.outbox.newer_waiting(first)
        assert not await store.outbox.newer_waiting(elsewhere)
        assert not await store.outbox.newer_waiting(view)
        assert not await store.outbox.newer_waiting(newest)
        await store.outbox.claim(worker="w")
        await store.outbox.mark_done(newest.id)
        assert not await store.outbox.newer_waiting(await store.outbox.get(ids[0]))
