"""Cast: the decisions a spell asks for, its requirement, and what each spell of the deck does."""

from __future__ import annotations

from collections.abc import Sequence

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

LAB = {1: "A", 2: "E", 3: "K", 11: "N", 12: "O"}


def _caster(
    spell: str,
    *,
    players: int = 3,
    cabinets: Sequence[Sequence[str]] | None = None,
    homework: Sequence[Sequence[str | tuple[str, str]]] | None = None,
    spirit: Sequence[int] | None = None,
    lab: dict[int, str] | None = None,
) -> MagicSpellState:
    """Seat 1 (index 0) has ``spell`` in their spellbook and it is their turn."""
    return position(
        players,
        spellbooks=[[spell]] + [[] for _ in range(players - 1)],
        cabinets=cabinets or [[] for _ in range(players)],
        homework=homework or [[] for _ in range(players)],
        spirit=spirit,
        lab=LAB if lab is None else lab,
    )


# ------------------------------------------------------------------------- casting rules
def test_only_spells_of_your_spellbook_with_something_to_act_on_may_be_cast() -> None:
    s = _caster("vim")
    assert "cast vim" in texts(s, 0)
    assert "cast vim" not in texts(s, 1)
    lave = _caster("lave")
    assert "cast lave" not in texts(lave, 0), "nothing in the cabinet to wash"
    with pytest.raises(ActionNotAllowed, match="Lave has nothing to act on"):
        act(lave, 0, "cast lave")
    with pytest.raises(ActionNotAllowed, match="Quaff is not in your spellbook"):
        act(s, 0, "cast quaff")


def test_passive_spells_are_never_cast() -> None:
    s = _caster("panoply")
    assert "cast panoply" not in texts(s, 0)
    with pytest.raises(ActionNotAllowed, match="passive"):
        act(s, 0, "cast panoply")


def test_a_spell_whose_requirement_is_not_met_fizzles_after_taking_what_you_have() -> None:
    s = _caster("yegg", spirit=[1, 5, 5], cabinets=[[], ["Z"], []])
    assert "cast yegg" in texts(s, 0)
    t = act(s, 0, "cast yegg")
    assert "cannot meet its requirement (2 spirit)" in public(t.log)
    assert t.state.students[0].spirit == 0 + 1
    assert t.state.students[1].cabinet == ["Z"], "the effect does not resolve"
    assert t.state.current == 1


def test_a_requirement_of_tiles_lets_you_choose_which_tiles_to_return() -> None:
    s = _caster("palimpsest", cabinets=[["A", "B"], [], []], homework=[["ken"], [], []], lab={})
    s = play(s, (0, "cast palimpsest"), (0, "homework ken"))
    assert texts(s, 0) == ["pay a", "pay b", "back"]
    t = act(s, 0, "pay b")
    assert t.state.students[0].cabinet == ["A"]
    assert place(t.state, 1) == "B"


def test_back_takes_back_the_last_decision_of_a_cast_then_the_cast() -> None:
    s = _caster("cozen", cabinets=[["A"], ["B"], ["C"]])
    s = play(s, (0, "cast cozen"), (0, "target 2"))
    assert texts(s, 0) == ["use a", "back"]
    s = play(s, (0, "back"))
    assert texts(s, 0) == ["target 2", "target 3", "back"]
    s = play(s, (0, "back"))
    assert s.steps[0] is None
    assert s.current == 0


def test_a_whole_cast_may_be_typed_at_once() -> None:
    s = _caster("cozen", cabinets=[["A"], ["B"], ["C"]])
    typed = play(s, (0, "cast cozen target 3 use a"))
    stepped = play(s, (0, "cast cozen"), (0, "target 3"), (0, "use a"))
    assert ENGINE.dump(typed) == ENGINE.dump(stepped)


def test_with_one_opponent_the_target_is_chosen_for_you() -> None:
    s = position(2, spellbooks=[["ennui"], []], spirit=[5, 5])
    t = act(s, 0, "cast ennui")
    assert t.state.students[1].spirit == 2


