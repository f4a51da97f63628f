"""Supply phase: Golden Lane and Astronomical Clock tokens each round; leftovers leave play."""

from __future__ import annotations

import pytest

from games.magnum_opus import cards
from games.magnum_opus.state import MagnumOpusState
from tests.games.magnum_opus.positions import (
    ENGINE,
    act,
    new_game,
    play_to_end,
    play_to_round,
    started,
)


def _keep_all(s: MagnumOpusState) -> MagnumOpusState:
    for seat in range(s.players):
        s = act(s, seat, f"keep {s.alchemists[seat].dealt[0]}").state
    return s


@pytest.mark.parametrize("players", [3, 4, 5])
def test_supply_draws_two_for_the_lane_then_the_leftmost_revealed_token(players: int) -> None:
    s = new_game(players)
    pool, row = list(s.pool), list(s.lane_row)
    s = _keep_all(s)
    assert s.lane == [pool[-1], pool[-2], row[0]]
    assert s.lane_row == row[1:]


def test_two_alchemists_draw_one_for_the_lane_and_take_one_revealed() -> None:
    s = new_game(2)
    pool, row = list(s.pool), list(s.lane_row)
    s = _keep_all(s)
    assert s.lane == [pool[-1], row[0]]
    assert s.clock == [pool[-2], pool[-3], pool[-4]]
    assert s.lane_row == row[1:]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_supply_draws_three_tokens_for_the_clock(players: int) -> None:
    s = new_game(players)
    pool = list(s.pool)
    s = _keep_all(s)
    assert s.clock == [pool[-3], pool[-4], pool[-5]]
    assert len(s.pool) == len(pool) - 5


def test_revealed_tokens_reach_the_lane_left_to_right_one_a_round() -> None:
    s = started(3)
    row = [s.lane[-1], *s.lane_row]
    seen = [s.lane[-1]]
    for round_number in range(2, 6):
        s = play_to_round(s, round_number)
        seen.append(s.lane[-1])
    assert seen == row


def test_supply_is_told_to_everyone() -> None:
    s = new_game(3)
    for seat in range(2):
        s = act(s, seat, f"keep {s.alchemists[seat].dealt[0]}").state
    log = act(s, 2, f"keep {s.alchemists[2].dealt[0]}").log
    supply = [e for e in log if "**Round 1 of 5.**" in e.text]
    assert len(supply) == 1
    assert supply[0].audience is None
    assert "Golden Lane:" in supply[0].text
    assert "Astronomical Clock:" in supply[0].text


def test_unsold_tokens_leave_play_at_the_end_of_the_round() -> None:
    s = started(3)
    before = list(s.box)
    lane, clock = list(s.lane), list(s.clock)
    s = play_to_round(s, 2)  # nobody buys: the simple player passes
    assert sorted(s.box) == sorted(before + lane + clock)
    assert ENGINE.view(s, None).box == tuple(sorted(s.box, key=cards.ingredients().index))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_last_round_draws_the_last_tokens(players: int) -> None:
    s = play_to_round(started(players), 4 if players == 2 else 5)
    assert s.pool == []
    assert s.lane_row == []
    s = play_to_end(s)
    assert s.finished
