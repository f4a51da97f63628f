"""Drawing from the decks: an empty deck is rebuilt from its shuffled discard pile."""

from __future__ import annotations

from games.core import SeededRng
from games.strange_norrell import cards
from games.strange_norrell.state import StrangeNorrellState

BOOKS_AVAILABLE = 3
FEATS_AVAILABLE = 4
CONNEXIONS_AVAILABLE = 2


def _draw(s: StrangeNorrellState, deck: list[str], discard: list[str]) -> str | None:
    if not deck and discard:
        deck.extend(discard)
        discard.clear()
        rng = SeededRng(s.rng)
        rng.shuffle(deck)
        s.rng = rng.state
    return deck.pop() if deck else None


def draw_invitation(s: StrangeNorrellState) -> str | None:
    """The top invitation, or None when deck and discard pile are both empty."""
    return _draw(s, s.invitations, s.invitation_discard)


def draw_introduction(s: StrangeNorrellState) -> str | None:
    """The top introduction, or None when deck and discard pile are both empty."""
    return _draw(s, s.introductions, s.introduction_discard)


def draw_spell(s: StrangeNorrellState) -> str | None:
    """The top spell, or None when deck and discard pile are both empty."""
    return _draw(s, s.spells, s.spell_discard)


def draw_book(s: StrangeNorrellState) -> str | None:
    """The top book of magic, or None when deck and discard pile are both empty."""
    return _draw(s, s.books, s.book_discard)


def introductions_left(s: StrangeNorrellState) -> int:
    """Introductions that can still be drawn, reshuffling included."""
    return len(s.introductions) + len(s.introduction_discard)


def discard_engagement(s: StrangeNorrellState, card: str) -> None:
    """Put a played or discarded social engagement on its face-up discard pile."""
    if cards.engagements()[card].is_introduction:
        s.introduction_discard.append(card)
    else:
        s.invitation_discard.append(card)


def refill_books(s: StrangeNorrellState) -> list[str]:
    """Reveal books into the slot nearest the fairy tracker until three are available."""
    revealed = []
    while len(s.book_offer) < BOOKS_AVAILABLE:
        book = draw_book(s)
        if book is None:
            break
        s.book_offer.append(book)
        revealed.append(book)
    return revealed


def refill_feats(s: StrangeNorrellState) -> list[str]:
    """Reveal feats until four are available (feats are never discarded, so none reshuffle)."""
    revealed = []
    while len(s.feat_offer) < FEATS_AVAILABLE and s.feats:
        revealed.append(s.feats.pop())
        s.feat_offer.append(revealed[-1])
    return revealed


def refill_connexions(s: StrangeNorrellState) -> list[str]:
    """Reveal named connexions until two are available, if the deck allows."""
    revealed = []
    while len(s.connexion_offer) < CONNEXIONS_AVAILABLE and s.connexions:
        revealed.append(s.connexions.pop())
        s.connexion_offer.append(revealed[-1])
    return revealed
