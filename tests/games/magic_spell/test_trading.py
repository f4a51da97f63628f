"""Trading between turns: offers between students not taking a turn, one item for one,
accepted or declined; woven tiles cost a spirit; Low Enrollment trades between turns."""

from __future__ import annotations

import pytest

from games.core import ActionNotAllowed, NotYourTurn
from games.magic_spell.spells import STONE
from games.magic_spell.state import Homework, MagicSpellState
from tests.games.magic_spell.positions import (
    ENGINE,
    act,
    play,
    position,
    private,
    public,
    texts,
    woven,
)


def _table() -> MagicSpellState:
    """Four students; seat 1 (index 0) is taking a turn."""
    return position(
        4,
        cabinets=[["A"], ["E", "K"], ["K", "Z"], ["Q"]],
        homework=[[], [("ken", "N"), "vim"], [("kismet", "K"), "espy"], []],
        spellbooks=[[], ["quaff"], ["fugue"], []],
    )


def test_students_not_taking_a_turn_may_trade_and_the_current_one_may_not() -> None:
    s = _table()
    assert ENGINE.to_act(s) == {0, 1, 2, 3}
    assert not [t for t in texts(s, 0) if t.startswith("trade")]
    assert texts(s, 1) == ["trade with 3", "trade with 4"]
    with pytest.raises(ActionNotAllowed, match="You are taking your turn"):
        act(s, 0, "trade with 2")


def test_only_the_student_taking_a_turn_is_waited_for() -> None:
    s = _table()
    assert ENGINE.to_act(s) == {0, 1, 2, 3}
    assert ENGINE.waiting_for(s) == {0}
    s = play(s, (1, "trade with 3"))
    assert ENGINE.waiting_for(s) == {0}, "a trade in progress holds nobody up"


def test_an_offer_is_built_in_small_steps_each_of_which_can_be_taken_back() -> None:
    s = play(_table(), (1, "trade with 3"))
    assert texts(s, 1) == [
        "give e",
        "give k",
        "give n from ken",
        "give ken",
        "give vim",
        "give quaff",
        "back",
    ]
    s = play(s, (1, "give e"))
    assert texts(s, 1) == [
        "for e",
        "for i",
        "for k",
        "for m",
        "for v",
        "for fugue",
        "for homework",
        "back",
    ]
    assert play(s, (1, "back")).steps[1] is not None
    assert play(s, (1, "back"), (1, "back")).steps[1] is None


def test_sending_an_offer_tells_the_table_and_the_details_only_to_the_two() -> None:
    t = act(play(_table(), (1, "trade with 3"), (1, "give e")), 1, "for k")
    assert public(t.log) == "{p1} offers {p2} a trade."
    assert private(t.log) == [("{p1} offers {p2} an E for a K.", frozenset({1, 2}))]
    assert texts(t.state, 2)[:2] == ["accept 2", "decline 2"]


def test_accepting_exchanges_the_two_items() -> None:
    s = play(_table(), (1, "trade with 3 give e for k"), (2, "accept 2"))
    t = act(s, 2, "give k")
    cabinets = [x.cabinet for x in t.state.students]
    assert cabinets[1:3] == [["K", "K"], ["E", "Z"]]
    assert "{p2} accepts" in public(t.log)
    assert "E" not in public(t.log)


def test_declining_closes_the_offer() -> None:
    t = act(play(_table(), (1, "trade with 3 give e for k")), 2, "decline 2")
    assert not t.state.offers
    assert public(t.log) == "{p2} declines {p1}'s trade offer."


def test_a_woven_tile_costs_one_spirit_to_take_off_its_spell() -> None:
    s = play(_table(), (1, "trade with 3 give n from ken for k"), (2, "accept 2"), (2, "give k"))
    assert woven(s, 1, "ken") == ()
    assert s.students[1].spirit == 4
    assert s.students[2].cabinet == ["N", "Z"]


def test_a_homework_spell_changes_hands_with_its_woven_tiles() -> None:
    s = play(_table(), (1, "trade with 3 give ken for homework"), (2, "accept 2"))
    assert texts(s, 2) == ["give kismet", "give espy", "back"], "the partner chooses which"
    s = play(s, (2, "give kismet"))
    assert woven(s, 2, "ken") == ("N",)
    assert woven(s, 1, "kismet") == ("K",)


def test_a_spellbook_spell_changes_hands_with_its_credits() -> None:
    s = play(_table(), (1, "trade with 3 give quaff for fugue"), (2, "accept 2"))
    assert (s.students[1].spellbook, s.students[2].spellbook) == (["fugue"], ["quaff"])


