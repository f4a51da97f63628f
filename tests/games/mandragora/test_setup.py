"""Setup: the shop circle, the spell stacks, the magical items by player count, the deal."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.mandragora import cards
from games.mandragora.state import MandragoraState
from tests.games.mandragora.positions import ENGINE, card_count, new_game, spell_count

SEEDS = range(20)


def _items_in_play(s: MandragoraState) -> Counter[str]:
    """Magical items in hands, shops and deck: everything not returned to the box."""
    count = card_count(s)
    count.subtract(s.removed)
    return +count


# ------------------------------------------------------------------------- the box
def test_box_holds_82_magical_items() -> None:
    box = Counter(cards.all_cards())
    assert sum(box.values()) == 82
    assert box[cards.SCROLL] == 12
    assert box[cards.MANDRAKE] == 7
    assert sum(n for c, n in box.items() if cards.is_book(c)) == 21
    assert sum(n for c, n in box.items() if cards.is_ingredient(c)) == 42


def test_ingredient_colours_are_3_6_9_12_12_with_no_black() -> None:
    box = Counter(cards.all_cards())
    assert {c: box[c] for c in cards.colours()} == {
        "purple": 3,
        "yellow": 6,
        "green": 9,
        "red": 12,
        "blue": 12,
    }
    assert box["black"] == 0


def test_spellbooks_are_four_per_colour_valued_0_to_3_plus_one_black() -> None:
    books = sorted(c for c in cards.all_cards() if cards.is_book(c))
    for colour in cards.colours():
        assert [b for b in books if cards.book_colour(b) == colour] == [
            f"{colour}-{v}" for v in range(4)
        ]
    assert [b for b in books if cards.book_colour(b) == "black"] == ["black-2"]


def test_24_spells_of_each_kind_as_the_rules_count() -> None:
    count = Counter(spell for stack in cards.spell_stacks() for spell in stack)
    assert count == {
        "banishment": 4,
        "replication": 3,
        "transfer": 4,
        "swiftness": 3,
        "substitution": 4,
        "disappearance": 2,
        "levitation": 3,
        "purification": 1,
    }


def test_spell_stacks_by_value_follow_rules_md() -> None:
    stacks = [Counter(stack) for stack in new_game(4, 5).stacks]
    assert stacks == [
        {"banishment": 2, "levitation": 2, "swiftness": 1},
        {"transfer": 2, "substitution": 2, "banishment": 1},
        {"substitution": 2, "transfer": 1, "banishment": 1, "swiftness": 1},
        {"replication": 2, "transfer": 1, "levitation": 1, "disappearance": 1},
        {"disappearance": 1, "replication": 1, "purification": 1, "swiftness": 1},
    ]


def test_spell_timings_follow_decision_3() -> None:
    timing = {key: data.timing for key, data in cards.spells().items()}
    assert timing == {
        "banishment": "immediate",
        "replication": "immediate",
        "transfer": "immediate",
        "substitution": "immediate",
        "levitation": "immediate",
        "swiftness": "permanent",
        "disappearance": "end",
        "purification": "end",
    }


def test_spell_stacks_are_shuffled_by_value() -> None:
    orders = {tuple(tuple(stack) for stack in new_game(3, seed).stacks) for seed in SEEDS}
    assert len(orders) > 1


# ----------------------------------------------------------------- the shop circle
@pytest.mark.parametrize("seed", SEEDS)
def test_shop_circle_has_ten_shops_three_at_night(seed: int) -> None:
    s = new_game(3, seed)
    assert len(s.shops) == len(s.night) == 10
    assert sum(s.night) == 3


@pytest.mark.parametrize("seed", SEEDS)
def test_starting_shop_is_shop_1_a_day_shop_with_the_assistant_and_no_card(seed: int) -> None:
    s = new_game(3, seed)
    assert s.assistant == 0
    assert s.night[0] is False
    assert s.shops[0] == []


def test_shop_circle_is_shuffled_around_the_starting_shop() -> None:
    layouts = {tuple(new_game(3, seed).night) for seed in SEEDS}
    assert len(layouts) > 1


@pytest.mark.parametrize("seed", SEEDS)
def test_every_other_shop_gets_one_card_six_face_up_three_face_down(seed: int) -> None:
    s = new_game(4, seed)
    assert [len(stock) for stock in s.shops] == [0] + [1] * 9
    view = ENGINE.view(s, None)
    face_up = [shop for shop in view.shops if shop.cards]
    face_down = [shop for shop in view.shops if shop.face_down]
    assert len(face_up) == 6
    assert all(not shop.night for shop in face_up)
    assert len(face_down) == 3
    assert all(shop.night and not shop.cards for shop in face_down)


def test_first_player_is_seat_1() -> None:
    for players in (2, 3, 4):
        s = new_game(players, 7)
        assert ENGINE.to_act(s) == {0}
        assert s.current == 0


def test_game_starts_without_countdown_curse_or_spells() -> None:
    s = new_game(4, 3)
    assert s.countdown is None
    assert s.countdown_seat is None
    assert s.curse_holder is None
    assert all(x.spells == [] and x.scrolls == 0 and not x.dropped for x in s.sorcerers)
    assert ENGINE.outcome(s) is None


# ------------------------------------------------------------- items by player count
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_sorcerer_starts_with_one_mandrake(players: int) -> None:
    s = new_game(players, 11)
    assert [x.hand for x in s.sorcerers] == [[cards.MANDRAKE]] * players


@pytest.mark.parametrize(("players", "items"), [(4, 82), (3, 77), (2, 56)])
def test_magical_items_in_play_by_player_count(players: int, items: int) -> None:
    s = new_game(players, 2)
    assert sum(_items_in_play(s).values()) == items
    assert len(s.deck) == items - players - 9


def test_four_sorcerers_play_with_every_card() -> None:
    s = new_game(4, 1)
    assert s.removed == []
    assert _items_in_play(s) == Counter(cards.all_cards())


def test_three_sorcerers_remove_a_scroll_and_a_red_blue_green_yellow_ingredient() -> None:
    s = new_game(3, 1)
    assert Counter(s.removed) == {"scroll": 1, "red": 1, "blue": 1, "green": 1, "yellow": 1}
    assert _items_in_play(s) == Counter(cards.all_cards()) - Counter(s.removed)


def test_two_sorcerers_remove_all_16_blue_cards_and_ten_more() -> None:
    s = new_game(2, 1)
    removed = Counter(s.removed)
    blue = {"blue": 12, "blue-0": 1, "blue-1": 1, "blue-2": 1, "blue-3": 1}
    assert removed == Counter(blue) + Counter({"scroll": 3, "mandrake": 2, "red": 3, "green": 2})
    in_play = _items_in_play(s)
    assert not any(cards.penalty_colour(c) == "blue" for c in in_play)
    assert in_play[cards.MANDRAKE] == 5
    assert in_play[cards.SCROLL] == 9


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deck_is_shuffled(players: int) -> None:
    decks = {tuple(new_game(players, seed).deck) for seed in range(5)}
    assert len(decks) == 5


# ------------------------------------------------------------------- conservation
@pytest.mark.parametrize(("players", "teams"), [(2, False), (3, False), (4, False), (4, True)])
def test_every_card_is_accounted_for_through_a_whole_random_game(players: int, teams: bool) -> None:
    """Hands, shops, deck, box, spells and scrolls always hold exactly the box's cards."""
    chooser = random.Random(players * 10 + teams)
    s = new_game(players, 31, teams)
    every_card = Counter(cards.all_cards())
    every_spell = spell_count(s)
    for _ in range(ENGINE.step_limit):
        assert card_count(s) == every_card
        assert spell_count(s) == every_spell
        if ENGINE.outcome(s) is not None:
            break
        seat = min(ENGINE.to_act(s))
        s = ENGINE.apply(s, seat, chooser.choice(ENGINE.legal_actions(s, seat))).state
    else:
        pytest.fail("the game did not end")
    assert s.finished
    assert not s.deck
