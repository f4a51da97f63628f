"""Preparing a spell: which spellbooks, ingredients and powers the rules allow.

A coloured spellbook takes ingredients of its colour; the black spellbook takes ingredients
all of different colours; a mandrake may stand in for the spellbook (then the ingredients are
all of one colour or all of different colours) or for one ingredient, never both, and at most
one mandrake goes into a spell. The number of ingredients is the highest power allowed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.mandragora import cards

MAX_POWER = len(cards.SPELL_VALUES)
MAX_DIFFERENT = len(cards.colours())


def available(hand: Sequence[str], book: str, chosen: Sequence[str]) -> Counter[str]:
    """Cards still in hand once the spellbook and the chosen ingredients are set aside."""
    left = Counter(hand)
    left.subtract([book, *chosen])
    return left


def can_add(book: str, chosen: Sequence[str], card: str, left: Counter[str]) -> bool:
    """Whether ``card`` may join the ingredients ``chosen`` for ``book``."""
    if left[card] <= 0:
        return False
    if card == cards.MANDRAKE:
        if book == cards.MANDRAKE or cards.MANDRAKE in chosen:
            return False  # one mandrake per spell
        if _is_black(book):
            return len(chosen) + 1 <= MAX_DIFFERENT
        return True
    if not cards.is_ingredient(card):
        return False
    colours = [c for c in chosen if c != cards.MANDRAKE]
    if book == cards.MANDRAKE:
        if not colours:
            return True
        if len(set(colours)) == 1 and card == colours[0]:
            return True
        all_different = len(set(colours)) == len(colours)
        return all_different and card not in colours and len(chosen) + 1 <= MAX_DIFFERENT
    if cards.book_colour(book) == cards.BLACK:
        return card not in colours and len(chosen) + 1 <= MAX_DIFFERENT
    return card == cards.book_colour(book)


def _is_black(book: str) -> bool:
    """Whether the spell must use ingredients all of different colours."""
    if book == cards.MANDRAKE:
        return False
    return cards.book_colour(book) == cards.BLACK


def best_size(book: str, chosen: Sequence[str], left: Counter[str]) -> int:
    """The most ingredients this spell can end up with, extending ``chosen`` with ``left``
    (the cards still in hand besides the spellbook and ``chosen``)."""
    colours = [c for c in chosen if c != cards.MANDRAKE]
    spare_colours = {c for c in cards.colours() if left[c] > 0}
    if book != cards.MANDRAKE:
        mandrake = int(cards.MANDRAKE in chosen or left[cards.MANDRAKE] > 0)
        if cards.book_colour(book) == cards.BLACK:
            return min(len(set(colours) | spare_colours) + mandrake, MAX_DIFFERENT)
        return len(colours) + left[cards.book_colour(book)] + mandrake
    if not colours:
        one_colour = max((left[c] for c in cards.colours()), default=0)
        return max(one_colour, min(len(spare_colours), MAX_DIFFERENT))
    distinct = set(colours)
    all_different = min(len(distinct | spare_colours), MAX_DIFFERENT)
    if len(distinct) > 1:
        return all_different
    one_colour = len(colours) + left[colours[0]]
    return one_colour if len(colours) > 1 else max(one_colour, all_different)


def open_powers(stacks: Sequence[Sequence[str]]) -> list[int]:
    """Spell values whose stack still has a card."""
    return [value for value, stack in zip(cards.SPELL_VALUES, stacks, strict=True) if stack]


def powers(count: int, stacks: Sequence[Sequence[str]]) -> list[int]:
    """Powers a spell with ``count`` ingredients may be cast at."""
    return [p for p in open_powers(stacks) if p <= count]


def addable(
    book: str, chosen: Sequence[str], hand: Sequence[str], stacks: Sequence[Sequence[str]]
) -> list[str]:
    """Ingredients that may be added without leaving the spell unable to be cast."""
    lowest = min(open_powers(stacks), default=None)
    if lowest is None:
        return []
    left = available(hand, book, chosen)
    result = []
    for card in sorted(c for c in left if left[c] > 0):
        if not can_add(book, chosen, card, left):
            continue
        left[card] -= 1
        if best_size(book, [*chosen, card], left) >= lowest:
            result.append(card)
        left[card] += 1
    return result


def castable_books(hand: Sequence[str], stacks: Sequence[Sequence[str]]) -> list[str]:
    """Spellbooks (and a mandrake as spellbook) that can start a spell that can be cast."""
    lowest = min(open_powers(stacks), default=None)
    if lowest is None:
        return []
    in_hand = Counter(hand)
    # With no ingredient chosen yet, ``best_size`` depends only on these counts: worked out
    # once here, not once per book, because every turn asks (a test holds the two together).
    counts = [in_hand[colour] for colour in cards.colours()]
    spare = sum(1 for count in counts if count > 0)
    mandrake = int(in_hand[cards.MANDRAKE] > 0)
    castable = []
    for book in sorted(card for card in in_hand if cards.is_book(card)):
        colour = cards.book_colour(book)
        if colour == cards.BLACK:
            size = min(spare + mandrake, MAX_DIFFERENT)
        else:
            size = in_hand[colour] + mandrake
        if size >= lowest:
            castable.append(book)
    if mandrake and max(max(counts), min(spare, MAX_DIFFERENT)) >= lowest:
        castable.append(cards.MANDRAKE)
    return castable
