"""Trading between turns: offers between students not taking a turn, several items for
several, accepted, declined or withdrawn; woven tiles cost a spirit; Low Enrollment trades
between turns."""

from __future__ import annotations

import pytest

from games.core import ActionNotAllowed, NotYourTurn
from games.magic_spell.spells import STONE
from games.magic_spell.state import Homework, Item, MagicSpellState, Want
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
    offered = texts(s, 1)
    assert offered[:7] == [
        "for e",
        "for i",
        "for k",
        "for m",
        "for v",
        "for fugue",
        "for homework",
    ], "sending comes first, the letters the proposer's homework needs before the others"
    assert {"for z", "give k", "give ken", "ask k", "ask homework"} <= set(offered)
    assert offered[-1] == "back"
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


def test_an_offer_may_ask_for_any_letter_and_for_what_the_partner_is_seen_to_hold() -> None:
    """Trading: "You may trade ingredients from your cabinet, and spells from your homework
    or spellbook." Any letter may be asked for; a spellbook spell only if the partner has it."""
    s = play(_table(), (1, "trade with 3"), (1, "give e"))
    assert act(s, 1, "for z").state.offers[0].want == Want("letter", "Z")
    with pytest.raises(ActionNotAllowed, match="There are no X tiles in the game"):
        act(s, 1, "for x")
    with pytest.raises(ActionNotAllowed, match=r"Quaff is not in \{p2\}'s spellbook"):
        act(s, 1, "for quaff")
    with pytest.raises(ActionNotAllowed, match="No philosopher's stone is in this game"):
        act(s, 1, "for stone")


def test_several_items_change_hands_for_several() -> None:
    """ "consensual trades": an offer may give and ask for several things at once."""
    s = play(_table(), (1, "trade with 3"), (1, "give e"), (1, "give quaff"), (1, "ask k"))
    assert s.steps[1] is not None
    assert s.offers == []
    t = act(s, 1, "for fugue")
    assert private(t.log) == [
        (
            "{p1} offers {p2} an E and **Quaff** from their spellbook for a K and **Fugue** "
            "from their spellbook.",
            frozenset({1, 2}),
        )
    ]
    s = play(t.state, (2, "accept 2"))
    assert texts(s, 2) == ["give k", "give k from kismet", "back"]
    s = play(s, (2, "give k"))
    assert (s.students[1].cabinet, s.students[1].spellbook) == (["K", "K"], ["fugue"])
    assert (s.students[2].cabinet, s.students[2].spellbook) == (["E", "Z"], ["quaff"])


def test_a_whole_offer_of_several_items_may_be_typed_at_once() -> None:
    typed = play(_table(), (1, "trade with 3 give e and quaff for k and fugue"))
    stepped = play(
        _table(),
        (1, "trade with 3"),
        (1, "give e"),
        (1, "give quaff"),
        (1, "ask k"),
        (1, "for fugue"),
    )
    assert ENGINE.dump(typed) == ENGINE.dump(stepped)
    assert ENGINE.notation(
        ENGINE.parse(_table(), 1, "trade with 3 give e and quaff for k and fugue")
    ) == ("trade with 3 give e and quaff for k and fugue")


def test_an_offer_gives_and_asks_for_at_most_three_things() -> None:
    s = play(_table(), (1, "trade with 3"), (1, "give e"), (1, "give k"), (1, "give vim"))
    assert not [t for t in texts(s, 1) if t.startswith("give")]
    with pytest.raises(ActionNotAllowed, match="at most 3 things"):
        act(s, 1, "give quaff")
    s = play(s, (1, "ask a"), (1, "ask b"))
    assert not [t for t in texts(s, 1) if t.startswith("ask")]
    with pytest.raises(ActionNotAllowed, match="at most 3 things"):
        act(s, 1, "ask c")
    assert len(play(s, (1, "for c")).offers[0].wants) == 3


def test_an_item_cannot_be_given_twice_in_one_offer() -> None:
    s = play(_table(), (1, "trade with 3"), (1, "give e"))
    assert "give e" not in texts(s, 1), "seat 2 holds one E"
    s = play(_table(), (1, "trade with 3"), (1, "give ken"))
    assert "give n from ken" not in texts(s, 1), "the spell goes with the tiles on it"