def test_a_student_who_may_not_cast_is_offered_no_spell() -> None:
    s = _caster("vim")
    s.students[0].blocks = ("cast",)
    assert "cast vim" not in texts(s, 0)
    with pytest.raises(ActionNotAllowed, match="You may not cast spells this turn"):
        act(s, 0, "cast vim")


# ------------------------------------------------------------------------ knowing things
def test_espy_looks_at_one_face_down_tile() -> None:
    s = play(_caster("espy"), (0, "cast espy"), (0, "row 1-10"))
    t = act(s, 0, "tile 3")
    assert private(t.log) == [("Tile 3 is K.", frozenset({0}))]
    assert knows(t.state, 0, 2)
    assert not knows(t.state, 1, 2)
    assert place(t.state, 3) == "K"


def test_ken_shows_an_opponents_homework_to_the_caster() -> None:
    s = _caster("ken", homework=[[], [("vim", "V"), "espy"], []])
    t = act(s, 0, "cast ken target 2")
    assert private(t.log) == [
        ("{p1}'s homework: **Vim** (V); **Espy** (nothing woven).", frozenset({0, 1}))
    ]


def test_quidnunc_shows_an_opponents_cabinet_to_the_caster() -> None:
    s = _caster("quidnunc", cabinets=[[], ["Q", "Z"], []])
    t = act(s, 0, "cast quidnunc target 2")
    assert private(t.log) == [("{p1}'s cabinet: Q Z.", frozenset({0, 1}))]


def test_mnemonic_looks_at_every_tile_of_a_row() -> None:
    t = act(play(_caster("mnemonic"), (0, "cast mnemonic")), 0, "row 1-10")
    assert private(t.log) == [("Tiles 1-10: 1 A, 2 E, 3 K.", frozenset({0}))]
    assert [knows(t.state, 0, i) for i in (0, 1, 2, 10)] == [True, True, True, False]
    assert t.state.students[0].spirit == 4 + 1


def test_augury_keeps_one_of_the_top_three_spells_and_puts_the_others_under() -> None:
    s = play(_caster("augury"), (0, "cast augury"))
    assert texts(s, 0) == ["take legerdemain", "take serendipity", "take defenestrate"]
    s = play(s, (0, "take serendipity"))
    assert [h.spell for h in s.students[0].homework] == ["serendipity"]
    assert sorted(s.deck[:2]) == ["defenestrate", "legerdemain"]
    assert s.current == 1


# ------------------------------------------------------------------------------- taking
@pytest.mark.parametrize("spell", ["yegg", "purloin"])
def test_stealing_spells_take_a_random_tile_from_an_opponents_cabinet(spell: str) -> None:
    s = _caster(spell, cabinets=[[], ["Q"], []])
    t = act(s, 0, f"cast {spell} target 2")
    assert (t.state.students[0].cabinet, t.state.students[1].cabinet) == (["Q"], [])
    assert private(t.log) == [("{p0} takes a Q from {p1}.", frozenset({0, 1}))]
    assert "Q" not in public(t.log)


def test_mulct_takes_two_spirit_from_an_opponent_as_far_as_they_have_it() -> None:
    s = play(_caster("mulct", spirit=[5, 1, 5]), (0, "cast mulct target 2"))
    assert (s.students[0].spirit, s.students[1].spirit) == (6, 0)


def test_snaffle_takes_a_random_homework_spell_with_its_woven_tiles() -> None:
    s = _caster("snaffle", homework=[[], [("vim", "VI")], []])
    s = play(s, (0, "cast snaffle target 2"))
    assert woven(s, 0, "vim") == ("V", "I")
    assert s.students[1].homework == []


def test_cozen_swaps_a_tile_of_your_choice_for_a_random_one_of_theirs() -> None:
    s = _caster("cozen", cabinets=[["A", "B"], ["Z"], []])
    s = play(s, (0, "cast cozen target 2 use b"))
    assert (s.students[0].cabinet, s.students[1].cabinet) == (["A", "Z"], ["B"])


