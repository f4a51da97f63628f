"""Patronage: majorities, Funds, ties, the Astronomical Clock alternative, the nine Favors,
their numeral rule, and decisions taken step by step with ``back``."""

from __future__ import annotations

import pytest

from games.core import ActionNotAllowed
from games.magnum_opus.state import Patron
from tests.games.magnum_opus.positions import (
    ENGINE,
    act,
    fronts,
    patronage_table,
    play,
    texts,
)

LANE = ["lane salt", "lane mercury", "lane cinnabar"]


# ----------------------------------------------------------------------- majorities
def test_the_sole_majority_holder_is_the_patron() -> None:
    s, _ = patronage_table(fronts=[["marie", "marie"], ["marie"], []], calling=7)
    assert s.patron == Patron(0, 7)
    assert ENGINE.to_act(s) == {0}
    assert texts(s, 0) == [*LANE, "pass"]
    assert texts(s, 1) == []


def test_characters_nobody_holds_are_skipped() -> None:
    s, log = patronage_table(fronts=[["lukas"], [], []], calling=1)
    assert s.patron == Patron(0, 9)
    assert [e.text for e in log] == [
        "IX Lukas: {p0} is the patron (1 card) and decides what to do."
    ]


def test_tied_holders_take_the_funds_only() -> None:
    s, log = patronage_table(
        fronts=[["kunhuta"], ["kunhuta"], ["lukas"]], silver=[0, 0, 0], calling=8
    )
    assert [a.silver for a in s.alchemists] == [3, 3, 0]
    assert "VIII Kunhuta: {p0}, {p1} tie with 1 card: 3 silver each, no Favor." in [
        e.text for e in log
    ]
    assert s.patron == Patron(2, 9), "Lukas's Funds will make 4 silver: a purchase to decide"


def test_tied_holders_cannot_buy_at_the_clock() -> None:
    s, _ = patronage_table(
        fronts=[["johann-mercury"], ["johann-mercury"], []],
        silver=[5, 5, 3],
        clock=["mercury", "mercury", "salt"],
        calling=3,
    )
    assert s.round == 2, "nothing to decide: the round is over"
    assert [a.silver for a in s.alchemists] == [6, 6, 3]
    assert all(a.ingredients == [] for a in s.alchemists)


def test_a_tie_with_no_funds_gives_nothing() -> None:
    _, log = patronage_table(fronts=[["jezebel-vitriol"], ["jezebel-salt"], []], calling=4)
    assert "IV Jezebel: {p0}, {p1} tie with 1 card: no Funds, no Favor." in [e.text for e in log]


def test_characters_are_called_in_numeral_order_each_benefiting_one_patron() -> None:
    s, log = patronage_table(
        fronts=[["marie", "hermes-salt"], ["wolrad-sulfur", "jezebel-vitriol"], ["lukas"]],
        silver=[0, 0, 0],
        calling=1,
    )
    while s.round == 1:
        transition = act(s, min(ENGINE.to_act(s)), "pass")
        s = transition.state
        log += transition.log
    called = [e.text.split(":")[0] for e in log if e.text.startswith(("I", "V"))]
    assert called == ["I Wolrad", "IV Jezebel", "VI Hermes Malavici", "VII Marie", "IX Lukas"]


def test_a_patron_with_nothing_to_decide_takes_the_funds_at_once() -> None:
    s, log = patronage_table(fronts=[["marie"], [], []], silver=[1, 0, 0], calling=7)
    assert s.alchemists[0].silver == 3
    assert "VII Marie: {p0} is the patron (1 card): takes 2 silver (Funds); no Favor to use." in [
        e.text for e in log
    ]
    assert s.round == 2


def test_pass_takes_the_funds_and_leaves_the_favor() -> None:
    s, _ = patronage_table(fronts=[["marie"], [], ["lukas"]], calling=7)
    transition = act(s, 0, "pass")
    assert transition.state.alchemists[0].silver == 5
    assert transition.state.alchemists[0].ingredients == []
    assert transition.log[0].text == "{p0} takes 2 silver (Funds) and lets the Favor go."