def test_back_takes_back_the_last_thing_given_or_asked() -> None:
    s = play(_table(), (1, "trade with 3"), (1, "give e"), (1, "give k"), (1, "ask a"))
    s = play(s, (1, "back"))
    step = s.steps[1]
    assert step is not None
    assert (step.items, step.wants) == ((Item("tile", "K"),), ())
    s = play(s, (1, "back"))
    step = s.steps[1]
    assert step is not None
    assert (step.kind, step.item, step.items) == (
        "want",
        Item("tile", "E"),
        (),
    )


def test_the_partner_must_meet_everything_an_offer_asks_for() -> None:
    s = play(_table(), (1, "trade with 3 give e for k and k"))
    assert texts(s, 2)[:1] == ["accept 2"], "a K in the cabinet and a K woven on Kismet"
    s = play(s, (2, "accept 2"))
    assert texts(s, 2) == ["give k", "give k from kismet", "back"]
    s = play(s, (2, "give k"))
    assert s.students[2].cabinet == ["E", "Z"]
    assert woven(s, 2, "kismet") == (), "the only K left is taken off Kismet without asking"
    s = play(_table(), (1, "trade with 3 give e for k and z and z"))
    assert texts(s, 2)[:1] == ["decline 2"]


def test_spirit_is_never_traded() -> None:
    s = play(_table(), (1, "trade with 3"))
    assert not [t for t in texts(s, 1) if "spirit" in t]


def test_the_partner_cannot_accept_without_what_is_asked() -> None:
    s = play(_table(), (1, "trade with 3 give e for i"))
    assert texts(s, 2)[:1] == ["decline 2"]
    with pytest.raises(ActionNotAllowed, match=r"You do not have everything \{p1\}'s offer asks"):
        act(s, 2, "accept 2")


def test_one_offer_a_round_to_each_student_and_several_may_be_open() -> None:
    s = play(_table(), (1, "trade with 3 give e for k"))
    assert texts(s, 1) == ["withdraw 3", "trade with 4"]
    s = play(s, (1, "trade with 4 give k for q"))
    assert [(o.proposer, o.partner) for o in s.offers] == [(1, 2), (1, 3)]
    s = play(s, (2, "decline 2"))
    with pytest.raises(ActionNotAllowed, match=r"already made \{p2\} a trade offer this round"):
        act(s, 1, "trade with 3")


def test_an_offer_stays_open_until_answered_or_withdrawn() -> None:
    """ "If it becomes your turn, or the turn of the player you're swapping with, you must end
    the swap promptly": an offer between two others outlives the turn it was made in."""
    s = play(_table(), (2, "trade with 4 give z for q"))
    s = play(s, (0, "rest"))
    assert s.current == 1
    assert [(o.proposer, o.partner) for o in s.offers] == [(2, 3)]
    t = act(s, 2, "withdraw 4")
    assert not t.state.offers
    assert public(t.log) == "{p2} withdraws their trade offer to {p3}."
    with pytest.raises(ActionNotAllowed, match=r"You have no open offer to \{p3\}"):
        act(t.state, 2, "withdraw 4")


def test_an_offer_ends_when_either_student_s_turn_begins() -> None:
    s = play(_table(), (1, "trade with 3 give e for k"))
    t = act(s, 0, "rest")
    assert not t.state.offers
    assert "cancelled: it is {p1}'s turn" in public(t.log)
    s = play(t.state, (1, "rest"))
    assert "trade with 4" in texts(s, 1), "a new round of offers once their own turn is over"


def test_old_trade_notation_keeps_its_meaning() -> None:
    """Logs kept before offers could hold several items read as they did: one item for one,
    sent by choosing what it asks for."""
    s = play(_table(), (1, "trade with 3"), (1, "give e"), (1, "for k"))
    assert s.offers[0].gives == (Item("tile", "E"),)
    assert s.offers[0].wants == (Want("letter", "K"),)
    assert s.steps[1] is None


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
