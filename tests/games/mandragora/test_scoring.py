"""Final scoring: spells and spellbooks, colours left in hand, the Curse marker, the ranking."""

from __future__ import annotations

from collections.abc import Sequence

from games.mandragora import cards
from games.mandragora.scoring import score_line
from games.mandragora.state import CastSpell, MandragoraState
from tests.games.mandragora.positions import ENGINE, cast_spell, position


def _finished(
    hands: Sequence[Sequence[str]],
    spells: Sequence[Sequence[CastSpell]],
    scrolls: Sequence[int] | None = None,
) -> MandragoraState:
    s = position(len(hands), hands=hands, spells=spells, scrolls=scrolls, deck=[])
    s.finished = True
    return s


def _total(hand: Sequence[str], spells: Sequence[CastSpell] = (), scrolls: int = 0) -> int:
    s = _finished([hand, ["red"]], [spells, []], [scrolls, 0])
    return score_line(s, 0).total


# -------------------------------------------------------------------- points
def test_each_spell_scores_its_value_plus_its_spellbook() -> None:
    spells = [cast_spell("transfer", 2, "green-3"), cast_spell("replication", 4, "black-2")]
    assert _total([], spells) == (2 + 3) + (4 + 2)


def test_ingredients_under_a_spell_score_nothing() -> None:
    few = cast_spell("levitation", 1, "red-1", ["red"])
    many = cast_spell("levitation", 1, "red-1", ["red"] * 6)
    assert _total([], [few]) == _total([], [many]) == 2


def test_mandrake_as_spellbook_scores_nothing() -> None:
    assert _total([], [cast_spell("swiftness", 3, "mandrake", ["red"] * 3)]) == 3


# ----------------------------------------------------------- colours in hand
def test_one_point_lost_per_colour_still_in_hand() -> None:
    assert _total(["red", "red", "red", "blue", "green"]) == -3


def test_mandrakes_count_as_white_in_hand() -> None:
    assert _total(["mandrake", "mandrake"]) == -1
    assert _total(["mandrake", "red"]) == -2


def test_spellbooks_in_hand_count_by_their_colour_black_included() -> None:
    assert _total(["red-2", "red"]) == -1
    assert _total(["red-2", "black-2", "blue"]) == -3


def test_cursed_scrolls_are_not_a_colour_in_hand() -> None:
    s = _finished([["red"], []], [[], []], [3, 0])
    assert score_line(s, 0).colours_in_hand == 1


def test_empty_hand_costs_nothing() -> None:
    assert _total([], [cast_spell("swiftness", 1)]) == 2


# ---------------------------------------------------------------- the Curse
def test_curse_marker_costs_two_points() -> None:
    s = _finished([[], []], [[cast_spell("swiftness", 1)], []], [2, 1])
    line = score_line(s, 0)
    assert line.curse
    assert line.total == 2 - 2
    assert not score_line(s, 1).curse


#: The rules text's scoring example, spell by spell as it prints them: spellbook + spell.
RULES_EXAMPLE = ((2, 3), (0, 2), (3, 1), (0, 4), (1, 1))


def test_rules_scoring_example_with_real_cards() -> None:
    """Rules, “Example of final scoring”: “2+3 = 5 points 0+2 = 2 points 3+1 = 4 points
    0+4 = 4 points 1+1 = 2 points … Spells & Spellbooks = 17 points Curse token = -2 points
    3 colors of card in hand. The Disappearance spell eliminates one. -2 points”.

    The five spells are the example's, each taken from a value stack that holds it in
    ``data/spells.toml``; the Disappearance is the 0+4. The text prints the total as 12; its
    own items add up to 13 (decision 20)."""
    spells = [
        cast_spell("substitution", 3, "yellow-2", ["yellow"] * 3),
        cast_spell("transfer", 2, "green-0", ["green"] * 2),
        cast_spell("banishment", 1, "red-3", ["red"]),
        cast_spell("disappearance", 4, "blue-0", ["blue"] * 4),
        cast_spell("levitation", 1, "blue-1", ["blue"]),
    ]
    assert tuple((cards.book_value(c.book), c.value) for c in spells) == RULES_EXAMPLE
    assert [c.spell for c in spells].count("disappearance") == 1
    for c in spells:
        assert c.spell in cards.spell_stacks()[c.value - 1], (c.spell, c.value)
    s = _finished([["red", "red-2", "green", "mandrake"], []], [spells, []], [1, 0])
    line = score_line(s, 0)
    assert line.spell_points == 17
    assert line.curse
    assert (line.colours_in_hand, line.colours_discarded) == (3, 1)
    assert line.total == 17 - 2 - 2


# -------------------------------------------------------------- the ranking
def test_most_points_wins() -> None:
    s = _finished(
        [[], [], []],
        [[cast_spell("swiftness", 3)], [cast_spell("swiftness", 1)], []],
    )
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.scores == (4, 2, 0)
    assert outcome.ranks == (1, 2, 3)
    assert outcome.winners == {0}


def test_tie_goes_to_whoever_cast_more_spells() -> None:
    s = _finished(
        [[], []],
        [[cast_spell("swiftness", 3, "red-1")], [cast_spell("levitation", 1, "red-1")] * 2],
    )
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.scores == (4, 4)
    assert outcome.tiebreaks == (1, 2)
    assert outcome.ranks == (2, 1)
    assert outcome.winners == {1}


def test_tie_on_points_and_spells_is_a_shared_place() -> None:
    s = _finished(
        [[], [], []],
        [[cast_spell("swiftness", 3)], [cast_spell("transfer", 2, "red-2")], []],
    )
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.ranks == (1, 1, 3)
    assert outcome.winners == {0, 1}


def test_final_scores_are_shown_to_everyone_only_at_the_end() -> None:
    s = _finished([["red"], []], [[cast_spell("swiftness", 1)], []])
    view = ENGINE.view(s, None)
    assert view.scores is not None
    assert [line.total for line in view.scores] == [1, 0]
    s.finished = False
    assert ENGINE.view(s, None).scores is None
    assert ENGINE.outcome(s) is None
