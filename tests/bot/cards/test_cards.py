"""Finding cards by what a player types (``bot.cards.cards``), on a made-up catalogue and
on every real game's own."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from bot.cards.cards import (
    MAX_SUGGESTIONS,
    SUGGESTION_LIMIT,
    CardEntry,
    catalogue,
    fold,
    lookup,
    suggest,
)
from games.core import Engine, InvalidSetup
from games.core.catalogue import SHORT_LIMIT, CardText
from tests.games.features import overrides

ENTRIES = [
    CardEntry("magic-spell", "Magic Spell", CardText("fireball", "Fireball", "spell", "Burn.")),
    CardEntry("magic-spell", "Magic Spell", CardText("fire", "Fire", "spell", "Warm a hand.")),
    CardEntry("magic-spell", "Magic Spell", CardText("wall", "Wall of Fire", "spell", "Block.")),
    CardEntry("magic-spell", "Magic Spell", CardText("mirror", "Mirror", "spell", "Reflect.")),
    CardEntry("marginalia", "Marginalia", CardText("mirror", "Mirror", "book", "Read it.")),
    CardEntry("marginalia", "Marginalia", CardText("eclair", "Éclair d’été", "book", "Flash.")),
    CardEntry(
        "marginalia",
        "Marginalia",
        CardText("quiet", "Quiet Reading", "book", "Every rival skips their next draw."),
    ),
]


def values(found: list[CardEntry]) -> list[str]:
    return [e.value for e in found]


def test_folding_ignores_case_accents_and_punctuation() -> None:
    assert fold("  Éclair d’ÉTÉ! ") == "eclair dete"
    assert fold("Mr Norrell's  Tower") == fold("mr norrells tower")


def test_suggestions_put_the_very_name_first_then_prefixes_then_words() -> None:
    found = suggest("fire", entries=ENTRIES)
    assert values(found) == ["magic-spell:fire", "magic-spell:fireball", "magic-spell:wall"]
    # Words anywhere in the name and text, case and accents aside.
    assert values(suggest("ECLAIR", entries=ENTRIES)) == ["marginalia:eclair"]
    assert values(suggest("skips draw", entries=ENTRIES)) == ["marginalia:quiet"]
    assert suggest("nothing like it", entries=ENTRIES) == []


def test_nothing_typed_offers_every_card_up_to_discords_limit() -> None:
    many = [CardEntry("g", "G", CardText(f"c{i}", f"Card {i}", "card", "Text.")) for i in range(40)]
    assert values(suggest("", entries=ENTRIES)) == values(ENTRIES)
    assert len(suggest("", entries=many)) == MAX_SUGGESTIONS
    assert len(suggest("card", entries=many)) == MAX_SUGGESTIONS


def test_a_games_thread_keeps_its_own_cards_when_some_match() -> None:
    assert values(suggest("mirror", entries=ENTRIES, here="marginalia")) == ["marginalia:mirror"]
    assert values(suggest("", entries=ENTRIES, here="marginalia")) == [
        "marginalia:mirror",
        "marginalia:eclair",
        "marginalia:quiet",
    ]
    # None of the thread's cards match: the other games' still do.
    assert values(suggest("fireball", entries=ENTRIES, here="marginalia")) == [
        "magic-spell:fireball"
    ]


def test_the_game_option_narrows_to_one_game() -> None:
    assert values(suggest("mirror", entries=ENTRIES, game="magic-spell")) == ["magic-spell:mirror"]
    assert lookup("mirror", entries=ENTRIES, game="marginalia").found == ENTRIES[4]


def test_labels_name_the_game_and_kind_within_discords_limit() -> None:
    assert ENTRIES[0].label == "Fireball — Magic Spell · spell"
    long = CardEntry("g", "Game", CardText("k", "Very long name " * 10, "card", "Text."))
    assert len(long.label) == SUGGESTION_LIMIT
    assert long.label.endswith("… — Game · card")


def test_a_typed_name_is_found_exactly_then_by_a_unique_prefix_then_by_words() -> None:
    assert lookup("fire", entries=ENTRIES).found == ENTRIES[1]  # not Fireball too
    assert lookup("fireb", entries=ENTRIES).found == ENTRIES[0]
    assert lookup("quiet", entries=ENTRIES).found == ENTRIES[6]
    assert lookup("rival skips", entries=ENTRIES).found == ENTRIES[6]
    assert lookup("magic-spell:mirror", entries=ENTRIES).found == ENTRIES[3]


def test_a_name_of_several_cards_lists_them_unless_the_thread_decides() -> None:
    several = lookup("Mirror", entries=ENTRIES)
    assert several.found is None
    assert values(list(several.several)) == ["magic-spell:mirror", "marginalia:mirror"]
    assert lookup("Mirror", entries=ENTRIES, here="marginalia").found == ENTRIES[4]
    assert values(list(lookup("wall fire", entries=ENTRIES).several)) == []
    assert lookup("wall fire", entries=ENTRIES).found == ENTRIES[2]


def test_an_unknown_name_finds_nothing_but_close_names() -> None:
    missed = lookup("Mirorr", entries=ENTRIES)
    assert missed.found is None
    assert missed.several == ()
    assert values(list(missed.close)) == ["magic-spell:mirror", "marginalia:mirror"]
    assert lookup("zzz", entries=ENTRIES).close == ()


# ------------------------------------------------------------ every real game's catalogue
ENGINES = sorted(games.ENGINES)
EVERY_CARD = [
    pytest.param(key, card.key, id=f"{key}:{card.key}")
    for key in ENGINES
    for card in games.get(key).cards()
]


def _entry(game: str, key: str) -> CardEntry:
    engine = games.get(game)
    card = engine.card(key)
    assert card is not None
    return CardEntry(engine.key, engine.title, card)


@pytest.mark.parametrize(("game", "key"), EVERY_CARD)
@pytest.mark.slow
def test_every_card_of_every_game_is_reachable_by_name_and_value(game: str, key: str) -> None:
    entry = _entry(game, key)
    everything = catalogue()
    assert lookup(entry.value, entries=everything).found == entry
    by_name = lookup(entry.card.name, entries=everything)
    assert by_name.found == entry or entry in by_name.several
    by_name_here = lookup(entry.card.name, entries=everything, game=game)
    assert by_name_here.found == entry or entry in by_name_here.several
    assert entry in suggest(entry.card.name, entries=everything, game=game)


@pytest.mark.parametrize(("game", "key"), EVERY_CARD)
def test_every_card_reads_well_in_a_menu_and_a_suggestion(game: str, key: str) -> None:
    entry = _entry(game, key)
    card = entry.card
    assert card.name.strip()
    assert card.text.strip()
    assert card.kind.strip(), "a suggestion says the kind of card"
    assert len(card.short) <= SHORT_LIMIT, "a short effect fits a menu option"
    assert 0 < len(card.brief) <= SHORT_LIMIT
    assert len(entry.label) <= SUGGESTION_LIMIT
    assert len(entry.value) <= SUGGESTION_LIMIT, "a suggestion's value must reach the card"
    assert all(name.strip() and value.strip() for name, value in card.numbers)


@pytest.mark.parametrize("game", ENGINES)
def test_suggestion_values_are_unique_across_games(game: str) -> None:
    every = [e.value for e in catalogue()]
    assert len(every) == len(set(every))
    mine = [e.card.key for e in catalogue() if e.game_key == game]
    assert len(mine) == len(set(mine))


@pytest.mark.parametrize("game", ENGINES)
def test_the_cards_an_action_names_are_in_its_games_catalogue(game: str) -> None:
    """A short seeded walk through a game: every key named for a legal action or a whole
    move is one ``/card`` and the panel can show."""
    engine = games.get(game)
    rng = random.Random(game)
    state = _new_game(engine)
    for _ in range(40):
        if engine.outcome(state) is not None or not engine.to_act(state):
            break
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        for action in [*legal, *engine.whole_moves(state, seat)]:
            _check_keys(engine, state, seat, action)
        state = engine.apply(state, seat, rng.choice(legal)).state


def _new_game(engine: Engine[Any, Any]) -> Any:
    """A game for the fewest players it takes without options (some need a variant for two)."""
    for players in range(engine.min_players, engine.max_players + 1):
        try:
            return engine.new_game(players, seed=3)
        except InvalidSetup:
            continue
    raise AssertionError(f"{engine.key} starts for no number of players without options")


def _check_keys(engine: Engine[Any, Any], state: Any, seat: int, action: Any) -> None:
    for key in engine.card_keys(state, seat, action):
        assert engine.card(key) is not None, (engine.notation(action), key)


@pytest.mark.parametrize("game", [g for g in ENGINES if overrides(games.get(g), "cards")])
def test_every_game_with_a_catalogue_lists_its_cards(game: str) -> None:
    assert games.get(game).cards(), f"{game} lists no cards for /card"
