"""The end of the game: three final rounds once the deck is empty, dropping out, the end."""

from __future__ import annotations

import pytest

from games.core import ActionNotAllowed, GameIsOver
from games.mandragora.state import MandragoraState
from tests.games.mandragora.positions import (
    ENGINE,
    act,
    play,
    position,
    put_on_top,
    texts,
)


def _last_card(players: int = 3, current: int = 1) -> MandragoraState:
    """``current`` is about to take the last card of the deck with ``move 1``."""
    return position(players, deck=["yellow"], current=current)


def _final_rounds(players: int = 3) -> MandragoraState:
    """The deck ran out on seat 2's turn; seat 3 starts the final rounds (3 players)."""
    return play(_last_card(players), (1, "move 1"))


def _turns_until_the_end(s: MandragoraState) -> tuple[list[int], MandragoraState]:
    """Every seat that plays ``move 1`` until the game ends, in order."""
    seats = []
    while not s.finished:
        seat = s.current
        seats.append(seat)
        s = play(s, (seat, "move 1"))
    return seats, s


# --------------------------------------------------------------- the countdown
def test_countdown_starts_when_a_turn_ends_with_the_deck_empty() -> None:
    t = act(_last_card(), 1, "move 1")
    s = t.state
    assert s.deck == []
    assert s.countdown is not None
    assert s.countdown_seat == 2
    assert s.current == 2
    assert ENGINE.view(s, None).final_round == 1
    public = [e.text for e in t.log if e.audience is None]
    assert "The deck is empty: three final rounds begin with {p2}." in public


def test_no_countdown_while_the_deck_has_cards() -> None:
    s = play(position(deck=["yellow", "red"]), (0, "move 1"))
    assert s.countdown is None
    assert ENGINE.view(s, None).final_round is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_final_rounds_start_with_the_next_sorcerer(players: int) -> None:
    s = play(_last_card(players, current=0), (0, "move 1"))
    seats, _ = _turns_until_the_end(s)
    assert seats == [(1 + i) % players for i in range(3 * players)]


def test_countdown_marker_counts_the_rounds_down() -> None:
    s = _final_rounds()
    rounds = []
    while not s.finished:
        view = ENGINE.view(s, None)
        rounds.append((view.final_round, view.countdown_seat))
        s = play(s, (s.current, "move 1"))
    assert rounds == [(1, 2)] * 3 + [(2, 2)] * 3 + [(3, 2)] * 3


def test_outcome_is_none_until_the_final_rounds_are_over() -> None:
    s = _final_rounds()
    while not s.finished:
        assert ENGINE.outcome(s) is None
        s = play(s, (s.current, "move 1"))
    assert ENGINE.outcome(s) is not None


def test_nobody_acts_once_the_game_is_over() -> None:
    _, s = _turns_until_the_end(_final_rounds())
    assert ENGINE.to_act(s) == frozenset()
    assert all(ENGINE.legal_actions(s, seat) == [] for seat in range(3))
    with pytest.raises(GameIsOver):
        act(s, s.current, "move 1")


def test_replication_extra_turn_does_not_use_up_a_countdown_turn() -> None:
    s = _final_rounds()
    s.sorcerers[2].hand = ["red-1", "red"]
    put_on_top(s, 1, "replication")
    before = s.countdown
    s = play(s, (2, "cast red-1 red power 1"))
    assert (s.current, s.extra_turn, s.countdown) == (2, True, before)
    seats, _ = _turns_until_the_end(s)
    assert seats == [2, 0, 1, 2, 0, 1, 2, 0, 1]


def test_countdown_starts_after_the_extra_turn_that_emptied_the_deck() -> None:
    s = _last_card(current=1)
    s.sorcerers[1].hand = ["red-1", "red"]
    put_on_top(s, 1, "replication")
    s = play(s, (1, "cast red-1 red power 1"), (1, "move 1"))
    assert (s.current, s.countdown_seat) == (2, 2)
    seats, _ = _turns_until_the_end(s)
    assert seats == [2, 0, 1] * 3


# --------------------------------------------------------------- dropping out
def test_dropping_out_is_allowed_only_during_the_final_rounds() -> None:
    s = position()
    assert "drop out" not in texts(s, 0)
    with pytest.raises(ActionNotAllowed):
        act(s, 0, "drop out")
    assert texts(_final_rounds(), 2)[-1] == "drop out"


def test_dropped_sorcerer_takes_no_more_turns_but_the_rounds_still_count_its_seat() -> None:
    s = play(_final_rounds(), (2, "drop out"))
    assert s.sorcerers[2].dropped
    assert ENGINE.view(s, None).sorcerers[2].dropped
    seats, end = _turns_until_the_end(s)
    assert seats == [0, 1, 0, 1, 0, 1]
    assert end.finished


def test_game_ends_as_soon_as_everyone_has_dropped_out() -> None:
    s = play(_final_rounds(), (2, "drop out"), (0, "drop out"))
    assert not s.finished
    t = act(s, 1, "drop out")
    assert t.state.finished
    assert ENGINE.outcome(t.state) is not None
    assert "The game is over." in [e.text for e in t.log]


def test_last_sorcerer_standing_plays_out_the_final_rounds_alone() -> None:
    s = play(_final_rounds(), (2, "drop out"), (0, "drop out"))
    seats, _ = _turns_until_the_end(s)
    assert seats == [1, 1, 1]
