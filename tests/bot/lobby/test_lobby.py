"""Lobbies: opening, joining, leaving, starting (seating, first board, hands) and calling off."""

from __future__ import annotations

import asyncio
import dataclasses
import random

import pytest

import games
from bot.clocks.turn_clock import DEFAULT_DEADLINE, TurnClock, deadline_line
from bot.common.locks import GameLocks
from bot.common.posts import Post, TurnButton
from bot.common.refusals import Refusal
from bot.common.render import render
from bot.drawing.picture_posts import post_picture
from bot.lobby.buttons import LobbyAiSelect, LobbyButton
from bot.lobby.lobby import MAX_OPEN_LOBBIES, Lobbies, Seating
from bot.lobby.table_settings import TableSettings
from bot.words.i18n import localize, reading_in
from games.core import seat_ref
from storage import DeliveryKind, Game, GameStatus, SqliteStore
from tests.bot.conftest import SEED
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    ERIN,
    GUILD,
    THREAD,
    deal,
    dms,
    pending,
    state_of,
    text_of,
    thread_posts,
)
from tests.storage.contract import FakeClock


async def open_lobby(
    lobbies: Lobbies,
    game_key: str = "mandragora",
    *,
    host: int = ALICE,
    options: str | None = None,
    seating: Seating = Seating.JOIN_ORDER,
) -> Game:
    return await lobbies.open(
        game_key=game_key,
        options=options,
        seating=seating,
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=host,
    )


async def refused(call: object) -> str:
    assert asyncio.iscoroutine(call)
    with pytest.raises(Refusal) as caught:
        await call
    return caught.value.message


# ------------------------------------------------------------------ open
async def test_open_seats_the_host_and_keeps_options_and_seating(
    lobbies: Lobbies, store: SqliteStore
) -> None:
    game = await open_lobby(lobbies, options="teams=true", seating=Seating.SHUFFLED)
    assert game.status is GameStatus.LOBBY
    assert game.game_key == "mandragora"
    assert game.host_id == ALICE
    assert (game.guild_id, game.channel_id, game.thread_id) == (GUILD, CHANNEL, None)
    assert [(s.position, s.user_id, s.seat) for s in game.seats] == [(0, ALICE, None)]
    assert game.options == {"teams": True}
    assert TableSettings.of(game).seating is Seating.SHUFFLED
    assert TableSettings.of(game).clock == TurnClock(DEFAULT_DEADLINE)
    assert game.seed is None
    assert game.state is None
    assert await store.games.get(game.id) == game
    assert await pending(store) == []


async def test_open_in_join_order_by_default_options(lobbies: Lobbies) -> None:
    game = await open_lobby(lobbies, "magic-spell")
    assert TableSettings.of(game).seating is Seating.JOIN_ORDER
    assert game.options == {
        "heavy_courseload": None,
        "low_enrollment": False,
        "philosophers_stone": False,
        "open_research": False,
        "rounds": None,
    }


async def test_open_refuses_an_unknown_game_or_bad_options(
    lobbies: Lobbies, store: SqliteStore
) -> None:
    assert await refused(open_lobby(lobbies, "chess")) == (
        "There is no game called “chess”. Games: magic-spell, magnum-opus, mandragora, "
        "marginalia, strange-norrell."
    )
    assert await refused(open_lobby(lobbies, options="colour=red")) == (
        "Mandragora has no option colour (options: teams)."
    )
    assert await store.games.of_user(ALICE) == []


async def test_at_most_three_open_lobbies_per_host(lobbies: Lobbies, store: SqliteStore) -> None:
    assert MAX_OPEN_LOBBIES == 3
    hosted = [await open_lobby(lobbies, key) for key in ("mandragora", "marginalia", "magic-spell")]
    assert await refused(open_lobby(lobbies, "magnum-opus")) == (
        "You already host 3 open lobbies; start or cancel one first."
    )
    assert len(await store.games.of_user(ALICE)) == 3
    # Another member may still open one, and seats at others' lobbies do not count.
    other = await open_lobby(lobbies, host=BOB)
    await lobbies.join(other.id, ALICE)
    assert await refused(open_lobby(lobbies)) == (
        "You already host 3 open lobbies; start or cancel one first."
    )
    # Cancelling one frees a place; so does starting one.
    await lobbies.cancel(hosted[0].id, ALICE, is_admin=False)
    fourth = await open_lobby(lobbies, "magnum-opus")
    await lobbies.join(hosted[1].id, BOB)
    await lobbies.start(hosted[1].id, ALICE, thread_id=None)
    fifth = await open_lobby(lobbies)
    assert fourth.status is fifth.status is GameStatus.LOBBY


