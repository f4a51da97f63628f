"""Notation: the RULES.md commands, whole Favors typed at once, refusals of unknown text,
wrong seats and wrong moments."""

from __future__ import annotations

import pytest

from games.core import ActionNotAllowed, NotYourTurn, UnknownNotation, normalize_notation
from games.magnum_opus.actions import (
    Action,
    AddFromPack,
    Back,
    BuyAtClock,
    BuyInLane,
    ChooseCard,
    ChooseTarget,
    CompositeFavor,
    Keep,
    Pass,
    Pick,
)
from tests.games.magnum_opus.positions import ENGINE, act, new_game, patronage_table, started

EXAMPLES: list[tuple[str, Action]] = [
    ("keep aurora", Keep("aurora")),
    ("pick marie", Pick(7)),
    ("clock salt", BuyAtClock("salt")),
    ("lane mercury", BuyInLane("mercury")),
    ("pass", Pass()),
    ("back", Back()),
    ("discard 3", ChooseTarget("discard", 2)),
    ("discard marie", ChooseCard("discard", "marie")),
    ("exchange 3", ChooseTarget("exchange", 2)),
    ("take marie", ChooseCard("take", "marie")),
    ("give jezebel-salt", ChooseCard("give", "jezebel-salt")),
    ("add lukas", AddFromPack(9)),
    ("bribe 2", ChooseTarget("bribe", 1)),
    ("take kunhuta", ChooseCard("take", "kunhuta")),
    ("rob 2", ChooseTarget("rob", 1)),
    ("rob 2 1", ChooseTarget("rob", 1, 1)),
    (
        "discard 3 marie",
        CompositeFavor((ChooseTarget("discard", 2), ChooseCard("discard", "marie"))),
    ),
    (
        "bribe 2 take kunhuta",
        CompositeFavor((ChooseTarget("bribe", 1), ChooseCard("take", "kunhuta"))),
    ),
    (
        "exchange 3 take marie give lukas",
        CompositeFavor(
            (
                ChooseTarget("exchange", 2),
                ChooseCard("take", "marie"),
                ChooseCard("give", "lukas"),
            )
        ),
    ),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES)
def test_rules_md_examples_read_as_their_action(text: str, action: Action) -> None:
    assert ENGINE.parse_syntax(normalize_notation(text)) == action
    assert ENGINE.notation(action) == text


@pytest.mark.parametrize(("text", "numeral"), [("pick 7", 7), ("pick vii", 7), ("add 9", 9)])
def test_characters_may_be_named_by_numeral(text: str, numeral: int) -> None:
    action = ENGINE.parse_syntax(text)
    assert action in (Pick(numeral), AddFromPack(numeral))


def test_rob_without_an_amount_still_takes_the_most() -> None:
    """Stored logs hold ``rob 2`` for "take the most there is, up to 2": it keeps that
    meaning beside ``rob 2 1``, which takes only one."""
    s, _ = patronage_table(fronts=[["venceslas-cinnabar"], [], []], silver=[0, 3, 1], calling=5)
    assert [a.silver for a in act(s, 0, "rob 2").state.alchemists] == [3, 1, 1]
    assert [a.silver for a in act(s, 0, "rob 2 1 silver").state.alchemists] == [2, 2, 1]


def test_a_whole_favor_may_leave_out_the_card_verbs() -> None:
    assert ENGINE.parse_syntax("bribe 2 kunhuta") == ENGINE.parse_syntax("bribe 2 take kunhuta")
    assert ENGINE.parse_syntax("exchange 3 marie lukas") == ENGINE.parse_syntax(
        "exchange 3 take marie give lukas"
    )
    assert ENGINE.parse_syntax("discard 3 discard marie") == ENGINE.parse_syntax("discard 3 marie")


@pytest.mark.parametrize(
    "text",
    [
        "pick",
        "pick merlin",
        "pick 10",
        "take jezebel",
        "take jezebel-gold",
        "clock gold",
        "rob 6",
        "rob 2 marie",
        "rob 2 one",
        "rob 2 1 2",
        "bribe 2 1",
        "discard 3 marie lukas",
        "exchange 3 take",
        "keep grimoire",
        "discard 0",
    ],
)
def test_text_that_is_not_notation_is_not_read(text: str) -> None:
    assert ENGINE.parse_syntax(text) is None


def test_notation_ignores_case_and_spacing() -> None:
    s = started(3)
    assert ENGINE.parse(s, 0, "  PICK   Marie ") == Pick(7)


def test_unknown_text_suggests_legal_moves() -> None:
    s = started(3)
    with pytest.raises(UnknownNotation, match=r"“cast red” is not a move in Magnum Opus\. Try"):
        ENGINE.parse(s, 0, "cast red")
    with pytest.raises(UnknownNotation, match="pick wolrad, pick ludmila, pick johann"):
        ENGINE.parse(s, 0, "pick somebody")


def test_a_card_of_i_to_vi_is_named_with_its_ingredient() -> None:
    s, _ = patronage_table(fronts=[["wolrad-salt"], ["jezebel-vitriol"], ["marie"]], calling=1)
    s = act(s, 0, "discard 2").state
    with pytest.raises(UnknownNotation, match="discard jezebel-vitriol"):
        ENGINE.parse(s, 0, "discard jezebel")


def test_acting_out_of_turn_is_refused() -> None:
    s, _ = patronage_table(fronts=[["marie"], [], []], calling=7)
    with pytest.raises(NotYourTurn, match=r"\{p0\} is deciding as the patron of VII Marie"):
        ENGINE.parse(s, 1, "pass")


def test_a_seat_that_is_not_in_the_game_is_refused() -> None:
    with pytest.raises(NotYourTurn, match="You are not seated in this game"):
        ENGINE.parse(started(3), 3, "pick marie")


def test_keeping_twice_is_refused() -> None:
    s = new_game(3)
    s = act(s, 0, f"keep {s.alchemists[0].dealt[0]}").state
    with pytest.raises(NotYourTurn, match="You have kept your Magnum Opus card; waiting for"):
        act(s, 0, f"keep {s.alchemists[0].dealt[1]}")


def test_a_target_beyond_the_table_is_refused() -> None:
    s, _ = patronage_table(fronts=[["wolrad-salt"], ["marie"], []], calling=1)
    with pytest.raises(ActionNotAllowed, match="Nobody plays number 5 in this game"):
        act(s, 0, "discard 5")
