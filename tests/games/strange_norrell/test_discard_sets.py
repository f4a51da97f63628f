"""The discards down to the hand limit in one pick: every set of cards that brings the hand to
five, each the same as discarding its cards one by one in the order of the hand."""

from __future__ import annotations

from itertools import combinations
from math import comb

from bot.tables.choices import panel_choices
from games.core import LogEntry
from games.strange_norrell.actions import Composite, Discard
from games.strange_norrell.state import StrangeNorrellState
from tests.games.strange_norrell.positions import ENGINE, in_phase, play, position, texts

HAND = ["york-wind", "york-birds", "york-rain-2", "york-stones-3", "lincoln-rain-2"]


def _over(kept: int) -> StrangeNorrellState:
    """The end of a turn with ``kept`` cards in hand before the star's three invitations."""
    s = position(3, hands=[HAND[:kept], [], []], card="star")
    s = play(in_phase(s, "visits"), (0, "end"))
    assert len(set(s.magicians[0].hand)) == len(s.magicians[0].hand)
    return s


def test_two_or_more_over_the_limit_every_set_of_cards_is_one_whole_move() -> None:
    for kept, over in [(4, 2), (5, 3)]:
        s = _over(kept)
        hand = s.magicians[0].hand
        assert len(hand) - 5 == over
        moves = ENGINE.whole_moves(s, 0)
        sets = [tuple(d.card for d in m.decisions if isinstance(d, Discard)) for m in moves]
        assert sets == list(combinations(sorted(hand), over))
        assert len(moves) == comb(len(hand), over)  # 56 for three of eight: none left out


def test_a_set_discarded_at_once_is_the_same_as_one_card_after_another() -> None:
    s = _over(5)
    for move in ENGINE.whole_moves(s, 0):
        assert isinstance(move, Composite)
        at_once = ENGINE.apply(s, 0, move)
        state, log = s, list[LogEntry]()
        for decision in move.decisions:
            transition = ENGINE.apply(state, 0, decision)
            state, log = transition.state, [*log, *transition.log]
        assert at_once.state == state
        assert list(at_once.log) == log
        assert not ENGINE.deciding(at_once.state, 0)
        assert len(at_once.state.magicians[0].hand) == 5


def test_one_card_over_is_a_single_step_and_no_set_is_offered() -> None:
    s = _over(3)
    assert len(s.magicians[0].hand) == 6
    assert ENGINE.whole_moves(s, 0) == []
    assert all(t.startswith("discard ") for t in texts(s, 0))


def test_the_panel_offers_the_sets_as_cards_picked_together() -> None:
    s = _over(5)
    panel = panel_choices(ENGINE, s, 0, cards=False)
    assert panel.several is not None
    assert panel.several.count == 3
    legal = ENGINE.legal_actions(s, 0)
    moves = ENGINE.whole_moves(s, 0)
    by_card = {a.card: i for i, a in enumerate(legal) if isinstance(a, Discard)}
    for picked in combinations(sorted(s.magicians[0].hand), 3):
        index = panel.several.move_for([by_card[c] for c in reversed(picked)])
        assert index is not None
        assert moves[index] == Composite(tuple(Discard(c) for c in picked))
    first = [by_card[c] for c in sorted(s.magicians[0].hand)[:3]]
    assert panel.several.move_for(first[:2]) is None
    assert panel.several.move_for([first[0], first[0], first[1]]) is None
