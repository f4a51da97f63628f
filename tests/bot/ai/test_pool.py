"""AI searches in worker processes: the same move as in a thread, a stuck or dead worker
never holding up the decisions that follow."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import games
from bot.ai.pool import SearchPool, pool_size, spare_cores
from bot.ai.seats import AiPlayers, decide, fallback
from bot.ai.stand_ins import StandIns
from bot.ai.thinking import Search, search, searchable
from bot.common.locks import GameLocks
from bot.lobby.lobby import Lobbies
from bot.tables.moves import Moves
from games.core import Engine
from storage import SqliteStore
from tests.bot.ai.test_seats import lobby_with_ai
from tests.bot.helpers import ALICE, THREAD
from tests.games.ai.guessing import GuessingEngine


def stalls(asked: Search) -> str:
    """A worker's search that never answers when its seed says so; otherwise a search."""
    if asked.seed.startswith("stuck"):
        time.sleep(600)  # ended by the pool's retirement, long before
    return search(asked)


def dies(asked: Search) -> str:
    """A worker's search that kills its worker when its seed says so; otherwise a search."""
    if asked.seed.startswith("die"):
        os.kill(os.getpid(), signal.SIGKILL)
    return search(asked)


@pytest.fixture
async def stand_ins(store: SqliteStore, locks: GameLocks) -> StandIns:
    return StandIns(Moves(store, locks))


@pytest.fixture
async def made() -> AsyncIterator[list[AiPlayers]]:
    """AI players the test makes, stopped (their workers ended) at its end."""
    players: list[AiPlayers] = []
    yield players
    for ai in players:
        ai.stop()


def _midgame(key: str, seed: int) -> tuple[Engine[Any, Any], Any, int]:
    """A game a few moves in, and the seat to decide for."""
    engine = games.get(key)
    players, options = engine.configurations()[0]
    state = engine.new_game(players, seed, options)
    for _ in range(4):
        seat = min(engine.to_act(state))
        state = engine.apply(state, seat, engine.legal_actions(state, seat)[0]).state
    return engine, state, min(engine.to_act(state))


def test_the_pool_has_one_worker_per_spare_core_unless_told() -> None:
    assert spare_cores() == max(1, (os.cpu_count() or 1) - 1)
    assert pool_size(None) == spare_cores()
    assert pool_size(0) == 0
    assert pool_size(3) == 3


async def test_only_games_a_worker_finds_by_key_are_searched_there(
    stand_ins: StandIns, made: list[AiPlayers]
) -> None:
    assert searchable(games.get("mandragora"))
    guessing: Engine[Any, Any] = GuessingEngine()
    assert not searchable(guessing)
    pool = SearchPool(1)
    ai = AiPlayers(stand_ins, pause=0, iterations=20, time_limit=60, pool=pool)
    made.append(ai)
    state = guessing.new_game(2, 3)
    thought = await ai.move(guessing, state, 0, "hard", seed="g")
    assert thought == decide(guessing, state, 0, "hard", seed="g", iterations=20)
    assert not pool.running, "thought out in this process: no worker started"


async def test_a_seeded_decision_in_a_worker_is_the_threads(
    stand_ins: StandIns, made: list[AiPlayers]
) -> None:
    in_thread = AiPlayers(stand_ins, pause=0, iterations=60, time_limit=60)
    in_process = AiPlayers(stand_ins, pause=0, iterations=60, time_limit=60, processes=1)
    made += [in_thread, in_process]
    for key in games.ENGINES:
        engine, state, seat = _midgame(key, 11)
        thought = await in_thread.move(engine, state, seat, "hard", seed="s:1:0")
        assert thought == decide(engine, state, seat, "hard", seed="s:1:0", iterations=60)
        assert await in_process.move(engine, state, seat, "hard", seed="s:1:0") == thought, key


async def test_a_stuck_search_gives_a_random_move_and_the_next_decision_is_thought_out(
    stand_ins: StandIns, made: list[AiPlayers]
) -> None:
    pool = SearchPool(1, work=stalls, retirement=0.5)
    patient = AiPlayers(stand_ins, pause=0, iterations=30, time_limit=60, pool=pool)
    hasty = AiPlayers(stand_ins, pause=0, iterations=30, time_limit=0.05, grace=0.0, pool=pool)
    made += [patient, hasty]
    engine, state, seat = _midgame("mandragora", 4)
    first = await patient.move(engine, state, seat, "hard", seed="first")  # the worker is up
    assert first == decide(engine, state, seat, "hard", seed="first", iterations=30)

    stuck = await hasty.move(engine, state, seat, "hard", seed="stuck")
    assert stuck == fallback(engine, state, seat, "stuck")
    assert pool.replaced == 1, "the stuck worker's pool was retired"

    thought = await patient.move(engine, state, seat, "hard", seed="after")
    assert thought == decide(engine, state, seat, "hard", seed="after", iterations=30)


async def test_a_pool_whose_worker_died_starts_new_workers(
    stand_ins: StandIns, made: list[AiPlayers]
) -> None:
    pool = SearchPool(1, work=dies)
    ai = AiPlayers(stand_ins, pause=0, iterations=30, time_limit=60, pool=pool)
    made.append(ai)
    engine, state, seat = _midgame("marginalia", 2)

    died = await ai.move(engine, state, seat, "hard", seed="die")
    assert died == fallback(engine, state, seat, "die")
    thought = await ai.move(engine, state, seat, "hard", seed="live")
    assert thought == decide(engine, state, seat, "hard", seed="live", iterations=30)
    assert pool.replaced == 1


async def test_workers_start_when_a_game_with_an_ai_seat_wakes_and_end_at_stop(
    lobbies: Lobbies, stand_ins: StandIns
) -> None:
    pool = SearchPool(1)
    ai = AiPlayers(stand_ins, pause=3600, pool=pool)  # the seat pauses: the workers start
    try:
        game = await lobby_with_ai(lobbies, "marginalia", ["hard"])
        game = await lobbies.start(game.id, ALICE, thread_id=THREAD)
        assert not pool.running
        ai.wake(game)
        assert pool.running
    finally:
        ai.stop()
    assert not pool.running


async def test_a_stopped_pool_takes_no_more_searches() -> None:
    pool = SearchPool(1)
    pool.stop()
    pool.warm()  # nothing to start any more
    engine, state, seat = _midgame("mandragora", 1)
    asked = Search(engine.key, engine.dump(state), seat, "easy", "s", 1.0, 10)
    with pytest.raises(RuntimeError, match="stopped"):
        await pool.think(asked, timeout=60)


def test_a_search_answers_in_notation_for_the_state_given_as_text() -> None:
    engine, state, seat = _midgame("marginalia", 7)
    asked = Search(engine.key, engine.dump(state), seat, "hard", "s:7:1", 60.0, 25)
    expected = decide(engine, state, seat, "hard", seed="s:7:1", iterations=25)
    assert engine.parse(state, seat, search(asked)) == expected


@pytest.mark.slow
def test_workers_end_with_a_bot_killed_outright() -> None:
    owner = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.ai.pool_owner"],
        cwd=Path(__file__).resolve().parents[3],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert owner.stdout is not None
        workers = [int(pid) for pid in owner.stdout.readline().split()]
        assert len(workers) == 2
    finally:
        owner.kill()
        owner.wait()
    while any(_running(pid) for pid in workers):
        time.sleep(0.05)


def _running(pid: int) -> bool:
    """Whether process ``pid`` exists and has not ended (a zombie has)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return False
    return fields[0] != "Z"
