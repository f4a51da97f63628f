"""What each seat may see of a game of Marginalia, and resampling what it may not.

Everyone sees the page with its counters, both players' health, the erased piles, how many
cards each deck, hand and discard pile holds, and the cards seen going face up to a discard
pile. A player sees their own hand and their own
discard pile (they discarded it), and, while searching, the cards of their deck the search
may find. Nobody sees a deck's order, the other hand, or the cards set aside.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Literal

from pydantic import BaseModel, ConfigDict

from games.marginalia import cards
from games.marginalia.effects import effect_of
from games.marginalia.options import search_finds
from games.marginalia.page import everyone, find, space_code
from games.marginalia.rules import to_act
from games.marginalia.state import FRONT, Branch, MarginaliaState, Step
from games.marginalia.stats import attack_of, health_of


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class MarginalisView(_Frozen):
    """A marginalis on the page with what it is now."""

    space: str
    seat: int
    line: Literal["front", "back"]
    card: str
    token: bool
    attack: int
    health: int
    damage: int
    used: bool


class SideView(_Frozen):
    """What the table knows of one player."""

    seat: int
    health: int
    deck: int
    hand: int
    discard: int
    seen_discards: tuple[str, ...]
    erased: tuple[str, ...]
    turns: int
    held: tuple[str, ...] | None = None
    """The cards in hand, laid open to everyone once the game is over (``None`` until then)."""
    discarded: tuple[str, ...] | None = None
    """The whole discard pile, laid open once the game is over (``None`` until then)."""


#: What the others see of a decision about a card from a hand: not the card, nor whether it
#: is being placed (a marginalis) or aimed (an incantation), which would say what kind it is.
HIDDEN_PLAY = "play"


class PendingView(_Frozen):
    """A decision owed. The card of one being played from a hand is shown only to its
    player until it is on the table; the others see its ``kind`` as :data:`HIDDEN_PLAY`."""

    kind: str
    seat: int
    card: str
    source: str
    space: str
    branch: Branch


class MarginaliaView(_Frozen):
    """One seat's view of the game (``viewer`` None: a spectator's)."""

    viewer: int | None
    turn: int
    active: int
    first: int
    phase: str
    to_act: tuple[int, ...]
    plays: int
    play_limit: int
    sides: tuple[SideView, ...]
    page: tuple[MarginalisView, ...]
    set_aside: int
    pending: PendingView | None
    hand: tuple[str, ...] | None
    discard: tuple[str, ...] | None
    search: tuple[str, ...] | None
    finished: bool
    winner: int | None
    end_reason: str


def build_view(s: MarginaliaState, viewer: int | None) -> MarginaliaView:
    """Everything ``viewer`` may know, and nothing more."""
    mine = viewer if viewer in (0, 1) else None
    step = s.steps[0] if s.steps and not s.finished else None
    return MarginaliaView(
        viewer=mine,
        turn=s.turn,
        active=s.active,
        first=s.first,
        phase=s.phase,
        to_act=tuple(sorted(to_act(s))),
        plays=s.plays,
        play_limit=s.play_limit(s.active),
        sides=tuple(
            SideView(
                seat=seat,
                health=side.health,
                deck=len(side.deck),
                hand=len(side.hand),
                discard=len(side.discard),
                seen_discards=tuple(sorted(side.seen_discards)),
                erased=tuple(side.erased),
                turns=side.turns,
                held=tuple(side.hand) if s.finished else None,
                discarded=tuple(sorted(side.discard)) if s.finished else None,
            )
            for seat, side in enumerate(s.sides)
        ),
        page=tuple(
            MarginalisView(
                space=space_code(*place),
                seat=place[0],
                line="front" if place[1] == FRONT else "back",
                card=m.card,
                token=m.token,
                attack=attack_of(s, m),
                health=health_of(s, m),
                damage=m.damage,
                used=m.used,
            )
            for place, m in everyone(s)
        ),
        set_aside=len(s.set_aside),
        pending=_pending(s, step, mine) if step is not None else None,
        hand=tuple(s.sides[mine].hand) if mine is not None else None,
        discard=tuple(sorted(s.sides[mine].discard)) if mine is not None else None,
        search=_search(s, step, mine),
        finished=s.finished,
        winner=s.winner,
        end_reason=s.end_reason,
    )


def _pending(s: MarginaliaState, step: Step, viewer: int | None) -> PendingView:
    place = find(s, step.uid) if step.uid >= 0 else None
    secret = step.source == "hand" and viewer != step.seat
    return PendingView(
        kind=HIDDEN_PLAY if secret else step.kind,
        seat=step.seat,
        card="" if secret else step.card,
        source=step.source,
        space=space_code(*place) if place is not None else "",
        branch=step.branch,
    )


def _search(s: MarginaliaState, step: Step | None, viewer: int | None) -> tuple[str, ...] | None:
    if step is None or step.kind != "search" or viewer != step.seat:
        return None
    return tuple(search_finds(s, step.seat, step.card))


# --------------------------------------------------------------------- resampling
def determinize(s: MarginaliaState, seat: int, rng: random.Random) -> MarginaliaState:
    """Resample everything hidden from ``seat``: the other hand, the other discard pile (but
    the cards seen going there face up), both decks (one's own keeps its cards once they are
    all known, and the cards a search is showing), the cards set aside, and the generator
    behind future shuffles and coins. Once the game is over the other hand and discard pile
    are laid open, so they stay as they are."""
    t = s.clone()
    other = 1 - seat
    mine, theirs = t.sides[seat], t.sides[other]
    kept_in_hand = _reserved(t, other)
    searched = _searched_type(t, seat)
    fixed_in_deck = Counter(c for c in mine.deck if searched and cards.is_type(c, searched))

    if t.finished:
        kept_in_hand = Counter(theirs.hand)
    seen_discards = theirs.discard if t.finished else theirs.seen_discards
    hidden: list[str] = list((Counter(theirs.hand) - kept_in_hand).elements())
    hidden += theirs.deck + t.set_aside
    hidden += list((Counter(theirs.discard) - Counter(seen_discards)).elements())
    if not mine.deck_known:
        hidden += list((Counter(mine.deck) - fixed_in_deck).elements())
    rng.shuffle(hidden)

    if not mine.deck_known:
        free = len(mine.deck) - sum(fixed_in_deck.values())
        # While a search shows this seat the cards of a type in its deck, no other card of
        # that type may be dealt into it.
        plain = [c for c in hidden if not (searched and cards.is_type(c, searched))][:free]
        for card in plain:
            hidden.remove(card)
        mine.deck = [*fixed_in_deck.elements(), *plain]
    rng.shuffle(mine.deck)

    free_hand = len(theirs.hand) - sum(kept_in_hand.values())
    theirs.hand = sorted([*kept_in_hand.elements(), *(hidden.pop() for _ in range(free_hand))])
    theirs.deck = [hidden.pop() for _ in theirs.deck]
    unseen = len(theirs.discard) - len(seen_discards)
    theirs.discard = [*seen_discards, *(hidden.pop() for _ in range(unseen))]
    t.set_aside = [hidden.pop() for _ in t.set_aside]
    assert not hidden
    t.rng = rng.getrandbits(64)
    return t


def _reserved(s: MarginaliaState, seat: int) -> Counter[str]:
    """A card ``seat`` has begun to play from their hand stays there: their decision names it."""
    return Counter(step.card for step in s.steps if step.seat == seat and step.source == "hand")


def _searched_type(s: MarginaliaState, seat: int) -> str:
    """The type of card a search of ``seat``'s own deck is showing them ("" when none is)."""
    step = s.steps[0] if s.steps else None
    if step is None or step.kind != "search" or step.seat != seat:
        return ""
    return effect_of(step.card).type
