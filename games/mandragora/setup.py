"""Setting up a Mandragora table."""

from __future__ import annotations

from games.core import SeededRng, seed_state
from games.mandragora import cards
from games.mandragora.state import NIGHT_SHOPS, SHOPS, MandragoraState, Sorcerer


def new_state(players: int, seed: int, teams: bool) -> MandragoraState:
    """Shops in a random circle, shuffled spell stacks and deck, a mandrake each, shops stocked."""
    rng = SeededRng(seed_state(seed))
    tiles = [False] * (SHOPS - 1 - NIGHT_SHOPS) + [True] * NIGHT_SHOPS
    rng.shuffle(tiles)
    night = [False, *tiles]  # the starting tile is a day shop and stands first
    stacks = []
    for stack in cards.spell_stacks():
        shuffled = list(stack)
        rng.shuffle(shuffled)
        stacks.append(shuffled)
    deck = list(cards.cards_in_play(players))
    for _ in range(players):
        deck.remove(cards.MANDRAKE)
    rng.shuffle(deck)
    shops: list[list[str]] = [[] for _ in range(SHOPS)]
    for shop in range(1, SHOPS):
        shops[shop].append(deck.pop())
    return MandragoraState(
        players=players,
        teams=teams,
        rng=rng.state,
        night=night,
        shops=shops,
        assistant=0,
        deck=deck,
        stacks=stacks,
        sorcerers=[Sorcerer(hand=[cards.MANDRAKE]) for _ in range(players)],
        removed=list(cards.removed_cards(players)),
    )