def test_cadge_makes_an_opponent_hand_over_a_named_letter_your_homework_needs() -> None:
    s = _caster("cadge", cabinets=[[], ["K", "Q"], []], homework=[["ken"], [], []])
    s = play(s, (0, "cast cadge"), (0, "target 2"))
    assert texts(s, 0) == ["letter e", "letter k", "letter n", "back"]
    t = act(s, 0, "letter k")
    assert t.state.students[0].cabinet == ["K"]
    assert "asks {p1} for a K, and {p1} must hand one over" in public(t.log)
    missed = act(
        play(_caster("cadge", homework=[["ken"], [], []]), (0, "cast cadge target 2")),
        0,
        "letter n",
    )
    assert "has none in their cabinet" in public(missed.log)


# ------------------------------------------------------------------------------- spirit
def test_vim_and_quaff_give_spirit() -> None:
    assert play(_caster("vim"), (0, "cast vim")).students[0].spirit == 8
    assert play(_caster("quaff"), (0, "cast quaff")).students[0].spirit == 9


def test_ennui_and_torpor_drain_spirit_but_never_below_nothing() -> None:
    s = play(_caster("ennui", spirit=[5, 2, 5]), (0, "cast ennui target 2"))
    assert s.students[1].spirit == 0
    s = play(_caster("torpor", spirit=[5, 5, 1]), (0, "cast torpor"))
    assert [x.spirit for x in s.students] == [3 + 1, 3, 0]


def test_kismet_exchanges_spirit_with_an_opponent() -> None:
    s = play(_caster("kismet", spirit=[1, 8, 5]), (0, "cast kismet target 2"))
    assert (s.students[0].spirit, s.students[1].spirit) == (8, 1)


# ------------------------------------------------------------------------------ hindering
@pytest.mark.parametrize(
    ("spell", "block"),
    [("estop", "cast"), ("stymie", "scrounge"), ("embargo", "trade"), ("debar", "weave")],
)
def test_blocking_spells_stop_an_opponent_until_the_end_of_their_next_turn(
    spell: str, block: str
) -> None:
    s = play(_caster(spell), (0, f"cast {spell} target 2"))
    assert s.students[1].blocks == (block,)


def test_embargo_cancels_the_targets_open_offers() -> None:
    s = _caster("embargo", cabinets=[[], ["K"], ["B"]], homework=[[], [], ["ken"]])
    s = play(s, (2, "trade with 2 give b for k"))
    assert s.offers
    t = act(s, 0, "cast embargo target 3")
    assert not t.state.offers
    assert "under an embargo" in public(t.log)


# -------------------------------------------------------------------------- the laboratory
def test_fugue_mixes_a_row_so_nobody_knows_its_tiles() -> None:
    s = _caster("fugue")
    s.known = [s.everyone] * len(s.known)
    s = play(s, (0, "cast fugue row 1-10"))
    assert sorted(place(s, n) for n in (1, 2, 3)) == ["A", "E", "K"]
    assert s.known[:3] == [0, 0, 0]
    assert s.known[10] == s.everyone


def test_tohubohu_mixes_every_tile_of_the_laboratory() -> None:
    s = _caster("tohubohu")
    s.known = [s.everyone] * len(s.known)
    s = play(s, (0, "cast tohubohu"))
    assert sorted(letter for letter in s.lab if letter) == ["A", "E", "K", "N", "O"]
    assert not any(s.known[i] for i in (0, 1, 2, 10, 11))


def test_serendipity_takes_two_random_tiles_after_returning_one() -> None:
    s = _caster("serendipity", cabinets=[["Z", "Q"], [], []], lab={1: "A", 2: "E"})
    t = act(play(s, (0, "cast serendipity")), 0, "pay q")
    cabinet = t.state.students[0].cabinet
    assert len(cabinet) == 3
    assert "Z" in cabinet
    assert sorted([*cabinet, *(x for x in t.state.lab if x)]) == ["A", "E", "Q", "Z"]
    assert "takes tiles" in public(t.log)


def test_defenestrate_throws_a_random_tile_of_an_opponent_back_face_up() -> None:
    s = _caster("defenestrate", cabinets=[[], ["Z"], []], lab={})
    t = act(s, 0, "cast defenestrate target 2")
    assert t.state.students[1].cabinet == []
    assert place(t.state, 1) == "Z"
    assert "Z to 1" in public(t.log)


