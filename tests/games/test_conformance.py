"""The contract every registered engine keeps, checked over every seat count and variant.

A game joins this suite by being registered in ``games.ENGINES``; nothing is copied. The
throwaway game the tests define (``tests/games/tiny_game``) is checked with the real ones.
``GRIMOIRE_RANDOM_GAMES`` sets how many seeded random games each configuration plays, and
``GRIMOIRE_RANDOM_STEPS`` caps their total steps, so that a game whose random playouts run
a thousand steps plays fewer of them (``make soak`` lifts the cap and plays thousands).
``GRIMOIRE_CHECKED_GAMES`` and ``GRIMOIRE_CHECKED_STEPS`` do the same for the games checked at
every step. Every configuration plays at least ``MIN_GAMES`` random games and
``MIN_CHECKED_GAMES`` checked one, whatever the cap: checking every step of a long game (a
four-student semester of Magic Spell, some 1,700 steps) takes a minute or two, so the test
suite checks one of those and ``make soak`` two hundred.
"""

from __future__ import annotations

import contextlib
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from games.core import Engine, IllegalAction, NotYourTurn, Outcome
from games.core.playout import random_playout
from tests.games.configurations import CONTRACT_CONFIGURATIONS, CONTRACT_ENGINE_PARAMS

RANDOM_GAMES = int(os.environ.get("GRIMOIRE_RANDOM_GAMES", "200"))
RANDOM_STEPS = int(os.environ.get("GRIMOIRE_RANDOM_STEPS", "40000"))
CHECKED_GAMES = int(os.environ.get("GRIMOIRE_CHECKED_GAMES", "12"))
CHECKED_STEPS = int(os.environ.get("GRIMOIRE_CHECKED_STEPS", "600"))
MIN_GAMES = 4
MIN_CHECKED_GAMES = 1


def _within_budget(seed: int, steps: int, budget: int, least: int = MIN_GAMES) -> bool:
    """Whether to play game number ``seed`` after ``steps`` steps so far, at least ``least``
    games whatever the budget."""
    return seed < least or steps < budget


def _outcome_is_consistent(outcome: Outcome, players: int) -> None:
    assert len(outcome.scores) == len(outcome.ranks) == len(outcome.tiebreaks) == players
    first = {s for s in range(players) if outcome.ranks[s] == 1}
    assert outcome.winners == (set() if outcome.nobody_won else first)
    assert outcome.winners or outcome.nobody_won, "somebody wins (or shares the win)"
    for a in range(players):
        for b in range(players):
            key_a = (outcome.scores[a], outcome.tiebreaks[a])
            key_b = (outcome.scores[b], outcome.tiebreaks[b])
            if key_a > key_b:
                assert outcome.ranks[a] < outcome.ranks[b]
            if key_a == key_b:
                assert outcome.ranks[a] == outcome.ranks[b]
    if outcome.teams is not None:
        seated = sorted(s for team in outcome.teams for s in team)
        assert seated == list(range(players)), "teams partition the seats"
        for team in outcome.teams:
            assert len({outcome.ranks[s] for s in team}) == 1, "team-mates share a place"


@pytest.mark.parametrize(("engine", "players", "options"), CONTRACT_CONFIGURATIONS)
@pytest.mark.slow
def test_random_games_finish_and_replay(
    engine: Engine[Any, Any], players: int, options: BaseModel
) -> None:
    """(a) seeded random games end within the step bound; (b) seed + log replays exactly;
    (f) the outcome is complete and consistent."""
    steps = 0
    for seed in range(RANDOM_GAMES):
        if not _within_budget(seed, steps, RANDOM_STEPS):
            break
        played = random_playout(engine, players, seed, options)
        steps += len(played.actions)
        assert played.outcome is not None
        _outcome_is_consistent(played.outcome, players)

        replayed = engine.new_game(players, seed, options)
        for seat, text in played.actions:
            replayed = engine.apply(replayed, seat, engine.parse(replayed, seat, text)).state
        assert engine.dump(replayed) == engine.dump(played.state)


@pytest.mark.parametrize(("engine", "players", "options"), CONTRACT_CONFIGURATIONS)
@pytest.mark.slow
def test_every_step_keeps_the_contract(
    engine: Engine[Any, Any], players: int, options: BaseModel
) -> None:
    """At every step of several games: (c) notation round-trips and is unique; (d) illegal
    actions raise and change nothing; (e) views survive determinization; (f) no outcome
    before the end; (g) dump/load round-trips; boards fit the embed limits; apply never
    mutates its input."""
    seen_actions: list[Any] = []
    steps = 0
    for seed in range(CHECKED_GAMES):
        if not _within_budget(seed, steps, CHECKED_STEPS, MIN_CHECKED_GAMES):
            break
        chooser = random.Random(seed)
        state = engine.new_game(players, seed, options)
        for _ in range(engine.step_limit):
            dumped = engine.dump(state)
            _check_serialization(engine, state, dumped)
            _check_views(engine, state, players, chooser)
            if engine.outcome(state) is not None:
                assert not engine.to_act(state)
                assert not engine.waiting_for(state)
                break
            acting = sorted(engine.to_act(state))
            assert acting
            waited_for = engine.waiting_for(state)
            assert waited_for, "a running game waits for somebody"
            assert waited_for <= engine.to_act(state), "only seats that may act are waited for"
            for seat in range(players):
                legal = engine.legal_actions(state, seat)
                assert bool(legal) == (seat in acting), "exactly the seats to act have moves"
                _check_notation(engine, state, seat, legal)
                seen_actions += legal[:3]
            _check_illegal(engine, state, dumped, players, seen_actions, chooser)

            seat = chooser.choice(acting)
            action = chooser.choice(engine.legal_actions(state, seat))
            steps += 1
            transition = engine.apply(state, seat, action)
            assert engine.dump(state) == dumped, "apply must not mutate its input"
            for entry in transition.log:
                assert entry.audience is None or entry.audience <= set(range(players))
            state = transition.state
        else:
            pytest.fail(f"seed {seed}: no end within {engine.step_limit} steps")


