"""Copies of a Magic Spell state: equal to it, sharing only what may be shared."""

from __future__ import annotations

import dataclasses

from games.magic_spell.state import Item, MagicSpellState, Offer, Step, Want
from tests.games.magic_spell.positions import new_game


def _busy() -> MagicSpellState:
    """A state whose every field differs from its default, so a field copied into the wrong
    place shows."""
    s = new_game(4, 7, open_research=True)
    s.offers.append(Offer(1, 2, Item("tile", "E"), Want("homework")))
    s.steps[3] = Step("give", target=0)
    s.current, s.turn, s.round = 1, 6, 2
    s.started, s.offered, s.free_weave_used, s.extra_turn = True, 0b1010, False, True
    s.grader, s.last_turns, s.removed = 2, 3, 1
    return s


def test_a_clone_equals_its_state_and_shares_nothing_mutable() -> None:
    s = _busy()
    copy = s.clone()
    assert copy == s
    for field in dataclasses.fields(MagicSpellState):
        value = getattr(s, field.name)
        if isinstance(value, list):
            assert getattr(copy, field.name) is not value, field.name
    assert all(a is not b for a, b in zip(copy.students, s.students, strict=True))


def test_a_copy_for_new_decisions_equals_its_state_and_shares_the_table() -> None:
    s = _busy()
    copy = s.with_new_decisions()
    assert copy == s
    assert copy.steps is not s.steps
    assert copy.offers is not s.offers
    assert copy.lab is s.lab
    assert copy.students is s.students
