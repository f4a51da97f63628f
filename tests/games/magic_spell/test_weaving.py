"""Weave: from the cabinet or another spell, onto unmatched letters only, more weaves for
spirit, completing a word, and the philosopher's stone."""

from __future__ import annotations

import pytest

from games.core import ActionNotAllowed
from games.magic_spell.spells import STONE
from games.magic_spell.state import PUBLIC, MagicSpellState
from tests.games.magic_spell.positions import (
    act,
    place,
    play,
    position,
    public,
    texts,
    woven,
)


def test_weave_offers_each_cabinet_tile_onto_each_spell_it_fits() -> None:
    s = position(cabinets=[["A", "E", "I", "K"], [], []], homework=[["ken", "vim"], [], []])
    weaves = [t for t in texts(s, 0) if t.startswith("weave")]
    assert weaves == ["weave e on ken", "weave k on ken", "weave i on vim"]


def test_a_tile_goes_only_onto_an_unmatched_letter() -> None:
    s = position(cabinets=[["E", "E"], [], []], homework=[[("ken", "E")], [], []])
    assert "weave e on ken" not in texts(s, 0)
    with pytest.raises(ActionNotAllowed, match="An E does not fit Ken: it still needs K N"):
        act(s, 0, "weave e on ken")


def test_the_first_weave_of_a_turn_is_free() -> None:
    s = play(position(cabinets=[["K"], [], []], homework=[["ken"], [], []]), (0, "weave k on ken"))
    assert woven(s, 0, "ken") == ("K",)
    assert s.students[0].cabinet == []
    assert s.students[0].spirit == 5


def test_after_a_weave_another_costs_one_spirit_or_the_turn_ends_with_done() -> None:
    s = play(
        position(cabinets=[["E", "K"], [], []], homework=[["ken"], [], []]), (0, "weave k on ken")
    )
    assert texts(s, 0) == ["weave e on ken", "done"]
    again = play(s, (0, "weave e on ken"))
    assert woven(again, 0, "ken") == ("K", "E")
    assert again.students[0].spirit == 4 + 1, "1 spent, then 1 gained below five at the end"
    assert again.current == 1
    stopped = play(s, (0, "done"))
    assert (stopped.current, stopped.students[0].cabinet) == (1, ["E"])


def test_without_spirit_there_is_no_further_weave() -> None:
    s = position(cabinets=[["E", "K"], [], []], homework=[["ken"], [], []], spirit=[0, 5, 5])
    s = play(s, (0, "weave k on ken"))
    assert s.current == 1, "no spirit for another weave: the turn is over"


def test_moving_a_tile_from_another_spell_costs_one_spirit() -> None:
    s = position(cabinets=[[], [], []], homework=[[("ken", "E"), "espy"], [], []])
    assert "move" in texts(s, 0)
    s = play(s, (0, "move"), (0, "move to espy"))
    assert texts(s, 0) == ["move e from ken", "back"]
    s = play(s, (0, "move e from ken"))
    assert (woven(s, 0, "ken"), woven(s, 0, "espy")) == ((), ("E",))
    assert s.students[0].spirit == 4


def test_a_move_as_an_extra_weave_costs_two_spirit() -> None:
    s = position(
        cabinets=[["K"], [], []], homework=[[("ken", "E"), "espy"], [], []], spirit=[2, 5, 5]
    )
    s = play(s, (0, "weave k on ken"), (0, "move e from ken to espy"))
    assert s.students[0].spirit == 0 + 1
    poorer = position(
        cabinets=[["K"], [], []], homework=[[("ken", "E"), "espy"], [], []], spirit=[1, 5, 5]
    )
    poorer = play(poorer, (0, "weave k on ken"))
    assert poorer.current == 1, "1 spirit is not enough to move as an extra weave"


def test_back_leaves_a_move_before_it_is_made() -> None:
    s = position(cabinets=[[], [], []], homework=[[("ken", "E"), "espy"], [], []])
    moving = play(s, (0, "move"), (0, "move to espy"))
    assert play(moving, (0, "back")).steps[0] == play(s, (0, "move")).steps[0]
    assert play(moving, (0, "back"), (0, "back")).steps[0] is None


def test_completing_a_word_returns_its_tiles_face_up_and_adds_it_to_the_spellbook() -> None:
    s = position(cabinets=[["N"], [], []], homework=[[("ken", "KE"), "vim"], [], []], lab={1: "A"})
    t = act(s, 0, "weave n on ken")
    after = t.state
    assert after.students[0].spellbook == ["ken"]
    assert [h.spell for h in after.students[0].homework] == ["vim"]
    assert [place(after, n) for n in (1, 2, 3, 4)] == ["A", "K", "E", "N"]
    everyone = after.everyone
    assert after.known[1:4] == [everyone] * 3
    assert everyone & PUBLIC
    told = public(t.log)
    assert "completes **Ken** (1 credit)" in told
    assert "the range of what one knows" in told
    assert "K to 2, E to 3, N to 4" in told


def test_weaving_can_go_on_after_a_word_is_completed() -> None:
    s = position(cabinets=[["I", "N"], [], []], homework=[[("ken", "KE"), "vim"], [], []])
    s = play(s, (0, "weave n on ken"))
    assert s.students[0].spellbook == ["ken"]
    assert texts(s, 0) == ["weave i on vim", "done"]


def test_alacrity_makes_the_first_extra_weave_free() -> None:
    s = position(
        cabinets=[["E", "K", "N"], [], []],
        homework=[["ken"], [], []],
        spellbooks=[["alacrity"], [], []],
        spirit=[0, 5, 5],
    )
    s = play(s, (0, "weave k on ken"), (0, "weave e on ken"))
    assert woven(s, 0, "ken") == ("K", "E")
    assert s.current == 1, "the second extra weave would cost 1 spirit"


def test_a_student_who_may_not_weave_is_offered_no_weave() -> None:
    s = position(cabinets=[["K"], [], []], homework=[["ken"], [], []], lab={1: "E"})
    s.students[0].blocks = ("weave",)
    assert not [t for t in texts(s, 0) if t.startswith(("weave", "move"))]
    looked = play(s, (0, "scrounge 1"))
    assert texts(looked, 0) == ["keep", "put back"]
    with pytest.raises(ActionNotAllowed, match="You may not weave this turn"):
        act(s, 0, "weave k on ken")


# ------------------------------------------------------------------ philosopher's stone
def _stone_game() -> MagicSpellState:
    return position(
        cabinets=[[STONE, "E", "K"], [], []],
        homework=[["ken", "vim"], [], []],
        philosophers_stone=True,
    )


def test_a_stone_stands_for_the_last_letter_and_is_removed_when_it_would_return() -> None:
    s = play(_stone_game(), (0, "weave stone on ken"), (0, "weave k on ken"))
    assert woven(s, 0, "ken") == (STONE, "K")
    t = act(s, 0, "weave e on ken")
    assert t.state.students[0].spellbook == ["ken"], "the stone stands for the N"
    assert t.state.removed == 1
    assert STONE not in t.state.lab
    assert "1 philosopher's stone leaves the game instead" in public(t.log)


def test_only_one_stone_may_go_into_a_spell() -> None:
    s = position(
        cabinets=[[STONE, STONE, "K"], [], []], homework=[["ken"], [], []], philosophers_stone=True
    )
    s = play(s, (0, "weave stone on ken"))
    assert texts(s, 0) == ["weave k on ken", "done"]
