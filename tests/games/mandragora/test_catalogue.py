"""Mandragora's cards in words: the catalogue, the entries each action names, the hand's effects."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from pydantic import BaseModel

from games.core import BACK
from games.core.catalogue import SHORT_LIMIT
from games.mandragora import cards, catalogue
from games.mandragora.actions import (
    Action,
    AddIngredient,
    CastBook,
    ChoosePower,
    CompositeCast,
    FinishCast,
    GiveCard,
    Levitate,
    Move,
    Share,
)
from games.mandragora.describe import describe
from games.mandragora.state import SHOPS, MandragoraState
from games.mandragora.view import MandragoraView
from tests.games.configurations import configurations_of
from tests.games.mandragora.positions import ENGINE, play, position, put_on_top, shop_list

SEEDS = range(4)
CONFIGURATIONS = configurations_of([ENGINE])


def _card_codes() -> set[str]:
    return set(cards.all_cards())


def _own_keys() -> set[str]:
    """Entries drawn from ``data/*.toml``: spells, ingredient colours, spellbooks."""
    books = {card for card in cards.all_cards() if cards.is_book(card)}
    return set(cards.spells()) | set(cards.colours()) | books


# ------------------------------------------------------------------ the catalogue
def test_every_card_and_spell_of_the_data_has_an_entry_in_words() -> None:
    entries = {entry.key: entry for entry in ENGINE.cards()}
    for key in _card_codes() | set(cards.spells()):
        entry = entries[key]
        assert entry.text.strip(), key
        assert entry.name.strip(), key
        assert entry.kind.strip(), key
        assert 0 < len(entry.brief) <= SHORT_LIMIT, key
        assert entry.short, key
        assert len(entry.short) <= SHORT_LIMIT, key


def test_every_entry_has_words_a_brief_and_a_pointer_to_the_rules() -> None:
    for entry in ENGINE.cards():
        assert entry.text.strip(), entry.key
        assert entry.rules.strip(), entry.key
        assert 0 < len(entry.short) <= SHORT_LIMIT, entry.key
        assert entry.key == entry.key.lower(), entry.key


def test_keys_are_unique_and_names_unique_whatever_their_case() -> None:
    entries = ENGINE.cards()
    assert len({entry.key for entry in entries}) == len(entries)
    assert len({entry.name.casefold() for entry in entries}) == len(entries)
    for entry in entries:
        assert ENGINE.card(entry.key) == entry


def test_the_keywords_of_the_table_are_there() -> None:
    names = {entry.name for entry in ENGINE.cards()}
    assert {
        "Send the assistant",
        "Cast a spell",
        "Drop out",
        "Day shop",
        "Night shop",
        "Black magic",
        "Curse marker",
        "Final rounds",
        "Team trade",
    } <= names


def test_entries_of_grimoires_own_data_are_marked_own() -> None:
    own = {entry.key for entry in ENGINE.cards() if entry.own}
    assert own == _own_keys()
    for entry in ENGINE.cards():
        assert ("Grimoire's own" in entry.rules) == entry.own, entry.key


def test_a_spell_entry_is_its_data_effect_timing_and_stacks() -> None:
    for key, spell in cards.spells().items():
        entry = ENGINE.card(key)
        assert entry is not None
        assert entry.kind == "spell"
        assert entry.text.startswith(spell.effect)
        assert dict(entry.numbers)["In the game"] == str(sum(spell.stacks.values()))
        values = dict(entry.numbers)["Value"].split(" · ")
        assert values == [str(v) for v in sorted(spell.stacks)]
    swiftness = ENGINE.card("swiftness")
    assert swiftness is not None
    assert "Lasts the whole game." in swiftness.text


def test_a_spellbook_entry_gives_its_colour_and_value_from_the_data() -> None:
    for book in {card for card in cards.all_cards() if cards.is_book(card)}:
        entry = ENGINE.card(book)
        assert entry is not None
        assert entry.name == book
        assert dict(entry.numbers) == {"Value": str(cards.book_value(book))}
        assert f"value plus {cards.book_value(book)}" in entry.text
    black = ENGINE.card("black-2")
    assert black is not None
    assert "all of different colours" in black.text


# -------------------------------------------------- the entries an action names
def _positions(players: int, variant: BaseModel) -> Iterator[tuple[MandragoraState, int]]:
    """Every fourth position of a few random games, start to end, with the seat to act."""
    for seed in SEEDS:
        rng = random.Random(seed)
        s = ENGINE.new_game(players, seed, variant)
        for step in range(ENGINE.step_limit):
            if ENGINE.outcome(s) is not None:
                break
            seat = min(ENGINE.to_act(s))
            if step % 4 == 0:
                yield s, seat
            s = ENGINE.apply(s, seat, rng.choice(ENGINE.legal_actions(s, seat))).state


def _options(s: MandragoraState, seat: int) -> list[Action]:
    steps = [a for a in ENGINE.legal_actions(s, seat) if ENGINE.notation(a) != BACK]
    return [*steps, *ENGINE.whole_moves(s, seat)]


def _named(s: MandragoraState, seat: int, action: Action) -> set[str]:
    """The entries ``action`` must name: the cards it plays, takes or aims."""
    match action:
        case Move(distance):
            shop = (s.assistant + distance) % SHOPS
            return {catalogue.NIGHT_SHOP} if s.night[shop] else set(s.shops[shop])
        case CastBook(book):
            return {book}
        case AddIngredient(card):
            return {card}
        case ChoosePower(power):
            return {s.stacks[power - 1][-1], s.steps[0].book}
        case CompositeCast(book, ingredients, power, _):
            return {s.stacks[power - 1][-1], book, *ingredients}
        case FinishCast(ingredients, power, _):
            return {s.stacks[power - 1][-1], s.steps[0].book, *ingredients}
        case Levitate(_, card):
            return {card or catalogue.NIGHT_SHOP, "levitation"}
        case GiveCard(card):
            return {card}
        case Share(_, card):
            return {card} if card else set()
    return set()


@pytest.mark.parametrize(("engine", "players", "variant"), CONFIGURATIONS)
def test_every_option_names_entries_of_the_catalogue_and_the_cards_it_plays(
    engine: object, players: int, variant: BaseModel
) -> None:
    seen = 0
    for s, seat in _positions(players, variant):
        for action in _options(s, seat):
            keys = ENGINE.card_keys(s, seat, action)
            assert len(set(keys)) == len(keys), keys
            for key in keys:
                assert ENGINE.card(key) is not None, (ENGINE.notation(action), key)
            assert _named(s, seat, action) <= set(keys), ENGINE.notation(action)
            seen += 1
    assert seen > 100


@pytest.mark.parametrize(("engine", "players", "variant"), CONFIGURATIONS)
def test_the_entries_an_option_names_give_away_nothing_hidden(
    engine: object, players: int, variant: BaseModel
) -> None:
    rng = random.Random(3)
    for s, seat in _positions(players, variant):
        other = ENGINE.determinize(s, seat, rng)
        for action in _options(s, seat):
            assert ENGINE.card_keys(s, seat, action) == ENGINE.card_keys(other, seat, action)


def test_a_spell_names_the_spell_first_then_its_spellbook() -> None:
    s = put_on_top(position(3, hands=[["black-2", "red", "blue"], [], []]), 2, "transfer")
    assert ENGINE.card_keys(s, 0, ENGINE.parse(s, 0, "cast black-2")) == [
        "black-2",
        catalogue.BLACK_MAGIC,
        catalogue.CAST,
    ]
    whole = ENGINE.parse(s, 0, "cast black-2 red blue power 2")
    assert ENGINE.card_keys(s, 0, whole) == ["transfer", "black-2", "red", "blue"]


def test_an_assistant_move_names_what_a_day_shop_holds_and_hides_a_night_shop() -> None:
    s = position(3, shops=shop_list(s2=["red-1", "scroll", "red"], s5=["blue-3"]))
    assert ENGINE.card_keys(s, 0, Move(1)) == ["red", "red-1", "scroll", catalogue.SEND]
    assert ENGINE.card_keys(s, 0, Move(4)) == [catalogue.NIGHT_SHOP, catalogue.SEND]


def test_a_levitation_names_the_card_it_takes() -> None:
    s = put_on_top(position(3, hands=[["red-1", "red"], [], []]), 1, "levitation")
    s.shops = shop_list(s2=["scroll"], s5=["green"])
    s = play(s, (0, "cast red-1 red power 1"))
    assert ENGINE.card_keys(s, 0, Levitate(1, "scroll")) == ["scroll", "levitation"]
    assert ENGINE.card_keys(s, 0, Levitate(4, None)) == [catalogue.NIGHT_SHOP, "levitation"]


# ----------------------------------------------------------- effects on the board
@pytest.mark.parametrize(("engine", "players", "variant"), CONFIGURATIONS)
def test_the_board_says_what_the_viewers_cards_and_the_spells_in_sight_do(
    engine: object, players: int, variant: BaseModel
) -> None:
    for s, seat in _positions(players, variant):
        view = ENGINE.view(s, seat)
        assert isinstance(view, MandragoraView)
        board = describe(view)
        assert board.limit_problems() == []
        fields = {f.name: f for f in board.fields}
        hand = fields["Your hand"]
        assert not hand.pictured
        for card in set(s.sorcerers[seat].hand):
            entry = ENGINE.card(card)
            assert entry is not None
            if cards.is_ingredient(card):
                assert "ingredients: each raises" in hand.value
            elif entry.brief not in hand.value:
                assert cards.is_book(card)
                assert "spellbooks: each adds its value" in hand.value
        in_sight = {stack[-1] for stack in s.stacks if stack}
        in_sight |= {spell.spell for x in s.sorcerers for spell in x.spells}
        if in_sight:
            spells = fields["Spells in sight"]
            assert not spells.pictured
            for key in in_sight:
                entry = ENGINE.card(key)
                assert entry is not None
                assert f"**{entry.name}**" in spells.value
                assert entry.brief in spells.value
