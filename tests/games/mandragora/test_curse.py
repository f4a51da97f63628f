"""The Curse marker (RULES.md decision 12): most cursed scrolls, ties, nobody."""

from __future__ import annotations

import pytest

from games.mandragora.rules import curse_holder_after
from tests.games.mandragora.positions import ENGINE, act, play, position, put_on_top, shop_list


def test_curse_marker_goes_to_the_sorcerer_with_the_most_scrolls() -> None:
    s = position(shops=shop_list(s2=["scroll"]))
    t = act(s, 0, "move 1")
    assert t.state.curse_holder == 0
    assert "The Curse marker goes to {p0}." in [e.text for e in t.log]
    assert ENGINE.view(t.state, 1).curse_holder == 0


def test_curse_marker_moves_when_someone_else_has_more() -> None:
    s = position(scrolls=[1, 1, 0], current=1, shops=shop_list(s2=["scroll"]))
    assert s.curse_holder == 0
    assert play(s, (1, "move 1")).curse_holder == 1


def test_holder_keeps_the_curse_marker_on_a_tie() -> None:
    s = position(scrolls=[2, 1, 0], current=1, shops=shop_list(s2=["scroll"]))
    assert play(s, (1, "move 1")).curse_holder == 0


def test_tie_without_the_holder_goes_to_the_first_tied_sorcerer_clockwise_from_the_holder() -> None:
    s = position(4, hands=[[], ["red-1", "red"], [], []], scrolls=[2, 2, 2, 2], current=1)
    s.curse_holder = 1
    put_on_top(s, 1, "banishment")
    after = play(s, (1, "cast red-1 red power 1"))
    assert [x.scrolls for x in after.sorcerers] == [2, 1, 2, 2]
    assert after.curse_holder == 2


def test_nobody_holds_the_curse_marker_while_nobody_has_a_scroll() -> None:
    assert position().curse_holder is None
    s = position(hands=[["red-1", "red"], [], []], scrolls=[1, 0, 0])
    put_on_top(s, 1, "banishment")
    t = act(s, 0, "cast red-1 red power 1")
    assert t.state.curse_holder is None
    assert "The Curse marker returns to the middle of the table." in [e.text for e in t.log]


@pytest.mark.parametrize(
    ("holder", "scrolls", "expected"),
    [
        (None, [0, 0, 0], None),
        (None, [0, 1, 0], 1),
        (0, [1, 2, 0], 1),
        (0, [2, 2, 0], 0),
        (1, [2, 2, 2], 1),
        (1, [3, 1, 3], 2),
        (2, [3, 1, 0, 3], 3),
        (3, [3, 3, 0, 1], 0),
        (1, [0, 0, 0], None),
    ],
)
def test_curse_holder_after_a_change(
    holder: int | None, scrolls: list[int], expected: int | None
) -> None:
    assert curse_holder_after(holder, scrolls) == expected