# ------------------------------------------------------------- the Astronomical Clock
def test_clock_purchase_renounces_funds_and_favor() -> None:
    s, _ = patronage_table(fronts=[["hermes-salt"], [], ["lukas"]], calling=6)
    assert texts(s, 0) == ["clock salt", *LANE, "pass"]
    s = act(s, 0, "clock salt").state
    assert s.alchemists[0].silver == 0, "3 silver paid, no Funds taken"
    assert s.alchemists[0].ingredients == ["salt"]
    assert s.clock == ["sulfur", "vitriol"]
    assert s.lane == ["salt", "mercury", "cinnabar"], "the Favor is renounced"


def test_clock_purchase_only_of_an_ingredient_shown_on_the_patrons_cards() -> None:
    s, _ = patronage_table(fronts=[["jezebel-vitriol", "jezebel-salt"], [], []], calling=4)
    assert texts(s, 0) == ["clock salt", "clock vitriol", "pass"]
    with pytest.raises(ActionNotAllowed, match="Your IV Jezebel cards show only salt, vitriol"):
        act(s, 0, "clock sulfur")


def test_clock_purchase_needs_the_ingredient_at_the_clock() -> None:
    s, _ = patronage_table(
        fronts=[["ludmila-cinnabar", "marie"], ["lukas"], []], silver=[3, 0, 0], calling=2
    )
    assert "clock cinnabar" not in texts(s, 0)
    with pytest.raises(ActionNotAllowed, match="There is no cinnabar at the Astronomical Clock"):
        act(s, 0, "clock cinnabar")


def test_clock_purchase_needs_3_silver_before_the_funds() -> None:
    s, _ = patronage_table(
        fronts=[["johann-salt"], [], []], silver=[2, 0, 0], hands=[[4, 5], [], []], calling=3
    )
    assert texts(s, 0) == ["add jezebel", "add venceslas", "pass"]
    with pytest.raises(ActionNotAllowed, match="The Clock asks 3 silver; you have 2"):
        act(s, 0, "clock salt")


def test_characters_vii_to_ix_offer_no_clock_purchase() -> None:
    s, _ = patronage_table(fronts=[["kunhuta"], [], []], calling=8, clock=["salt"] * 3)
    assert not any(t.startswith("clock") for t in texts(s, 0))
    with pytest.raises(ActionNotAllowed, match="Only Characters I to VI"):
        act(s, 0, "clock salt")


# ------------------------------------------------------------------------ Wolrad (I)
def test_wolrad_discards_a_card_in_front_of_another_alchemist() -> None:
    s, _ = patronage_table(
        fronts=[["wolrad-salt"], ["ludmila-sulfur", "marie"], ["lukas"]], calling=1
    )
    assert texts(s, 0) == ["clock salt", "discard 2", "discard 3", "pass"]
    s = act(s, 0, "discard 2").state
    assert texts(s, 0) == ["discard ludmila-sulfur", "discard marie", "back"]
    transition = act(s, 0, "discard marie")
    s = transition.state
    assert fronts(s)[1] == ["ludmila-sulfur"]
    assert list(ENGINE.view(s, None).discarded) == ["marie"]
    assert transition.log[0].text == "{p0} discards {p1}'s VII Marie."
    assert s.alchemists[0].silver == 3, "Wolrad gives no Funds"


def test_wolrad_discard_can_change_a_later_majority() -> None:
    s, _ = patronage_table(
        fronts=[["wolrad-salt", "marie"], ["marie", "marie"], []], silver=[0, 0, 0], calling=1
    )
    log = act(s, 0, "discard 2 marie").log
    assert "VII Marie: {p0}, {p1} tie with 1 card: 2 silver each, no Favor." in [
        e.text for e in log
    ]


