"""Scoring: 1 per ingredient, 1 per pair of Prime Ingredients, 2 per completed formula (a token
serves one formula per card); ties by completed formulas, then silver."""

from __future__ import annotations

import pytest

from games.magnum_opus import cards
from games.magnum_opus.scoring import formulas_completed, prime_pairs, score_line
from tests.games.magnum_opus.positions import ENGINE, final_table, play_to_end, started


def test_one_point_per_ingredient_purchased() -> None:
    s = final_table(
        ingredients=[["vitriol"], ["vitriol", "vitriol", "vitriol"]], opus=["aurora"] * 2
    )
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.scores == (1, 3)


def test_one_point_per_pair_of_prime_ingredients() -> None:
    # The Prime card "Brine and Ember" names salt and sulfur: a pair is one of each.
    assert prime_pairs(["salt", "sulfur"], "brine-and-ember") == 1
    assert prime_pairs(["salt", "salt", "sulfur"], "brine-and-ember") == 1
    assert prime_pairs(["salt", "salt", "sulfur", "sulfur"], "brine-and-ember") == 2
    assert prime_pairs(["salt", "salt"], "brine-and-ember") == 0
    s = final_table(
        ingredients=[["salt", "sulfur", "salt", "sulfur"], ["salt", "salt", "vitriol", "vitriol"]],
        opus=["pelican", "pelican"],
    )
    assert [score_line(s, seat).total for seat in (0, 1)] == [4 + 2, 4]


def test_two_points_per_completed_formula() -> None:
    # Aurora Tincture: salt + sulfur + mercury, or mercury + vitriol + vitriol.
    assert formulas_completed(["salt", "sulfur", "mercury"], "aurora") == 1
    assert formulas_completed(["mercury", "vitriol", "vitriol"], "aurora") == 1
    assert formulas_completed(["salt", "sulfur", "vitriol"], "aurora") == 0
    s = final_table(ingredients=[["mercury", "vitriol", "vitriol"], []], opus=["aurora", "lion"])
    line = score_line(s, 0)
    assert (line.ingredients, line.prime_pairs, line.formulas, line.total) == (3, 0, 1, 5)


def test_an_ingredient_counts_for_one_formula_per_card() -> None:
    # Both Aurora formulas need mercury: one mercury completes only one of them.
    tokens = ["salt", "sulfur", "mercury", "vitriol", "vitriol"]
    assert formulas_completed(tokens, "aurora") == 1
    assert formulas_completed([*tokens, "mercury"], "aurora") == 2


def test_prime_ingredients_also_count_in_formulas() -> None:
    tokens = ["salt", "sulfur", "mercury"]
    s = final_table(ingredients=[tokens, []], opus=["aurora", "lion"], prime="brine-and-ember")
    line = score_line(s, 0)
    assert (line.prime_pairs, line.formulas, line.total) == (1, 1, 3 + 1 + 2)


def test_the_scoring_example_of_the_rules_text() -> None:
    # Five ingredients, two of them the Prime pair, and one completed formula: 5 + 1 + 2 = 8.
    tokens = ["salt", "sulfur", "mercury", "vitriol", "cinnabar"]
    s = final_table(ingredients=[tokens, []], opus=["aurora", "lion"], prime="brine-and-ember")
    assert score_line(s, 0).total == 8


def test_most_prestige_points_wins() -> None:
    s = final_table(
        ingredients=[["salt"], ["salt", "salt", "salt"], ["salt", "salt"]], opus=["star"] * 3
    )
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.ranks == (3, 1, 2)
    assert outcome.winners == {1}


def test_ties_go_to_most_completed_formulas() -> None:
    # Seat 1: 3 tokens + 1 formula = 5. Seat 2: 5 tokens, no formula, no Prime pair = 5.
    s = final_table(
        ingredients=[
            ["mercury", "vitriol", "vitriol"],
            ["cinnabar", "cinnabar", "cinnabar", "cinnabar", "cinnabar"],
        ],
        opus=["aurora", "aurora"],
        silver=[0, 9],
    )
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.scores == (5, 5)
    assert outcome.winners == {0}


def test_then_ties_go_to_most_silver() -> None:
    s = final_table(ingredients=[["salt"], ["sulfur"]], opus=["star", "star"], silver=[4, 5])
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.winners == {1}
    assert outcome.ranks == (2, 1)


def test_a_tie_on_points_formulas_and_silver_is_shared() -> None:
    s = final_table(ingredients=[["salt"], ["sulfur"]], opus=["star", "star"], silver=[4, 4])
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.winners == {0, 1}
    assert outcome.ranks == (1, 1)


@pytest.mark.parametrize("players", [2, 5])
def test_magnum_opus_cards_and_final_scores_are_shown_to_everyone_at_the_end(players: int) -> None:
    s = started(players)
    assert ENGINE.view(s, None).scores is None
    assert all(a.opus is None for a in ENGINE.view(s, None).alchemists)
    s = play_to_end(s)
    view = ENGINE.view(s, None)
    assert view.scores is not None
    assert [a.opus for a in view.alchemists] == [a.opus for a in s.alchemists]
    assert all(key in cards.opus_cards() for key in (a.opus for a in s.alchemists))
