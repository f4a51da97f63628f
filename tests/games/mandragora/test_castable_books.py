"""Which spellbooks may start a spell: the quick count agrees with the general rule."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.mandragora import cards
from games.mandragora.casting import best_size, castable_books, open_powers

_CARDS = sorted(set(cards.all_cards()))


def _by_the_general_rule(hand: list[str], stacks: list[list[str]]) -> list[str]:
    """Each book set aside in turn, and the largest spell it could still make."""
    lowest = min(open_powers(stacks), default=None)
    if lowest is None:
        return []
    in_hand = Counter(hand)
    books = sorted(c for c in in_hand if cards.is_book(c))
    if in_hand[cards.MANDRAKE]:
        books.append(cards.MANDRAKE)
    found = []
    for book in books:
        in_hand[book] -= 1
        if best_size(book, [], in_hand) >= lowest:
            found.append(book)
        in_hand[book] += 1
    return found


@settings(max_examples=300, deadline=None)
@given(
    hand=st.lists(st.sampled_from(_CARDS), max_size=14),
    open_stacks=st.lists(
        st.booleans(), min_size=len(cards.SPELL_VALUES), max_size=len(cards.SPELL_VALUES)
    ),
)
def test_castable_books_agree_with_the_largest_spell_each_book_could_make(
    hand: list[str], open_stacks: list[bool]
) -> None:
    stacks = [["spell"] if is_open else [] for is_open in open_stacks]
    assert castable_books(hand, stacks) == _by_the_general_rule(hand, stacks)
