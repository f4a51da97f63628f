"""``normal`` in Marginalia never helps the opponent's marginalia: a buff goes to a friend
when it can, and a card that could only help the enemy stays in hand."""

from __future__ import annotations

import random
from collections.abc import Iterator

import games
from games.ai import Budget, choose
from games.marginalia.actions import PlayCard, Target
from games.marginalia.cards import Effect
from games.marginalia.effects import effect_of
from games.marginalia.page import at
from games.marginalia.state import MarginaliaState

ENGINE = games.get("marginalia")


def _positions(games_played: int) -> Iterator[tuple[MarginaliaState, int]]:
    """Every position of a few games of random play, with the seat to decide."""
    for seed in range(games_played):
        state = ENGINE.new_game(2, seed)
        rng = random.Random(seed)
        while ENGINE.outcome(state) is None:
            seat = min(ENGINE.to_act(state))
            yield state, seat
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat))).state


def _helps(effect: Effect) -> bool:
    return effect.kind == "buff" and effect.attack >= 0 and effect.health >= 0


def _owner(state: MarginaliaState, target: str) -> int | None:
    found = at(state, target)
    return None if found is None else found.owner


def test_a_buff_goes_to_a_friend_whenever_one_may_have_it() -> None:
    checked = 0
    for state, seat in _positions(40):
        if not state.steps or state.steps[0].kind != "target":
            continue
        step = state.steps[0]
        if not _helps(effect_of(step.card, step.branch)):
            continue
        targets = [a for a in ENGINE.legal_actions(state, seat) if isinstance(a, Target)]
        if not any(_owner(state, a.target) == seat for a in targets):
            continue
        chosen = choose(ENGINE, state, seat, "normal", rng=random.Random(1), budget=Budget(60))
        assert _owner(state, chosen.target) == seat
        checked += 1
    assert checked >= 5


def test_a_buff_with_only_enemies_to_take_it_stays_in_hand() -> None:
    checked = 0
    for state, seat in _positions(60):
        if state.steps or state.phase != "play":
            continue
        for action in ENGINE.legal_actions(state, seat):
            if not isinstance(action, PlayCard):
                continue
            effect = games.marginalia.cards.card(action.card).effect
            if effect is None or not _helps(effect) or effect.target != "marginalis":
                continue
            page = [m for side in state.sides for m in (*side.front, *side.back) if m]
            if not page or any(m.owner == seat for m in page):
                continue
            for sample in range(3):
                rng = random.Random(sample)
                chosen = choose(ENGINE, state, seat, "normal", rng=rng, budget=Budget(60))
                assert chosen != action
            checked += 1
    assert checked >= 1
