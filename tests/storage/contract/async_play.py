"""Contract: what asynchronous play needs from a store: missed deadlines, nudges, undo,
timers fired with their effects, server defaults and players' choices."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from storage import (
    AlreadySeated,
    Delivery,
    DeliveryKind,
    GameNotActive,
    NewTimer,
    Store,
    TimerKind,
    VersionConflict,
)
from tests.storage.contract import FakeClock
from tests.storage.tables import next_move, play, started_game


def _post(target: int, text: str) -> Delivery:
    return Delivery(DeliveryKind.THREAD_POST, target, {"content": text})


class AsyncPlayContract:
    """What every store does for clocks, nudges, undo and preferences."""

    async def test_a_move_made_for_a_missed_deadline_is_counted_on_the_seat(
        self, store: Store
    ) -> None:
        game = await started_game(store)
        move = next_move(game, random.Random(1))
        game = await store.games.record_move(
            game.id,
            expected_version=0,
            seat=move.seat,
            notation=move.notation,
            state=move.state,
            to_act=move.to_act,
            missed=True,
        )
        missed = {s.seat: s.missed for s in game.seats}
        assert missed[move.seat] == 1
        assert sum(missed.values()) == 1

    async def test_starting_schedules_the_first_timers(
        self, store: Store, clock: FakeClock
    ) -> None:
        game = await started_game(store)
        assert await store.timers.pending(game.id) == []
        lobby = await store.games.create_lobby(
            game_key="mandragora", guild_id=1, channel_id=5, host_id=1, options={}
        )
        await store.games.join(lobby.id, user_id=1, max_seats=4)
        await store.games.join(lobby.id, user_id=2, max_seats=4)
        assert game.state is not None
        started = await store.games.start(
            lobby.id,
            seed=7,
            seat_order=[0, 1],
            state=game.state,
            to_act=game.to_act,
            timers=[NewTimer(TimerKind.DEADLINE, clock() + timedelta(hours=1), key="d")],
        )
        (timer,) = await store.timers.pending(started.id)
        assert (timer.game_id, timer.key) == (started.id, "d")

    async def test_firing_a_timer_queues_its_effects_once(
        self, store: Store, clock: FakeClock
    ) -> None:
        (timer_id,) = await store.timers.schedule([NewTimer(TimerKind.DIGEST, clock())])
        later = NewTimer(TimerKind.DIGEST, clock() + timedelta(days=1), key="digest:3")
        assert await store.timers.fire(timer_id, deliveries=[_post(3, "hi")], timers=[later])
        assert not await store.timers.fire(timer_id, deliveries=[_post(3, "again")])
        assert [i.payload["content"] for i in await store.outbox.pending()] == ["hi"]
        assert [t.key for t in await store.timers.pending()] == ["digest:3"]

    async def test_scheduling_without_replacing_keeps_a_pending_namesake(
        self, store: Store, clock: FakeClock
    ) -> None:
        now = clock()
        await store.timers.schedule([NewTimer(TimerKind.DIGEST, now, key="digest:1")])
        added = await store.timers.schedule(
            [NewTimer(TimerKind.DIGEST, now + timedelta(hours=5), key="digest:1")], replace=False
        )
        assert added == []
        (pending,) = await store.timers.pending()
        assert pending.due_at == now
        assert await store.timers.fire(pending.id)
        await store.timers.schedule(
            [NewTimer(TimerKind.DIGEST, now + timedelta(hours=5), key="digest:1")], replace=False
        )
        (pending,) = await store.timers.pending()
        assert pending.due_at == now + timedelta(hours=5)

    async def test_a_nudge_goes_out_once_per_cooldown(self, store: Store, clock: FakeClock) -> None:
        game = await started_game(store)
        cooldown = timedelta(hours=4)
        first = clock()
        assert (
            await store.games.nudge(game.id, cooldown=cooldown, deliveries=[_post(1, "a")]) is None
        )
        clock.advance(timedelta(hours=3))
        refused = await store.games.nudge(game.id, cooldown=cooldown, deliveries=[_post(1, "b")])
        assert refused == first
        assert [i.payload["content"] for i in await store.outbox.pending()] == ["a"]
        clock.advance(timedelta(hours=1))
        assert await store.games.nudge(game.id, cooldown=cooldown) is None

    async def test_undo_removes_the_last_actions_and_restores_the_state(
        self, store: Store, clock: FakeClock
    ) -> None:
        game = await started_game(store)
        rng = random.Random(3)
        game = await play(store, game, rng)
        before = game
        game = await play(store, game, rng)
        game = await play(store, game, rng)
        assert before.state is not None
        await store.timers.schedule(
            [NewTimer(TimerKind.DEADLINE, clock(), game_id=game.id, key="old")]
        )
        undone = await store.games.undo(
            game.id,
            expected_version=3,
            to_version=1,
            state=before.state,
            to_act=before.to_act,
            deliveries=[_post(1, "taken back")],
            timers=[NewTimer(TimerKind.DEADLINE, clock(), key="new")],
        )
        assert (undone.version, undone.state, undone.to_act) == (1, before.state, before.to_act)
        assert [a.seq for a in await store.games.actions(game.id)] == [1]
        assert [t.key for t in await store.timers.pending(game.id)] == ["new"]
        assert [i.payload["content"] for i in await store.outbox.pending()] == ["taken back"]
        again = await play(store, undone, rng)
        assert [a.seq for a in await store.games.actions(game.id)] == [1, 2]
        assert again.version == 2

    async def test_a_stale_undo_writes_nothing(self, store: Store) -> None:
        game = await started_game(store)
        game = await play(store, game, random.Random(2))
        assert game.state is not None
        with pytest.raises(VersionConflict):
            await store.games.undo(
                game.id, expected_version=0, to_version=0, state=game.state, to_act=game.to_act
            )
        await store.games.cancel(game.id)
        with pytest.raises(GameNotActive):
            await store.games.undo(
                game.id, expected_version=1, to_version=0, state=game.state, to_act=game.to_act
            )
        assert [a.seq for a in await store.games.actions(game.id)] == [1]

    async def test_undo_requests_collect_approvals_until_the_game_moves(self, store: Store) -> None:
        game = await started_game(store, (11, 12, 13))
        game = await play(store, game, random.Random(4))
        request = await store.games.request_undo(
            game.id, seat=0, version=1, to_version=0, deliveries=[_post(1, "may I?")]
        )
        assert request.approvals == frozenset()
        assert [i.payload["content"] for i in await store.outbox.pending()] == ["may I?"]
        assert await store.games.approve_undo(game.id, version=0, seat=1) is None
        approved = await store.games.approve_undo(game.id, version=1, seat=1)
        assert approved is not None
        assert approved.approvals == {1}
        assert await store.games.undo_request(game.id) == approved
        await play(store, game, random.Random(5))
        assert await store.games.undo_request(game.id) is None
        assert not await store.games.drop_undo(game.id, deliveries=[_post(1, "no")])
        await store.games.request_undo(game.id, seat=0, version=2, to_version=0)
        assert await store.games.drop_undo(game.id, deliveries=[_post(1, "refused")])
        assert await store.games.undo_request(game.id) is None
        contents = [i.payload["content"] for i in await store.outbox.pending()]
        assert "no" not in contents
        assert contents[-1] == "refused"

    async def test_server_defaults_merge_and_forget(self, store: Store) -> None:
        assert await store.prefs.server(1) == {}
        await store.prefs.set_server(1, {"deadline": 3600, "policy": "wait"})
        assert await store.prefs.set_server(1, {"policy": None, "strikes": 2}) == {
            "deadline": 3600,
            "strikes": 2,
        }
        assert await store.prefs.server(2) == {}

    async def test_a_setting_set_once_keeps_its_first_value(self, store: Store) -> None:
        await store.prefs.set_server(3, {"deadline": 60})
        assert await store.prefs.server_setting_once(3, "key", "first") == "first"
        assert await store.prefs.server_setting_once(3, "key", "second") == "first"
        assert await store.prefs.server(3) == {"deadline": 60, "key": "first"}
        assert await store.prefs.server_setting_once(4, "key", "other") == "other"

    async def test_players_choose_notifications_and_vacations(
        self, store: Store, clock: FakeClock
    ) -> None:
        fresh = await store.prefs.player(5)
        assert (fresh.reminders, fresh.digest, fresh.away_until) == (True, True, None)
        await store.prefs.set_notifications(5, digest=False)
        until = clock() + timedelta(days=3)
        player = await store.prefs.set_away(5, until)
        assert (player.reminders, player.digest, player.away_until) == (True, False, until)
        assert player.away(clock())
        assert not player.away(until)
        assert (await store.prefs.set_away(5, None)).away_until is None
        assert (await store.prefs.player(5)).digest is False

    async def test_players_choose_their_time_and_move_a_timer_with_it(
        self, store: Store, clock: FakeClock
    ) -> None:
        fresh = await store.prefs.player(6)
        assert (fresh.time_zone, fresh.quiet, fresh.digest_hour) == (None, None, None)
        digest = NewTimer(
            TimerKind.DIGEST, clock() + timedelta(hours=5), payload={"user": 6}, key="digest:6"
        )
        player = await store.prefs.set_choices(
            6,
            {"time_zone": "Europe/Paris", "quiet": [23, 8], "reminders_before": [3600]},
            timers=[digest],
        )
        assert player.time_zone == "Europe/Paris"
        assert player.quiet == (23, 8)
        assert player.reminders_before == (3600,)
        assert [t.due_at for t in await store.timers.pending()] == [digest.due_at]
        later = NewTimer(
            TimerKind.DIGEST, clock() + timedelta(hours=9), payload={"user": 6}, key="digest:6"
        )
        player = await store.prefs.set_choices(
            6, {"quiet": None, "digest_hour": 9, "heads_up": True}, timers=[later]
        )
        assert (player.quiet, player.digest_hour, player.heads_up) == (None, 9, True)
        assert player.time_zone == "Europe/Paris"
        assert [t.due_at for t in await store.timers.pending()] == [later.due_at]
        await store.prefs.set_notifications(6, digest=False)
        assert (await store.prefs.player(6)).time_zone == "Europe/Paris"

    async def test_players_choose_their_language_and_it_stays_with_their_time(
        self, store: Store, clock: FakeClock
    ) -> None:
        fresh = await store.prefs.player(7)
        assert (fresh.language, fresh.client_locale) == (None, None)
        await store.prefs.set_choices(7, {"time_zone": "Europe/Berlin"})
        player = await store.prefs.set_choices(7, {"language": "fr", "client_locale": "de"})
        assert (player.language, player.client_locale) == ("fr", "de")
        assert player.time_zone == "Europe/Berlin"
        await store.prefs.set_notifications(7, digest=False)
        again = await store.prefs.player(7)
        assert (again.language, again.client_locale, again.digest) == ("fr", "de", False)
        forgot = await store.prefs.set_choices(7, {"language": None})
        assert (forgot.language, forgot.client_locale) == (None, "de")
        assert (await store.prefs.player(7)).time_zone == "Europe/Berlin"

    async def test_a_seat_left_open_is_taken_by_someone_not_yet_at_the_table(
        self, store: Store, clock: FakeClock
    ) -> None:
        game = await started_game(store, (11, 12, 13))
        await store.games.resign(game.id, seat=1, expected_version=0, to_act=game.to_act - {1})
        deadline = NewTimer(
            TimerKind.DEADLINE, clock() + timedelta(hours=1), game_id=game.id, key="d"
        )
        opened = await store.games.hand_over(
            game.id,
            seat=1,
            user_id=None,
            expected_version=0,
            to_act=game.to_act,
            settings={**game.settings, "open": [1]},
            deliveries=[_post(99, "seat 2 is open")],
            timers=[deadline],
        )
        place = next(s for s in opened.seats if s.seat == 1)
        assert (place.user_id, place.is_open, place.is_ai, place.resigned) == (
            None,
            True,
            False,
            False,
        )
        assert opened.seat_of(12) is None
        assert opened.settings["open"] == [1]
        assert [t.key for t in await store.timers.pending(game.id)] == ["d"]
        assert [i.payload["content"] for i in await store.outbox.pending()] == ["seat 2 is open"]

        with pytest.raises(AlreadySeated):
            await store.games.hand_over(
                game.id,
                seat=1,
                user_id=13,
                expected_version=0,
                to_act=game.to_act,
                settings=opened.settings,
            )
        with pytest.raises(VersionConflict):
            await store.games.hand_over(
                game.id,
                seat=1,
                user_id=14,
                expected_version=3,
                to_act=game.to_act,
                settings=opened.settings,
            )
        taken = await store.games.hand_over(
            game.id,
            seat=1,
            user_id=14,
            expected_version=0,
            to_act=game.to_act,
            settings={**game.settings, "open": []},
        )
        assert taken.seat_of(14) == 1
        assert not next(s for s in taken.seats if s.seat == 1).is_open
        assert await store.timers.pending(game.id) == []
