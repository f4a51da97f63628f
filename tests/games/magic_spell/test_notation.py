"""Notation: the RULES.md commands, case and spacing, unknown text, wrong seats."""

from __future__ import annotations

import pytest

from games.core import NotYourTurn, UnknownNotation, normalize_notation
from games.magic_spell.actions import (
    Accept,
    Action,
    Ask,
    AskAlso,
    Back,
    Cast,
    ChooseHomework,
    CompositeCast,
    CompositeMove,
    CompositeOffer,
    CompositeScrounge,
    Decline,
    Done,
    Give,
    Jettison,
    Keep,
    MoveTile,
    MoveTo,
    NameLetter,
    Pay,
    PutBack,
    Research,
    Rest,
    ReturnSpell,
    ReturnTile,
    Row,
    ScroungeRow,
    StartMove,
    Take,
    Target,
    Tile,
    TradeWith,
    Use,
    Weave,
    WeaveFound,
    Withdraw,
)
from games.magic_spell.spells import STONE
from games.magic_spell.state import Item, Want
from tests.games.magic_spell.positions import ENGINE, act, new_game, position

EXAMPLES: list[tuple[str, Action]] = [
    ("weave q on quidnunc", Weave("Q", "quidnunc")),
    ("weave stone on ken", Weave(STONE, "ken")),
    ("move", StartMove()),
    ("move to quidnunc", MoveTo("quidnunc")),
    ("move q from augury", MoveTile("Q", "augury")),
    ("move q from augury to quidnunc", CompositeMove("Q", "augury", "quidnunc")),
    ("done", Done()),
    ("scrounge 11-20", ScroungeRow(1)),
    ("scrounge 91-100", ScroungeRow(9)),
    ("tile 17", Tile(16)),
    ("scrounge 17", CompositeScrounge(16)),
    ("weave it on quidnunc", WeaveFound("quidnunc")),
    ("keep", Keep()),
    ("put back", PutBack()),
    ("research", Research()),
    ("rest", Rest()),
    ("cast yegg", Cast("yegg")),
    ("target 2", Target(1)),
    ("row 11-20", Row(1)),
    ("use e", Use("E")),
    ("letter q", NameLetter("Q")),
    ("homework ken", ChooseHomework("ken")),
    ("pay e", Pay("E")),
    ("cast yegg target 2", CompositeCast("yegg", (Target(1),))),
    (
        "cast legerdemain use z row 1-10 tile 2",
        CompositeCast("legerdemain", (Use("Z"), Row(0), Tile(1))),
    ),
    ("take augury", Take("augury")),
    ("jettison e", Jettison("E")),
    ("return e", ReturnTile("E")),
    ("return ken", ReturnSpell("ken")),
    ("back", Back()),
    ("trade with 2", TradeWith(1)),
    ("give e", Give(Item("tile", "E"))),
    ("give e from ken", Give(Item("woven", "E", "ken"))),
    ("give ken", Give(Item("spell", spell="ken"))),
    ("for q", Ask(Want("letter", "Q"))),
    ("for stone", Ask(Want("letter", STONE))),
    ("for quaff", Ask(Want("spellbook", spell="quaff"))),
    ("for homework", Ask(Want("homework"))),
    (
        "trade with 2 give e from ken for q",
        CompositeOffer(1, (Item("woven", "E", "ken"),), (Want("letter", "Q"),)),
    ),
    ("ask q", AskAlso(Want("letter", "Q"))),
    ("ask homework", AskAlso(Want("homework"))),
    (
        "trade with 2 give e and ken for q and quaff",
        CompositeOffer(
            1,
            (Item("tile", "E"), Item("spell", spell="ken")),
            (Want("letter", "Q"), Want("spellbook", spell="quaff")),
        ),
    ),
    ("accept 2", Accept(1)),
    ("decline 2", Decline(1)),
    ("withdraw 2", Withdraw(1)),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES)
def test_rules_md_examples_read_as_their_action(text: str, action: Action) -> None:
    assert ENGINE.parse_syntax(normalize_notation(text)) == action
    assert ENGINE.notation(action) == text


def test_notation_ignores_case_and_spacing() -> None:
    s = position(cabinets=[["E"], [], []], homework=[["ken"], [], []])
    assert ENGINE.parse(s, 0, "  WEAVE   E on KEN ") == Weave("E", "ken")


@pytest.mark.parametrize(
    "text",
    [
        "weave",
        "weave x on notaword",
        "scrounge 12-21",
        "scrounge 0",
        "scrounge 101",
        "tile 0",
        "cast",
        "cast yegg target",
        "cast yegg target 9",
        "trade with 2 give for q",
        "trade with 5",
        "return zz",
        "move e to ken",
        "give e from",
        "for two things",
    ],
)
def test_unknown_text_is_refused_as_unknown_notation(text: str) -> None:
    with pytest.raises(UnknownNotation, match="is not a move in Magic Spell"):
        ENGINE.parse(new_game(), 0, text)


def test_unknown_notation_suggests_legal_moves() -> None:
    with pytest.raises(UnknownNotation, match=r"Try trade with"):
        ENGINE.parse(new_game(4), 1, "abracadabra")


def test_acting_out_of_turn_is_refused() -> None:
    s = position(lab={1: "A"})
    s = act(s, 0, "scrounge 1-10").state
    with pytest.raises(NotYourTurn, match=r"It is \{p0\}'s turn"):
        act(s, 1, "rest")


def test_a_seat_that_is_not_in_the_game_is_refused() -> None:
    with pytest.raises(NotYourTurn, match="You are not seated in this game"):
        act(new_game(3), 5, "rest")
