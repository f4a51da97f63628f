"""Research and rest, the end of a turn (spirit, cabinet and homework limits), and play
passing clockwise."""

from __future__ import annotations

import pytest

from games.core import ActionNotAllowed
from tests.games.magic_spell.positions import (
    DECK,
    act,
    place,
    play,
    position,
    private,
    public,
    texts,
)


# ------------------------------------------------------------------------ research, rest
def test_research_spends_five_spirit_to_draw_the_top_spell() -> None:
    s = position(homework=[["ken"], [], []])
    t = act(s, 0, "research")
    student = t.state.students[0]
    assert [h.spell for h in student.homework] == ["ken", DECK[-1]]
    assert student.spirit == 0 + 1
    assert private(t.log) == [("You draw **Legerdemain**.", frozenset({0}))]
    assert "research" in public(t.log)
    assert "Legerdemain" not in public(t.log)


def test_research_needs_five_spirit_and_a_spell_in_the_deck() -> None:
    poor = position(spirit=[4, 5, 5])
    assert "research" not in texts(poor, 0)
    with pytest.raises(ActionNotAllowed, match="Research costs 5 spirit; you have 4"):
        act(poor, 0, "research")
    empty = position(deck=())
    with pytest.raises(ActionNotAllowed, match="The spell deck is empty"):
        act(empty, 0, "research")


def test_rest_gains_two_spirit() -> None:
    s = play(position(spirit=[5, 5, 5]), (0, "rest"))
    assert s.students[0].spirit == 7


# -------------------------------------------------------------------------- end of turn
def test_a_student_below_five_spirit_gains_one_at_the_end_of_the_turn() -> None:
    assert play(position(spirit=[0, 5, 5]), (0, "rest")).students[0].spirit == 3
    assert play(position(spirit=[2, 5, 5]), (0, "rest")).students[0].spirit == 5
    assert play(position(spirit=[3, 5, 5]), (0, "rest")).students[0].spirit == 5
    assert play(position(spirit=[4, 5, 5]), (0, "rest")).students[0].spirit == 6


def test_quotidian_gains_one_spirit_even_at_five_or_more() -> None:
    s = position(spirit=[6, 5, 5], spellbooks=[["quotidian"], [], []], lab={1: "A"})
    s = play(s, (0, "scrounge 1"), (0, "put back"))
    assert s.students[0].spirit == 7


def test_a_cabinet_over_six_tiles_returns_tiles_of_the_students_choice() -> None:
    s = position(cabinets=[list("AAEKMN"), [], []], lab={1: "Z", 3: "Q"})
    s = play(s, (0, "scrounge 1"), (0, "keep"))
    assert s.current == 0
    assert texts(s, 0) == ["return a", "return e", "return k", "return m", "return n", "return z"]
    t = act(s, 0, "return k")
    assert t.state.students[0].cabinet == list("AAEMNZ")
    assert place(t.state, 1) == "K", "returned face up to the lowest empty place"
    assert t.state.known[0] == t.state.everyone
    assert "K to 1" in public(t.log)
    assert t.state.current == 1


def test_plethora_lets_a_cabinet_hold_eight_tiles() -> None:
    s = position(
        cabinets=[list("AAEKMNO"), [], []], spellbooks=[["plethora"], [], []], lab={1: "Z"}
    )
    s = play(s, (0, "scrounge 1"), (0, "keep"))
    assert len(s.students[0].cabinet) == 8
    assert s.current == 1


def test_homework_over_four_spells_goes_to_the_bottom_of_the_deck_with_its_tiles_back() -> None:
    s = position(homework=[["ken", ("vim", "VI"), "espy", "fugue"], [], []])
    s = play(s, (0, "research"))
    assert texts(s, 0) == [
        "return ken",
        "return vim",
        "return espy",
        "return fugue",
        "return legerdemain",
    ]
    t = act(s, 0, "return vim")
    assert t.state.deck[0] == "vim"
    assert [place(t.state, n) for n in (1, 2)] == ["V", "I"]
    assert "homework spell 2 (2 woven tiles) on the bottom of the deck" in public(t.log)
    assert t.state.current == 1


def test_panoply_lets_a_student_keep_five_spells_as_homework() -> None:
    s = position(
        homework=[["ken", "vim", "espy", "fugue"], [], []], spellbooks=[["panoply"], [], []]
    )
    s = play(s, (0, "research"))
    assert len(s.students[0].homework) == 5
    assert s.current == 1


def test_tiles_are_returned_before_spells() -> None:
    s = position(
        cabinets=[list("AAEKMNO"), [], []], homework=[["ken", "vim", "espy", "fugue"], [], []]
    )
    s.deck.append("estop")
    s = play(s, (0, "research"))
    assert s.steps[0] is not None
    assert s.steps[0].kind == "discard-tile"
    s = play(s, (0, "return a"))
    assert s.steps[0] is not None
    assert s.steps[0].kind == "discard-spell"


# ---------------------------------------------------------------------------- passing on
def test_play_passes_clockwise_and_a_round_ends_after_the_last_student() -> None:
    s = position(4)
    seen = []
    for _ in range(5):
        seen.append((s.current, s.round))
        s = play(s, (s.current, "rest"))
    assert seen == [(0, 1), (1, 1), (2, 1), (3, 1), (0, 2)]


def test_what_a_student_may_not_do_lasts_until_the_end_of_their_next_turn() -> None:
    s = position(lab={1: "A"})
    s.students[1].blocks = ("scrounge",)
    s = play(s, (0, "rest"))
    assert "scrounge 1-10" not in texts(s, 1)
    s = play(s, (1, "rest"))
    assert s.students[1].blocks == ()