def test_the_partner_chooses_where_a_letter_comes_from() -> None:
    s = play(_table(), (1, "trade with 3 give e for k"), (2, "accept 2"))
    assert texts(s, 2) == ["give k", "give k from kismet", "back"]
    s = play(s, (2, "give k from kismet"))
    assert woven(s, 2, "kismet") == ()
    assert s.students[2].spirit == 4


def test_an_offer_asks_only_for_what_the_proposer_needs_or_can_see() -> None:
    s = play(_table(), (1, "trade with 3"), (1, "give e"))
    with pytest.raises(ActionNotAllowed, match="Ask only for letters your homework still needs"):
        act(s, 1, "for z")
    with pytest.raises(ActionNotAllowed, match="Quaff is not in Seat 3's spellbook"):
        act(s, 1, "for quaff")


def test_spirit_is_never_traded() -> None:
    s = play(_table(), (1, "trade with 3"))
    assert not [t for t in texts(s, 1) if "spirit" in t]


def test_the_partner_cannot_accept_without_what_is_asked() -> None:
    s = play(_table(), (1, "trade with 3 give e for i"))
    assert texts(s, 2)[:1] == ["decline 2"]
    with pytest.raises(ActionNotAllowed, match="You have nothing that meets Seat 2's offer"):
        act(s, 2, "accept 2")


def test_one_offer_a_round_and_it_lapses_when_the_turn_ends() -> None:
    s = play(_table(), (1, "trade with 3 give e for k"))
    assert "trade with 4" not in texts(s, 1)
    t = act(s, 0, "rest")
    assert not t.state.offers
    assert "cancelled: the turn is over" in public(t.log)
    s = play(t.state, (1, "rest"))
    assert "trade with 4" in texts(s, 1), "a new round of offers once their own turn is over"


def test_a_trade_in_progress_with_a_student_whose_turn_begins_is_dropped() -> None:
    s = play(_table(), (1, "trade with 3"), (1, "give e"))
    s = play(s, (0, "rest"))
    assert s.current == 1
    assert s.steps[1] is None


def test_an_offer_whose_item_is_gone_is_cancelled() -> None:
    s = _table()
    s.students[1].cabinet = ["E"]
    s.students[3].homework = [Homework("ken")]
    s = play(s, (1, "trade with 3 give e for k"), (3, "trade with 2 give q for e"))
    t = act(s, 1, "accept 4")
    assert t.state.students[1].cabinet == ["Q"]
    assert not t.state.offers
    assert "{p1}'s offer to {p2} is cancelled: what was offered is gone." in public(t.log)


def test_a_stone_may_be_asked_for_with_the_philosophers_stone() -> None:
    s = position(4, cabinets=[[], ["E"], [STONE], []], philosophers_stone=True)
    s = play(s, (1, "trade with 3"), (1, "give e"))
    assert "for stone" in texts(s, 1)
    s = play(s, (1, "for stone"), (2, "accept 2"))
    assert s.students[1].cabinet == [STONE]


def test_a_whole_offer_may_be_typed_at_once() -> None:
    typed = play(_table(), (1, "trade with 3 give n from ken for k"))
    stepped = play(_table(), (1, "trade with 3"), (1, "give n from ken"), (1, "for k"))
    assert ENGINE.dump(typed) == ENGINE.dump(stepped)


def test_a_student_under_an_embargo_may_not_trade() -> None:
    s = _table()
    s.students[2].blocks = ("trade",)
    assert texts(s, 1) == ["trade with 4"]
    with pytest.raises(NotYourTurn, match="you may not trade"):
        act(s, 2, "trade with 2")


# ---------------------------------------------------------------------- Low Enrollment
def _two() -> MagicSpellState:
    return position(2, cabinets=[["E"], ["K"]], homework=[["ken"], ["kismet"]])


def test_low_enrollment_students_trade_between_turns() -> None:
    s = _two()
    assert ENGINE.to_act(s) == {0, 1}
    assert "trade with 2" in texts(s, 0)
    assert texts(s, 1) == ["trade with 1"]
    s = play(s, (1, "trade with 1 give k for e"), (0, "accept 2"))
    assert (s.students[0].cabinet, s.students[1].cabinet) == (["K"], ["E"])


def test_low_enrollment_trading_ends_when_the_turn_begins() -> None:
    s = play(_two(), (1, "trade with 1 give k for e"))
    t = act(s, 0, "rest")
    assert "cancelled: {p0}'s turn has begun" in public(t.log)
    s = _two()
    s.lab[0] = "A"
    s = play(s, (0, "scrounge 1-10"))
    assert ENGINE.to_act(s) == {0}
    assert texts(s, 1) == []


def test_low_enrollment_trading_is_open_again_before_the_next_turn() -> None:
    s = play(_two(), (0, "rest"))
    assert ENGINE.to_act(s) == {0, 1}
