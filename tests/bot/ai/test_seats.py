"""AI seats: seated from the lobby, playing on their own, never stopping a game."""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import AsyncIterator
from typing import Any

import pytest

import games
from bot.ai.seats import AiPlayers, decide, fallback, stand_in
from bot.ai.stand_ins import StandIns
from bot.common.locks import GameLocks
from bot.common.refusals import Refusal
from bot.lobby.lobby import Lobbies, Seating
from bot.tables.moves import Moves
from bot.tables.play import Tables
from games.ai import DECISIONS_PER_TURN, SoFar
from games.core import BACK, Engine
from storage import Game, GameStatus, SqliteStore
from tests.bot.helpers import ALICE, BOB, CHANNEL, GUILD, THREAD, state_of
from tests.games.ai.guessing import GuessingEngine, GuessingState


async def lobby_with_ai(lobbies: Lobbies, game_key: str, levels: list[str]) -> Game:
    """A lobby hosted by Alice with AI players of ``levels``."""
    game = await lobbies.open(
        game_key=game_key,
        options=None,
        seating=Seating.JOIN_ORDER,
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
    )
    for level in levels:
        game = await lobbies.add_ai(game.id, ALICE, level)
    return game


@pytest.fixture
async def players(
    store: SqliteStore, locks: GameLocks
) -> AsyncIterator[tuple[Tables, list[AiPlayers]]]:
    """Tables whose moves wake the AI players made by the test (the list's first)."""
    made: list[AiPlayers] = []
    tables = Tables(Moves(store, locks, moved=lambda game: made[0].wake(game)))
    yield tables, made
    for ai in made:
        ai.stop()


async def test_the_host_seats_and_removes_ai_players(lobbies: Lobbies) -> None:
    game = await lobby_with_ai(lobbies, "mandragora", ["hard", " Easy"])
    assert [(s.user_id, s.ai_level) for s in game.seats] == [
        (ALICE, None),
        (None, "hard"),
        (None, "easy"),
    ]
    game = await lobbies.remove_ai(game.id, ALICE)
    assert [s.ai_level for s in game.seats] == [None, "hard"]


async def test_ai_seating_is_refused_with_a_reason(lobbies: Lobbies) -> None:
    game = await lobby_with_ai(lobbies, "marginalia", [])
    with pytest.raises(Refusal, match="Only the host can seat"):
        await lobbies.add_ai(game.id, BOB, "easy")
    with pytest.raises(Refusal, match="levels: easy, normal, hard"):
        await lobbies.add_ai(game.id, ALICE, "genius")
    with pytest.raises(Refusal, match="no AI player"):
        await lobbies.remove_ai(game.id, ALICE)
    await lobbies.add_ai(game.id, ALICE, "normal")
    with pytest.raises(Refusal, match="full"):
        await lobbies.add_ai(game.id, ALICE, "easy")
    with pytest.raises(Refusal, match="Only the host can remove"):
        await lobbies.remove_ai(game.id, BOB)
    started = await lobbies.start(game.id, ALICE, thread_id=THREAD)
    assert [s.ai_level for s in started.seats] == [None, "normal"]
    with pytest.raises(Refusal, match="already started"):
        await lobbies.add_ai(started.id, ALICE, "easy")
    with pytest.raises(Refusal, match="already started"):
        await lobbies.remove_ai(started.id, ALICE)


@pytest.mark.slow
async def test_ai_seats_play_a_whole_game_with_a_person(
    lobbies: Lobbies, players: tuple[Tables, list[AiPlayers]]
) -> None:
    """Magnum Opus: Alice and two AI players, picks made at once each round."""
    tables, made = players
    ai = AiPlayers(StandIns(tables.moves), pause=0, iterations=5)
    made.append(ai)
    game = await lobby_with_ai(lobbies, "magnum-opus", ["hard", "normal"])
    game = await lobbies.start(game.id, ALICE, thread_id=THREAD)
    ai.wake(game)
    engine = games.get("magnum-opus")
    for _ in range(engine.step_limit):
        await ai.idle()
        game = await tables.get(game.id)
        if game.status is not GameStatus.ACTIVE:
            break
        choices = await tables.legal_actions(game.id, ALICE)
        assert choices.notations, "the game waits on Alice alone once the AI seats have acted"
        await tables.choose(game.id, ALICE, version=game.version, index=0)
    assert game.status is GameStatus.FINISHED
    actions = await tables.moves.store.games.actions(game.id)
    assert {a.seat for a in actions} == {0, 1, 2}


