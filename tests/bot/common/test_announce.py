"""Whom a post of the table pings: whoever the game started waiting on, once per round of
simultaneous play."""

from __future__ import annotations

from bot.common.announce import turn_pings


def seats(*groups: str) -> list[frozenset[int]]:
    """Whom the game waited on at each version, written ``"012"``, ``"12"``, ``""``…"""
    return [frozenset(int(c) for c in group) for group in groups]


def test_turns_of_one_seat_ping_whoever_plays_next() -> None:
    waiting = seats("0", "1", "2", "0")
    assert [turn_pings(waiting, v) for v in range(4)] == seats("0", "1", "2", "0")


def test_a_round_of_picks_pings_each_player_once() -> None:
    # Everyone picks at once, three times over (the last picker of a turn still waited on).
    waiting = seats("012", "12", "2", "012", "01", "1", "012", "02", "0")
    pinged = [turn_pings(waiting, v) for v in range(len(waiting))]
    assert pinged == seats("012", "", "", "", "", "", "", "", "")


def test_a_turn_of_one_seat_ends_the_round_and_the_next_round_pings_again() -> None:
    # A round, then a patron decides alone (twice, the second by another), then a round.
    waiting = seats("012", "12", "2", "0", "1", "012", "02", "2", "012")
    pinged = [turn_pings(waiting, v) for v in range(len(waiting))]
    # The last patron (1) just acted and is not pinged as the new round begins; nobody is
    # pinged again within it.
    assert pinged == seats("012", "", "", "0", "1", "02", "", "", "")


def test_someone_joining_a_round_late_is_pinged_once() -> None:
    # Seat 2 joins a round of 0 and 1 only after they began; 0 comes back to it later.
    waiting = seats("01", "1", "12", "012", "01")
    pinged = [turn_pings(waiting, v) for v in range(len(waiting))]
    assert pinged == seats("01", "", "2", "", "")
