"""Whole spells picked in one go: each way to finish a cast, with what its spell asks for.

A spell is several decisions: a spellbook, ingredients one at a time, a power, then the
opponent or the card the spell asks for. The panel offers the spells with the fewest
ingredients still to add as whole moves, as many as a short menu holds (a whole number of
ingredients at a time), and the steps stay for the rest; each ingredient added narrows the
spells left, so the menu soon holds the one wanted.

Ingredients are listed in one fixed order (rarest colour first, a mandrake last): the order
they go in changes nothing. A whole spell decides everything up front, so it holds only
choices the caster can make before casting: a Substitution hands back a card already held
(to give back the card drawn, go step by step), and in the team variant a Levitation takes a
face-down card only when no cursed scroll can be hidden (one would bring a trade with the
partner, a choice made once the card is seen). A Levitation of a face-up cursed scroll is
left to the steps: the scroll costs its taker, and the menu keeps its room for the spells
players want.
"""

from __future__ import annotations

from games.mandragora import cards, casting, rules
from games.mandragora.actions import (
    Action,
    CompositeCast,
    FinishCast,
    GiveCard,
    Levitate,
    Substitute,
    Transfer,
)
from games.mandragora.state import MandragoraState

#: The most whole spells offered at the start of a turn: one page of a menu.
TURN_LIMIT = 25
#: The most whole spells offered while a spell is being prepared: two pages of a menu.
PREPARING_LIMIT = 50

#: A spell: the ingredients still to add, its power, and the choices its spell asks for.
Spell = tuple[tuple[str, ...], int, tuple[Action, ...]]

_RANK = {card: rank for rank, card in enumerate([*cards.colours(), cards.MANDRAKE])}


def whole_moves(s: MandragoraState, seat: int) -> list[Action]:
    """Whole spells ``seat`` may cast from here: those with the fewest ingredients still to
    add, all those of a number at a time, as many as a short menu holds; the strongest spell
    first among those with as many ingredients."""
    if s.finished or seat not in rules.to_act(s):
        return []
    if not s.steps:
        books = casting.castable_books(s.sorcerers[seat].hand, s.stacks)
        starts: list[tuple[str, tuple[str, ...]]] = [(book, ()) for book in books]
        return [CompositeCast(book, *spell) for book, spell in _fewest(s, seat, starts, TURN_LIMIT)]
    step = s.steps[0]
    if step.kind != "ingredients" or step.seat != seat:
        return []
    # Casting at a power with nothing to add and nothing to choose is a single step.
    found = _fewest(s, seat, [(step.book, step.ingredients)], PREPARING_LIMIT, single_steps=False)
    return [FinishCast(*spell) for _, spell in found]


def _fewest(
    s: MandragoraState,
    seat: int,
    starts: list[tuple[str, tuple[str, ...]]],
    limit: int,
    *,
    single_steps: bool = True,
) -> list[tuple[str, Spell]]:
    """The ways to finish the spells ``starts`` (spellbook, ingredients chosen so far) with
    the fewest further ingredients, a number of them at a time while they stay within
    ``limit``. Without ``single_steps``, a power chosen with nothing to add and nothing to
    choose is left out."""
    hand = s.sorcerers[seat].hand
    # Each multiset of further ingredients once: cards added in a fixed order.
    frontier: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
        (book, chosen, ()) for book, chosen in starts
    ]
    found: list[tuple[str, Spell]] = []
    while frontier:
        group: list[tuple[str, Spell]] = []
        for book, chosen, added in frontier:
            for power in casting.powers(len(chosen) + len(added), s.stacks):
                spell = s.stacks[power - 1][-1]
                used = [book, *chosen, *added]
                for then in _choices(s, seat, spell, used):
                    if added or then or single_steps:
                        group.append((book, (added, power, then)))
        if len(found) + len(group) > limit:
            break
        found += sorted(group, key=lambda entry: -entry[1][1])
        frontier = [
            (book, chosen, (*added, card))
            for book, chosen, added in frontier
            for card in casting.addable(book, (*chosen, *added), hand, s.stacks)
            if not added or _RANK[card] >= _RANK[added[-1]]
        ]
    return found


def _choices(
    s: MandragoraState, seat: int, spell: str, used: list[str]
) -> list[tuple[Action, ...]]:
    """The choices ``spell`` asks of ``seat`` once cast with the cards ``used``, each
    complete; none when one of them can only be made once the spell is cast."""
    opponents = s.opponents(seat)
    if spell == "transfer" and s.sorcerers[seat].scrolls and len(opponents) > 1:
        return [(Transfer(o),) for o in opponents]
    if spell == "substitution":
        targets = [o for o in opponents if s.sorcerers[o].hand]
        chosen: list[tuple[Action, ...]] = (
            [(Substitute(o),) for o in targets] if len(targets) > 1 else [()]
        )
        left = list(s.sorcerers[seat].hand)
        for card in used:
            left.remove(card)
        # The card drawn is unknown until then: a card handed back is one held already.
        gives = [GiveCard(card) for card in sorted(set(left))]
        if not targets or not gives:
            return chosen
        return [(*target, give) for target in chosen for give in gives]
    if spell == "levitation":
        picks = rules.levitation_choices(s)
        if not picks:
            return [()]
        # A face-up cursed scroll costs its taker: it stays a step of its own (its button
        # says where it goes) rather than fill the menu of whole spells.
        picks = [p for p in picks if isinstance(p, Levitate) and p.card != cards.SCROLL]
        if s.teams and scrolls_unseen(s):
            # A face-down card may be a cursed scroll, and then a trade with the partner
            # follows: a choice that can only be made once the card is seen.
            picks = [p for p in picks if isinstance(p, Levitate) and p.card is not None]
        return [(pick,) for pick in picks]
    return [()]


def scrolls_unseen(s: MandragoraState) -> bool:
    """Whether a cursed scroll may lie face down: in the deck or at a night shop."""
    in_play = cards.cards_in_play(s.players).count(cards.SCROLL)
    banished = s.removed.count(cards.SCROLL) - cards.removed_cards(s.players).count(cards.SCROLL)
    in_front = sum(sorcerer.scrolls for sorcerer in s.sorcerers)
    face_up = sum(
        stock.count(cards.SCROLL) for shop, stock in enumerate(s.shops) if not s.night[shop]
    )
    return in_play > banished + in_front + face_up
