"""Setup: the shuffled pool, two decks of 35, the rest set aside, 20 health, a random first
player who starts by drawing 5; and every card accounted for through a whole game."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.core import InvalidSetup
from games.core.playout import play
from games.marginalia import cards
from games.marginalia.page import everyone
from games.marginalia.state import MarginaliaState
from tests.games.marginalia.positions import ENGINE, new_game

SEEDS = range(20)


def card_count(s: MarginaliaState) -> Counter[str]:
    """Every card of the pool: decks, hands, discard and erased piles, the page (tokens are
    not cards), the cards set aside, and a card Rota Fortuna has revealed."""
    count: Counter[str] = Counter(s.set_aside)
    for side in s.sides:
        count.update(side.deck + side.hand + side.discard + side.erased)
    count.update(m.card for _, m in everyone(s) if not m.token)
    count.update(step.card for step in s.steps if step.kind == "fortune")
    return count


def test_two_players_exactly() -> None:
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 2)
    for players in (1, 3):
        with pytest.raises(InvalidSetup, match="played by 2 to 2 players"):
            ENGINE.new_game(players, 1)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_pool_is_dealt_35_cards_to_each_deck_and_the_rest_set_aside(seed: int) -> None:
    s = new_game(seed)
    first = s.sides[s.first]
    second = s.sides[1 - s.first]
    assert len(first.deck) + len(first.hand) == 35
    assert len(second.deck) == 35
    assert len(s.set_aside) == len(cards.pool()) - 70 == 26
    assert card_count(s) == Counter(cards.pool())


def test_the_pool_is_shuffled_differently_for_each_seed() -> None:
    decks = {tuple(new_game(seed).sides[0].deck) for seed in SEEDS}
    assert len(decks) == len(SEEDS)


def test_each_player_starts_with_20_health_and_an_empty_page() -> None:
    s = new_game(3)
    assert [side.health for side in s.sides] == [20, 20]
    assert list(everyone(s)) == []
    assert all(not side.discard and not side.erased for side in s.sides)


def test_the_first_player_is_chosen_at_random_from_the_seed() -> None:
    firsts = [new_game(seed).first for seed in range(40)]
    assert set(firsts) == {0, 1}
    assert firsts == [new_game(seed).first for seed in range(40)], "the seed decides"


@pytest.mark.parametrize("seed", SEEDS)
def test_the_first_player_begins_by_drawing_5(seed: int) -> None:
    s = new_game(seed)
    assert s.active == s.first
    assert ENGINE.to_act(s) == {s.first}
    assert (s.turn, s.phase, s.plays) == (1, "play", 0)
    assert len(s.sides[s.first].hand) == 5
    assert s.sides[1 - s.first].hand == []


def test_same_seed_same_deal() -> None:
    assert ENGINE.dump(new_game(8)) == ENGINE.dump(new_game(8))


@pytest.mark.parametrize("seed", range(8))
def test_every_card_is_accounted_for_through_a_whole_random_game(seed: int) -> None:
    rng = random.Random(seed)
    pool = Counter(cards.pool())
    states: list[MarginaliaState] = []

    def choose(state: MarginaliaState, seat: int, legal: list[object]) -> object:
        states.append(state)
        return rng.choice(legal)

    played = play(ENGINE, 2, seed, None, choose, rng)
    states.append(played.state)
    for state in states:
        assert card_count(state) == pool