async def test_the_lobby_limit_holds_for_opens_at_the_same_time(
    lobbies: Lobbies, store: SqliteStore
) -> None:
    await open_lobby(lobbies)
    await open_lobby(lobbies)
    results = await asyncio.gather(open_lobby(lobbies), open_lobby(lobbies), return_exceptions=True)
    assert sum(isinstance(r, Refusal) for r in results) == 1
    assert len(await store.games.of_user(ALICE, (GameStatus.LOBBY,))) == 3


# ------------------------------------------------------------------ join and leave
async def test_join_and_leave(lobbies: Lobbies) -> None:
    game = await open_lobby(lobbies)
    game = await lobbies.join(game.id, BOB)
    game = await lobbies.join(game.id, CAROL)
    assert [(s.position, s.user_id) for s in game.seats] == [(0, ALICE), (1, BOB), (2, CAROL)]
    game = await lobbies.leave(game.id, BOB)
    assert [(s.position, s.user_id) for s in game.seats] == [(0, ALICE), (2, CAROL)]
    game = await lobbies.join(game.id, BOB)
    assert [(s.position, s.user_id) for s in game.seats] == [(0, ALICE), (2, CAROL), (3, BOB)]


async def test_join_refusals(lobbies: Lobbies, store: SqliteStore) -> None:
    game = await open_lobby(lobbies, "marginalia")
    assert await refused(lobbies.join(game.id, ALICE)) == "You are already at this table."
    await lobbies.join(game.id, BOB)
    assert await refused(lobbies.join(game.id, BOB)) == "You are already at this table."
    assert await refused(lobbies.join(game.id, CAROL)) == (
        "This table is full: Marginalia seats 2."
    )
    assert await refused(lobbies.join(999, CAROL)) == "There is no game #999."
    assert len((await store.games.get(game.id)).seats) == 2
    await lobbies.start(game.id, ALICE, thread_id=None)
    assert await refused(lobbies.join(game.id, CAROL)) == f"Game #{game.id} has already started."
    other = await open_lobby(lobbies)
    await lobbies.cancel(other.id, ALICE, is_admin=False)
    assert await refused(lobbies.join(other.id, BOB)) == f"Game #{other.id} is cancelled."


async def test_leave_refusals(lobbies: Lobbies, store: SqliteStore) -> None:
    game = await open_lobby(lobbies)
    assert await refused(lobbies.leave(game.id, ALICE)) == (
        "You host this table: cancel it instead of leaving."
    )
    assert await refused(lobbies.leave(game.id, BOB)) == "You are not at this table."
    assert await refused(lobbies.leave(999, BOB)) == "There is no game #999."
    await lobbies.join(game.id, BOB)
    await lobbies.start(game.id, ALICE, thread_id=None)
    assert await refused(lobbies.leave(game.id, BOB)) == f"Game #{game.id} has already started."
    assert await refused(lobbies.leave(game.id, ALICE)) == (f"Game #{game.id} has already started.")
    assert [s.user_id for s in (await store.games.get(game.id)).seats] == [ALICE, BOB]


# ------------------------------------------------------------------ start
async def test_start_refusals_change_nothing(lobbies: Lobbies, store: SqliteStore) -> None:
    game = await open_lobby(lobbies)
    assert await refused(lobbies.start(game.id, ALICE, thread_id=THREAD)) == (
        "Mandragora needs 2–4 players; 1 is seated."
    )
    await lobbies.join(game.id, BOB)
    assert await refused(lobbies.start(game.id, BOB, thread_id=THREAD)) == (
        "Only the host can start this game."
    )
    assert await refused(lobbies.start(999, ALICE, thread_id=THREAD)) == "There is no game #999."
    duel = await open_lobby(lobbies, "marginalia", host=CAROL)
    assert await refused(lobbies.start(duel.id, CAROL, thread_id=None)) == (
        "Marginalia needs 2 players; 1 is seated."
    )
    after = await store.games.get(game.id)
    assert after.status is GameStatus.LOBBY
    assert after.thread_id is None
    assert all(s.seat is None for s in after.seats)
    assert await pending(store) == []


async def test_start_refuses_a_setup_the_engine_refuses(
    lobbies: Lobbies, store: SqliteStore
) -> None:
    game = await open_lobby(lobbies, options="teams=true")
    for user in (BOB, CAROL):
        await lobbies.join(game.id, user)
    assert await refused(lobbies.start(game.id, ALICE, thread_id=THREAD)) == (
        "The team variant needs exactly 4 sorcerers."
    )
    after = await store.games.get(game.id)
    assert after.status is GameStatus.LOBBY
    assert after.state is None
    assert await pending(store) == []


