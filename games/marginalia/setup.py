"""Setting up a game of Marginalia."""

from __future__ import annotations

from games.core import SeededRng, seed_state
from games.marginalia import cards
from games.marginalia.cards import DECK_SIZE
from games.marginalia.effects import Ctx
from games.marginalia.flow import start_turn
from games.marginalia.state import START_HEALTH, MarginaliaState, Side


def new_state(seed: int) -> MarginaliaState:
    """The pool shuffled, 35 cards dealt to each player as their deck, the rest set aside,
    20 health each, a random first player, whose first turn begins (they draw 5)."""
    rng = SeededRng(seed_state(seed))
    shuffled = list(cards.pool())
    rng.shuffle(shuffled)
    first = rng.below(2)
    s = MarginaliaState(
        rng=rng.state,
        first=first,
        sides=[
            Side(START_HEALTH, shuffled[:DECK_SIZE]),
            Side(START_HEALTH, shuffled[DECK_SIZE : 2 * DECK_SIZE]),
        ],
        set_aside=shuffled[2 * DECK_SIZE :],
        active=first,
    )
    start_turn(s, Ctx(), first)
    return s
