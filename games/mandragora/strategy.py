"""A sensible beginner's rules of thumb, for the AI (``Engine.policy``): gather the shop whose
cards suit the hand best, cast a spell once it can be a strong one (or while the game is
ending), with every ingredient that fits; the spells' own choices are left to the AI's look
ahead.

Face-down cards of the night shops are counted, never read: the AI asks about a world it
resampled, and a beginner cannot see them either.
"""

from __future__ import annotations

import random

from games.mandragora import cards, casting
from games.mandragora.actions import Action, AddIngredient, CastBook, ChoosePower, Move
from games.mandragora.rules import legal_actions
from games.mandragora.state import SHOPS, MandragoraState

#: Ingredients a spell should have before it is worth casting outside the last rounds.
STRONG_SPELL = 3
#: What a card in a shop is worth to the hand: a face-down card is a guess.
SCROLL, MANDRAKE, FACE_DOWN, FITTING, OTHER = -2.0, 2.0, 0.4, 1.0, 0.3


def policy(s: MandragoraState, seat: int, rng: random.Random) -> Action | None:
    """A shop to visit, a spell to cast and its ingredients; ``None`` for everything else."""
    if s.finished:
        return None
    legal = legal_actions(s, seat)
    if not legal:
        return None
    if s.steps:
        return _ingredients(s, seat, legal) if s.steps[0].kind == "ingredients" else None
    cast = _cast(s, seat, legal)
    if cast is not None:
        return cast
    moves = [a for a in legal if isinstance(a, Move)]
    if not moves:
        return None
    worths = {m: _shop_worth(s, seat, (s.assistant + m.distance) % SHOPS) for m in moves}
    best = max(worths.values())
    return rng.choice([m for m in moves if worths[m] == best])


def _potential(s: MandragoraState, seat: int, book: str) -> int:
    """The most ingredients a spell from ``book`` can have with the hand as it is."""
    left = casting.available(s.sorcerers[seat].hand, book, ())
    return casting.best_size(book, (), left)


def _cast(s: MandragoraState, seat: int, legal: list[Action]) -> CastBook | None:
    books = [a for a in legal if isinstance(a, CastBook)]
    if not books:
        return None
    ending = s.countdown is not None
    worth = {
        b: (
            _potential(s, seat, b.book),
            0 if b.book == cards.MANDRAKE else cards.book_value(b.book),
        )
        for b in books
    }
    best = max(books, key=lambda b: worth[b])
    size = worth[best][0]
    return best if size >= STRONG_SPELL or ending else None


def _ingredients(s: MandragoraState, seat: int, legal: list[Action]) -> Action | None:
    """Add every ingredient that fits, a mandrake last; then cast at the highest power."""
    adds = [a for a in legal if isinstance(a, AddIngredient)]
    plain = [a for a in adds if a.card != cards.MANDRAKE]
    if plain:
        return plain[0]
    if adds:
        return adds[0]
    powers = [a for a in legal if isinstance(a, ChoosePower)]
    return max(powers, key=lambda a: a.power) if powers else None


def _shop_worth(s: MandragoraState, seat: int, shop: int) -> float:
    hand = s.sorcerers[seat].hand
    colours = {cards.book_colour(c) for c in hand if cards.is_book(c)}
    worth = 0.0
    for card in s.shops[shop]:
        if s.night[shop]:
            worth += FACE_DOWN
        elif card == cards.SCROLL:
            worth += SCROLL
        elif card == cards.MANDRAKE:
            worth += MANDRAKE
        elif cards.is_book(card):
            worth += FITTING + 0.5 * cards.book_value(card)
        elif card in colours or cards.BLACK in colours or hand.count(card) >= 2:
            worth += FITTING
        else:
            worth += OTHER
    return worth