def test_jettison_returns_tiles_one_by_one_for_a_spirit_each() -> None:
    s = play(_caster("jettison", cabinets=[["A", "B", "C"], [], []], lab={}), (0, "cast jettison"))
    assert texts(s, 0) == ["jettison a", "jettison b", "jettison c", "done"]
    s = play(s, (0, "jettison a"), (0, "jettison c"), (0, "done"))
    assert s.students[0].cabinet == ["B"]
    assert s.students[0].spirit == 7
    assert (place(s, 1), place(s, 2)) == ("A", "C")


def test_lave_washes_the_cabinet_back_and_draws_as_many_tiles() -> None:
    s = play(_caster("lave", cabinets=[["Z", "Q"], [], []], lab={}), (0, "cast lave"))
    assert sorted(s.students[0].cabinet) == ["Q", "Z"], "the only tiles to take are its own"
    assert not any(s.lab)


def test_legerdemain_swaps_a_cabinet_tile_with_a_laboratory_tile_unseen() -> None:
    s = _caster("legerdemain", cabinets=[["Z"], [], []])
    t = act(s, 0, "cast legerdemain use z row 1-10 tile 2")
    assert t.state.students[0].cabinet == ["E"]
    assert place(t.state, 2) == "Z"
    assert knows(t.state, 0, 1)
    assert not knows(t.state, 1, 1)
    assert "Z" not in public(t.log)


def test_a_stone_given_by_legerdemain_leaves_the_game() -> None:
    """Philosopher's Stone: "When a philosopher's stone would be returned to the laboratory,
    remove it from the game instead." Legerdemain puts the cabinet tile into the laboratory."""
    s = position(
        spellbooks=[["legerdemain"], [], []],
        cabinets=[[STONE], [], []],
        lab=LAB,
        philosophers_stone=True,
    )
    t = act(s, 0, "cast legerdemain use stone row 1-10 tile 2")
    assert t.state.students[0].cabinet == ["E"]
    assert (place(t.state, 2), t.state.removed) == ("", 1)
    assert "leaves the game" in public(t.log)


# ------------------------------------------------------------------------------ spells
def test_palimpsest_rewrites_a_homework_spell_as_a_new_one() -> None:
    s = _caster("palimpsest", cabinets=[["A"], [], []], homework=[[("vim", "V")], [], []], lab={})
    s = play(s, (0, "cast palimpsest homework vim"))
    assert [h.spell for h in s.students[0].homework] == ["legerdemain"]
    assert s.deck[0] == "vim"
    assert sorted(letter for letter in s.lab if letter) == ["A", "V"]


def test_lagniappe_draws_a_spell_into_your_homework() -> None:
    s = play(_caster("lagniappe"), (0, "cast lagniappe"))
    assert [h.spell for h in s.students[0].homework] == ["legerdemain"]


def test_zugzwang_sends_a_random_homework_spell_of_an_opponent_under_the_deck() -> None:
    s = _caster("zugzwang", homework=[[], [("vim", "V")], []], lab={})
    t = act(s, 0, "cast zugzwang target 2")
    assert t.state.students[1].homework == []
    assert t.state.deck[0] == "vim"
    assert place(t.state, 1) == "V"
    assert private(t.log)[0][1] == frozenset({1}), "only the owner learns which spell went"


# ------------------------------------------------------------------------------ the table
def test_syzygy_gives_another_turn_straight_after() -> None:
    s = play(_caster("syzygy"), (0, "cast syzygy"))
    assert s.current == 0
    assert s.turn == 2
    s = play(s, (0, "rest"))
    assert s.current == 1


def test_syzygy_is_not_offered_once_grading_is_announced() -> None:
    s = _caster("syzygy")
    s.grader = 2
    assert "cast syzygy" not in texts(s, 0)


def test_widdershins_passes_a_random_tile_to_the_right() -> None:
    s = _caster("widdershins", cabinets=[["A"], ["B"], ["C"]])
    s = play(s, (0, "cast widdershins"))
    assert [x.cabinet for x in s.students] == [["B"], ["C"], ["A"]]
