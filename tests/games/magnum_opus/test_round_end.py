"""Round end: tokens cleared, packs rebuilt and handed back, the Ouroboros passed left with a
new pack under it; the game ends after the fifth round (fourth with two)."""

from __future__ import annotations

import pytest

from games.magnum_opus import cards
from games.magnum_opus.state import MagnumOpusState
from tests.games.magnum_opus.positions import (
    ENGINE,
    decide_simply,
    patronage_table,
    play_to_end,
    started,
)


def test_round_end_clears_the_boards_rebuilds_packs_and_passes_the_ouroboros_left() -> None:
    s, _ = patronage_table(3, fronts=[["marie"], ["kunhuta"], []], silver=[0, 0, 0], calling=7)
    assert s.round == 2, "nobody could buy, so the round ended at once"
    assert s.keeper == 1, "the Ouroboros passes to the left of seat 1"
    assert all(a.front == [] for a in s.alchemists)
    assert [a.held for a in s.alchemists] == s.home, "each alchemist gets their own pack back"
    for pack in (*s.home, s.spare):
        assert s.packs[pack] == list(cards.NUMERALS)
    assert s.discarded == []
    assert s.phase == "pick"
    assert (len(s.lane), len(s.clock)) == (3, 3), "the next Supply phase has happened"


def test_the_new_keeper_places_the_undistributed_pack_under_the_ouroboros() -> None:
    s, _ = patronage_table(3, fronts=[["marie"], [], []], silver=[0, 0, 0], calling=7)
    assert s.under == s.spare
    assert s.under not in [a.held for a in s.alchemists]


def test_the_ouroboros_goes_round_the_table() -> None:
    s = started(3)
    keepers = []
    while not s.finished:
        keepers.append(s.keeper)
        s = _next_round(s)
    assert keepers == [0, 1, 2, 0, 1]


@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 5), (5, 5)])
def test_the_game_ends_after_the_last_round(players: int, rounds: int) -> None:
    s = play_to_end(started(players))
    assert s.round == rounds
    assert s.finished
    assert ENGINE.to_act(s) == frozenset()
    assert ENGINE.outcome(s) is not None


def test_outcome_is_none_until_the_game_is_over() -> None:
    s = started(3)
    assert ENGINE.outcome(s) is None
    s = _next_round(s)
    assert ENGINE.outcome(s) is None


def _next_round(s: MagnumOpusState) -> MagnumOpusState:
    start = s.round
    while s.round == start and not s.finished:
        s = decide_simply(s, min(ENGINE.to_act(s)))
    return s
