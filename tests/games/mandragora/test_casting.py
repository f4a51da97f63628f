"""Casting a spell: one spellbook, matching ingredients, mandrakes, power and the spell stacks."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.core import ActionNotAllowed, IllegalAction, LogEntry, UnknownNotation
from games.mandragora.actions import AddIngredient
from games.mandragora.state import CastSpell, MandragoraState
from tests.games.mandragora.positions import (
    ENGINE,
    act,
    apply_action,
    play,
    position,
    shop_list,
    swiftness_on_top,
    texts,
)


def _table(hand: Sequence[str], players: int = 3) -> MandragoraState:
    """Seat 1 to play with ``hand``; every spell stack topped by a Swiftness (no effect)."""
    hands = [list(hand)] + [["blue"]] * (players - 1)
    return swiftness_on_top(position(players, hands=hands))


def _adds(s: MandragoraState) -> list[str]:
    return [t.removeprefix("add ") for t in texts(s, 0) if t.startswith("add")]


def _powers(s: MandragoraState) -> list[int]:
    return [int(t.removeprefix("power ")) for t in texts(s, 0) if t.startswith("power")]


def _casts(s: MandragoraState) -> list[str]:
    return [t.removeprefix("cast ") for t in texts(s, 0) if t.startswith("cast")]


# ------------------------------------------------------------------- the spellbook
def test_cast_offers_each_spellbook_and_a_mandrake_as_spellbook() -> None:
    s = _table(["red-2", "red", "blue-1", "blue", "mandrake"])
    assert _casts(s) == ["blue-1", "red-2", "mandrake"]


def test_a_spell_needs_at_least_one_ingredient() -> None:
    s = _table(["red-2", "blue"])
    assert _casts(s) == []
    s = _table(["red-2", "red"])
    preparing = play(s, (0, "cast red-2"))
    assert _powers(preparing) == []
    with pytest.raises(ActionNotAllowed):
        act(preparing, 0, "power 1")


def test_only_one_spellbook_goes_into_a_spell() -> None:
    s = play(_table(["red-2", "red-1", "red"]), (0, "cast red-2"))
    assert _adds(s) == ["red"]
    with pytest.raises(ActionNotAllowed):
        apply_action(s, 0, AddIngredient("red-1"))
    with pytest.raises(UnknownNotation):
        act(s, 0, "add red-1")


def test_two_spellbooks_of_a_colour_need_two_spells() -> None:
    s = _table(["red-1", "red-2", "red", "red"], players=2)
    s = play(s, (0, "cast red-2 red power 1"), (1, "move 1"))
    assert s.sorcerers[0].hand == ["red", "red-1"]
    s = play(s, (0, "cast red-1 red power 1"))
    assert [spell.book for spell in s.sorcerers[0].spells] == ["red-2", "red-1"]


# ------------------------------------------------------------------ the ingredients
def test_coloured_spellbook_takes_only_ingredients_of_its_colour() -> None:
    s = play(_table(["red-2", "red", "red", "blue", "green", "mandrake"]), (0, "cast red-2"))
    assert _adds(s) == ["mandrake", "red"]
    with pytest.raises(ActionNotAllowed, match="blue cannot go into this spell"):
        act(s, 0, "add blue")


def test_black_spellbook_needs_ingredients_all_of_different_colours() -> None:
    s = play(_table(["black-2", "red", "red", "blue", "green"]), (0, "cast black-2"))
    assert _adds(s) == ["blue", "green", "red"]
    s = play(s, (0, "add red"))
    assert _adds(s) == ["blue", "green"]
    s = play(s, (0, "add blue"), (0, "add green"), (0, "power 3"))
    assert s.sorcerers[0].spells == [CastSpell("swiftness", 3, "black-2", ("red", "blue", "green"))]
    assert s.sorcerers[0].hand == ["red"]


def test_black_spell_has_at_most_five_ingredients() -> None:
    hand = ["black-2", "purple", "yellow", "green", "red", "blue", "mandrake"]
    s = play(_table(hand), (0, "cast black-2 purple yellow green red blue power 5"))
    assert s.sorcerers[0].hand == ["mandrake"]
    s = play(_table(hand), (0, "cast black-2"), (0, "add purple"), (0, "add yellow"))
    s = play(s, (0, "add green"), (0, "add red"), (0, "add blue"))
    assert _adds(s) == []
    assert _powers(s) == [1, 2, 3, 4, 5]


def test_mandrake_in_black_magic_stands_for_a_colour_not_otherwise_used() -> None:
    hand = ["black-2", "purple", "yellow", "green", "red", "blue", "mandrake"]
    s = play(_table(hand), (0, "cast black-2"), (0, "add mandrake"))
    s = play(s, (0, "add purple"), (0, "add yellow"), (0, "add green"))
    assert _adds(s) == ["blue", "red"]
    s = play(s, (0, "add red"))
    assert _adds(s) == []


def test_mandrake_may_replace_an_ingredient() -> None:
    s = play(_table(["yellow-1", "yellow", "yellow", "mandrake"]), (0, "cast yellow-1"))
    assert _adds(s) == ["mandrake", "yellow"]
    s = play(s, (0, "add yellow"), (0, "add yellow"), (0, "add mandrake"), (0, "power 3"))
    assert s.sorcerers[0].spells == [
        CastSpell("swiftness", 3, "yellow-1", ("yellow", "yellow", "mandrake"))
    ]
    assert s.sorcerers[0].hand == []


def test_mandrake_as_spellbook_with_ingredients_all_of_one_colour() -> None:
    s = play(_table(["mandrake", "red", "red", "red", "blue"]), (0, "cast mandrake"))
    s = play(s, (0, "add red"), (0, "add red"))
    assert _adds(s) == ["red"]
    s = play(s, (0, "add red"), (0, "power 3"))
    assert s.sorcerers[0].spells == [CastSpell("swiftness", 3, "mandrake", ("red",) * 3)]


def test_mandrake_as_spellbook_with_ingredients_all_of_different_colours() -> None:
    s = play(_table(["mandrake", "red", "red", "blue", "green"]), (0, "cast mandrake"))
    s = play(s, (0, "add red"), (0, "add blue"))
    assert _adds(s) == ["green"]
    s = play(s, (0, "add green"), (0, "power 3"))
    assert s.sorcerers[0].spells == [
        CastSpell("swiftness", 3, "mandrake", ("red", "blue", "green"))
    ]


def test_mandrake_as_spellbook_cannot_mix_one_colour_with_another() -> None:
    """Two reds commit the spell to regular magic: a blue may not follow."""
    s = play(_table(["mandrake", "red", "red", "blue"]), (0, "cast mandrake"))
    s = play(s, (0, "add red"), (0, "add red"))
    assert _adds(s) == []
    dumped = ENGINE.dump(s)
    with pytest.raises(ActionNotAllowed, match="blue cannot go into this spell"):
        act(s, 0, "add blue")
    assert ENGINE.dump(s) == dumped


def test_mandrake_as_spellbook_with_different_colours_has_at_most_five() -> None:
    hand = ["mandrake", "purple", "yellow", "green", "red", "blue", "blue"]
    s = play(_table(hand), (0, "cast mandrake purple yellow green red blue power 5"))
    assert s.sorcerers[0].hand == ["blue"]


def test_one_mandrake_per_spell_as_ingredient() -> None:
    s = play(_table(["red-2", "red", "mandrake", "mandrake"]), (0, "cast red-2"))
    s = play(s, (0, "add mandrake"))
    assert _adds(s) == ["red"]
    with pytest.raises(ActionNotAllowed):
        act(s, 0, "add mandrake")


def test_one_mandrake_per_spell_as_spellbook() -> None:
    s = play(_table(["red", "mandrake", "mandrake"]), (0, "cast mandrake"))
    assert _adds(s) == ["red"]
    with pytest.raises(ActionNotAllowed):
        act(s, 0, "add mandrake")


def test_lone_mandrakes_cannot_cast_a_spell() -> None:
    assert _casts(_table(["mandrake", "mandrake"])) == []


# ---------------------------------------------------------------------- the power
def test_power_may_be_any_value_up_to_the_number_of_ingredients() -> None:
    s = play(_table(["red-2", "red", "red", "mandrake"]), (0, "cast red-2"))
    assert _powers(play(s, (0, "add red"))) == [1]
    s = play(s, (0, "add red"), (0, "add red"), (0, "add mandrake"))
    assert _powers(s) == [1, 2, 3]
    with pytest.raises(ActionNotAllowed, match="the power can be at most 3"):
        act(s, 0, "power 4")


def test_power_must_come_from_a_stack_that_still_has_a_card() -> None:
    s = _table(["red-2", "red", "red", "red"])
    s.stacks[1] = []
    s = play(s, (0, "cast red-2"), (0, "add red"), (0, "add red"), (0, "add red"))
    assert _powers(s) == [1, 3]
    with pytest.raises(ActionNotAllowed, match="value-2 spell stack is empty"):
        act(s, 0, "power 2")


def test_spellbook_is_offered_only_if_a_spell_can_still_be_completed() -> None:
    s = _table(["red-2", "red", "red", "blue-1", "blue", "blue", "blue"])
    s.stacks[0] = []
    s.stacks[1] = []
    assert _casts(s) == ["blue-1"]
    with pytest.raises(ActionNotAllowed, match="not enough ingredients"):
        act(s, 0, "cast red-2")


def test_ingredient_is_offered_only_if_the_spell_can_still_be_completed() -> None:
    """With only the stacks of 3 and more left, a mandrake book with red, red cannot reach 3;
    red, blue, green can."""
    s = _table(["mandrake", "red", "red", "blue", "green"])
    s.stacks[0] = []
    s.stacks[1] = []
    s = play(s, (0, "cast mandrake"), (0, "add red"))
    assert _adds(s) == ["blue", "green"]


def test_no_spell_can_be_cast_when_every_stack_is_empty() -> None:
    s = _table(["red-2", "red", "red"])
    s.stacks = [[] for _ in range(5)]
    assert _casts(s) == []


def test_ingredients_beyond_five_may_go_into_a_spell_of_power_five() -> None:
    s = play(_table(["red-1", *["red"] * 7]), (0, "cast red-1"))
    for _ in range(7):
        s = play(s, (0, "add red"))
    assert _powers(s) == [1, 2, 3, 4, 5]
    s = play(s, (0, "power 5"))
    assert s.sorcerers[0].spells[0].ingredients == ("red",) * 7
    assert s.sorcerers[0].hand == []


# --------------------------------------------------------------------- back
def test_back_takes_back_the_last_ingredient_then_the_spellbook() -> None:
    start = _table(["red-2", "red", "mandrake"])
    s = play(start, (0, "cast red-2"), (0, "add red"), (0, "add mandrake"))
    s = play(s, (0, "back"))
    assert s.steps[0].ingredients == ("red",)
    s = play(s, (0, "back"))
    assert s.steps[0].ingredients == ()
    s = play(s, (0, "back"))
    assert ENGINE.dump(s) == ENGINE.dump(start)


def test_back_keeps_the_turn() -> None:
    s = play(_table(["red-2", "red"]), (0, "cast red-2"), (0, "back"))
    assert ENGINE.to_act(s) == {0}
    assert "move 1" in texts(s, 0)


def test_preparing_a_spell_allows_only_its_own_decisions() -> None:
    s = play(_table(["red-2", "red", "blue-1", "blue"]), (0, "cast red-2"))
    assert texts(s, 0) == ["add red", "back"]
    with pytest.raises(
        ActionNotAllowed, match="First add ingredients to your spell, choose its power"
    ):
        act(s, 0, "move 1")


# ------------------------------------------------------------------ casting
def test_cast_takes_the_top_spell_card_of_the_chosen_value() -> None:
    s = _table(["red-2", "red", "red", "mandrake"])
    under = list(s.stacks[2][:-1])
    s = play(s, (0, "cast red-2"), (0, "add red"), (0, "add red"), (0, "add mandrake"))
    s = play(s, (0, "power 3"))
    assert s.stacks[2] == under
    assert s.sorcerers[0].spells == [CastSpell("swiftness", 3, "red-2", ("red", "red", "mandrake"))]


def test_cast_moves_spellbook_and_ingredients_out_of_the_hand() -> None:
    s = play(_table(["red-2", "red", "red", "red", "blue"]), (0, "cast red-2 red red power 2"))
    assert s.sorcerers[0].hand == ["blue", "red"]


def test_casting_leaves_the_assistant_and_the_shops_where_they_are() -> None:
    s = _table(["red-2", "red"])
    s.assistant = 6
    s.shops = shop_list(s1=["blue"], s8=["green"])
    after = play(s, (0, "cast red-2 red power 1"))
    assert after.assistant == 6
    assert after.shops == s.shops
    assert after.deck == s.deck


def test_casting_ends_the_turn() -> None:
    s = play(_table(["red-2", "red"]), (0, "cast red-2 red power 1"))
    assert s.current == 1
    assert s.steps == []


def test_cast_is_announced_with_its_spellbook_and_ingredients() -> None:
    log = act(_table(["red-2", "red", "mandrake"]), 0, "cast red-2 red mandrake power 2").log
    assert log[0].audience is None
    assert "casts **Swiftness** (power 2) with 🔴 red-2 and 🔴 red, 🌱 mandrake" in log[0].text


def test_composite_cast_equals_the_step_by_step_result() -> None:
    s = _table(["red-2", "red", "red", "mandrake", "blue"])
    typed = act(s, 0, "cast red-2 red red mandrake power 3")
    stepped = s
    steps_log: list[LogEntry] = []
    for text in ["cast red-2", "add red", "add red", "add mandrake", "power 3"]:
        t = act(stepped, 0, text)
        stepped = t.state
        steps_log += t.log
    assert ENGINE.dump(typed.state) == ENGINE.dump(stepped)
    assert list(typed.log) == steps_log


def test_composite_cast_may_say_with_after_the_spellbook() -> None:
    s = _table(["red-2", "red", "red", "mandrake"])
    a = act(s, 0, "cast red-2 with red red mandrake power 3").state
    b = act(s, 0, "cast red-2 red red mandrake power 3").state
    assert ENGINE.dump(a) == ENGINE.dump(b)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cast red-3 red power 1", "You have no red-3 in your hand."),
        ("cast red-2 blue power 1", "blue cannot go into this spell."),
        ("cast red-2 red power 2", "With 1 ingredient, the power can be at most 1."),
        ("cast red-2 red red red power 3", "You have no more red to add."),
        ("cast red-2 mandrake mandrake power 2", "mandrake cannot go into this spell: a red"),
        ("cast red-2 green power 1", "You have no green in your hand."),
        ("cast black-2 red power 1", "You have no black-2 in your hand."),
        ("cast mandrake red blue red power 3", "red cannot go into this spell: with a mandrake"),
    ],
)
def test_illegal_cast_is_refused_with_a_reason_and_changes_nothing(text: str, message: str) -> None:
    s = _table(["red-2", "red", "red", "mandrake", "blue"])
    dumped = ENGINE.dump(s)
    with pytest.raises(IllegalAction, match=message) as refused:
        act(s, 0, text)
    assert isinstance(refused.value, ActionNotAllowed)
    assert ENGINE.dump(s) == dumped


def test_cast_on_an_empty_stack_is_refused_and_changes_nothing() -> None:
    s = _table(["red-2", "red"])
    s.stacks[0] = []
    dumped = ENGINE.dump(s)
    with pytest.raises(ActionNotAllowed):
        act(s, 0, "cast red-2 red power 1")
    assert ENGINE.dump(s) == dumped


def test_cast_without_ingredients_is_not_notation() -> None:
    with pytest.raises(UnknownNotation):
        act(_table(["red-2", "red"]), 0, "cast red-2 power 1")
