"""Moves, clicks, logs and resignations through the service, on a real store."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta

import pytest

import games
from bot.clocks.turn_clock import DEFAULT_DEADLINE, deadline_line
from bot.common.locks import GameLocks
from bot.common.posts import TurnButton
from bot.common.refusals import Refusal, StaleRequest, TableBusy
from bot.lobby.lobby import Lobbies, Seating
from bot.tables.game_over import places
from bot.tables.moves import Moves
from bot.tables.places import with_resignations
from bot.tables.play import MoveResult, Tables
from bot.tables.withdrawals import Withdrawals
from games.core import IllegalAction, Outcome
from storage import Game, GameStatus, SqliteStore
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    ERIN,
    THREAD,
    deal,
    dms,
    new_items,
    pending,
    state_of,
    thread_posts,
)
from tests.storage.contract import FakeClock

#: The deadline line of a move made before the test's clock moved.
DEADLINE_NOW = deadline_line([FakeClock()() + DEFAULT_DEADLINE])

MANDRAGORA = games.get("mandragora")


async def refused(call: object, kind: type[Refusal] = Refusal) -> str:
    assert asyncio.iscoroutine(call)
    with pytest.raises(Refusal) as caught:
        await call
    assert type(caught.value) is kind
    return caught.value.message


class Snapshot:
    """Everything a refused request must leave as it was."""

    def __init__(self, game: Game, actions: list[object], outbox: list[object]) -> None:
        self.game, self.actions, self.outbox = game, actions, outbox

    @classmethod
    async def take(cls, store: SqliteStore, game_id: int) -> Snapshot:
        return cls(
            await store.games.get(game_id),
            list(await store.games.actions(game_id)),
            list(await store.outbox.pending()),
        )

    async def unchanged(self, store: SqliteStore) -> None:
        now = await Snapshot.take(store, self.game.id)
        assert now.game == self.game
        assert now.actions == self.actions
        assert now.outbox == self.outbox


async def notations(store: SqliteStore, game_id: int) -> list[tuple[int, int, str]]:
    return [(a.seq, a.seat, a.notation) for a in await store.games.actions(game_id)]


# ------------------------------------------------------------------ one move
async def test_play_applies_exactly_one_move(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    before = state_of(game)
    result = await tables.play(game.id, ALICE, "  MOVE   1 ", expected_version=0)
    expected = MANDRAGORA.apply(before, 0, MANDRAGORA.parse(before, 0, "move 1"))
    assert result.notation == "move 1"
    assert result.seat == 0
    assert result.game.version == 1
    assert result.lines == tuple(e.text for e in expected.log)
    assert result.lines[0] == "{p0} sends the assistant 1 shop to shop 2 and takes 🔴 red."
    assert result.board() == MANDRAGORA.describe(MANDRAGORA.view(expected.state, 0))
    assert result.still_deciding is False
    stored = await store.games.get(game.id)
    assert stored == result.game
    assert stored.state == MANDRAGORA.dump(expected.state)
    assert stored.to_act == frozenset({1})
    assert await notations(store, game.id) == [(1, 0, "move 1")]


async def test_choose_applies_the_clicked_move(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    choices = await tables.legal_actions(game.id, ALICE)
    assert choices.notations == ("move 1", "move 2", "move 3")
    assert choices.seat == 0
    assert (await tables.legal_actions(game.id, BOB)).notations == ()
    result = await tables.choose(game.id, ALICE, version=0, index=2)
    assert result.notation == "move 3"
    assert result.game.version == 1
    assert await notations(store, game.id) == [(1, 0, "move 3")]


async def test_a_stale_version_changes_nothing(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    await tables.play(game.id, ALICE, "move 1")
    snapshot = await Snapshot.take(store, game.id)
    message = "The game has moved on since this was shown; nothing was changed."
    assert await refused(tables.play(game.id, BOB, "move 1", expected_version=0), StaleRequest) == (
        message
    )
    assert await refused(tables.play(game.id, BOB, "move 1", expected_version=5), StaleRequest) == (
        message
    )
    assert await refused(tables.choose(game.id, BOB, version=0, index=0), StaleRequest) == message
    await snapshot.unchanged(store)
    assert (await tables.play(game.id, BOB, "move 1", expected_version=1)).game.version == 2


async def test_a_click_past_the_end_of_the_choices_is_stale(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    snapshot = await Snapshot.take(store, game.id)
    for index in (3, -1):
        assert await refused(
            tables.choose(game.id, ALICE, version=0, index=index), StaleRequest
        ) == ("The game has moved on since this was shown; nothing was changed.")
    await snapshot.unchanged(store)


@pytest.mark.parametrize(
    ("user", "text", "message"),
    [
        (ALICE, "move 5", "The assistant can walk 1 to 3 shops, not 5."),
        (ALICE, "cast red-2", "You have no red-2 in your hand."),
        (ALICE, "back", "There is nothing to take back."),
        (BOB, "move 1", "It is not your turn."),
        (ALICE, "xyzzy", "“xyzzy” is not a move in Mandragora. Try move 1, move 2, move 3."),
        (ALICE, "x" * 201, "A move is at most 200 characters."),
        (ERIN, "move 1", "You are not playing in game #1."),
    ],
)
async def test_a_refused_move_changes_nothing(
    lobbies: Lobbies,
    tables: Tables,
    store: SqliteStore,
    user: int,
    text: str,
    message: str,
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    assert game.id == 1
    snapshot = await Snapshot.take(store, game.id)
    assert await refused(tables.play(game.id, user, text, expected_version=0)) == message
    assert await refused(tables.play(game.id, user, text)) == message
    await snapshot.unchanged(store)


async def test_refusals_carry_the_engine_message(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    engine = games.get("magnum-opus")
    game = await deal(lobbies, "magnum-opus", 3)
    await tables.play(game.id, ALICE, "keep star")
    state = state_of(await store.games.get(game.id))
    snapshot = await Snapshot.take(store, game.id)
    for seat, user, text in [
        (0, ALICE, "keep rebis"),
        (1, BOB, "pick wolrad"),
        (1, BOB, "keep star"),
        (2, CAROL, "x"),
    ]:
        with pytest.raises(IllegalAction) as engine_error:
            engine.parse(state, seat, text)
        message = await refused(tables.play(game.id, user, text))
        assert message == str(engine_error.value)
        assert message
    await snapshot.unchanged(store)


async def test_a_click_when_it_is_not_your_turn(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    snapshot = await Snapshot.take(store, game.id)
    assert await refused(tables.choose(game.id, BOB, version=0, index=0)) == "It is not your turn."
    assert await refused(tables.choose(game.id, ERIN, version=0, index=0)) == (
        f"You are not playing in game #{game.id}."
    )
    await snapshot.unchanged(store)


async def test_moves_in_games_not_being_played(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    lobby = await lobbies.open(
        game_key="mandragora",
        options=None,
        seating=Seating.JOIN_ORDER,
        guild_id=None,
        channel_id=1,
        host_id=ALICE,
    )
    assert await refused(tables.play(lobby.id, ALICE, "move 1")) == (
        f"Game #{lobby.id} has not started yet."
    )
    assert await refused(tables.legal_actions(lobby.id, ALICE)) == (
        f"Game #{lobby.id} has not started yet."
    )
    assert await refused(tables.hand(lobby.id, ALICE)) == f"Game #{lobby.id} has not started yet."
    assert await refused(tables.log(lobby.id, ALICE)) == f"Game #{lobby.id} has not started yet."
    await lobbies.cancel(lobby.id, ALICE, is_admin=False)
    assert await refused(tables.play(lobby.id, ALICE, "move 1")) == (
        f"Game #{lobby.id} was called off."
    )
    assert await refused(tables.play(999, ALICE, "move 1")) == "There is no game #999."


# ------------------------------------------------------------------ twice, at once
async def test_a_double_click_applies_once(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    first = await tables.choose(game.id, ALICE, version=0, index=0)
    seen = await Snapshot.take(store, game.id)
    assert await refused(tables.choose(game.id, ALICE, version=0, index=0), StaleRequest) == (
        "The game has moved on since this was shown; nothing was changed."
    )
    await seen.unchanged(store)
    assert first.game.version == 1
    assert await notations(store, game.id) == [(1, 0, "move 1")]


async def test_two_clicks_at_once_apply_one(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    outbox = await pending(store)
    results = await asyncio.gather(
        tables.choose(game.id, ALICE, version=0, index=0),
        tables.choose(game.id, ALICE, version=0, index=1),
        return_exceptions=True,
    )
    assert isinstance(results[0], MoveResult)
    assert isinstance(results[1], StaleRequest)
    assert await notations(store, game.id) == [(1, 0, "move 1")]
    assert (await store.games.get(game.id)).version == 1
    assert len(await thread_posts(store, await new_items(store, outbox))) == 1


async def test_two_typed_moves_at_once_apply_one(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    results = await asyncio.gather(
        tables.play(game.id, ALICE, "move 2"),
        tables.play(game.id, ALICE, "move 3"),
        return_exceptions=True,
    )
    assert isinstance(results[0], MoveResult)
    assert isinstance(results[1], Refusal)
    assert results[1].message == "It is not your turn."
    assert await notations(store, game.id) == [(1, 0, "move 2")]


async def test_two_processes_at_once_apply_one(lobbies: Lobbies, store: SqliteStore) -> None:
    """Without a shared lock (two bot processes), the store's version check decides."""
    game = await deal(lobbies, "mandragora", 2)
    first, second = Tables(Moves(store, GameLocks())), Tables(Moves(store, GameLocks()))
    results = await asyncio.gather(
        first.play(game.id, ALICE, "move 1"),
        second.play(game.id, ALICE, "move 2"),
        return_exceptions=True,
    )
    kinds = sorted(type(r).__name__ for r in results)
    assert kinds == ["MoveResult", "StaleRequest"]
    actions = await notations(store, game.id)
    assert len(actions) == 1
    winner = next(r for r in results if isinstance(r, MoveResult))
    assert actions == [(1, 0, winner.notation)]
    assert (await store.games.get(game.id)).version == 1


