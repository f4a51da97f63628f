"""Every AI turn ends: "back" is not taken twice from one choice, the search and the rules of
thumb carry a move through together, and a seat past its turn's decisions ends the turn."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from games.ai import DECISIONS_PER_TURN, Budget, SoFar, Tally, choose
from games.core import BACK, Engine
from tests.games.configurations import CONTRACT_ENGINE_PARAMS

MAGIC_SPELL = games.get("magic-spell")


def _two_students(seed: int) -> Any:
    return MAGIC_SPELL.new_game(2, seed, MAGIC_SPELL.options({"low_enrollment": True}))


def _offer_being_built(seed: int = 2) -> Any:
    """Seat 1 partway through a trade offer: it chose what to give, and is to say what it
    asks for (56 choices, and "back")."""
    state = _two_students(seed)
    state = MAGIC_SPELL.apply(state, 0, MAGIC_SPELL.parse(state, 0, "trade with 2")).state
    give = next(a for a in MAGIC_SPELL.legal_actions(state, 0) if MAGIC_SPELL.notation(a) != BACK)
    return MAGIC_SPELL.apply(state, 0, give).state


def _play(
    engine: Engine[Any, Any],
    state: Any,
    levels: list[str],
    *,
    seed: int,
    iterations: int,
    decisions: int,
    bounded: bool = True,
) -> tuple[Any, list[tuple[int, str]], Tally]:
    """At most ``decisions`` decisions, seats chosen as the strength benchmark does;
    ``bounded`` false: the AI is not told what the seat did this turn (the tally only
    counts)."""
    rng = random.Random(seed)
    tally = Tally()
    played: list[tuple[int, str]] = []
    for _ in range(decisions):
        if engine.outcome(state) is not None:
            break
        seat = rng.choice(sorted(engine.waiting_for(state) or engine.to_act(state)))
        so_far = tally.so_far(engine, state, seat) if bounded else None
        budget = Budget(iterations)
        action = choose(engine, state, seat, levels[seat], rng=rng, budget=budget, so_far=so_far)
        tally.record(engine, state, seat, action)
        played.append((seat, engine.notation(action)))
        state = engine.apply(state, seat, action).state
    return state, played, tally


@pytest.mark.slow
def test_hard_against_hard_no_longer_goes_back_and_forth_in_a_trade_offer() -> None:
    """Two students, Low Enrollment, seed 2, 100 iterations: once, from its 20th decision on,
    the first student chose what to give, then backed out, for ever, in the second round.
    Played without the turn's bound, which would only hide the cause."""
    state, played, tally = _play(
        MAGIC_SPELL,
        _two_students(2),
        ["hard", "hard"],
        seed=2,
        iterations=100,
        decisions=70,
        bounded=False,
    )
    backs = [i for i, (_, move) in enumerate(played) if move == BACK]
    assert len(backs) <= 2, backs
    assert state.round >= 5
    assert tally.closed == 0


def test_the_rules_of_thumb_carry_an_offer_through_rather_than_back_out() -> None:
    state = _offer_being_built()
    action = MAGIC_SPELL.policy(state, 0, random.Random(1))
    assert action is not None
    assert MAGIC_SPELL.notation(action) != BACK


def test_a_search_too_short_to_trust_goes_on_with_its_move() -> None:
    """56 options and 20 iterations: too few to trust the search over the rules of thumb at
    the start of a move, but partway through one, the rules of thumb do not take over."""
    state = _offer_being_built()
    for seed in range(4):
        action = choose(MAGIC_SPELL, state, 0, "hard", rng=random.Random(seed), budget=Budget(20))
        assert MAGIC_SPELL.notation(action) != BACK


class _BackingOut(type(MAGIC_SPELL)):  # type: ignore[misc]
    """Magic Spell whose rules of thumb always say "back" when they can."""

    def policy(self, state: Any, seat: int, rng: random.Random) -> Any:
        legal = self.legal_actions(state, seat)
        return next((a for a in legal if self.notation(a) == BACK), legal[0])


def test_back_is_not_taken_twice_from_the_same_choice() -> None:
    engine = _BackingOut()
    state = _offer_being_built()
    rng = random.Random(3)
    first = choose(engine, state, 0, "normal", rng=rng, so_far=SoFar(backs=0))
    assert engine.notation(first) == BACK
    again = choose(engine, state, 0, "normal", rng=rng, budget=Budget(60), so_far=SoFar(backs=1))
    assert engine.notation(again) != BACK


def test_the_tally_counts_backs_by_choice_and_starts_again_each_turn() -> None:
    engine = MAGIC_SPELL
    state = _offer_being_built()
    tally = Tally()
    assert tally.so_far(engine, state, 0) == SoFar()
    back = engine.parse(state, 0, "back")
    tally.record(engine, state, 0, back)
    assert tally.so_far(engine, state, 0) == SoFar(decisions=1, backs=1)
    elsewhere = engine.apply(state, 0, back).state
    assert tally.so_far(engine, elsewhere, 0) == SoFar(decisions=1, backs=0)
    # Another seat's turn: the counts start again.
    out = engine.apply(elsewhere, 0, engine.parse(elsewhere, 0, "back")).state
    after = engine.apply(out, 0, engine.parse(out, 0, "rest")).state
    assert engine.waiting_for(after) != engine.waiting_for(state)
    assert tally.so_far(engine, after, 1) == SoFar()
    assert tally.so_far(engine, state, 0) == SoFar()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_seat_past_its_turns_decisions_ends_the_turn(level: str) -> None:
    """At the bound, a trade offer being built is taken back step by step (its "no"), and
    then the turn is played by the rules of thumb, which end it."""
    engine = MAGIC_SPELL
    state = _offer_being_built()
    rng = random.Random(5)
    over = SoFar(decisions=DECISIONS_PER_TURN)
    action = choose(engine, state, 0, level, rng=rng, budget=Budget(10), so_far=over)
    assert action == engine.pass_action(state, 0)
    state = engine.apply(state, 0, action).state
    for _ in range(6):
        if 0 not in engine.waiting_for(state):
            break
        action = choose(engine, state, 0, level, rng=rng, budget=Budget(10), so_far=over)
        declined = engine.pass_action(state, 0)
        assert action == declined or engine.notation(action) not in (BACK, "trade with 2")
        state = engine.apply(state, 0, action).state
    assert 0 not in engine.waiting_for(state)


@pytest.mark.slow
@pytest.mark.parametrize("engine", CONTRACT_ENGINE_PARAMS)
def test_ai_games_end_within_their_step_limit(engine: Engine[Any, Any]) -> None:
    """Sampled seeds of every game, the three levels round the table, a short search."""
    for seed in (3, 7):
        players, options = engine.bench_configurations()[seed % len(engine.bench_configurations())]
        levels = [("hard", "normal", "easy")[(seed + s) % 3] for s in range(players)]
        state = engine.new_game(players, seed, options)
        state, _, _ = _play(
            engine, state, levels, seed=seed, iterations=12, decisions=engine.step_limit
        )
        assert engine.outcome(state) is not None