async def test_start_twice_is_refused(lobbies: Lobbies) -> None:
    game = await deal(lobbies, "mandragora", 2)
    assert await refused(lobbies.start(game.id, ALICE, thread_id=THREAD)) == (
        f"Game #{game.id} has already started."
    )


async def test_start_in_join_order(lobbies: Lobbies, store: SqliteStore) -> None:
    game = await deal(lobbies, "mandragora", 3)
    assert game.status is GameStatus.ACTIVE
    assert game.seed == SEED
    assert game.version == 0
    assert game.thread_id == THREAD
    assert [(s.user_id, s.seat) for s in game.seats] == [(ALICE, 0), (BOB, 1), (CAROL, 2)]
    engine = games.get("mandragora")
    assert engine.dump(state_of(game)) == engine.dump(engine.new_game(3, SEED))
    assert game.to_act == frozenset({0})


def shuffled(positions: list[int], seed: int) -> list[int]:
    order = list(positions)
    random.Random(seed).shuffle(order)
    return order


async def test_start_shuffled_orders_seats_by_the_seed(
    store: SqliteStore, locks: GameLocks
) -> None:
    users = [ALICE, BOB, CAROL, DAVE]
    orders = []
    for seed in (7, 7, 3):
        lobbies = Lobbies(store, locks, seeds=lambda seed=seed: seed)  # type: ignore[misc]
        game = await open_lobby(lobbies, seating=Seating.SHUFFLED, host=users[0])
        for user in users[1:]:
            game = await lobbies.join(game.id, user)
        game = await lobbies.start(game.id, ALICE, thread_id=None)
        expected = shuffled([0, 1, 2, 3], seed)
        assert [game.user_at(seat) for seat in range(4)] == [users[p] for p in expected]
        assert game.seed == seed
        orders.append(expected)
    assert orders[0] == orders[1]
    assert orders[0] != orders[2]
    assert orders[0] != [0, 1, 2, 3]


async def test_start_shuffled_after_someone_left(lobbies: Lobbies) -> None:
    game = await open_lobby(lobbies, seating=Seating.SHUFFLED)
    for user in (BOB, CAROL, DAVE):
        game = await lobbies.join(game.id, user)
    game = await lobbies.leave(game.id, BOB)
    game = await lobbies.start(game.id, ALICE, thread_id=None)
    by_position = {s.position: s.user_id for s in game.seats}
    expected = shuffled([0, 2, 3], SEED)
    assert [game.user_at(seat) for seat in range(3)] == [by_position[p] for p in expected]


async def test_start_queues_one_thread_post_and_one_dm_per_player(
    lobbies: Lobbies, store: SqliteStore, clock: FakeClock
) -> None:
    game = await deal(lobbies, "magnum-opus", 3, seating=Seating.SHUFFLED)
    engine = games.get("magnum-opus")
    state = state_of(game)
    users = [game.user_at(seat) for seat in range(3)]
    items = await pending(store)
    assert all(i.game_id == game.id for i in items)

    tables = [i for i in items if i.kind is DeliveryKind.TABLE]
    assert len(tables) == 1
    assert tables[0].target_id == THREAD
    assert tables[0].lane == f"game:{game.id}"
    (post,) = await thread_posts(store, items)
    assert post.content == (
        "{b}Magnum Opus{/b} begins! Seat order:\n1. {p0}\n2. {p1}\n3. {p2}\n\n"
        f"{deadline_line([clock() + DEFAULT_DEADLINE])}\nWaiting for: {{p0}}, {{p1}}, {{p2}}"
    )
    assert post.boards == (engine.describe(engine.view(state, None)),)
    assert post.seats == tuple(users)
    assert post.pings == tuple(users)
    assert post.turn_button == TurnButton(game.id, 0)
    assert post.close_thread is False

    sent = await dms(store, items)
    assert sorted(sent) == sorted(u for u in users if u is not None)
    assert len(items) == 4
    public = set(engine.describe(engine.view(state, None)).fields)
    for seat, user in enumerate(users):
        assert user is not None
        dm = sent[user]
        own = engine.describe(engine.view(state, seat))
        assert dm.boards == (own,)
        assert dm.content == (
            f"Your hand in {{b}}Magnum Opus{{/b}} #{game.id} in {{c{THREAD}}}."
            " Use `/hand` to see it again."
        )
        # The picture is drawn from this seat's view and nothing else.
        assert dm.picture == post_picture(engine, engine.view(state, seat))
        assert dm.turn_button is None
        for other in range(3):
            if other == seat:
                continue
            theirs = engine.describe(engine.view(state, other))
            secret = [f for f in theirs.fields if f not in public and f not in own.fields]
            assert secret, "the other seat has a private field to hide"
            for field in secret:
                assert field.value not in text_of(dm.to_payload()), (seat, other, field.name)
    # Each private view goes in the recipient's own lane, the table in the game's.
    assert {i.lane for i in items if i.kind is DeliveryKind.VIEW} == {str(u) for u in users}


