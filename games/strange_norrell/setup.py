"""Setting up the table."""

from __future__ import annotations

from games.core import LogEntry, SeededRng, seed_state
from games.strange_norrell import cards, decks, years
from games.strange_norrell.state import Difficulty, FeatInPlay, Magician, StrangeNorrellState

STARTING_INVITATIONS = 2
STARTING_INTRODUCTIONS = 2
STARTING_FEATS = 3


def new_state(players: int, seed: int, difficulty: Difficulty) -> StrangeNorrellState:
    """Seven shuffled decks; three books, four feats and two named connexions face up; a
    magician board each, dealt at random; prestige discs stacked in random order; two
    invitations, two introductions and three feats each; then the first year's preparation."""
    rng = SeededRng(seed_state(seed))

    def shuffled(codes: tuple[str, ...]) -> list[str]:
        deck = list(codes)
        rng.shuffle(deck)
        return deck

    boards = shuffled(tuple(cards.magicians()))[:players]
    order = shuffled(tuple(str(seat) for seat in range(players)))
    s = StrangeNorrellState(
        players=players,
        difficulty=difficulty,
        rng=0,
        year=cards.board().first_year,
        fairy=cards.board().fairy.starts[difficulty],
        marseilles=shuffled(tuple(cards.marseilles())),
        revealed=[],
        invitations=shuffled(cards.invitation_deck()),
        invitation_discard=[],
        introductions=shuffled(cards.introduction_deck()),
        introduction_discard=[],
        books=shuffled(tuple(cards.books())),
        book_discard=[],
        book_offer=[],
        feats=shuffled(tuple(cards.feats())),
        feat_offer=[],
        connexions=shuffled(tuple(cards.connexions())),
        connexion_offer=[],
        spells=shuffled(cards.spell_deck()),
        spell_discard=[],
        magicians=[],
        order=[int(seat) for seat in order],
    )
    s.rng = rng.state
    decks.refill_books(s)
    decks.refill_feats(s)
    decks.refill_connexions(s)
    for board in boards:
        hand = [s.invitations.pop() for _ in range(STARTING_INVITATIONS)]
        hand += [s.introductions.pop() for _ in range(STARTING_INTRODUCTIONS)]
        feats = [FeatInPlay(s.feats.pop()) for _ in range(STARTING_FEATS)]
        s.magicians.append(Magician(board=board, hand=sorted(hand), spells=[], feats=feats))
    log: list[LogEntry] = []
    years.prepare_year(s, log, first=True)
    return s
