"""Setting up a Magnum Opus table."""

from __future__ import annotations

from games.core import SeededRng, seed_state
from games.magnum_opus import cards
from games.magnum_opus.state import STARTING_SILVER, Alchemist, MagnumOpusState

FULL_PACK = list(cards.NUMERALS)


def rounds_for(players: int) -> int:
    """Five rounds, four with two alchemists."""
    return 4 if players == 2 else 5


def lane_row_size(players: int) -> int:
    """Tokens revealed on the Golden Lane at setup: five, four with two alchemists."""
    return 4 if players == 2 else 5


def new_state(players: int, seed: int, keeper: int) -> MagnumOpusState:
    """Tokens shuffled face down, the Golden Lane row revealed, one Prime Ingredient card,
    two Magnum Opus cards each, a pack and 3 silver each, the Ouroboros with a spare pack."""
    rng = SeededRng(seed_state(seed))
    pool = list(cards.token_supply(players))
    rng.shuffle(pool)
    lane_row = [pool.pop() for _ in range(lane_row_size(players))]
    primes = list(cards.prime_cards())
    prime = primes[rng.below(len(primes))]
    opus = list(cards.opus_cards())
    rng.shuffle(opus)
    order = list(range(cards.PACKS))
    rng.shuffle(order)
    home, spare = order[:players], order[players]
    packs: list[list[int]] = [[] for _ in range(cards.PACKS)]
    for pack in (*home, spare):
        packs[pack] = list(FULL_PACK)
    alchemists = [
        Alchemist(STARTING_SILVER, (opus[2 * seat], opus[2 * seat + 1]), home[seat])
        for seat in range(players)
    ]
    return MagnumOpusState(
        players=players,
        rounds=rounds_for(players),
        rng=rng.state,
        prime=prime,
        pool=pool,
        lane_row=lane_row,
        box=list(cards.tokens_left_in_box(players)),
        home=home,
        spare=spare,
        alchemists=alchemists,
        packs=packs,
        keeper=keeper,
        under=spare,
    )
