"""Refusals name the reason in a sentence a player understands, and change nothing."""

from __future__ import annotations

import pytest

from games.core import ActionNotAllowed, GameIsOver, NotYourTurn
from games.magic_spell.state import MagicSpellState
from tests.games.magic_spell.positions import ENGINE, act, play, position


def _table() -> MagicSpellState:
    return position(
        4,
        cabinets=[["E", "K"], ["A"], ["B"], []],
        homework=[["ken"], [], ["vim"], []],
        spellbooks=[["vim"], [], [], []],
        spirit=[4, 5, 5, 5],
        lab={1: "A"},
    )


@pytest.mark.parametrize(
    ("seat", "text", "reason"),
    [
        (0, "weave e on vim", "Vim is not one of your homework spells"),
        (0, "weave a on ken", "You have no A in your cabinet"),
        (0, "move", "No tile woven on one of your homework spells fits another"),
        (0, "cast quaff", "Quaff is not in your spellbook"),
        (0, "research", "Research costs 5 spirit; you have 4"),
        (0, "scrounge 11-20", "Row 11-20 of the laboratory has no tiles"),
        (0, "back", "There is nothing to take back or finish"),
        (0, "keep", "On your turn: weave E on SPELL"),
        (0, "trade with 2", "You are taking your turn"),
        (1, "rest", "It is {p0}'s turn: between turns you may only trade"),
        (1, "trade with 2", "You cannot trade with yourself"),
        (1, "trade with 1", "{p0} is taking a turn and cannot trade now"),
        (1, "accept 3", "{p2} has made you no offer"),
        (1, "give a", "Start an offer to another student first"),
    ],
)
def test_refusals_say_exactly_why(seat: int, text: str, reason: str) -> None:
    with pytest.raises(ActionNotAllowed, match=reason):
        act(_table(), seat, text)


def test_a_decision_in_progress_says_what_is_owed_first() -> None:
    s = play(_table(), (0, "scrounge 1-10"))
    with pytest.raises(ActionNotAllowed, match=r"First choose the tile to look at, or go back"):
        act(s, 0, "rest")
    s = play(_table(), (0, "weave k on ken"))
    with pytest.raises(ActionNotAllowed, match=r"First weave again or stop \(done\)"):
        act(s, 0, "rest")


def test_a_student_with_nothing_to_do_is_told_whose_turn_it_is() -> None:
    with pytest.raises(NotYourTurn, match=r"It is \{p0\}'s turn, and you have no trade"):
        act(_table(), 3, "trade with 2")


def test_nothing_may_be_done_once_the_game_is_over() -> None:
    s = position(spellbooks=[["augury", "torpor", "kismet"], [], []])
    s = play(s, (0, "rest"), (1, "rest"), (2, "rest"))
    with pytest.raises(GameIsOver):
        act(s, 0, "rest")


def test_refusals_leave_the_state_alone() -> None:
    s = _table()
    dumped = ENGINE.dump(s)
    for seat, text in [(0, "research"), (0, "cast quaff"), (1, "rest"), (1, "trade with 1")]:
        with pytest.raises(ActionNotAllowed):
            act(s, seat, text)
    assert ENGINE.dump(s) == dumped


def test_a_move_typed_at_once_is_refused_whole_when_one_of_its_steps_is() -> None:
    s = _table()
    dumped = ENGINE.dump(s)
    with pytest.raises(ActionNotAllowed, match="Place 2 is empty"):
        act(s, 0, "scrounge 2")
    with pytest.raises(ActionNotAllowed, match="“cast vim” is the whole move"):
        act(s, 0, "cast vim target 2")
    s.students[0].spellbook = ["cozen"]
    dumped = ENGINE.dump(s)
    with pytest.raises(ActionNotAllowed, match="Choose an opponent, not yourself"):
        act(s, 0, "cast cozen target 1")
    assert ENGINE.dump(s) == dumped
