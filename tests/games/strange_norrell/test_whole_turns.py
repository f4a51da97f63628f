"""Whole turns: an action, one magic move and the end of the turn in one pick, exactly the
same as the decisions made one after another; offered only when the end asks nothing more."""

from __future__ import annotations

import pytest

from bot.tables.choices import clicks_for
from games.core import LogEntry
from games.strange_norrell import whole_turns as whole_turns_module
from games.strange_norrell.actions import Composite, End
from games.strange_norrell.state import StrangeNorrellState
from games.strange_norrell.whole_turns import is_whole_turn, whole_turns
from tests.games.strange_norrell.positions import ENGINE, act, position, refusal

FEATS = [["spanish-roads", "thames-fog"], [], []]


def _start(hand: list[str], card: str = "emperor") -> StrangeNorrellState:
    return position(3, hands=[hand, [], []], feats=FEATS, card=card)


def test_each_whole_turn_is_the_same_as_its_decisions_one_after_another() -> None:
    s = _start(["york-wind", "york-birds"])
    turns = whole_turns(s, 0)
    assert turns
    assert ENGINE.whole_moves(s, 0)[: len(turns)] == turns  # listed first
    for whole in turns:
        at_once = ENGINE.apply(s, 0, whole)
        state, log = s, list[LogEntry]()
        for decision in whole.decisions:
            transition = ENGINE.apply(state, 0, decision)
            state, log = transition.state, [*log, *transition.log]
        assert at_once.state == state
        assert list(at_once.log) == log
        assert state.current.seat != 0  # the turn has passed on
        assert not ENGINE.deciding(state, 0)


def test_actions_whose_difference_ends_with_the_turn_are_offered_once() -> None:
    # Strange's battlefield magic with wind and any other element leaves the same table.
    s = _start(["york-wind"])
    texts = [ENGINE.notation(t) for t in whole_turns(s, 0)]
    battlefield = [t for t in texts if t.startswith("battlefield")]
    assert len(battlefield) == 1
    assert len(texts) == len(set(texts))


def test_no_whole_turn_when_the_end_would_leave_the_hand_over_the_limit() -> None:
    full = ["york-wind", "york-birds", "york-rain-2", "york-stones-3", "lincoln-rain-2"]
    # The star draws three invitations: one card spent on magic leaves seven.
    assert whole_turns(_start(full, card="star"), 0) == []
    # The emperor draws one: one spent, one drawn, five again.
    assert whole_turns(_start(full), 0)


def test_only_at_the_start_of_a_turn() -> None:
    s = _start(["york-wind"])
    chosen = act(s, 0, "study trees wind").state
    assert whole_turns(chosen, 0) == []
    assert not any(is_whole_turn(chosen, 0, m.decisions) for m in ENGINE.whole_moves(chosen, 0))
    assert whole_turns(s, 1) == []


def test_a_typed_whole_turn_with_a_wrong_decision_changes_nothing() -> None:
    s = _start(["york-wind"])
    wrong = refusal(s, 0, "study trees wind magic york-birds end")
    assert wrong == "You have no york-birds in your hand."
    # Without its end, an action and magic are two moves, not one typed at once.
    assert "says more than the move needs" in refusal(s, 0, "study trees wind magic york-wind")


def test_a_whole_turn_typed_is_accepted() -> None:
    s = _start(["york-wind"])
    done = act(s, 0, "study trees wind magic york-wind end").state
    assert done.current.seat != 0
    assert "york-wind" not in done.magicians[0].hand


def test_a_whole_turn_is_one_click() -> None:
    s = _start(["york-wind", "york-birds"])
    for whole in whole_turns(s, 0):
        assert isinstance(whole, Composite)
        assert clicks_for(ENGINE, s, 0, whole.decisions) == 1
        assert whole.decisions[-1] == End()


def test_more_whole_turns_than_a_menu_page_are_left_to_be_made_move_by_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = _start(["york-wind", "york-birds"])
    assert len(whole_turns(s, 0)) == 2
    monkeypatch.setattr(whole_turns_module, "MAX_WHOLE_TURNS", 1)
    assert whole_turns(s, 0) == []
