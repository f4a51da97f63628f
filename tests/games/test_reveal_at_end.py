"""Once a game that hides something is over, nothing is hidden: resampling the hidden world
changes no view, and a game that lays the players' hidden holdings open lays every one open on
every board; while it runs, they stay hidden, from its boards and from its pictures.

Hidden information, hands laid open and pictures are optional parts of a game; each test runs
on the games that have the parts it is about (``tests.games.features``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.core import HANDS_REVEALED, Engine
from games.core.playout import random_playout, random_position
from tests.games.configurations import engines_having

NAMES = ["Ann", "Bob", "Cy", "Di"]


def _players(engine: Engine[Any, Any]) -> int:
    """Three seats where the game allows them: enough for hands of others to hide."""
    return min(engine.max_players, max(engine.min_players, 3))


def _finished(engine: Engine[Any, Any], seed: int) -> tuple[int, Any]:
    players = _players(engine)
    return players, random_playout(engine, players, seed).state


@pytest.mark.parametrize("engine", engines_having("hands laid open"))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_view_of_a_finished_game_lays_every_hand_open(
    engine: Engine[Any, Any], seed: int
) -> None:
    players, state = _finished(engine, seed)
    assert engine.outcome(state) is not None
    public = engine.describe(engine.view(state, None))
    revealed = next(f for f in public.fields if f.name == HANDS_REVEALED)
    for seat in range(players):
        assert f"{{p{seat}}}" in revealed.value
        own = engine.describe(engine.view(state, seat))
        assert revealed in own.fields  # the same words on every seat's board


@pytest.mark.parametrize("engine", engines_having("hidden information"))
def test_resampling_a_finished_game_keeps_what_is_laid_open(engine: Engine[Any, Any]) -> None:
    players, state = _finished(engine, 4)
    for seat in range(players):
        world = engine.determinize(state, seat, random.Random(seat))
        assert engine.outcome(world) == engine.outcome(state)
        for viewer in (None, seat):
            assert engine.view(world, viewer) == engine.view(state, viewer)


def _running(engine: Engine[Any, Any]) -> tuple[int, Any]:
    players = _players(engine)
    state = random_position(engine, players, seed=9, steps=30)
    assert engine.outcome(state) is None
    return players, state


@pytest.mark.parametrize("engine", engines_having("hidden information"))
def test_a_running_game_shows_no_hand_of_another(engine: Engine[Any, Any]) -> None:
    _, state = _running(engine)
    public = engine.describe(engine.view(state, None))
    assert all(f.name != HANDS_REVEALED for f in public.fields)


@pytest.mark.parametrize("engine", engines_having("hidden information", "picture"))
def test_a_running_game_draws_no_hand_of_another(engine: Engine[Any, Any]) -> None:
    """Two hidden worlds the spectators cannot tell apart draw the same public picture."""
    players, state = _running(engine)
    one = engine.determinize(state, 0, random.Random(1))
    two = engine.determinize(state, 0, random.Random(2))
    drawn = [engine.picture(engine.view(w, None), NAMES[:players]) for w in (one, two)]
    assert drawn[0] == drawn[1]
