"""The throttle: at most ``limit`` interactions per member in any ``window`` seconds."""

from __future__ import annotations

import time

import pytest

from bot.wiring.throttle import Throttle


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(time, "monotonic", fake)
    return fake


def test_the_limit_lets_through_then_stops(clock: Clock) -> None:
    throttle = Throttle(limit=3, window=10.0)
    assert [throttle.wait_for(1) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert throttle.wait_for(1) == pytest.approx(10.0)
    clock.now += 4
    assert throttle.wait_for(1) == pytest.approx(6.0)


def test_members_are_counted_apart(clock: Clock) -> None:
    throttle = Throttle(limit=2, window=10.0)
    assert throttle.wait_for(1) == 0.0
    assert throttle.wait_for(1) == 0.0
    assert throttle.wait_for(1) > 0
    assert throttle.wait_for(2) == 0.0
    assert throttle.wait_for(2) == 0.0
    assert throttle.wait_for(2) > 0


def test_the_window_slides(clock: Clock) -> None:
    throttle = Throttle(limit=2, window=10.0)
    assert throttle.wait_for(1) == 0.0  # t = 1000
    clock.now += 6
    assert throttle.wait_for(1) == 0.0  # t = 1006
    clock.now += 3.5
    assert throttle.wait_for(1) == pytest.approx(0.5)  # until the first leaves the window
    clock.now += 0.5
    assert throttle.wait_for(1) == 0.0  # t = 1010: the first is exactly a window old
    assert throttle.wait_for(1) == pytest.approx(6.0)  # the one at 1006 leaves at 1016


def test_refused_attempts_are_not_counted(clock: Clock) -> None:
    throttle = Throttle(limit=1, window=10.0)
    assert throttle.wait_for(1) == 0.0
    for _ in range(5):
        clock.now += 1
        assert throttle.wait_for(1) > 0
    clock.now += 5  # ten seconds after the one let through
    assert throttle.wait_for(1) == 0.0


def test_the_default_is_fifteen_in_ten_seconds(clock: Clock) -> None:
    throttle = Throttle()
    assert all(throttle.wait_for(9) == 0.0 for _ in range(15))
    clock.now += 2.5
    assert throttle.wait_for(9) == pytest.approx(7.5)
    clock.now += 7.5
    assert throttle.wait_for(9) == 0.0


def test_quiet_members_are_forgotten(clock: Clock) -> None:
    throttle = Throttle(limit=1, window=10.0)
    for user in range(10_001):
        throttle.wait_for(user)
    assert throttle.wait_for(0) > 0  # still remembered within the window
    clock.now += 10
    assert throttle.wait_for(20_000) == 0.0
    assert list(throttle._seen) == [20_000]
    assert throttle.wait_for(0) == 0.0


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0.2, "1 s"), (1.4, "1 s"), (6.0, "6 s"), (9.6, "10 s")],
)
def test_the_message(seconds: float, text: str) -> None:
    assert Throttle.message(seconds) == f"You're going a little fast: try again in {text}."
