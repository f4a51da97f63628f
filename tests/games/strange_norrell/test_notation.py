"""Notation: every action as short text that reads back as itself."""

from __future__ import annotations

import pytest

from games.core import NotYourTurn, UnknownNotation
from games.strange_norrell.actions import (
    Acquire,
    Action,
    Arrive,
    Attend,
    Back,
    Battlefield,
    Cast,
    Connexion,
    Discard,
    DiscardSpell,
    Element,
    End,
    KingsRoads,
    Libraries,
    Magic,
    Move,
    Named,
    On,
    Pass,
    ReadCards,
    Ride,
    School,
    Stay,
    StillWaters,
    Study,
    Take,
    To,
    Uncover,
    Use,
    With,
)
from games.strange_norrell.notation import notation, parse_syntax
from tests.games.strange_norrell.positions import ENGINE, act, position

EXAMPLES: list[tuple[str, Action]] = [
    ("acquire rook-grammar", Acquire("rook-grammar")),
    ("kings roads", KingsRoads()),
    ("study rain hills", Study("rain-hills")),
    ("study birds stones", Study("birds-stones")),
    ("study trees wind", Study("trees-wind")),
    ("battlefield birds rain", Battlefield("birds", "rain")),
    ("libraries rook-grammar", Libraries("rook-grammar")),
    ("read cards", ReadCards()),
    ("school", School()),
    ("still waters", StillWaters()),
    ("arrive", Arrive()),
    ("move york", Move("york")),
    ("ride", Ride()),
    ("to dover", To("dover")),
    ("stay", Stay()),
    ("attend york-wind", Attend("york-wind")),
    ("take intro intro", Take(("intro", "intro"))),
    ("take intro rain-fleet", Take(("intro", "rain-fleet"))),
    ("take kestrel rain-fleet", Take(("kestrel", "rain-fleet"))),
    ("magic york-wind", Magic("york-wind")),
    ("use rook-grammar", Use("rook-grammar")),
    ("with york-stones-3", With("york-stones-3")),
    ("element wind", Element("wind")),
    ("on rain-fleet", On("rain-fleet")),
    ("back", Back()),
    ("cast daedalus-rose", Cast("daedalus-rose")),
    ("discard daedalus-rose", DiscardSpell("daedalus-rose")),
    ("discard york-wind", Discard("york-wind")),
    ("uncover kings-roads", Uncover("kings-roads")),
    ("pass", Pass()),
    ("connexion horses", Connexion("horses")),
    ("named coachman", Named("coachman")),
    ("end", End()),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES)
def test_rules_md_examples_read_as_their_action(text: str, action: Action) -> None:
    assert parse_syntax(text) == action
    assert notation(action) == text


def test_the_rules_page_lists_every_example() -> None:
    from pathlib import Path

    page = (Path(__file__).parents[3] / "games" / "strange_norrell" / "RULES.md").read_text()
    for text, _ in EXAMPLES:
        assert f"`{text}`" in page, text


def test_reward_picks_and_battlefield_elements_read_in_any_order() -> None:
    assert parse_syntax("take rain-fleet intro") == Take(("intro", "rain-fleet"))
    assert parse_syntax("take rain-fleet kestrel") == Take(("kestrel", "rain-fleet"))
    assert parse_syntax("battlefield rain birds") == Battlefield("birds", "rain")


@pytest.mark.parametrize(
    "text",
    [
        "move london",
        "move",
        "take rain-fleet rain-fleet",
        "take intro intro intro",
        "battlefield rain rain",
        "study rain birds",
        "discard rook-grammar",
        "magic rain-fleet",
        "on york-wind",
        "acquire daedalus-rose",
        "named horses",
        "connexion coachman",
    ],
)
def test_near_misses_are_not_notation(text: str) -> None:
    assert parse_syntax(text) is None


def test_notation_ignores_case_and_spacing() -> None:
    s = position(3)
    assert ENGINE.parse(s, 0, "  KINGS   Roads ") == KingsRoads()


def test_unknown_text_is_refused_with_legal_examples() -> None:
    s = position(3)
    with pytest.raises(UnknownNotation) as refused:
        ENGINE.parse(s, 0, "abracadabra")
    assert str(refused.value).startswith(
        "“abracadabra” is not a move in Jonathan Strange & Mr Norrell. Try acquire "
    )


def test_acting_out_of_turn_is_refused() -> None:
    with pytest.raises(NotYourTurn, match=r"It is not your turn\."):
        act(position(3), 1, "kings roads")


def test_a_seat_that_is_not_in_the_game_is_refused() -> None:
    with pytest.raises(NotYourTurn, match=r"You are not seated in this game\."):
        act(position(3), 5, "kings roads")