async def test_two_processes_sharing_the_stores_lock_take_turns(
    lobbies: Lobbies, store: SqliteStore, clock: FakeClock
) -> None:
    """With the store's game lock (as two bot processes on one database hold it), the
    second request waits for the first and is judged on the game as it left it: not a
    spurious "the game has moved on"."""
    game = await deal(lobbies, "mandragora", 2)
    other = await SqliteStore.open(store.path, clock=clock)
    try:
        first, second = (
            Tables(Moves(store, GameLocks(store))),
            Tables(Moves(other, GameLocks(other))),
        )
        results = await asyncio.gather(
            first.play(game.id, ALICE, "move 1"),
            second.play(game.id, ALICE, "move 2"),
            return_exceptions=True,
        )
    finally:
        await other.close()
    assert isinstance(results[0], MoveResult)
    assert type(results[1]) is Refusal
    assert results[1].message == "It is not your turn."
    assert await notations(store, game.id) == [(1, 0, "move 1")]


async def test_a_game_another_process_keeps_busy_is_refused_and_left_alone(
    lobbies: Lobbies, store: SqliteStore, clock: FakeClock
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    other = await SqliteStore.open(store.path, clock=clock)
    try:
        async with other.game_lock(game.id):
            with pytest.raises(TableBusy, match=f"Game #{game.id} is busy with another move"):
                await Tables(Moves(store, GameLocks(store, timeout=0.2))).play(
                    game.id, ALICE, "move 1"
                )
    finally:
        await other.close()
    assert await notations(store, game.id) == []


# ------------------------------------------------------------------ private steps
async def test_a_cast_with_one_possible_answer_at_each_step_is_one_click(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    await tables.play(game.id, ALICE, "move 1")
    await tables.play(game.id, BOB, "move 3")
    assert (await tables.legal_actions(game.id, ALICE)).notations == (
        "move 1",
        "move 2",
        "move 3",
        "cast mandrake",
    )
    outbox = await pending(store)
    # The book has one ingredient to add and then one power to choose: neither is asked for.
    power = await tables.play(game.id, ALICE, "cast mandrake")
    assert power.notation == "cast mandrake · add red · power 1"
    assert power.still_deciding is False
    assert power.game.to_act == frozenset({1})
    added = await new_items(store, outbox)
    posts = await thread_posts(store, added)
    assert len(posts) == 1
    assert posts[0].content.startswith("{p0} casts **Banishment** (power 1) with a mandrake")
    assert posts[0].content.endswith(f"\n\n{DEADLINE_NOW}\nYour turn: {{p1}}")
    assert posts[0].pings == (BOB,)
    assert posts[0].turn_button == TurnButton(game.id, 5)
    sent = await dms(store, added)
    assert set(sent) <= {ALICE, BOB}
    assert sent[BOB].content.startswith("Your turn in {b}Mandragora{/b}")  # news for bob only
    assert await notations(store, game.id) == [
        (1, 0, "move 1"),
        (2, 1, "move 3"),
        (3, 0, "cast mandrake"),
        (4, 0, "add red"),
        (5, 0, "power 1"),
    ]


@pytest.mark.usefixtures("every_step_asked")
async def test_backing_out_of_a_cast(lobbies: Lobbies, tables: Tables, store: SqliteStore) -> None:
    # Every step of this cast has one answer, which is taken without asking; asked anyway,
    # the player may still back out before the cast commits.
    game = await deal(lobbies, "mandragora", 2)
    await tables.play(game.id, ALICE, "move 1")
    await tables.play(game.id, BOB, "move 3")
    outbox = await pending(store)
    await tables.play(game.id, ALICE, "cast mandrake")
    back = await tables.play(game.id, ALICE, "back")
    assert back.still_deciding is True
    assert (await tables.legal_actions(game.id, ALICE)).notations[-1] == "cast mandrake"
    assert await thread_posts(store, await new_items(store, outbox)) == []


async def test_a_whole_cast_typed_at_once_is_one_move(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    await tables.play(game.id, ALICE, "move 1")
    await tables.play(game.id, BOB, "move 3")
    result = await tables.play(game.id, ALICE, "cast mandrake red power 1")
    assert result.still_deciding is False
    assert result.game.version == 3
    assert (await notations(store, game.id))[-1] == (3, 0, "cast mandrake red power 1")
    # The log replays it.
    _, lines = await tables.log(game.id, BOB)
    assert lines[-2].startswith("{p0} casts **Banishment** (power 1)")


# ------------------------------------------------------------------ the log
async def test_the_log_shows_your_own_secrets_only(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    taken = await tables.play(game.id, ALICE, "move 2")  # shop 3 is a night shop
    secret = "You take 🟡 yellow-1 from shop 3."
    assert secret in taken.lines
    public = "{p0} sends the assistant 2 shops to shop 3 and takes 1 face-down card."
    _, alice = await tables.log(game.id, ALICE)
    _, bob = await tables.log(game.id, BOB)
    _, erin = await tables.log(game.id, ERIN)
    assert public in alice
    assert secret in alice
    assert public in bob
    assert secret not in bob
    assert erin == bob


async def test_the_log_of_simultaneous_secrets(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "magnum-opus", 3)
    kept = {}
    for user in (ALICE, BOB, CAROL):
        choice = (await tables.legal_actions(game.id, user)).notations[0]
        result = await tables.play(game.id, user, choice)
        kept[user] = next(line for line in result.lines if line.startswith("You keep "))
    assert kept[ALICE] == "You keep **Star Regulus** and discard The Rebis."
    logs = {user: (await tables.log(game.id, user))[1] for user in (ALICE, BOB, CAROL, DAVE)}
    for user, lines in logs.items():
        assert "{p0} keeps a Magnum Opus card." in lines
        for owner, line in kept.items():
            assert (line in lines) is (owner == user), (user, owner)
    assert len(logs[DAVE]) == len(logs[ALICE]) - 1


# ------------------------------------------------------------------ resigning
async def test_resigning_a_duel_finishes_it_by_forfeit(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    await tables.play(game.id, ALICE, "move 1")
    outbox = await pending(store)
    game = await Withdrawals(tables.moves).resign(game.id, BOB)
    assert game.status is GameStatus.FINISHED
    assert game.version == 1
    assert game.to_act == frozenset()
    assert game.resigned_seats() == frozenset({1})
    assert game.outcome is not None
    outcome = Outcome.model_validate_json(game.outcome)
    assert outcome.ranks == (1, 2)
    assert outcome.winners == frozenset({0})
    assert outcome.scores == (0, 0)
    posts = await thread_posts(store, await new_items(store, outbox))
    assert [p.content for p in posts] == [
        f"{{u{BOB}}} resigns.",
        # No scores by forfeit: places only, and how it ended.
        "{b}The game is over.{/b} {p1} resigned — {p0} wins.\n🥇 1st: {p0}\n"
        "🥈 2nd: {p1} (resigned)\nPlayed in under a minute, 1 move.",
        "",
    ]
    assert posts[2].close_thread is True
    assert posts[1].turn_button is None
    assert posts[1].pings == ()
    assert (
        await refused(Withdrawals(tables.moves).resign(game.id, ALICE))
        == f"Game #{game.id} is over."
    )
    assert await refused(tables.play(game.id, BOB, "move 1")) == f"Game #{game.id} is over."


async def test_resign_refusals(lobbies: Lobbies, tables: Tables, store: SqliteStore) -> None:
    game = await deal(lobbies, "mandragora", 3)
    assert (
        await refused(Withdrawals(tables.moves).resign(game.id, ERIN))
        == f"You are not playing in game #{game.id}."
    )
    await Withdrawals(tables.moves).resign(game.id, CAROL)
    snapshot = await Snapshot.take(store, game.id)
    assert await refused(Withdrawals(tables.moves).resign(game.id, CAROL)) == (
        "You have already resigned from this game."
    )
    assert await refused(tables.play(game.id, CAROL, "move 1")) == (
        "You have resigned from this game."
    )
    assert await refused(tables.choose(game.id, CAROL, version=0, index=0)) == (
        "You have resigned from this game."
    )
    await snapshot.unchanged(store)


async def play_to_the_end(tables: Tables, game: Game, rng: random.Random) -> Game:
    """Random legal moves (never "back") for whoever the game waits for."""
    resigned = game.resigned_seats()
    for _ in range(MANDRAGORA.step_limit):
        if game.status is not GameStatus.ACTIVE:
            return game
        assert game.to_act, "a running game waits for someone"
        assert not game.to_act & resigned, "a resigned seat is never waited for"
        seat = min(game.to_act)
        user = game.user_at(seat)
        assert user is not None
        choices = await tables.legal_actions(game.id, user)
        options = [i for i, n in enumerate(choices.notations) if n != "back"]
        result = await tables.choose(game.id, user, version=game.version, index=rng.choice(options))
        game = result.game
    raise AssertionError("the game did not end")


async def test_a_resigned_seat_plays_on_automatically_and_finishes_last(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 3)
    outbox = await pending(store)
    game = await Withdrawals(tables.moves).resign(game.id, BOB)  # seat 1, not due yet
    assert game.status is GameStatus.ACTIVE
    assert game.version == 0
    assert game.to_act == frozenset({0})
    posts = await thread_posts(store, await new_items(store, outbox))
    assert [p.content for p in posts] == [f"{{u{BOB}}} resigns. Their seat plays on automatically."]

    first = await tables.play(game.id, ALICE, "move 1")
    # Seat 1 was due next: it moved at once, and now seat 2 is waited for.
    assert first.game.version == 2
    assert first.game.to_act == frozenset({2})
    assert [a[1] for a in await notations(store, game.id)] == [0, 1]

    game = await play_to_the_end(tables, first.game, random.Random(5))
    assert game.status is GameStatus.FINISHED
    actions = await store.games.actions(game.id)
    assert sum(1 for a in actions if a.seat == 1) >= 3
    assert game.outcome is not None
    outcome = Outcome.model_validate_json(game.outcome)
    assert outcome.ranks[1] == 3
    assert 1 not in outcome.winners
    final = state_of(game)
    engine_outcome = MANDRAGORA.outcome(final)
    assert engine_outcome is not None
    assert outcome == with_resignations(engine_outcome, frozenset({1}))
    closing, close = (await thread_posts(store, await pending(store, game.id)))[-2:]
    assert close.close_thread is True
    results = MANDRAGORA.results(final, outcome)
    placed = places(outcome, MANDRAGORA.score_name, frozenset({1}), scores=True, results=results)
    assert placed in closing.content
    # The game went on to its end with the AI in the resigned seat: the scores are the game's.
    last = next(line for line in placed.splitlines() if "{p1}" in line)
    assert last.startswith("🥉 3rd: {p1} — ")
    assert last.endswith("(resigned)")
    # The whole story, automatic moves included, replays.
    _, lines = await tables.log(game.id, ALICE)
    assert not any("cannot be replayed" in line for line in lines)


async def test_resigning_when_due_moves_the_seat_at_once(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "magnum-opus", 3)
    game = await Withdrawals(tables.moves).resign(game.id, CAROL)
    # Everyone keeps at once; Carol's seat kept automatically.
    assert game.version == 1
    assert game.to_act == frozenset({0, 1})
    assert [(a.seat, a.notation.split()[0]) for a in await store.games.actions(game.id)] == [
        (2, "keep")
    ]


async def test_the_last_to_give_up_places_highest(
    lobbies: Lobbies, tables: Tables, store: SqliteStore, clock: FakeClock
) -> None:
    game = await deal(lobbies, "mandragora", 4)
    for user in (CAROL, BOB):
        game = await Withdrawals(tables.moves).resign(game.id, user)
        assert game.status is GameStatus.ACTIVE
        clock.advance(timedelta(minutes=1))
    game = await Withdrawals(tables.moves).resign(game.id, ALICE)
    assert game.status is GameStatus.FINISHED
    assert game.outcome is not None
    outcome = Outcome.model_validate_json(game.outcome)
    assert outcome.ranks == (2, 3, 4, 1)
    assert outcome.winners == frozenset({3})


async def test_a_team_that_has_wholly_resigned_loses_by_forfeit(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 4, options="teams=true")
    finished = MANDRAGORA.outcome(_finished_team_state())
    assert finished is not None
    assert finished.teams == ((0, 2), (1, 3))  # the engine plays it as two teams
    game = await Withdrawals(tables.moves).resign(game.id, ALICE)  # seat 0
    assert game.status is GameStatus.ACTIVE
    game = await Withdrawals(tables.moves).resign(game.id, CAROL)  # seat 2, Alice's partner
    assert game.status is GameStatus.FINISHED
    assert game.outcome is not None
    outcome = Outcome.model_validate_json(game.outcome)
    assert outcome.winners == frozenset({1, 3})
    assert outcome.ranks == (2, 1, 2, 1)


def _finished_team_state() -> object:
    state = MANDRAGORA.new_game(4, 3, {"teams": True})
    rng = random.Random(3)
    while MANDRAGORA.outcome(state) is None:
        seat = min(MANDRAGORA.to_act(state))
        legal = [
            a for a in MANDRAGORA.legal_actions(state, seat) if MANDRAGORA.notation(a) != "back"
        ]
        state = MANDRAGORA.apply(state, seat, rng.choice(legal)).state
    return state


async def test_a_move_with_an_odd_digit_is_refused(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    snapshot = await Snapshot.take(store, game.id)
    message = await refused(tables.play(game.id, ALICE, "move ²"))
    assert message.startswith("“move ²” is not a move in Mandragora.")
    await snapshot.unchanged(store)


# ------------------------------------------------------------------ views
async def test_hand_and_board(lobbies: Lobbies, tables: Tables) -> None:
    game = await deal(lobbies, "magnum-opus", 3)
    state = state_of(game)
    engine = games.get("magnum-opus")
    _, hand = await tables.hand(game.id, BOB)
    assert hand == engine.describe(engine.view(state, 1))
    _, board = await tables.board(game.id)
    assert board == engine.describe(engine.view(state, None))
    assert await refused(tables.hand(game.id, ERIN)) == f"You are not playing in game #{game.id}."


async def test_a_post_after_a_move_names_the_thread_lane(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    outbox = await pending(store)
    await tables.play(game.id, ALICE, "move 1")
    added = await new_items(store, outbox)
    tables_ = [i for i in added if i.kind.value == "table"]
    assert [(i.target_id, i.lane) for i in tables_] == [(THREAD, f"game:{game.id}")]
    (post,) = await thread_posts(store, added)
    assert post.turn_button == TurnButton(game.id, 1)
    assert post.pings == (BOB,)
