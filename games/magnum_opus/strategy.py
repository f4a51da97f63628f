"""A sensible beginner's rules of thumb, for the AI (``Engine.policy``): draft the cards that
show the ingredients the kept Magnum Opus card and the Prime Ingredients call for, and buy
those ingredients when patronage allows; every other decision is left to the AI's own look
ahead."""

from __future__ import annotations

import random
from collections import Counter

from games.magnum_opus import cards
from games.magnum_opus.actions import Action, BuyAtClock, BuyInLane, Pick
from games.magnum_opus.rules import legal_actions
from games.magnum_opus.state import Alchemist, MagnumOpusState

#: What a card is worth to a draft. Only the sole majority of a Character is its beneficiary,
#: so a card that makes one is worth most, one that adds to a majority already held little;
#: then what it lets the beneficiary buy: an ingredient wanted and on sale at the Clock this
#: round, or in the Golden Lane for a Character whose Favor buys there.
TAKES_MAJORITY, REDUNDANT = 1.5, -0.5
ON_SALE, LANE = 1.0, 0.5


def wanted(s: MagnumOpusState, alchemist: Alchemist) -> Counter[str]:
    """Ingredients ``alchemist`` still wants, how many of each: both formulas of the kept
    card, then the Prime Ingredients, less the tokens already bought."""
    want: Counter[str] = Counter()
    if alchemist.opus:
        for formula in cards.opus_cards()[alchemist.opus].formulas:
            want.update(formula)
    first, second = cards.prime_cards()[s.prime].pair
    want.update({first: 1, second: 1})
    want.subtract(Counter(alchemist.ingredients))
    return +want


def _pick_worth(
    s: MagnumOpusState, alchemist: Alchemist, want: Counter[str], numeral: int
) -> float:
    """What drafting Character ``numeral`` from the pack in hand is worth, by the cards face
    up in front of everyone."""
    mine = sum(1 for card in alchemist.front if card[0] == numeral)
    theirs = max(
        sum(1 for card in other.front if card[0] == numeral)
        for other in s.alchemists
        if other is not alchemist
    )
    worth = 0.0
    if mine <= theirs < mine + 1:
        worth += TAKES_MAJORITY
    elif mine > theirs:
        worth += REDUNDANT
    ingredient = cards.shown((numeral, alchemist.held))
    if ingredient is not None and want[ingredient] and ingredient in s.clock:
        worth += ON_SALE
    elif cards.characters()[numeral].favor == "lane" and any(want[k] for k in s.lane):
        worth += LANE
    return worth


def policy(s: MagnumOpusState, seat: int, rng: random.Random) -> Action | None:
    """A card to draft or an ingredient to buy; ``None`` for every other decision."""
    legal = legal_actions(s, seat)
    if not legal:
        return None
    alchemist = s.alchemists[seat]
    want = wanted(s, alchemist)
    if isinstance(legal[0], Pick):
        picks = [p for p in legal if isinstance(p, Pick)]
        best = max(_pick_worth(s, alchemist, want, p.numeral) for p in picks)
        return rng.choice([p for p in picks if _pick_worth(s, alchemist, want, p.numeral) == best])
    buys = [a for a in legal if isinstance(a, BuyAtClock | BuyInLane) and want[a.ingredient]]
    if buys:
        return max(buys, key=lambda a: want[a.ingredient])
    return None
