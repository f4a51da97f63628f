"""Once a game is over nothing is hidden: every view, board and picture lays every player's
hidden cards open, and resampling the hidden world keeps them; while it runs, they stay hidden."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from games.core import HANDS_REVEALED, Engine
from games.core.playout import random_playout, random_position

#: The games whose hidden holdings are laid open at the end, with a seat count to play.
REVEALING = [("mandragora", 3), ("marginalia", 2), ("strange-norrell", 3)]
NAMES = ["Ann", "Bob", "Cy", "Di"]


def _finished(key: str, players: int, seed: int) -> tuple[Engine[Any, Any], Any]:
    engine = games.get(key)
    return engine, random_playout(engine, players, seed).state


@pytest.mark.parametrize(("key", "players"), REVEALING)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_view_of_a_finished_game_lays_every_hand_open(
    key: str, players: int, seed: int
) -> None:
    engine, state = _finished(key, players, seed)
    assert engine.outcome(state) is not None
    public = engine.describe(engine.view(state, None))
    revealed = next(f for f in public.fields if f.name == HANDS_REVEALED)
    for seat in range(players):
        assert f"{{p{seat}}}" in revealed.value
        own = engine.describe(engine.view(state, seat))
        assert revealed in own.fields  # the same words on every seat's board
    assert engine.picture(engine.view(state, None), NAMES[:players])


@pytest.mark.parametrize(("key", "players"), [*REVEALING, ("magnum-opus", 3)])
def test_resampling_a_finished_game_keeps_what_is_laid_open(key: str, players: int) -> None:
    engine, state = _finished(key, players, 4)
    for seat in range(players):
        world = engine.determinize(state, seat, random.Random(seat))
        assert engine.outcome(world) == engine.outcome(state)
        for viewer in (None, seat):
            assert engine.view(world, viewer) == engine.view(state, viewer)


@pytest.mark.parametrize(("key", "players"), [*REVEALING, ("magnum-opus", 3)])
def test_a_running_game_draws_no_hand_of_another(key: str, players: int) -> None:
    engine = games.get(key)
    state = random_position(engine, players, seed=9, steps=30)
    assert engine.outcome(state) is None
    public = engine.describe(engine.view(state, None))
    assert all(f.name != HANDS_REVEALED for f in public.fields)
    # Two hidden worlds the spectators cannot tell apart draw the same public picture.
    one = engine.determinize(state, 0, random.Random(1))
    two = engine.determinize(state, 0, random.Random(2))
    drawn = [engine.picture(engine.view(w, None), NAMES[:players]) for w in (one, two)]
    assert drawn[0] == drawn[1]
