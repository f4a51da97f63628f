"""The games' rules of thumb (``Engine.policy``, optional) give legal actions wherever a game
has them, and ``normal``, which plays them, beats random play."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from games.ai import Budget, choose
from games.core import Engine
from games.core.playout import random_position
from tests.games.configurations import engines_having


@pytest.mark.parametrize("engine", engines_having("policy"))
def test_the_policy_is_legal_wherever_random_play_leads(engine: Engine[Any, Any]) -> None:
    offered = 0
    for players, options in engine.configurations():
        for seed in range(4):
            state = random_position(engine, players, seed, 15 * seed, options)
            if engine.outcome(state) is not None:
                continue
            rng = random.Random(seed)
            for seat in sorted(engine.to_act(state)):
                world = engine.determinize(state, seat, rng)
                action = engine.policy(world, seat, rng)
                assert action is None or action in engine.legal_actions(world, seat)
                offered += action is not None
    assert offered > 0, f"{engine.key} has rules of thumb that never offer anything"


def _normal_against_easy(engine: Engine[Any, Any], seeds: int) -> float:
    """The share of two-seat games ``normal`` wins against ``easy``, seats alternating."""
    players, options = next(c for c in engine.bench_configurations() if c[0] == 2)
    won = 0.0
    for seed in range(seeds):
        state = engine.new_game(players, seed, options)
        rng = random.Random(seed)
        normal = seed % 2
        while (outcome := engine.outcome(state)) is None:
            seat = rng.choice(sorted(engine.waiting_for(state)))
            level = "normal" if seat == normal else "easy"
            action = choose(engine, state, seat, level, rng=rng, budget=Budget(30))
            state = engine.apply(state, seat, action).state
        if normal in outcome.winners:
            won += 1 / len(outcome.winners)
    return won / seeds


@pytest.mark.parametrize("key", ["mandragora", "marginalia", "magnum-opus", "strange-norrell"])
@pytest.mark.slow
def test_normal_beats_random_play(key: str) -> None:
    assert _normal_against_easy(games.get(key), 12) >= 0.6


def test_a_search_too_short_to_try_every_option_plays_the_rules_of_thumb() -> None:
    """``hard`` with time for a single iteration is not left to a coin toss: it plays what
    the game's policy plays (the guessing game's names the card it may see)."""
    from tests.games.ai.guessing import CARDS, ShrewdGuessingEngine

    engine = ShrewdGuessingEngine()
    for held in range(CARDS):
        state = engine.new_game(2, held, {"shown": True})
        pick = choose(engine, state, 0, "hard", rng=random.Random(7), budget=Budget(1))
        assert pick == held


def test_normal_weighs_the_rules_of_thumb_against_a_look_ahead_where_the_game_asks() -> None:
    """Rules of thumb that guess wrong are played as they are, unless the game asks
    ``normal`` to look ahead: then the guess the look ahead finds winning is taken."""
    from tests.games.ai.guessing import CARDS, GuessingEngine, GuessingState

    class Misguided(GuessingEngine):
        def policy(self, state: GuessingState, seat: int, rng: random.Random) -> int | None:
            return (state.held + 1) % CARDS

    class Weighing(Misguided):
        normal_lookahead = 1

    for engine, right in ((Misguided(), False), (Weighing(), True)):
        state = engine.new_game(2, 3, {"shown": True})
        pick = choose(engine, state, 0, "normal", rng=random.Random(7), budget=Budget(60))
        assert (pick == state.held) is right


def test_a_search_that_doubts_the_rules_of_thumb_overrules_them_only_when_clearly_better() -> None:
    """Where the game asks (``search_doubts_policy``), ``hard`` plays the rules of thumb's
    action unless its search finds another better beyond its noise: a face-up card it names
    whatever they say, a hidden one (every guess as good) as they say; a search that does
    not doubt names the hidden card by the noise of its playouts."""
    from tests.games.ai.guessing import CARDS, GuessingEngine, GuessingState

    class Stubborn(GuessingEngine):
        def policy(self, state: GuessingState, seat: int, rng: random.Random) -> int | None:
            return 2

    class Doubting(Stubborn):
        search_doubts_policy = 2.0

    def picks(engine: GuessingEngine, shown: bool) -> list[int]:
        chosen = []
        for seed in range(8):
            state = engine.new_game(2, seed, {"shown": shown})
            rng = random.Random(seed)
            chosen.append(choose(engine, state, 0, "hard", rng=rng, budget=Budget(400)))
        return chosen

    assert picks(Doubting(), shown=True) == [seed % CARDS for seed in range(8)]
    assert picks(Doubting(), shown=False) == [2] * 8
    assert picks(Stubborn(), shown=False).count(2) <= 3


@pytest.mark.parametrize("engine", engines_having("policy"))
def test_the_rules_of_thumb_never_back_out_of_a_move_they_could_go_on_with(
    engine: Engine[Any, Any],
) -> None:
    """The search never says "back"; rules of thumb that did would undo what it began."""
    from games.core import BACK

    for players, options in engine.configurations():
        for seed in range(6):
            rng = random.Random(seed)
            state = engine.new_game(players, seed, options)
            for _ in range(150):
                if engine.outcome(state) is not None:
                    break
                seat = rng.choice(sorted(engine.to_act(state)))
                legal = engine.legal_actions(state, seat)
                action = engine.policy(state, seat, rng)
                if action is not None and engine.notation(action) == BACK:
                    assert all(engine.notation(a) == BACK for a in legal), engine.notation(action)
                state = engine.apply_trusted(state, seat, rng.choice(legal)).state
