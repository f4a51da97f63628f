"""Contract: each player's private message per game."""

from __future__ import annotations

from datetime import timedelta

from storage import Delivery, DeliveryKind, PrivateView, Store
from tests.storage.contract import FakeClock
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

    async def test_what_a_private_message_shows_is_remembered_with_it(self, store: Store) -> None:
        game = await new_lobby(store)
        await store.views.put(PrivateView(game.id, 7, 70, 700, shown="hand-1"))
        assert (await store.views.get(game.id, 7)) == PrivateView(game.id, 7, 70, 700, "hand-1")
        await store.views.put(PrivateView(game.id, 7, 70, 700, shown="hand-2"))
        assert (await store.views.get(game.id, 7)) == PrivateView(game.id, 7, 70, 700, "hand-2")
        await store.views.put(PrivateView(game.id, 7, 70, 701))
        assert (await store.views.get(game.id, 7)) == PrivateView(game.id, 7, 70, 701, None)

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

    async def test_the_updates_waiting_behind_one_are_found_due_or_not(
        self, store: Store, clock: FakeClock
    ) -> None:
        game = await new_lobby(store)

        def table(version: int, delay: float = 0.0) -> Delivery:
            payload = {"version": version}
            lane = "edits" if delay else "g"
            return Delivery(
                DeliveryKind.TABLE, 50, payload, game_id=game.id, lane=lane, delay=delay
            )

        ids = await store.outbox.enqueue([table(1), table(2, delay=4.0), table(3)])
        first, edit, post = [await store.outbox.get(i) for i in ids]
        assert edit.available_at == first.available_at + timedelta(seconds=4)
        behind = await store.outbox.waiting_behind(first)
        assert [(i.id, i.payload["version"]) for i in behind] == [(edit.id, 2), (post.id, 3)]
        assert [i.id for i in await store.outbox.waiting_behind(edit)] == [post.id]
        assert await store.outbox.waiting_behind(post) == []
        # The delayed edit is not due yet; its lane does not hold up the others.
        assert [i.id for i in await store.outbox.claim(worker="w")] == [first.id]
        await store.outbox.mark_done(first.id)
        assert [i.id for i in await store.outbox.claim(worker="w")] == [post.id]
        clock.advance(timedelta(seconds=5))
        assert [i.id for i in await store.outbox.claim(worker="w")] == [edit.id]

    async def test_updates_held_back_in_a_lane_are_settled_by_a_later_one(
        self, store: Store
    ) -> None:
        game = await new_lobby(store)

        def view(version: int, lane: str, delay: float = 0.0) -> Delivery:
            return Delivery(
                DeliveryKind.VIEW, 7, {"version": version}, game_id=game.id, lane=lane, delay=delay
            )

        ids = await store.outbox.enqueue(
            [view(1, "held", 4.0), view(2, "7"), view(3, "held", 4.0), view(4, "7")]
        )
        held, turn, _, newest = [await store.outbox.get(i) for i in ids]
        # The newest settles what was held back before it in the lane named, nothing else.
        assert await store.outbox.settle_older(newest, lane="held") == 2
        waiting = {item.id for item in await store.outbox.pending()}
        assert waiting == {turn.id, newest.id}
        assert await store.outbox.settle_older(held, lane="held") == 0
