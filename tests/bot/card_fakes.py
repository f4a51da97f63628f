"""Catalogues made up for the tests of ``/card`` and the panel's card effects: Stones with a
few cards of its own, and a real game's engine lent a small catalogue for one test."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import games
from games.core import Engine
from games.core.catalogue import CardText
from tests.games.tiny_game.actions import Take
from tests.games.tiny_game.engine import StonesEngine
from tests.games.tiny_game.state import StonesState

#: Stones' cards: one per number of stones taken, and one that only its text finds.
STONES_CARDS = (
    CardText(
        "one",
        "Pebble",
        "stone",
        "Take one stone from the pile. A careful start leaves the other player a long way.",
        numbers=(("Stones", "1"),),
        rules="Stones rules, “Your turn”",
    ),
    CardText(
        "two",
        "Mirror Stone",
        "stone",
        "Take two stones, then look at the pile as your rival sees it.",
        short="Take two stones.",
        numbers=(("Stones", "2"), ("Weight", "heavy")),
    ),
    CardText(
        "three",
        "Éclat",
        "stone",
        "Take three stones at once: the largest bite the rules allow.",
        numbers=(("Stones", "3"),),
        own=False,
    ),
    CardText("quarry", "Quarry", "place", "Where every pile of stones is dug from."),
)


class StonesWithCards(StonesEngine):
    """Stones whose moves play its cards, each move offered as a whole move too."""

    key = "stones-cards"
    title = "Stones with cards"

    def cards(self) -> Sequence[CardText]:
        return STONES_CARDS

    def card_keys(self, state: StonesState, seat: int, action: Take) -> Sequence[str]:
        return (STONES_CARDS[action.stones - 1].key,)

    def whole_moves(self, state: StonesState, seat: int) -> list[Take]:
        return self.legal_actions(state, seat)


@contextmanager
def stones_with_cards() -> Iterator[StonesWithCards]:
    """Stones with cards in ``games.ENGINES`` until the block ends."""
    engine = StonesWithCards()
    games.register(engine)
    try:
        yield engine
    finally:
        games.unregister(engine.key)


#: A catalogue lent to a real game: one name ("Mirror") shared with no other card of it.
LENT_CARDS = (
    CardText("mirror", "Mirror", "card", "Show the mirror: every rival reveals one card."),
    CardText("lantern", "Lantern", "card", "Light the way: look at the top card of the deck."),
    CardText("long", "Long Winter", "card", "Snow " * 60 + "until spring comes."),
)


@contextmanager
def lent_catalogue(
    engine: Engine[Any, Any],
    cards: Sequence[CardText] = LENT_CARDS,
    keys: Callable[[Any, int, Any], Sequence[str]] | None = None,
) -> Iterator[Engine[Any, Any]]:
    """``engine`` (a real game's) answering ``cards`` from ``Engine.cards`` and ``keys`` from
    ``Engine.card_keys`` until the block ends; its cached index of cards is dropped on the
    way in and out, so neither catalogue outlives its time."""
    patched: dict[str, Callable[..., Any]] = {"cards": lambda: tuple(cards)}
    if keys is not None:
        patched["card_keys"] = keys
    engine.__dict__.pop("_cards_by_key", None)
    engine.__dict__.update(patched)
    try:
        yield engine
    finally:
        for name in (*patched, "_cards_by_key"):
            engine.__dict__.pop(name, None)
