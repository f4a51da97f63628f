"""The page: five columns, a front and a back line on each side; marginalia go to the front
line, or reinforce one already there."""

from __future__ import annotations

from games.marginalia.page import SPACES, locate, space_code
from games.marginalia.state import BACK, FRONT
from tests.games.marginalia.positions import card_at, play, position, texts


def test_the_page_has_five_columns_and_two_lines_a_side() -> None:
    assert len(SPACES) == 20
    assert [space_code(0, FRONT, c) for c in range(5)] == ["a2", "b2", "c2", "d2", "e2"]
    assert [space_code(0, BACK, c) for c in range(5)] == ["a1", "b1", "c1", "d1", "e1"]
    assert [space_code(1, FRONT, c) for c in range(5)] == ["a3", "b3", "c3", "d3", "e3"]
    assert [space_code(1, BACK, c) for c in range(5)] == ["a4", "b4", "c4", "d4", "e4"]
    assert locate("c3") == (1, FRONT, 2)
    assert locate("f2") is None


def test_a_marginalis_is_played_to_the_front_line_of_an_empty_column() -> None:
    s = play(position(hands=[["cancer"], []]), (0, "play cancer"))
    assert texts(s, 0) == ["to a2", "to b2", "to c2", "to d2", "to e2", "back"]
    s = play(s, (0, "to c2"))
    assert card_at(s, "c2") == "cancer"
    assert s.sides[0].hand == []


def test_reinforcing_behind_a_front_line_marginalis() -> None:
    s = position(hands=[["saint"], []], page={"c2": "cancer"})
    s = play(s, (0, "play saint"))
    assert texts(s, 0) == ["to a2", "to b2", "to c1", "to d2", "to e2", "back"]
    s = play(s, (0, "to c1"))
    assert (card_at(s, "c2"), card_at(s, "c1")) == ("cancer", "saint")


def test_no_back_line_space_without_a_marginalis_in_front_of_it() -> None:
    s = play(position(hands=[["saint"], []]), (0, "play saint"))
    assert not any(t.endswith("1") for t in texts(s, 0))


def test_a_reinforced_column_is_full() -> None:
    s = position(hands=[["ziz"], []], page={"c2": "cancer", "c1": "saint"})
    s = play(s, (0, "play ziz"))
    assert "to c2" not in texts(s, 0)
    assert "to c1" not in texts(s, 0)


def test_a_full_side_takes_no_more_marginalia() -> None:
    full = {f"{f}{r}": "great-snail" for f in "abcde" for r in "12"}
    s = position(hands=[["ziz", "ignis-sacer"], []], page=full)
    assert texts(s, 0) == ["play ignis-sacer", "attack from a", "attack from e"]


def test_each_player_plays_only_on_their_own_side() -> None:
    s = play(position(hands=[[], ["ziz"]], active=1), (1, "play ziz"))
    assert texts(s, 1) == ["to a3", "to b3", "to c3", "to d3", "to e3", "back"]


def test_back_returns_the_card_to_the_hand_untouched() -> None:
    s = position(hands=[["ziz"], []])
    s2 = play(s, (0, "play ziz"), (0, "back"))
    assert s2.sides[0].hand == ["ziz"]
    assert s2.plays == 0
    assert texts(s2, 0) == texts(s, 0)
