"""Refusals name the reason in a sentence a player understands."""

from __future__ import annotations

import pytest

from games.core import ActionNotAllowed
from tests.games.mandragora.positions import ENGINE, act, play, position


def test_actions_of_another_moment_say_what_is_owed_now() -> None:
    s = position(2, hands=[["red-1", "red"], []])
    with pytest.raises(ActionNotAllowed, match="There is no extra turn to skip"):
        act(s, 0, "skip")
    with pytest.raises(ActionNotAllowed, match="drop out only during the three final rounds"):
        act(s, 0, "drop out")
    with pytest.raises(ActionNotAllowed, match="There is nothing to take back"):
        act(s, 0, "back")
    with pytest.raises(ActionNotAllowed, match=r"send the assistant or start a spell"):
        act(s, 0, "give red")
    casting = play(s, (0, "cast red-1"))
    with pytest.raises(ActionNotAllowed, match="First add ingredients to your spell"):
        act(casting, 0, "move 1")


def test_spellbook_without_a_possible_spell_is_explained() -> None:
    s = position(2, hands=[["red-1", "blue"], []])
    with pytest.raises(ActionNotAllowed, match="not enough ingredients"):
        act(s, 0, "cast red-1")
    with pytest.raises(ActionNotAllowed, match="You have no red-2 in your hand"):
        act(s, 0, "cast red-2")


def test_refusals_leave_the_state_alone() -> None:
    s = position(2, hands=[["red-1", "red"], []])
    dumped = ENGINE.dump(s)
    for text in ("skip", "back", "move 9", "cast red-3", "power 1"):
        with pytest.raises(ActionNotAllowed):
            act(s, 0, text)
    assert ENGINE.dump(s) == dumped