async def test_start_without_a_thread_posts_in_the_channel(
    lobbies: Lobbies, store: SqliteStore, clock: FakeClock
) -> None:
    game = await deal(lobbies, "mandragora", 2, thread_id=None)
    assert game.thread_id is None
    items = await pending(store)
    tables = [i for i in items if i.kind is DeliveryKind.TABLE]
    assert [(p.target_id, p.lane) for p in tables] == [(CHANNEL, f"game:{game.id}")]
    (post,) = await thread_posts(store, items)
    assert post.content == (
        f"{{b}}Mandragora{{/b}} begins! Seat order:\n1. {seat_ref(0)}\n2. {seat_ref(1)}\n\n"
        f"{deadline_line([clock() + DEFAULT_DEADLINE])}\nYour turn: {{p0}}"
    )
    assert post.pings == (ALICE,)


# ------------------------------------------------------------------ cancel
async def test_the_host_cancels_a_lobby_silently(lobbies: Lobbies, store: SqliteStore) -> None:
    game = await open_lobby(lobbies)
    await lobbies.join(game.id, BOB)
    assert await refused(lobbies.cancel(game.id, BOB, is_admin=False)) == (
        "Only the host or a server manager can call this game off."
    )
    assert (await store.games.get(game.id)).status is GameStatus.LOBBY
    game = await lobbies.cancel(game.id, ALICE, is_admin=False)
    assert game.status is GameStatus.CANCELLED
    assert await pending(store) == []
    assert await refused(lobbies.cancel(game.id, ALICE, is_admin=False)) == (
        f"Game #{game.id} is already cancelled."
    )


