"""Notation: the RULES.md commands, refusals of unknown text, wrong seats and wrong turns."""

from __future__ import annotations

import pytest

from games.core import ActionNotAllowed, NotYourTurn, UnknownNotation, normalize_notation
from games.mandragora.actions import (
    Action,
    AddIngredient,
    Back,
    CastBook,
    ChoosePower,
    CompositeCast,
    DropOut,
    GiveCard,
    Levitate,
    Move,
    Share,
    Skip,
    Substitute,
    Transfer,
)
from tests.games.mandragora.positions import ENGINE, act, play, position, put_on_top

EXAMPLES: list[tuple[str, Action]] = [
    ("move 2", Move(2)),
    ("cast red-2", CastBook("red-2")),
    ("cast black-2", CastBook("black-2")),
    ("cast mandrake", CastBook("mandrake")),
    ("add red", AddIngredient("red")),
    ("add mandrake", AddIngredient("mandrake")),
    ("power 3", ChoosePower(3)),
    ("back", Back()),
    ("cast red-2 red red mandrake power 3", CompositeCast("red-2", ("red", "red", "mandrake"), 3)),
    ("skip", Skip()),
    ("drop out", DropOut()),
    ("transfer to 2", Transfer(1)),
    ("substitute 3", Substitute(2)),
    ("give blue-1", GiveCard("blue-1")),
    ("levitate 4 red", Levitate(3, "red")),
    ("levitate 7", Levitate(6, None)),
    ("levitate 2 scroll", Levitate(1, "scroll")),
    ("share give red", Share("give", "red")),
    ("share ask", Share("ask")),
    ("share swap green", Share("swap", "green")),
    ("share none", Share("none")),
    ("share give yellow", Share("give", "yellow")),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES)
def test_rules_md_examples_read_as_their_action(text: str, action: Action) -> None:
    assert ENGINE.parse_syntax(normalize_notation(text)) == action
    assert ENGINE.notation(action) == text


def test_a_whole_cast_may_say_with() -> None:
    assert ENGINE.parse_syntax("cast red-2 with red red mandrake power 3") == CompositeCast(
        "red-2", ("red", "red", "mandrake"), 3
    )


def test_notation_ignores_case_and_spacing() -> None:
    s = position()
    assert ENGINE.parse(s, 0, "  MOVE   2 ") == Move(2)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "dance",
        "move",
        "move 0",
        "move two",
        "cast",
        "cast red",
        "cast scroll",
        "add red-2",
        "power 0",
        "power 6",
        "transfer to 0",
        "transfer to 5",
        "levitate 11",
        "share give",
        "share maybe",
        "give scroll",
        "cast red-2 red power",
        "cast red-2 red blue-1 power 1",
        "drop in",
    ],
)
def test_unknown_text_is_refused_as_unknown_notation(text: str) -> None:
    s = position()
    dumped = ENGINE.dump(s)
    with pytest.raises(UnknownNotation):
        ENGINE.parse(s, 0, text)
    assert ENGINE.dump(s) == dumped


def test_unknown_notation_suggests_legal_moves() -> None:
    with pytest.raises(UnknownNotation, match="Try move 1, move 2, move 3"):
        ENGINE.parse(position(), 0, "fly away")


def test_acting_out_of_turn_is_refused() -> None:
    s = position()
    with pytest.raises(NotYourTurn, match="It is not your turn"):
        act(s, 1, "move 1")


def test_a_seat_that_is_not_in_the_game_is_refused() -> None:
    s = position()
    with pytest.raises(NotYourTurn, match="not seated in this game"):
        act(s, 5, "move 1")


@pytest.mark.parametrize("text", ["transfer to 4", "transfer to 1"])
def test_transfer_to_a_seat_that_is_not_an_opponent_is_refused(text: str) -> None:
    s = position(hands=[["red-1", "red"], [], []], scrolls=[1, 0, 0])
    put_on_top(s, 1, "transfer")
    s = play(s, (0, "cast red-1 red power 1"))
    dumped = ENGINE.dump(s)
    with pytest.raises(ActionNotAllowed):
        act(s, 0, text)
    assert ENGINE.dump(s) == dumped


def test_substitute_from_a_seat_that_is_not_seated_is_refused() -> None:
    s = position(hands=[["red-1", "red"], ["blue"], ["green"]])
    put_on_top(s, 1, "substitution")
    s = play(s, (0, "cast red-1 red power 1"))
    dumped = ENGINE.dump(s)
    with pytest.raises(ActionNotAllowed):
        act(s, 0, "substitute 4")
    assert ENGINE.dump(s) == dumped