def _check_serialization(engine: Engine[Any, Any], state: Any, dumped: str) -> None:
    loaded = engine.load(dumped)
    assert engine.dump(loaded) == dumped
    assert engine.view(loaded, None) == engine.view(state, None)


def _check_views(engine: Engine[Any, Any], state: Any, players: int, rng: random.Random) -> None:
    finished = engine.outcome(state) is not None
    for seat in [None, *range(players)]:
        view = engine.view(state, seat)
        board = engine.describe(view)
        assert not board.limit_problems(), board.limit_problems()
        if seat is not None and not finished:
            resampled = engine.determinize(state, seat, rng)
            assert engine.view(resampled, seat) == view, f"seat {seat} sees hidden information"
            assert sorted(engine.to_act(resampled)) == sorted(engine.to_act(state))
            assert engine.legal_actions(resampled, seat) == engine.legal_actions(state, seat)


def _check_notation(engine: Engine[Any, Any], state: Any, seat: int, legal: list[Any]) -> None:
    texts = [engine.notation(a) for a in legal]
    assert len(set(texts)) == len(texts), f"notations not unique: {texts}"
    for action, text in zip(legal, texts, strict=True):
        assert engine.parse(state, seat, text) == action
        assert engine.parse(state, seat, f"  {text.upper()} ") == action


def _check_illegal(
    engine: Engine[Any, Any],
    state: Any,
    dumped: str,
    players: int,
    pool: list[Any],
    rng: random.Random,
) -> None:
    acting = engine.to_act(state)
    for seat in range(players):
        legal = engine.legal_actions(state, seat)
        candidates = [a for a in rng.sample(pool, min(8, len(pool))) if a not in legal]
        if seat not in acting:
            candidates += engine.legal_actions(state, min(acting))[:2]
        for action in candidates:
            with pytest.raises(IllegalAction) as raised:
                engine.apply(state, seat, action)
            assert str(raised.value).strip(), "the refusal says why"
            if seat not in acting:
                assert isinstance(raised.value, NotYourTurn)
            with pytest.raises(IllegalAction):
                engine.parse(state, seat, engine.notation(action))
    assert engine.dump(state) == dumped, "refused actions change nothing"


@pytest.mark.parametrize("engine", CONTRACT_ENGINE_PARAMS)
@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=300), seat=st.integers(min_value=-2, max_value=6))
@pytest.mark.slow
def test_garbage_text_is_refused_politely(engine: Engine[Any, Any], text: str, seat: int) -> None:
    """(h) whatever is typed, parse either returns a legal action or raises IllegalAction."""
    players, options = engine.configurations()[0]
    state = engine.new_game(players, 1, options)
    dumped = engine.dump(state)
    refusal: IllegalAction | None = None
    try:
        action = engine.parse(state, seat, text)
    except IllegalAction as error:
        refusal = error
    if refusal is None:
        assert action in engine.legal_actions(state, seat)
    else:
        assert str(refusal).strip()
    assert engine.dump(state) == dumped


@pytest.mark.parametrize("engine", CONTRACT_ENGINE_PARAMS)
@settings(max_examples=200)
@given(
    words=st.lists(
        st.sampled_from(
            [
                "move",
                "cast",
                "add",
                "power",
                "back",
                "to",
                "give",
                "share",
                "1",
                "2",
                "3",
                "red",
                "red-2",
                "mandrake",
                "scroll",
                "levitate",
                "drop",
                "out",
                "with",
                "0",
                "99",
            ]
        ),
        max_size=8,
    )
)
@pytest.mark.slow
def test_near_miss_notation_is_refused_politely(engine: Engine[Any, Any], words: list[str]) -> None:
    """(h) word salad close to real notation is read or refused, never crashes."""
    players, options = engine.configurations()[0]
    state = engine.new_game(players, 3, options)
    for seat in range(players):
        with contextlib.suppress(IllegalAction):
            engine.parse(state, seat, " ".join(words))


@pytest.mark.parametrize("engine", CONTRACT_ENGINE_PARAMS)
def test_setup_refuses_bad_player_counts_and_options(engine: Engine[Any, Any]) -> None:
    from games.core import InvalidSetup

    for players in (engine.min_players - 1, engine.max_players + 1, 0, -1):
        with pytest.raises(InvalidSetup):
            engine.new_game(players, 1)
    with pytest.raises(InvalidSetup):
        engine.new_game(engine.min_players, 1, {"no_such_option": True})


@pytest.mark.parametrize("engine", CONTRACT_ENGINE_PARAMS)
def test_same_seed_same_game(engine: Engine[Any, Any]) -> None:
    players, options = engine.configurations()[0]
    first = engine.dump(engine.new_game(players, 99, options))
    assert engine.dump(engine.new_game(players, 99, options)) == first
    assert engine.dump(engine.new_game(players, 100, options)) != first
