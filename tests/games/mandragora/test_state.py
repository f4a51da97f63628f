"""Cloning a state: the copy ``apply`` works on."""

from __future__ import annotations

from dataclasses import fields

from games.core.playout import random_playout
from games.mandragora.state import MandragoraState
from tests.games.mandragora.positions import ENGINE


def test_a_clone_equals_its_original_in_every_field_and_shares_nothing_mutable() -> None:
    played = random_playout(ENGINE, 4, seed=3, options=ENGINE.options({"teams": True}))
    state: MandragoraState = played.state
    # Every field set away from its default, so a field the clone forgot would show.
    state.extra_turn = state.replicate = True
    state.countdown, state.countdown_seat, state.curse_holder = 5, 2, 1
    copy = state.clone()

    assert copy == state
    for spec in fields(MandragoraState):
        value = getattr(state, spec.name)
        if isinstance(value, list):
            assert getattr(copy, spec.name) is not value, spec.name
    assert all(a.hand is not b.hand for a, b in zip(copy.sorcerers, state.sorcerers, strict=True))