def test_wolrad_touches_only_cards_of_a_higher_numeral_and_never_yours() -> None:
    s, _ = patronage_table(
        fronts=[["wolrad-salt", "wolrad-sulfur"], ["wolrad-mercury"], []], calling=1
    )
    assert texts(s, 0) == ["clock salt", "clock sulfur", "pass"]
    with pytest.raises(ActionNotAllowed, match=r"\{p1\} has no card of a higher numeral than I"):
        act(s, 0, "discard 2")
    with pytest.raises(ActionNotAllowed, match="another alchemist, not at you"):
        act(s, 0, "discard 1")


# ----------------------------------------------------------------------- Ludmila (II)
def test_ludmila_exchanges_one_of_your_cards_with_another_alchemists() -> None:
    s, _ = patronage_table(
        fronts=[["ludmila-sulfur", "marie"], ["wolrad-salt", "johann-mercury", "lukas"], []],
        calling=2,
    )
    assert texts(s, 0) == ["clock sulfur", "exchange 2", "pass"]
    s = act(s, 0, "exchange 2").state
    assert texts(s, 0) == ["take johann-mercury", "take lukas", "back"]
    s = act(s, 0, "take lukas").state
    assert texts(s, 0) == ["give marie", "back"]
    transition = act(s, 0, "give marie")
    assert fronts(transition.state)[:2] == [
        ["ludmila-sulfur", "lukas"],
        ["wolrad-salt", "johann-mercury", "marie"],
    ]
    assert transition.log[0].text == "{p0} exchanges their VII Marie for {p1}'s IX Lukas."


def test_ludmila_never_gives_or_takes_a_card_of_numeral_ii_or_lower() -> None:
    _, log = patronage_table(
        fronts=[["ludmila-sulfur", "ludmila-vitriol", "wolrad-salt"], ["marie"], []],
        silver=[0, 0, 0],
        calling=2,
    )
    assert log[0].text == "II Ludmila: {p0} is the patron (2 cards): no Favor to use."


def test_ludmila_does_not_offer_an_exchange_that_changes_nothing() -> None:
    s, _ = patronage_table(
        fronts=[["ludmila-sulfur", "marie"], ["marie"], ["lukas", "marie"]], calling=2
    )
    assert texts(s, 0) == ["clock sulfur", "exchange 3", "pass"]
    s = act(s, 0, "exchange 3").state
    assert texts(s, 0) == ["take lukas", "back"]


# ----------------------------------------------------------------------- Johann (III)
def test_johann_gives_1_silver_and_adds_a_card_of_a_higher_numeral_from_your_pack() -> None:
    s, _ = patronage_table(
        fronts=[["johann-mercury"], [], ["kunhuta"]], hands=[[2, 4, 9], [], []], calling=3
    )
    assert texts(s, 0) == ["add jezebel", "add lukas", "pass"]
    transition = act(s, 0, "add lukas")
    s = transition.state
    assert s.alchemists[0].silver == 4
    assert fronts(s)[0] == ["johann-mercury", "lukas"]
    assert s.packs[s.alchemists[0].held] == [2, 4]
    assert transition.log[0].text == (
        "{p0} takes 1 silver (Funds) and lays IX Lukas from their pack in front of them."
    )


def test_johann_adds_to_the_majorities_called_after_him() -> None:
    s, _ = patronage_table(
        fronts=[["johann-mercury"], ["lukas"], []],
        hands=[[9], [], []],
        silver=[0, 0, 0],
        calling=3,
    )
    log = act(s, 0, "add lukas").log
    assert "IX Lukas: {p0}, {p1} tie with 1 card: 4 silver each, no Favor." in [e.text for e in log]


def test_johann_cannot_add_a_card_of_a_lower_numeral() -> None:
    s, _ = patronage_table(
        fronts=[["johann-mercury"], [], []], hands=[[1, 2, 3, 9], [], []], calling=3
    )
    assert texts(s, 0) == ["add lukas", "pass"]
    with pytest.raises(ActionNotAllowed, match="higher numeral than III Johann"):
        act(s, 0, "add wolrad")


