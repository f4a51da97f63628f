"""Contract: lobbies, seats, starting, moves and reading games back."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from storage import (
    AlreadyResigned,
    AlreadySeated,
    Delivery,
    DeliveryKind,
    Game,
    GameNotActive,
    GameNotFound,
    GameStatus,
    LobbyFull,
    NewTimer,
    NotInLobby,
    NotSeated,
    Store,
    TimerKind,
    VersionConflict,
)
from tests.storage.contract import FakeClock
from tests.storage.tables import (
    CHANNEL,
    ENGINE,
    GUILD,
    new_lobby,
    next_move,
    play,
    record,
    started_game,
)


class GameStoreContract:
    """What every ``GameStore`` does."""

    # ------------------------------------------------------------------ lobby
    async def test_a_new_lobby_has_no_seats_and_keeps_its_options(
        self, store: Store, clock: FakeClock
    ) -> None:
        game = await store.games.create_lobby(
            game_key="mandragora", guild_id=5, channel_id=6, host_id=7, options={"teams": True}
        )
        assert (game.game_key, game.guild_id, game.channel_id, game.host_id) == (
            "mandragora",
            5,
            6,
            7,
        )
        assert game.status is GameStatus.LOBBY
        assert game.options == {"teams": True}
        assert (game.seats, game.version, game.state, game.seed) == ((), 0, None, None)
        assert game.created_at == clock()
        assert await store.games.get(game.id) == game

    async def test_a_lobby_keeps_its_table_settings_apart_from_the_options(
        self, store: Store
    ) -> None:
        game = await store.games.create_lobby(
            game_key="mandragora",
            guild_id=5,
            channel_id=6,
            host_id=7,
            options={"teams": True},
            settings={"seating": "shuffle", "deadline": {"hours": 24}},
        )
        assert game.settings == {"seating": "shuffle", "deadline": {"hours": 24}}
        assert game.options == {"teams": True}
        assert await store.games.get(game.id) == game
        assert (await new_lobby(store)).settings == {}

    async def test_seats_are_taken_in_joining_order_by_people_and_ai(self, store: Store) -> None:
        game = await new_lobby(store)
        await store.games.join(game.id, user_id=10, max_seats=4)
        await store.games.join(game.id, user_id=None, ai_level="normal", max_seats=4)
        game = await store.games.join(game.id, user_id=30, team=1, max_seats=4)
        assert [(s.position, s.user_id, s.ai_level, s.team) for s in game.seats] == [
            (0, 10, None, None),
            (1, None, "normal", None),
            (2, 30, None, 1),
        ]
        assert [s.is_ai for s in game.seats] == [False, True, False]
        assert game.seated(30)
        assert not game.seated(99)

    async def test_joining_twice_or_a_full_lobby_is_refused_and_changes_nothing(
        self, store: Store
    ) -> None:
        game = await new_lobby(store)
        await store.games.join(game.id, user_id=10, max_seats=2)
        with pytest.raises(AlreadySeated, match="already have a seat"):
            await store.games.join(game.id, user_id=10, max_seats=2)
        full = await store.games.join(game.id, user_id=20, max_seats=2)
        with pytest.raises(LobbyFull, match="all 2 seats are taken"):
            await store.games.join(game.id, user_id=30, max_seats=2)
        assert await store.games.get(game.id) == full

    async def test_leaving_frees_the_seat_and_newcomers_sit_after_those_present(
        self, store: Store
    ) -> None:
        game = await new_lobby(store)
        for user in (10, 20, 30):
            await store.games.join(game.id, user_id=user, max_seats=4)
        await store.games.leave(game.id, user_id=30)
        with pytest.raises(NotSeated):
            await store.games.leave(game.id, user_id=30)
        game = await store.games.join(game.id, user_id=40, max_seats=4)
        assert [(s.position, s.user_id) for s in game.seats] == [(0, 10), (1, 20), (2, 40)]

    async def test_ai_seats_can_be_removed_and_teams_changed(self, store: Store) -> None:
        game = await new_lobby(store)
        await store.games.join(game.id, user_id=10, max_seats=4)
        await store.games.join(game.id, user_id=None, ai_level="easy", max_seats=4)
        game = await store.games.set_team(game.id, position=0, team=2)
        assert game.seats[0].team == 2
        game = await store.games.remove_seat(game.id, position=1)
        assert [s.user_id for s in game.seats] == [10]
        with pytest.raises(NotSeated):
            await store.games.remove_seat(game.id, position=1)

    async def test_a_seat_needs_a_person_or_an_ai(self, store: Store) -> None:
        game = await new_lobby(store)
        with pytest.raises(ValueError, match="user or an AI"):
            await store.games.join(game.id, user_id=None, max_seats=4)

    # ------------------------------------------------------------------ start
    async def test_starting_assigns_engine_seats_in_the_given_order(
        self, store: Store, clock: FakeClock
    ) -> None:
        lobby = await new_lobby(store)
        for user in (10, 20, 30):
            await store.games.join(lobby.id, user_id=user, max_seats=4)
        state = ENGINE.new_game(3, 99)
        game = await store.games.start(
            lobby.id,
            seed=99,
            seat_order=[2, 0, 1],
            state=ENGINE.dump(state),
            to_act=ENGINE.to_act(state),
            deliveries=[Delivery(DeliveryKind.THREAD_POST, 555, {"board": True})],
        )
        assert game.status is GameStatus.ACTIVE
        assert (game.seed, game.version, game.started_at) == (99, 0, clock())
        assert [game.user_at(seat) for seat in range(3)] == [30, 10, 20]
        assert game.seat_of(10) == 1
        assert [s.user_id for s in game.in_seat_order()] == [30, 10, 20]
        assert game.to_act == ENGINE.to_act(state)
        queued = await store.outbox.pending()
        assert [(i.kind, i.target_id, i.game_id) for i in queued] == [
            (DeliveryKind.THREAD_POST, 555, game.id)
        ]

    async def test_a_started_game_takes_no_more_seats_or_starts(self, store: Store) -> None:
        game = await started_game(store)
        with pytest.raises(NotInLobby, match="already started"):
            await store.games.join(game.id, user_id=99, max_seats=4)
        with pytest.raises(NotInLobby):
            await store.games.leave(game.id, user_id=11)
        with pytest.raises(NotInLobby):
            await store.games.start(
                game.id, seed=1, seat_order=[0, 1], state="{}", to_act=frozenset()
            )
        assert await store.games.get(game.id) == game

    async def test_the_seat_order_must_name_every_seat_once(self, store: Store) -> None:
        lobby = await new_lobby(store)
        for user in (10, 20):
            await store.games.join(lobby.id, user_id=user, max_seats=4)
        with pytest.raises(ValueError, match="seat order"):
            await store.games.start(
                lobby.id, seed=1, seat_order=[0, 0], state="{}", to_act=frozenset()
            )
        assert (await store.games.get(lobby.id)).status is GameStatus.LOBBY

    async def test_an_unknown_game_is_reported(self, store: Store) -> None:
        with pytest.raises(GameNotFound, match="no game #404"):
            await store.games.get(404)
        with pytest.raises(GameNotFound):
            await store.games.join(404, user_id=1, max_seats=2)
        with pytest.raises(GameNotFound):
            await store.games.actions(404)

    # ------------------------------------------------------------------ moves
    async def test_a_move_logs_the_action_and_its_deliveries_in_one_step(
        self, store: Store, clock: FakeClock
    ) -> None:
        game = await started_game(store)
        move = next_move(game, random.Random(1))
        after = await record(
            store,
            game,
            move,
            [
                Delivery(DeliveryKind.BOARD_EDIT, 700, {"message": 1}),
                Delivery(DeliveryKind.DM, 11, {"hand": True}),
            ],
        )
        assert (after.version, after.state, after.to_act) == (1, move.state, move.to_act)
        actions = await store.games.actions(game.id)
        assert [(a.seq, a.seat, a.notation, a.at) for a in actions] == [
            (1, move.seat, move.notation, clock())
        ]
        queued = await store.outbox.pending()
        assert [(i.kind, i.target_id, i.game_id, i.payload) for i in queued] == [
            (DeliveryKind.BOARD_EDIT, 700, game.id, {"message": 1}),
            (DeliveryKind.DM, 11, game.id, {"hand": True}),
        ]

    async def test_a_stale_version_is_a_conflict_and_writes_nothing(self, store: Store) -> None:
        game = await started_game(store)
        rng = random.Random(2)
        moved = await play(store, game, rng)
        stale = next_move(game, rng)
        with pytest.raises(VersionConflict) as raised:
            await store.games.record_move(
                game.id,
                expected_version=0,
                seat=stale.seat,
                notation=stale.notation,
                state=stale.state,
                to_act=stale.to_act,
                deliveries=[Delivery(DeliveryKind.PING, 1)],
                timers=[NewTimer(TimerKind.DEADLINE, moved.updated_at)],
            )
        assert (raised.value.expected, raised.value.actual) == (0, 1)
        assert "moved on" in str(raised.value)
        assert await store.games.get(game.id) == moved
        assert len(await store.games.actions(game.id)) == 1
        assert await store.outbox.pending() == []
        assert await store.timers.pending() == []

    async def test_moves_are_refused_before_the_start_and_after_the_end(self, store: Store) -> None:
        lobby = await new_lobby(store)
        with pytest.raises(GameNotActive, match="not started"):
            await store.games.record_move(
                lobby.id, expected_version=0, seat=0, notation="x", state="{}", to_act=frozenset()
            )
        game = await started_game(store)
        over = await store.games.record_move(
            game.id,
            expected_version=0,
            seat=0,
            notation="resign",
            state=game.state or "{}",
            to_act=frozenset(),
            outcome='{"scores": [0, 1]}',
        )
        assert over.status is GameStatus.FINISHED
        with pytest.raises(GameNotActive, match="is over"):
            await store.games.record_move(
                game.id, expected_version=1, seat=0, notation="x", state="{}", to_act=frozenset()
            )

    async def test_a_finished_game_keeps_its_log_and_outcome_and_drops_its_timers(
        self, store: Store, clock: FakeClock
    ) -> None:
        game = await started_game(store)
        await store.timers.schedule(
            [NewTimer(TimerKind.DEADLINE, clock() + timedelta(hours=1), game_id=game.id)]
        )
        rng = random.Random(3)
        while game.status is GameStatus.ACTIVE:
            clock.advance(timedelta(minutes=1))
            game = await play(store, game, rng)
        assert game.status is GameStatus.FINISHED
        assert game.finished_at == clock()
        assert game.outcome is not None
        assert game.to_act == frozenset()
        assert len(await store.games.actions(game.id)) == game.version
        assert await store.timers.pending(game.id) == []
        assert game.id not in [g.id for g in await store.games.to_resume()]

    async def test_a_move_can_replace_the_games_timers(
        self, store: Store, clock: FakeClock
    ) -> None:
        game = await started_game(store)
        other = await started_game(store, (21, 22))
        soon = clock() + timedelta(hours=1)
        await store.timers.schedule(
            [
                NewTimer(TimerKind.DEADLINE, soon, game_id=game.id),
                NewTimer(TimerKind.DEADLINE, soon, game_id=other.id),
            ]
        )
        move = next_move(game, random.Random(4))
        later = clock() + timedelta(hours=24)
        await store.games.record_move(
            game.id,
            expected_version=0,
            seat=move.seat,
            notation=move.notation,
            state=move.state,
            to_act=move.to_act,
            timers=[NewTimer(TimerKind.REMINDER, later, payload={"seat": 1})],
        )
        mine = await store.timers.pending(game.id)
        assert [(t.kind, t.due_at, t.payload) for t in mine] == [
            (TimerKind.REMINDER, later, {"seat": 1})
        ]
        assert len(await store.timers.pending(other.id)) == 1

    async def test_cancelling_keeps_the_log_and_ends_the_game(self, store: Store) -> None:
        game = await started_game(store)
        game = await play(store, game, random.Random(5))
        cancelled = await store.games.cancel(game.id)
        assert cancelled.status is GameStatus.CANCELLED
        assert len(await store.games.actions(game.id)) == 1
        with pytest.raises(GameNotActive, match="cancelled"):
            await store.games.cancel(game.id)
        with pytest.raises(GameNotActive):
            await play(store, cancelled, random.Random(5))

    # ------------------------------------------------------------------ resignations
    async def test_resigning_marks_the_seat_and_keeps_the_version(
        self, store: Store, clock: FakeClock
    ) -> None:
        game = await started_game(store, (11, 12, 13))
        game = await play(store, game, random.Random(6))
        clock.advance(timedelta(minutes=5))
        after = await store.games.resign(
            game.id,
            seat=1,
            expected_version=game.version,
            to_act=frozenset({0, 2}),
            deliveries=[Delivery(DeliveryKind.THREAD_POST, 555, {"resigned": 1})],
        )
        assert (after.status, after.version, after.state) == (
            GameStatus.ACTIVE,
            game.version,
            game.state,
        )
        assert after.to_act == frozenset({0, 2})
        assert after.resigned_seats() == frozenset({1})
        assert [(s.seat, s.resigned, s.resigned_at) for s in after.in_seat_order()] == [
            (0, False, None),
            (1, True, clock()),
            (2, False, None),
        ]
        assert (after.updated_at, after.finished_at, after.outcome) == (clock(), None, None)
        assert await store.games.get(game.id) == after
        assert len(await store.games.actions(game.id)) == game.version
        queued = await store.outbox.pending()
        assert [(i.kind, i.target_id, i.game_id, i.payload) for i in queued] == [
            (DeliveryKind.THREAD_POST, 555, game.id, {"resigned": 1})
        ]

    async def test_resigning_with_an_outcome_finishes_the_game_and_drops_its_timers(
        self, store: Store, clock: FakeClock
    ) -> None:
        game = await started_game(store)
        await store.timers.schedule(
            [NewTimer(TimerKind.DEADLINE, clock() + timedelta(hours=1), game_id=game.id)]
        )
        clock.advance(timedelta(minutes=5))
        over = await store.games.resign(
            game.id,
            seat=0,
            expected_version=0,
            to_act=frozenset(),
            outcome='{"scores": [0, 1]}',
        )
        assert (over.status, over.version, over.finished_at) == (GameStatus.FINISHED, 0, clock())
        assert (over.outcome, over.to_act) == ('{"scores": [0, 1]}', frozenset())
        assert over.resigned_seats() == frozenset({0})
        assert await store.games.get(game.id) == over
        assert await store.games.actions(game.id) == []
        assert await store.timers.pending(game.id) == []
        assert game.id not in [g.id for g in await store.games.to_resume()]
        with pytest.raises(GameNotActive, match="is over"):
            await store.games.resign(game.id, seat=1, expected_version=0, to_act=frozenset())

    async def test_refused_resignations_write_nothing(self, store: Store, clock: FakeClock) -> None:
        game = await started_game(store, (11, 12, 13))
        game = await play(store, game, random.Random(7))
        game = await store.games.resign(
            game.id, seat=2, expected_version=game.version, to_act=frozenset({0, 1})
        )
        lobby = await new_lobby(store)
        lobby = await store.games.join(lobby.id, user_id=11, max_seats=4)
        with_ai = await _started_with_an_ai(store)
        await store.timers.schedule(
            [
                NewTimer(TimerKind.DEADLINE, clock() + timedelta(hours=1), game_id=g.id)
                for g in (game, with_ai)
            ]
        )
        clock.advance(timedelta(minutes=5))
        games = [game, lobby, with_ai]
        timers = await store.timers.pending()

        async def refused(target: Game, seat: int, expected_version: int) -> None:
            await store.games.resign(
                target.id,
                seat=seat,
                expected_version=expected_version,
                to_act=frozenset(),
                outcome='{"scores": [1, 0, 0]}',
                deliveries=[Delivery(DeliveryKind.PING, 1)],
            )

        with pytest.raises(VersionConflict, match="moved on"):
            await refused(game, 0, game.version - 1)
        with pytest.raises(GameNotActive, match="not started"):
            await refused(lobby, 0, 0)
        with pytest.raises(NotSeated, match="no seat"):
            await refused(game, 3, game.version)
        assert with_ai.user_at(1) is None
        with pytest.raises(NotSeated):
            await refused(with_ai, 1, 0)
        with pytest.raises(AlreadyResigned, match="already resigned") as raised:
            await refused(game, 2, game.version)
        assert (raised.value.game_id, raised.value.seat) == (game.id, 2)
        assert [await store.games.get(g.id) for g in games] == games
        assert await store.outbox.pending() == []
        assert await store.timers.pending() == timers

    async def test_the_board_message_keeps_how_its_post_was_made(self, store: Store) -> None:
        game = await started_game(store)
        made = {"version": 3, "lines": False, "heading": "Picked up again.", "missed": None}
        posted = await store.games.set_messages(game.id, board_message_id=901, board_post=made)
        assert (posted.board_message_id, posted.board_post) == (901, made)
        # Other ids leave it be; a new board message made the usual way forgets it.
        kept = await store.games.set_messages(game.id, thread_id=900)
        assert kept.board_post == made
        plain = await store.games.set_messages(game.id, board_message_id=902)
        assert (plain.board_message_id, plain.board_post) == (902, None)

    # ------------------------------------------------------------------ reading
    async def test_games_are_found_by_thread_and_channel(self, store: Store) -> None:
        game = await started_game(store)
        elsewhere = await started_game(store, (11, 13), channel_id=CHANNEL + 1)
        lobby = await new_lobby(store, channel_id=CHANNEL)
        finished = await started_game(store)
        await store.games.cancel(finished.id)
        await store.games.set_messages(game.id, thread_id=900, board_message_id=901)
        updated = await store.games.set_messages(game.id, lobby_message_id=902)
        assert (updated.thread_id, updated.board_message_id, updated.lobby_message_id) == (
            900,
            901,
            902,
        )
        assert await store.games.by_thread(900) == updated
        assert await store.games.by_thread(901) is None
        in_channel = await store.games.in_channel(CHANNEL)
        assert [g.id for g in in_channel] == [game.id, lobby.id]
        everything = await store.games.in_channel(CHANNEL, list(GameStatus))
        assert [g.id for g in everything] == [game.id, lobby.id, finished.id]
        assert elsewhere.id not in [g.id for g in everything]
        in_guild = await store.games.in_guild(GUILD)
        assert [g.id for g in in_guild] == [game.id, elsewhere.id, lobby.id]
        assert await store.games.in_guild(GUILD + 1) == []

    async def test_a_users_games_across_servers_and_where_it_is_their_turn(
        self, store: Store
    ) -> None:
        first = await started_game(store, (11, 12))
        second = await started_game(store, (12, 11), channel_id=CHANNEL + 7)
        await started_game(store, (13, 14))
        assert [g.id for g in await store.games.of_user(11)] == [first.id, second.id]
        for user in (11, 12):
            waiting = [g.id for g in await store.games.awaiting(user)]
            expected = [g.id for g in (first, second) if g.seat_of(user) in g.to_act]
            assert waiting == expected
            assert waiting
        finished = await store.games.cancel(first.id)
        assert first.id not in [g.id for g in await store.games.awaiting(11)]
        assert [g.id for g in await store.games.of_user(11, [GameStatus.CANCELLED])] == [
            finished.id
        ]

    async def test_lobbies_and_running_games_are_resumed(self, store: Store) -> None:
        lobby = await new_lobby(store)
        running = await started_game(store)
        cancelled = await started_game(store)
        await store.games.cancel(cancelled.id)
        resumed = await store.games.to_resume()
        assert [g.id for g in resumed] == [lobby.id, running.id]
        assert resumed[1].seats == running.seats
        assert await store.games.ids([GameStatus.CANCELLED, GameStatus.LOBBY]) == [
            lobby.id,
            cancelled.id,
        ]


async def _started_with_an_ai(store: Store) -> Game:
    """A started game: a person at engine seat 0, an AI player at seat 1."""
    lobby = await new_lobby(store)
    await store.games.join(lobby.id, user_id=11, max_seats=ENGINE.max_players)
    await store.games.join(lobby.id, user_id=None, ai_level="easy", max_seats=ENGINE.max_players)
    state = ENGINE.new_game(2, 5)
    return await store.games.start(
        lobby.id,
        seed=5,
        seat_order=[0, 1],
        state=ENGINE.dump(state),
        to_act=ENGINE.to_act(state),
    )