async def test_a_crashing_ai_plays_a_random_legal_move(
    lobbies: Lobbies, players: tuple[Tables, list[AiPlayers]]
) -> None:
    tables, made = players

    def crash(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the AI fell over")

    ai = AiPlayers(StandIns(tables.moves), pause=0, decider=crash)
    made.append(ai)
    game = await lobby_with_ai(lobbies, "marginalia", ["hard"])
    game = await lobbies.start(game.id, ALICE, thread_id=THREAD)
    await _until_ai_moves(tables, ai, game)


async def test_an_ai_over_its_time_limit_plays_a_random_legal_move(
    lobbies: Lobbies, players: tuple[Tables, list[AiPlayers]]
) -> None:
    tables, made = players
    release = threading.Event()

    def stuck(*args: Any, **kwargs: Any) -> Any:
        release.wait(timeout=30)
        raise RuntimeError("never answers in time")

    ai = AiPlayers(StandIns(tables.moves), pause=0, time_limit=0.01, grace=0.0, decider=stuck)
    made.append(ai)
    try:
        game = await lobby_with_ai(lobbies, "marginalia", ["hard"])
        game = await lobbies.start(game.id, ALICE, thread_id=THREAD)
        await _until_ai_moves(tables, ai, game)
    finally:
        release.set()


async def _until_ai_moves(tables: Tables, ai: AiPlayers, game: Game) -> None:
    """Play Alice's moves until the AI seat has moved; its moves were all legal."""
    for _ in range(10):
        ai.wake(game)
        await ai.idle()
        game = await tables.get(game.id)
        actions = await tables.moves.store.games.actions(game.id)
        if any(a.seat == 1 for a in actions):
            return
        assert engine_waits_on_alice(game)
        await tables.choose(game.id, ALICE, version=game.version, index=0)
    raise AssertionError("the AI seat never moved")


def engine_waits_on_alice(game: Game) -> bool:
    """Whether the game is waiting for Alice (engine seat 0 in these tables)."""
    return 0 in games.get(game.game_key).to_act(state_of(game))


class BrokenDeterminize(GuessingEngine):
    """A game whose ``determinize`` fails: the AI cannot think at all."""

    def determinize(self, state: GuessingState, seat: int, rng: random.Random) -> GuessingState:
        raise RuntimeError("cannot deal a world")


def test_decide_falls_back_to_a_legal_move_when_the_ai_fails() -> None:
    engine: Engine[Any, Any] = BrokenDeterminize()
    state = engine.new_game(2, 1)
    action = decide(engine, state, 0, "hard", seed="1:0:0")
    assert action in engine.legal_actions(state, 0)
    assert action == fallback(engine, state, 0, "1:0:0")


def test_decide_thinks_within_its_clock() -> None:
    engine = games.get("mandragora")
    state = engine.new_game(2, 3)
    seat = min(engine.to_act(state))
    reads = 0

    def clock() -> float:
        nonlocal reads
        reads += 1
        return float(reads)

    action = decide(engine, state, seat, "hard", seed="s", time_limit=3, clock=clock)
    assert action in engine.legal_actions(state, seat)
    assert reads <= 4, "one read to start, then one per iteration until the limit"


async def test_ai_seats_left_waiting_are_picked_up_after_a_restart(
    lobbies: Lobbies, players: tuple[Tables, list[AiPlayers]], store: SqliteStore
) -> None:
    tables, made = players
    game = await lobby_with_ai(lobbies, "magnum-opus", ["easy", "easy"])
    game = await lobbies.start(game.id, ALICE, thread_id=THREAD)  # nobody woke the AI seats
    assert game.to_act == {0, 1, 2}
    ai = AiPlayers(StandIns(tables.moves), pause=0)
    made.append(ai)
    ai.resume(await store.games.to_resume())
    await ai.idle()
    game = await tables.get(game.id)
    assert game.to_act == {0}
    assert sorted(a.seat for a in await store.games.actions(game.id)) == [1, 2]


async def test_a_stand_in_plays_the_ais_move_for_a_seat_the_same_each_time(
    lobbies: Lobbies,
) -> None:
    game = await lobby_with_ai(lobbies, "mandragora", ["easy"])
    game = await lobbies.start(game.id, ALICE, thread_id=THREAD)
    engine = games.get(game.game_key)
    state = state_of(game)
    seat = min(engine.to_act(state))
    chooser = stand_in("normal")
    first = chooser(engine, state, seat, game)
    assert first in engine.legal_actions(state, seat)
    assert chooser(engine, state, seat, game) == first


async def test_two_processes_resuming_one_ai_seat_move_for_it_once(
    lobbies: Lobbies, store: SqliteStore
) -> None:
    """Both processes pick the game up; both think for the first AI seat at once; one move
    is recorded, and the process that lost leaves the game to the one that won."""
    game = await lobby_with_ai(lobbies, "magnum-opus", ["easy", "easy"])
    game = await lobbies.start(game.id, ALICE, thread_id=THREAD)
    both_thinking = threading.Barrier(2, timeout=10)
    thought: dict[str, int] = {"a": 0, "b": 0}

    def deciding(name: str) -> Any:
        def decider(*args: Any, **kwargs: Any) -> Any:
            thought[name] += 1
            if thought[name] == 1:
                both_thinking.wait()  # the first seat is thought out by both processes
            return decide(*args, **kwargs)

        return decider

    other = await SqliteStore.open(store.path)
    made: list[AiPlayers] = []
    try:
        for name, source in (("a", store), ("b", other)):
            tables = Tables(Moves(source, GameLocks(source)))
            made.append(
                AiPlayers(StandIns(tables.moves), pause=0, iterations=5, decider=deciding(name))
            )
        for ai in made:
            ai.resume([game])
        for ai in made:
            await ai.idle()
    finally:
        for ai in made:
            ai.stop()
        await other.close()
    actions = await store.games.actions(game.id)
    assert sorted(a.seat for a in actions) == [1, 2]
    assert sorted(thought.values()) == [1, 2]  # the loser thought once and stopped
    assert (await store.games.get(game.id)).to_act == frozenset({0})


async def test_an_ai_seat_going_round_in_circles_ends_its_turn(
    lobbies: Lobbies, players: tuple[Tables, list[AiPlayers]], caplog: pytest.LogCaptureFixture
) -> None:
    """An AI that starts a move and backs out of it, again and again, is handed its turn's
    decisions so far; past the bound it ends the turn, and the bot logs it."""
    tables, made = players
    told: list[SoFar] = []

    def circling(engine: Engine[Any, Any], state: Any, seat: int, *args: Any, **kw: Any) -> Any:
        so_far: SoFar = kw["so_far"]
        told.append(so_far)
        if so_far.over:
            return decide(engine, state, seat, *args, **kw)
        legal = engine.legal_actions(state, seat)
        back = [a for a in legal if engine.notation(a) == BACK]
        if back:
            return back[0]
        begun = [a for a in legal if engine.deciding(engine.apply(state, seat, a).state, seat)]
        return (begun or legal)[0]

    ai = AiPlayers(StandIns(tables.moves), pause=0, iterations=5, decider=circling)
    made.append(ai)
    game = await lobby_with_ai(lobbies, "mandragora", ["easy"])
    game = await lobbies.start(game.id, ALICE, thread_id=THREAD)
    ai.wake(game)
    with caplog.at_level(logging.WARNING, logger="grimoire.ai"):
        for _ in range(20):
            await ai.idle()
            game = await tables.get(game.id)
            if any(s.over for s in told) or game.status is not GameStatus.ACTIVE:
                break
            await tables.choose(game.id, ALICE, version=game.version, index=0)
        await ai.idle()
    over = next(i for i, s in enumerate(told) if s.over)
    circling_turn = told[over - DECISIONS_PER_TURN : over + 1]
    assert [s.decisions for s in circling_turn] == list(range(DECISIONS_PER_TURN + 1))
    assert "it ends its turn" in caplog.text
    game = await tables.get(game.id)
    assert ALICE in {game.user_at(seat) for seat in game.to_act}