# ----------------------------------------------------------------------- Jezebel (IV)
def test_jezebel_pays_1_silver_to_take_a_card_of_a_higher_numeral() -> None:
    s, _ = patronage_table(
        fronts=[["jezebel-vitriol"], ["venceslas-cinnabar", "johann-mercury", "marie"], ["lukas"]],
        silver=[1, 0, 0],
        calling=4,
    )
    assert texts(s, 0) == ["bribe 2", "bribe 3", "pass"]
    s = act(s, 0, "bribe 2").state
    assert texts(s, 0) == ["take venceslas-cinnabar", "take marie", "back"]
    transition = act(s, 0, "take marie")
    s = transition.state
    assert fronts(s)[0] == ["jezebel-vitriol", "marie"]
    assert fronts(s)[1] == ["johann-mercury", "venceslas-cinnabar"]
    # Seat 1: 1 - 1 + 2 (Marie's Funds); seat 2: 0 + 1 (the bribe) + 1 (Venceslas's Funds).
    assert [a.silver for a in s.alchemists][:2] == [2, 2]
    assert transition.log[0].text == "{p0} gives 1 silver to {p1} and takes their VII Marie."


def test_jezebel_needs_a_silver_to_give() -> None:
    _s, log = patronage_table(
        fronts=[["jezebel-vitriol"], ["marie"], []], silver=[0, 0, 0], calling=4
    )
    assert "IV Jezebel: {p0} is the patron (1 card): no Favor to use." in [e.text for e in log]


# -------------------------------------------------------------------- Venceslas (V)
@pytest.mark.parametrize(("victim", "taken"), [(5, 2), (1, 1)])
def test_venceslas_gives_1_silver_and_takes_up_to_2_from_another(victim: int, taken: int) -> None:
    s, _ = patronage_table(
        fronts=[["venceslas-cinnabar"], [], []], silver=[0, victim, 0], calling=5
    )
    offered = ["rob 2", "rob 2 1", "pass"] if taken == 2 else ["rob 2", "pass"]
    assert texts(s, 0) == offered, "nothing to take from seat 3"
    transition = act(s, 0, "rob 2")
    s = transition.state
    assert [a.silver for a in s.alchemists][:2] == [1 + taken, victim - taken]
    assert (
        transition.log[0].text
        == f"{{p0}} takes 1 silver (Funds) and robs {{p1}} of {taken} silver."
    )


@pytest.mark.parametrize(("move", "taken"), [("rob 2", 2), ("rob 2 1", 1), ("pass", 0)])
def test_venceslas_may_take_less_than_2_silver(move: str, taken: int) -> None:
    """Venceslas: "You can take up to 2 Silver tokens from another player": 2, 1 or none
    (silver breaks ties, so taking less can matter)."""
    s, _ = patronage_table(fronts=[["venceslas-cinnabar"], [], []], silver=[0, 4, 0], calling=5)
    assert texts(s, 0) == ["rob 2", "rob 2 1", "pass"]
    after = act(s, 0, move).state
    assert [a.silver for a in after.alchemists] == [1 + taken, 4 - taken, 0]


def test_taking_less_than_all_of_a_single_silver_is_passing() -> None:
    s, _ = patronage_table(fronts=[["venceslas-cinnabar"], [], []], silver=[0, 1, 0], calling=5)
    assert texts(s, 0) == ["rob 2", "pass"]
    with pytest.raises(ActionNotAllowed, match="Taking 1 silver is rob 2"):
        act(s, 0, "rob 2 1")