async def test_a_server_manager_calls_off_a_running_game(
    lobbies: Lobbies, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    before = await pending(store)
    assert await refused(lobbies.cancel(game.id, ERIN, is_admin=False)) == (
        "Only the host or a server manager can call this game off."
    )
    assert await refused(lobbies.cancel(game.id, BOB, is_admin=False)) == (
        "Only the host or a server manager can call this game off."
    )
    assert (await store.games.get(game.id)).status is GameStatus.ACTIVE
    assert await pending(store) == before
    game = await lobbies.cancel(game.id, ERIN, is_admin=True)
    assert game.status is GameStatus.CANCELLED
    added = [i for i in await pending(store) if i not in before]
    # The notice, the final board (each player's private view too), then the thread closes.
    lane = f"game:{game.id}"
    assert [(i.kind, i.target_id, i.lane) for i in added] == [
        (DeliveryKind.THREAD_POST, THREAD, lane),
        (DeliveryKind.TABLE, THREAD, lane),
        (DeliveryKind.VIEW, ALICE, str(ALICE)),
        (DeliveryKind.VIEW, BOB, str(BOB)),
        (DeliveryKind.THREAD_POST, THREAD, lane),
    ]
    notice = Post.from_payload(added[0].payload)
    assert render(notice.content) == f"Game #{game.id} was abandoned by <@{ERIN}>. Its log is kept."
    assert added[1].payload == {"version": 0, "post": True, "lines": False}
    assert Post.from_payload(added[4].payload) == Post(close_thread=True, game_id=game.id)
    assert notice.pings == ()
    assert await refused(lobbies.cancel(game.id, ALICE, is_admin=True)) == (
        f"Game #{game.id} is already cancelled."
    )


async def test_the_host_abandons_a_running_game(lobbies: Lobbies, store: SqliteStore) -> None:
    game = await deal(lobbies, "mandragora", 2)
    game = await lobbies.cancel(game.id, ALICE, is_admin=False)
    assert game.status is GameStatus.CANCELLED
    assert await refused(lobbies.cancel(999, ALICE, is_admin=True)) == "There is no game #999."


async def test_simultaneous_starts_open_one_thread_under_the_games_lock(
    lobbies: Lobbies, store: SqliteStore
) -> None:
    game = await open_lobby(lobbies, "marginalia")
    await lobbies.join(game.id, BOB)
    opened: list[int] = []

    async def open_thread(lobby: Game) -> int:
        await asyncio.sleep(0.01)  # Discord takes its time: the other clicks arrive meanwhile
        opened.append(lobby.id)
        return THREAD + len(opened)

    outcomes = await asyncio.gather(
        *(lobbies.start(game.id, ALICE, open_thread=open_thread) for _ in range(10)),
        return_exceptions=True,
    )
    assert opened == [game.id]
    started = [o for o in outcomes if isinstance(o, Game)]
    assert len(started) == 1
    assert [o.message for o in outcomes if isinstance(o, Refusal)] == (
        [f"Game #{game.id} has already started."] * 9
    )
    assert (await store.games.get(game.id)).thread_id == THREAD + 1


async def test_a_start_refused_opens_no_thread(lobbies: Lobbies) -> None:
    game = await open_lobby(lobbies, "marginalia")
    opened: list[int] = []

    async def open_thread(lobby: Game) -> int:
        opened.append(lobby.id)
        return THREAD

    assert await refused(lobbies.start(game.id, ALICE, open_thread=open_thread)) != ""
    assert opened == []


# -------------------------------------------------------------------- rematch
async def test_a_rematch_seats_the_same_table_once_and_only_for_its_players(
    lobbies: Lobbies, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 4, options="teams=true", seating=Seating.SHUFFLED)
    assert await refused(lobbies.rematch(game.id, ALICE)) == f"Game #{game.id} is not over yet."
    game = await lobbies.cancel(game.id, ALICE, is_admin=False)
    assert await refused(lobbies.rematch(game.id, ERIN)) == (
        f"Only the players of game #{game.id} can ask for its rematch."
    )

    lobby, made = await lobbies.rematch(game.id, CAROL)

    assert made is True
    assert lobby.status is GameStatus.LOBBY
    assert lobby.host_id == CAROL
    assert lobby.channel_id == CHANNEL
    # The seats in the order the game was played (shuffled at its start), the same options
    # and table settings, and which game it is the rematch of.
    assert [s.user_id for s in lobby.seats] == [s.user_id for s in game.in_seat_order()]
    assert lobby.options == game.options
    assert lobby.options["teams"] is True
    assert TableSettings.of(lobby) == dataclasses.replace(
        TableSettings.of(game), rematch_of=game.id
    )
    # Asked again, by anyone at the table: the same lobby, nothing new.
    again, made = await lobbies.rematch(game.id, BOB)
    assert made is False
    assert again.id == lobby.id
    assert len(await store.games.in_channel(CHANNEL, tuple(GameStatus))) == 2


async def test_a_rematch_respects_the_limit_on_open_lobbies(lobbies: Lobbies) -> None:
    game = await deal(lobbies, "marginalia", 2)
    game = await lobbies.cancel(game.id, ALICE, is_admin=False)
    for _ in range(MAX_OPEN_LOBBIES):
        await lobbies.open(
            game_key="marginalia",
            options=None,
            seating=Seating.JOIN_ORDER,
            guild_id=GUILD,
            channel_id=CHANNEL,
            host_id=BOB,
        )
    assert await refused(lobbies.rematch(game.id, BOB)) == (
        f"You already host {MAX_OPEN_LOBBIES} open lobbies; start or cancel one first."
    )
    assert (await lobbies.rematch(game.id, ALICE))[1] is True


async def test_refusals_are_said_in_the_readers_language(lobbies: Lobbies) -> None:
    game = await open_lobby(lobbies, "marginalia")
    reason = await refused(lobbies.join(game.id, ALICE))
    assert localize(reason, "fr") == "Vous êtes déjà à cette table."
    assert localize(reason, "de") == "Du sitzt schon an diesem Tisch."
    left = await refused(lobbies.leave(game.id, ALICE))
    assert localize(left, "de") == (
        "Du bist Gastgeber dieses Tisches: Brich ihn ab, statt ihn zu verlassen."
    )
    ai = await refused(lobbies.remove_ai(game.id, ALICE))
    assert localize(ai, "fr") == "Il n'y a pas d'IA à cette table."


def test_the_lobby_buttons_and_ai_menu_are_said_in_the_readers_language() -> None:
    with reading_in("fr"):
        join = LobbyButton("join", 7)
        menu = LobbyAiSelect(7)
    assert join.item.label == "Rejoindre"
    assert menu.item.placeholder == "Ajouter une IA…"
    assert [o.label for o in menu.item.options] == ["IA : facile", "IA : normale", "IA : difficile"]
    with reading_in("en"):
        assert LobbyButton("join", 7).item.label == "Join"
