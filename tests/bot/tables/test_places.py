"""Final places when players resigned or forfeited, with teams and ties."""

from __future__ import annotations

from bot.tables.places import by_forfeit, with_resignations
from games.core import Outcome


def test_nobody_resigned_changes_nothing() -> None:
    outcome = Outcome.ranked([3, 5, 4])
    assert with_resignations(outcome, frozenset()) is outcome


def test_a_resigned_seat_is_last_whatever_its_score() -> None:
    outcome = Outcome.ranked([10, 20, 15])
    assert outcome.ranks == (3, 1, 2)
    after = with_resignations(outcome, frozenset({1}))
    assert after.ranks == (2, 3, 1)
    assert after.winners == frozenset({2})
    assert after.scores == (10, 20, 15)  # scores are the game's own


def test_the_game_order_stands_among_those_who_played_on_and_those_who_resigned() -> None:
    outcome = Outcome.ranked([1, 9, 5, 7])
    after = with_resignations(outcome, frozenset({1, 3}))
    assert after.ranks == (2, 3, 1, 4)
    assert after.winners == frozenset({2})


def test_tiebreaks_order_equal_scores() -> None:
    outcome = Outcome.ranked([5, 5, 5], tiebreaks=[1, 3, 2])
    after = with_resignations(outcome, frozenset({1}))
    assert after.ranks == (2, 3, 1)


def test_ties_are_shared_on_both_sides() -> None:
    outcome = Outcome.ranked([6, 6, 2, 2])
    after = with_resignations(outcome, frozenset({2, 3}))
    assert after.ranks == (1, 1, 3, 3)
    assert after.winners == frozenset({0, 1})
    tied_resigned = with_resignations(Outcome.ranked([6, 6, 9]), frozenset({0, 1}))
    assert tied_resigned.ranks == (2, 2, 1)
    assert tied_resigned.winners == frozenset({2})


def test_a_team_with_one_resigned_member_is_placed_last_together() -> None:
    outcome = Outcome.ranked([3, 1, 5, 1], teams=[(0, 2), (1, 3)])
    assert outcome.ranks == (1, 2, 1, 2)
    after = with_resignations(outcome, frozenset({2}))
    assert after.ranks == (2, 1, 2, 1)
    assert after.winners == frozenset({1, 3})
    assert after.teams == ((0, 2), (1, 3))


def test_nobody_won_stays_nobody_won() -> None:
    outcome = Outcome.ranked([4, 2, 3], nobody_won=True)
    after = with_resignations(outcome, frozenset({0}))
    assert after.ranks == (3, 2, 1)
    assert after.winners == frozenset()
    assert after.nobody_won


def test_forfeit_between_two() -> None:
    outcome = by_forfeit(2, [0])
    assert outcome.ranks == (2, 1)
    assert outcome.winners == frozenset({1})
    assert outcome.scores == (0, 0)
    assert outcome.tiebreaks == (0, 0)
    assert outcome.teams is None


def test_forfeit_places_the_last_to_give_up_highest() -> None:
    outcome = by_forfeit(4, [2, 0, 3])
    assert outcome.ranks == (3, 1, 4, 2)
    assert outcome.winners == frozenset({1})


def test_forfeit_ties_those_who_never_gave_up() -> None:
    outcome = by_forfeit(3, [1])
    assert outcome.ranks == (1, 3, 1)
    assert outcome.winners == frozenset({0, 2})


def test_forfeit_by_teams() -> None:
    outcome = by_forfeit(4, [1, 3], teams=[(0, 2), (1, 3)])
    assert outcome.ranks == (1, 2, 1, 2)
    assert outcome.winners == frozenset({0, 2})
    assert outcome.teams == ((0, 2), (1, 3))


def test_forfeit_by_teams_goes_by_each_team_first_to_give_up() -> None:
    # Team (1, 3) lost a member first; team (0, 2) gave up later; team (4, 5) played on.
    outcome = by_forfeit(6, [3, 0, 1, 2], teams=[(0, 2), (1, 3), (4, 5)])
    assert outcome.ranks == (2, 3, 2, 3, 1, 1)
    assert outcome.winners == frozenset({4, 5})
