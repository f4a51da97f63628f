"""Ranking seats and teams by score and tie-break."""

from __future__ import annotations

from games.core import Outcome


def test_higher_score_ranks_first() -> None:
    outcome = Outcome.ranked([3, 9, 5])
    assert outcome.ranks == (3, 1, 2)
    assert outcome.winners == {1}


def test_tiebreak_separates_equal_scores() -> None:
    outcome = Outcome.ranked([7, 7, 2], tiebreaks=[1, 4, 0])
    assert outcome.ranks == (2, 1, 3)
    assert outcome.winners == {1}


def test_full_tie_is_shared_and_skips_the_next_place() -> None:
    outcome = Outcome.ranked([5, 5, 1], tiebreaks=[2, 2, 0])
    assert outcome.ranks == (1, 1, 3)
    assert outcome.winners == {0, 1}


def test_teams_add_scores_and_tiebreaks_and_share_a_place() -> None:
    outcome = Outcome.ranked([4, 1, 3, 5], tiebreaks=[1, 1, 1, 1], teams=[(0, 2), (1, 3)])
    assert outcome.scores == (7, 6, 7, 6)
    assert outcome.tiebreaks == (2, 2, 2, 2)
    assert outcome.ranks == (1, 2, 1, 2)
    assert outcome.winners == {0, 2}
    assert outcome.teams == ((0, 2), (1, 3))


def test_outcome_round_trips_through_json() -> None:
    outcome = Outcome.ranked([1, 2], teams=None)
    assert Outcome.model_validate_json(outcome.model_dump_json()) == outcome


def test_a_shared_defeat_has_places_but_no_winner() -> None:
    outcome = Outcome.ranked([0, 0, 0], nobody_won=True)
    assert outcome.ranks == (1, 1, 1)
    assert outcome.winners == frozenset()
    assert outcome.nobody_won
    assert not Outcome.ranked([0, 0]).nobody_won
