"""Scrounge: look at one laboratory tile in private, then weave it, keep it or put it back."""

from __future__ import annotations

import pytest

from games.core import ActionNotAllowed
from games.magic_spell.laboratory import knows
from games.magic_spell.spells import STONE
from games.magic_spell.state import MagicSpellState
from tests.games.magic_spell.positions import (
    ENGINE,
    act,
    place,
    play,
    position,
    private,
    public,
    texts,
    woven,
)


def _table() -> MagicSpellState:
    return position(
        cabinets=[[], [], []],
        homework=[["ken", "vim"], [], []],
        lab={1: "K", 2: "A", 11: "E", 12: "I"},
    )


def test_scrounging_starts_with_a_row_of_the_laboratory() -> None:
    assert texts(_table(), 0) == ["scrounge 1-10", "scrounge 11-20", "research", "rest"]
    s = play(_table(), (0, "scrounge 1-10"))
    assert texts(s, 0) == ["tile 1", "tile 2", "back"]


def test_the_tile_is_seen_only_by_the_student_who_scrounges_it() -> None:
    t = act(play(_table(), (0, "scrounge 1-10")), 0, "tile 1")
    assert public(t.log) == "{p0} scrounges tile 1."
    assert private(t.log) == [("Tile 1 is K.", frozenset({0}))]
    assert knows(t.state, 0, 0)
    assert not knows(t.state, 1, 0)


def test_a_tile_that_fits_may_be_woven_straight_onto_its_spell() -> None:
    s = play(_table(), (0, "scrounge 1"))
    assert texts(s, 0) == ["weave it on ken", "keep", "put back"]
    s = play(s, (0, "weave it on ken"))
    assert woven(s, 0, "ken") == ("K",)
    assert place(s, 1) == ""
    assert s.current == 1


def test_weaving_a_scrounged_tile_allows_more_weaves_for_spirit() -> None:
    s = _table()
    s.students[0].cabinet = ["E"]
    s = play(s, (0, "scrounge 1"), (0, "weave it on ken"))
    assert texts(s, 0) == ["weave e on ken", "done"]
    s = play(s, (0, "weave e on ken"))
    assert woven(s, 0, "ken") == ("K", "E")
    assert s.students[0].spirit == 4 + 1


def test_a_tile_that_fits_nothing_may_only_be_kept_or_put_back() -> None:
    s = play(_table(), (0, "scrounge 2"))
    assert texts(s, 0) == ["keep", "put back"]


def test_keep_puts_the_tile_in_the_cabinet() -> None:
    s = play(_table(), (0, "scrounge 2"), (0, "keep"))
    assert s.students[0].cabinet == ["A"]
    assert place(s, 2) == ""
    assert s.known[1] == 0


def test_put_back_leaves_the_tile_where_it_lay_known_only_to_the_scrounger() -> None:
    t = act(play(_table(), (0, "scrounge 2")), 0, "put back")
    assert place(t.state, 2) == "A"
    assert [knows(t.state, seat, 1) for seat in range(3)] == [True, False, False]
    assert "A" not in public(t.log)


def test_a_stone_put_back_leaves_the_game() -> None:
    """Scrounge: "return it to the laboratory"; Philosopher's Stone: "When a philosopher's
    stone would be returned to the laboratory, remove it from the game instead." """
    s = position(cabinets=[[], [], []], lab={1: STONE, 2: "E"}, philosophers_stone=True)
    t = act(play(s, (0, "scrounge 1")), 0, "put back")
    assert (place(t.state, 1), t.state.removed) == ("", 1)
    assert "leaves the game" in public(t.log)
    s = play(s, (0, "scrounge 2"), (0, "put back"))
    assert (place(s, 2), s.removed) == ("E", 0), "any other tile stays where it lies"


def test_back_leaves_the_row_before_a_tile_is_seen() -> None:
    s = play(_table(), (0, "scrounge 11-20"), (0, "back"))
    assert s.steps[0] is None
    assert s.current == 0


def test_a_whole_scrounge_may_be_typed_at_once() -> None:
    typed = play(_table(), (0, "scrounge 12"))
    stepped = play(_table(), (0, "scrounge 11-20"), (0, "tile 12"))
    assert ENGINE.dump(typed) == ENGINE.dump(stepped)


def test_an_empty_place_or_row_cannot_be_scrounged() -> None:
    with pytest.raises(ActionNotAllowed, match="Place 3 is empty"):
        act(_table(), 0, "scrounge 3")
    with pytest.raises(ActionNotAllowed, match="Row 21-30 of the laboratory has no tiles"):
        act(_table(), 0, "scrounge 21-30")
    with pytest.raises(ActionNotAllowed, match="choose a tile there"):
        act(play(_table(), (0, "scrounge 1-10")), 0, "tile 11")


def test_a_student_who_may_not_scrounge_is_offered_no_row() -> None:
    s = _table()
    s.students[0].blocks = ("scrounge",)
    assert texts(s, 0) == ["research", "rest"]
    with pytest.raises(ActionNotAllowed, match="You may not scrounge this turn"):
        act(s, 0, "scrounge 1-10")
