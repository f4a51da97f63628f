"""Notation: the RULES.md commands, decisions typed at once, unknown text, wrong seats."""

from __future__ import annotations

import pytest

from games.core import NotYourTurn, UnknownNotation, normalize_notation
from games.marginalia.actions import (
    Action,
    Attack,
    Back,
    Composite,
    Decline,
    EndTurn,
    PlayCard,
    Summon,
    Target,
    To,
    Use,
)
from tests.games.marginalia.positions import ENGINE, act, card_at, play, position

EXAMPLES: list[tuple[str, Action]] = [
    ("play cancer", PlayCard("cancer")),
    ("to c2", To("c2")),
    ("play cancer to c2", Composite((PlayCard("cancer"), To("c2")))),
    ("play ignis-sacer", PlayCard("ignis-sacer")),
    ("target c3", Target("c3")),
    ("target p2", Target("p2")),
    ("play ignis-sacer target p2", Composite((PlayCard("ignis-sacer"), Target("p2")))),
    ("use b2", Use("b2")),
    ("use b2 target p1", Composite((Use("b2"), Target("p1")))),
    ("use c2 to a2", Composite((Use("c2"), To("a2")))),
    ("attack", Attack()),
    ("attack from a", Attack("a")),
    ("attack from e", Attack("e")),
    ("end turn", EndTurn()),
    ("summon white-unicorn", Summon("white-unicorn")),
    ("summon token", Summon("token")),
    ("decline", Decline()),
    ("back", Back()),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES)
def test_rules_md_examples_read_as_their_action(text: str, action: Action) -> None:
    assert ENGINE.parse_syntax(normalize_notation(text)) == action
    assert ENGINE.notation(action) == text


def test_left_and_right_read_as_the_columns_the_attack_starts_from() -> None:
    assert ENGINE.parse_syntax("attack from left") == Attack("a")
    assert ENGINE.parse_syntax("attack from right") == Attack("e")


def test_notation_ignores_case_and_spacing() -> None:
    s = position(hands=[["cancer"], []])
    assert ENGINE.parse(s, 0, "  PLAY   Cancer ") == PlayCard("cancer")


def test_a_whole_play_typed_at_once_equals_the_steps() -> None:
    s = position(hands=[["cancer", "ignis-sacer"], []], page={"c3": "saint"})
    at_once = play(s, (0, "play cancer to c2"), (0, "play ignis-sacer target c3"))
    in_steps = play(s, (0, "play cancer"), (0, "to c2"), (0, "play ignis-sacer"), (0, "target c3"))
    assert ENGINE.dump(at_once) == ENGINE.dump(in_steps)
    assert card_at(at_once, "c2") == "cancer"


def test_an_ability_typed_at_once() -> None:
    s = position(page={"c2": "bishop-of-lyons"}, health=(15, 20))
    assert play(s, (0, "use c2 target p1")).sides[0].health == 17


@pytest.mark.parametrize(
    "text",
    [
        "",
        "dance",
        "play",
        "play dragon",
        "play unicorn",
        "play cancer c2",
        "play cancer to f2",
        "play cancer to c2 now",
        "to",
        "to c5",
        "to p1",
        "target",
        "target p3",
        "target z9",
        "use",
        "use p1",
        "use c2 back",
        "attack from c",
        "attack now",
        "end",
        "end game",
        "summon",
        "summon dragon",
        "decline now",
        "back off",
    ],
)
def test_unknown_text_is_refused_as_unknown_notation(text: str) -> None:
    s = position(hands=[["cancer"], []])
    dumped = ENGINE.dump(s)
    with pytest.raises(UnknownNotation):
        ENGINE.parse(s, 0, text)
    assert ENGINE.dump(s) == dumped


def test_unknown_notation_suggests_legal_moves() -> None:
    s = position(hands=[["cancer", "saint"], []])
    with pytest.raises(UnknownNotation, match="Try play cancer, play saint, attack"):
        ENGINE.parse(s, 0, "fly away")


def test_acting_out_of_turn_is_refused() -> None:
    with pytest.raises(NotYourTurn, match="It is not your turn"):
        act(position(hands=[[], ["cancer"]]), 1, "play cancer")


def test_a_seat_that_is_not_in_the_game_is_refused() -> None:
    with pytest.raises(NotYourTurn, match="not seated in this game"):
        act(position(), 2, "attack")