# ----------------------------------------------------- Hermes, Marie, Kunhuta, Lukas
@pytest.mark.parametrize(
    ("code", "funds"), [("hermes-sulfur", 1), ("marie", 2), ("kunhuta", 3), ("lukas", 4)]
)
def test_golden_lane_favors_take_the_funds_then_buy_for_4_silver(code: str, funds: int) -> None:
    s, _ = patronage_table(fronts=[[code], [], []], silver=[4 - funds, 0, 0], calling=6)
    assert [t for t in texts(s, 0) if t.startswith("lane")] == LANE
    transition = act(s, 0, "lane mercury")
    s = transition.state
    assert s.alchemists[0].silver == 0
    assert s.alchemists[0].ingredients == ["mercury"]
    assert "buys 🔵 mercury in the Golden Lane for 4 silver" in transition.log[0].text


def test_no_golden_lane_purchase_with_less_than_4_silver_after_the_funds() -> None:
    s, log = patronage_table(fronts=[["marie"], [], []], silver=[1, 0, 0], calling=7)
    assert s.alchemists[0].ingredients == []
    assert "no Favor to use" in log[0].text


def test_golden_lane_refusals_say_why() -> None:
    s, _ = patronage_table(fronts=[["marie"], [], []], calling=7, lane=["salt"])
    with pytest.raises(ActionNotAllowed, match="There is no vitriol in the Golden Lane"):
        act(s, 0, "lane vitriol")
    s, _ = patronage_table(fronts=[["jezebel-salt"], ["marie"], []], silver=[3, 0, 0], calling=4)
    with pytest.raises(ActionNotAllowed, match="IV Jezebel's Favor is not a purchase"):
        act(s, 0, "lane salt")


# ----------------------------------------------------------------- step by step, back
def test_back_undoes_the_last_choice_of_a_favor() -> None:
    s, _ = patronage_table(
        fronts=[["ludmila-sulfur", "marie"], ["johann-mercury", "lukas"], []], calling=2
    )
    opening = texts(s, 0)
    chose = play(s, (0, "exchange 2"), (0, "take lukas"))
    assert texts(play(chose, (0, "back")), 0) == ["take johann-mercury", "take lukas", "back"]
    assert texts(play(chose, (0, "back"), (0, "back")), 0) == opening
    assert ENGINE.dump(play(chose, (0, "back"), (0, "back"))) == ENGINE.dump(s)


def test_a_whole_favor_typed_at_once_equals_its_steps() -> None:
    s, _ = patronage_table(
        fronts=[["ludmila-sulfur", "marie"], ["johann-mercury", "lukas"], []], calling=2
    )
    steps = play(s, (0, "exchange 2"), (0, "take lukas"), (0, "give marie"))
    whole = act(s, 0, "exchange 2 take lukas give marie").state
    assert ENGINE.dump(whole) == ENGINE.dump(steps)
    short = act(s, 0, "exchange 2 lukas marie").state
    assert ENGINE.dump(short) == ENGINE.dump(steps)


def test_a_whole_favor_with_a_wrong_step_is_refused_and_changes_nothing() -> None:
    s, _ = patronage_table(
        fronts=[["wolrad-salt"], ["ludmila-sulfur", "marie"], ["lukas"]], calling=1
    )
    dumped = ENGINE.dump(s)
    with pytest.raises(ActionNotAllowed, match=r"\{p1\} has no IX Lukas in front of them"):
        act(s, 0, "discard 2 lukas")
    assert ENGINE.dump(s) == dumped


def test_during_a_favor_only_its_own_decisions_are_allowed() -> None:
    s, _ = patronage_table(
        fronts=[["wolrad-salt"], ["ludmila-sulfur", "marie"], ["lukas"]], calling=1
    )
    s = act(s, 0, "discard 2").state
    with pytest.raises(ActionNotAllowed, match="First name the card to discard"):
        act(s, 0, "pass")
    with pytest.raises(ActionNotAllowed, match="only cards of a higher numeral than I"):
        act(s, 0, "discard wolrad-sulfur")


def test_the_bank_never_runs_out_of_silver() -> None:
    s, _ = patronage_table(fronts=[["lukas"], [], []], silver=[40, 40, 40], calling=9)
    s = act(s, 0, "pass").state
    assert s.alchemists[0].silver == 44
