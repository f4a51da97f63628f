"""D. Confront the fairy in 1811, 1813, 1815 and 1817; the end of the game and its ranking."""

from __future__ import annotations

import pytest

from games.strange_norrell.state import StrangeNorrellState, Turn
from tests.games.strange_norrell.positions import (
    ENGINE,
    act,
    in_phase,
    pass_turn,
    play,
    position,
    public_text,
)


def _confronting(
    year: int, fairy: int, completed: list[list[str]], **kwargs: object
) -> StrangeNorrellState:
    s = position(3, year=year, fairy=fairy, **kwargs)  # type: ignore[arg-type]
    for m, feats in zip(s.magicians, completed, strict=True):
        m.completed = list(feats)
    return in_phase(s, "magic")


# rain-fleet 3 + sea-wall 5 + milestone 2 = 10 magicianship
TEN = ["rain-fleet", "sea-wall", "milestone"]


@pytest.mark.parametrize("year", [1811, 1813, 1815, 1817])
def test_magicianship_equal_to_the_fairy_defeats_it_in_its_years(year: int) -> None:
    s = play(_confronting(year, 10, [TEN, [], []]), (0, "end"))
    assert s.finished
    assert s.defeated_by == 0


@pytest.mark.parametrize("year", [1806, 1810, 1812, 1814, 1816])
def test_the_fairy_is_not_confronted_in_other_years(year: int) -> None:
    s = play(_confronting(year, 10, [TEN, [], []]), (0, "end"))
    assert not s.finished


def test_less_magicianship_than_the_fairy_does_nothing_and_the_total_stays_secret() -> None:
    s = _confronting(1811, 11, [TEN, [], []])
    log = act(s, 0, "end").log
    assert not act(s, 0, "end").state.finished
    assert "{p0} confronts the fairy, and nothing happens." in public_text(log)
    assert "10" not in public_text(log)


def test_defeating_the_fairy_ends_the_game_at_once() -> None:
    s = _confronting(1811, 10, [TEN, [], []])
    log = act(s, 0, "end").log
    s = act(s, 0, "end").state
    assert ENGINE.to_act(s) == frozenset(), "the others do not take their turns this year"
    assert "defeats the gentleman with the thistle-down hair" in public_text(log)
    assert "draws" not in public_text(log), "no invitations are drawn"


def test_the_magician_who_defeats_the_fairy_need_not_win() -> None:
    s = play(
        _confronting(1811, 10, [TEN, ["sea-wall", "venice-darkness", "lost-ring"], []]), (0, "end")
    )
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.winners == {1}
    assert outcome.scores == (10, 12, 0)


def test_undefeated_after_1817_the_magicians_still_compare_magicianship() -> None:
    s = _confronting(1817, 30, [TEN, ["milestone"], []], current=2, played=[0, 1])
    s = pass_turn(_choosing(s))
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.winners == {0}
    assert outcome.scores == (10, 2, 0)


def _choosing(s: StrangeNorrellState) -> StrangeNorrellState:
    """The same turn, back at its first step: choosing the action."""
    t = s.clone()
    t.turn = Turn(t.current.seat)
    return t


@pytest.mark.parametrize("difficulty", ["experienced", "foolhardy"])
def test_at_an_advanced_difficulty_everyone_loses_if_the_fairy_is_undefeated(
    difficulty: str,
) -> None:
    s = position(
        3,
        year=1817,
        fairy=30,
        current=2,
        played=[0, 1],
        experienced=difficulty == "experienced",
        foolhardy=difficulty == "foolhardy",
    )
    s.magicians[0].completed = list(TEN)
    s = pass_turn(s)
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.scores == (0, 0, 0)
    assert outcome.ranks == (1, 1, 1), "nobody beats anybody: a shared defeat"
    assert outcome.nobody_won
    assert outcome.winners == frozenset()
    view = ENGINE.view(s, None)
    assert view.everyone_loses
    assert view.scores is not None
    assert view.scores[0].total == 10, "the board still compares magicianship"


def test_at_an_advanced_difficulty_defeating_the_fairy_ranks_as_usual() -> None:
    s = position(3, year=1811, fairy=10, experienced=True)
    s.magicians[0].completed = list(TEN)
    s = play(in_phase(s, "magic"), (0, "end"))
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.winners == {0}


def test_ties_go_to_the_higher_prestige() -> None:
    s = _confronting(1811, 10, [TEN, TEN, []], prestige=[3, 5, 0])
    outcome = ENGINE.outcome(play(s, (0, "end")))
    assert outcome is not None
    assert outcome.winners == {1}


def test_a_further_tie_goes_to_the_disc_on_top() -> None:
    s = _confronting(1811, 10, [TEN, TEN, []], prestige=[5, 5, 0], order=[1, 0, 2])
    outcome = ENGINE.outcome(play(s, (0, "end")))
    assert outcome is not None
    assert outcome.winners == {1}
    assert outcome.tiebreaks[1] > outcome.tiebreaks[0]
