"""How a game ends: at 0 health, or unable to draw; the winner ranks first."""

from __future__ import annotations

from tests.games.marginalia.positions import ENGINE, play, position


def test_no_outcome_while_the_game_runs() -> None:
    s = position(page={"c2": "saint"})
    assert ENGINE.outcome(s) is None
    assert ENGINE.outcome(play(s, (0, "attack"))) is None


def test_a_player_at_0_health_loses_and_the_other_wins() -> None:
    s = play(position(page={"c2": "ziz"}, health=(7, 4)), (0, "attack"))
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.scores == (1, 0)
    assert outcome.ranks == (1, 2)
    assert outcome.winners == {0}
    assert outcome.tiebreaks == (7, 0), "health left"


def test_a_player_who_cannot_draw_loses_with_health_left() -> None:
    s = play(position(decks=[[], []], health=(20, 9)), (0, "attack"))
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.winners == {0}
    assert outcome.tiebreaks == (20, 9)


def test_health_stops_at_0_and_the_game_ends() -> None:
    s = play(position(page={"c2": "rubric-dragon"}, health=(20, 1)), (0, "attack"))
    assert s.sides[1].health == 0
    assert s.finished


def test_nobody_acts_once_the_game_is_over() -> None:
    s = play(position(page={"c2": "ziz"}, health=(20, 4)), (0, "attack"))
    assert ENGINE.to_act(s) == frozenset()
    assert ENGINE.legal_actions(s, 0) == ENGINE.legal_actions(s, 1) == []
