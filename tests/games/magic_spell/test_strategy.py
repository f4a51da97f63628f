"""Magic Spell's rules of thumb for the AI: always legal, and enough to finish a courseload."""

from __future__ import annotations

import random

import games
from games.ai import Budget, choose
from games.core.playout import random_position
from games.magic_spell.strategy import policy
from games.magic_spell.view import determinize

ENGINE = games.get("magic-spell")


def test_the_policy_is_legal_wherever_random_play_leads() -> None:
    checked = 0
    for players, options in ENGINE.configurations():
        for seed in range(6):
            state = random_position(ENGINE, players, seed, 40 * seed, options)
            if ENGINE.outcome(state) is not None:
                continue
            rng = random.Random(seed)
            for seat in sorted(ENGINE.to_act(state)):
                world = determinize(state, seat, rng)
                action = policy(world, seat, rng)
                legal = ENGINE.legal_actions(world, seat)
                assert action is None or action in legal, (players, seed, seat, action)
                checked += action is not None
    assert checked > 20


def test_normal_students_complete_the_courseload_and_cast_spells() -> None:
    """Three ``normal`` students with no semester: someone submits a full courseload long
    before the safety limit, and spells from the spellbooks get cast on the way."""
    state = ENGINE.new_game(3, 5)
    rng = random.Random(5)
    casts = 0
    while ENGINE.outcome(state) is None:
        seat = min(ENGINE.waiting_for(state))
        action = choose(ENGINE, state, seat, "normal", rng=rng, budget=Budget(50))
        casts += ENGINE.notation(action).startswith("cast ")
        state = ENGINE.apply(state, seat, action).state
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert state.grader >= 0
    assert state.round < 90
    assert max(outcome.scores) >= state.courseload
    assert casts > 0
