"""Background loops that cannot die (``bot/wiring/loops.py``), on their own: a pass that fails is
logged once with an error id and tried again after a capped backoff, the loop re-arms its
wake-up whatever happened, and a loop that owes a pass for too long says so for
``/healthz``. Backoffs here are milliseconds; nothing asserts how long anything took."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from datetime import timedelta

import pytest

from bot.common.refusals import Refusal, TableBusy
from bot.wiring.loops import Loop, Loops, Supervisor, in_background, transient
from storage import GameBusy, GameNotFound

log = logging.getLogger("tests.loops")
TINY = timedelta(milliseconds=1)


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def quick(name: str = "test", **options: object) -> Supervisor:
    """A supervisor whose backoffs are a millisecond or two."""
    return Supervisor(
        name,
        log,
        first=TINY,
        longest_transient=2 * TINY,
        longest_unexpected=2 * TINY,
        **options,  # type: ignore[arg-type]
    )


def records(caplog: pytest.LogCaptureFixture, level: int) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == log.name and r.levelno == level]


async def until(condition: object, *, tries: int = 2000) -> None:
    """Let the loop run until ``condition()`` holds (a generous number of turns)."""
    for _ in range(tries):
        if condition():  # type: ignore[operator]
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the loop never got there")


# ------------------------------------------------------------------ what may pass by itself
@pytest.mark.parametrize(
    "error",
    [
        sqlite3.OperationalError("database is locked"),
        ConnectionResetError(104, "Connection reset by peer"),
        TimeoutError(),
        GameBusy(3),
        TableBusy("Game #3 is busy."),
    ],
    ids=["sqlite locked", "reset", "timeout", "game busy", "table busy"],
)
def test_failures_that_pass_by_themselves_are_transient(error: BaseException) -> None:
    assert transient(error)


@pytest.mark.parametrize(
    "error",
    [Refusal("The game is over."), GameNotFound(3), ValueError("a bug"), FileNotFoundError()],
    ids=["refusal", "game gone", "bug", "missing file"],
)
def test_refusals_and_bugs_are_not_transient(error: BaseException) -> None:
    assert not transient(error)


# ------------------------------------------------------------------ logging and backoff
def test_a_run_of_failures_is_logged_once_with_an_error_id_and_its_end_too(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, logger=log.name)
    supervisor = Supervisor("timers", log)
    locked = sqlite3.OperationalError("database is locked")
    delays = [supervisor.failed(locked) for _ in range(6)]
    assert delays == [5, 10, 20, 30, 30, 30]  # doubling, capped for what passes by itself

    (error,) = records(caplog, logging.ERROR)
    assert error.exc_info is not None
    assert error.exc_info[1] is locked
    error_id = getattr(error, "error_id", None)
    assert isinstance(error_id, str)
    assert error_id
    assert "timers loop failed" in error.getMessage()
    assert len(records(caplog, logging.DEBUG)) == 5  # the others, quietly

    supervisor.succeeded()
    (back,) = records(caplog, logging.WARNING)
    assert back.getMessage() == (
        f"The timers loop works again after 6 failed attempts (error {error_id})."
    )
    supervisor.succeeded()  # a pass that works after one that worked says nothing
    assert len(records(caplog, logging.WARNING)) == 1


def test_a_new_kind_of_failure_is_logged_anew_and_a_bug_backs_off_longer(
    caplog: pytest.LogCaptureFixture,
) -> None:
    supervisor = Supervisor("outbox", log)
    supervisor.failed(sqlite3.OperationalError("database is locked"))
    delays = [supervisor.failed(KeyError("a bug")) for _ in range(8)]
    assert delays == [10, 20, 40, 80, 160, 300, 300, 300]  # the backoff goes on, capped higher
    first, second = records(caplog, logging.ERROR)
    assert getattr(first, "error_id", None) != getattr(second, "error_id", None)


# ------------------------------------------------------------------ a loop
async def test_a_loop_that_fails_is_tried_again_until_it_works(
    caplog: pytest.LogCaptureFixture,
) -> None:
    passes: list[str] = []
    outage = 4

    async def run_pass() -> float | None:
        if len(passes) < outage:
            passes.append("failed")
            raise ConnectionRefusedError(111, "Connection refused")
        passes.append("done")
        return None

    loop = Loop(quick(), run_pass, longest=1.0, task_name="test-loop")
    loop.kick()
    try:
        await until(lambda: "done" in passes)
    finally:
        loop.stop()
    assert passes == ["failed"] * outage + ["done"]
    assert len(records(caplog, logging.ERROR)) == 1
    assert len(records(caplog, logging.WARNING)) == 1  # it works again


async def test_a_loop_rearms_its_wake_up_and_stop_ends_it() -> None:
    passes = 0

    async def run_pass() -> float:
        nonlocal passes
        passes += 1
        if passes == 2:
            raise RuntimeError("a bug in one pass")
        return 0.001  # look again very soon

    loop = Loop(quick(), run_pass, longest=1.0, task_name="test-loop")
    loop.kick()
    await until(lambda: passes >= 5)  # a bug in the second pass did not end it
    loop.stop()
    await loop.idle()
    stopped_at = passes
    loop.kick()  # nothing wakes a stopped loop
    for _ in range(20):
        await asyncio.sleep(0.001)
    assert passes == stopped_at


async def test_a_kick_while_a_pass_runs_makes_it_run_once_more() -> None:
    started = asyncio.Event()
    release = asyncio.Event()
    passes = 0

    async def run_pass() -> None:
        nonlocal passes
        passes += 1
        started.set()
        await release.wait()

    loop = Loop(quick(), run_pass, longest=1.0, task_name="test-loop")
    loop.kick()
    await started.wait()
    loop.kick()
    loop.kick()
    release.set()
    await loop.idle()
    loop.stop()
    assert passes == 2


async def test_cancelling_a_loop_is_not_taken_for_a_failure(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def run_pass() -> None:
        await asyncio.Event().wait()

    loop = Loop(quick(), run_pass, longest=1.0, task_name="test-loop")
    loop.kick()
    await asyncio.sleep(0)
    loop.stop()
    await loop.idle()
    assert records(caplog, logging.ERROR) == []


# ------------------------------------------------------------------ one-off work
async def test_one_off_work_is_retried_while_its_failure_may_pass() -> None:
    tries = 0

    async def rate() -> str:
        nonlocal tries
        tries += 1
        if tries < 5:
            raise sqlite3.OperationalError("database is locked")
        return "rated"

    assert await quick().run(rate, key="game 1", attempts=2) == "rated"
    assert tries == 5  # transient failures never count against the attempts


async def test_one_off_work_failing_by_a_bug_is_given_up_after_its_attempts(
    caplog: pytest.LogCaptureFixture,
) -> None:
    tries = 0
    supervisor = quick("tournaments")

    async def broken() -> None:
        nonlocal tries
        tries += 1
        raise KeyError("a bug")

    await in_background(supervisor, broken, attempts=3)
    assert tries == 3
    assert len(records(caplog, logging.ERROR)) == 1
    (given_up,) = records(caplog, logging.WARNING)
    assert "gives up" in given_up.getMessage()
    assert supervisor.problem() is None  # given up, it owes nothing


# ------------------------------------------------------------------ health
def test_a_loop_owing_a_pass_for_too_long_is_named_until_it_completes_one() -> None:
    clock = Clock()
    timers = Supervisor("timers", log, allowed=300, clock=clock)
    outbox = Supervisor("outbox", log, allowed=600, clock=clock)
    loops = Loops()
    loops.watch(timers, outbox)
    timers.owe(since=clock.now + 60)  # its next wake-up
    clock.now += 300
    assert loops.problem() is None  # due for 240 s, within what a pass may take
    timers.owe()  # it woke up, and its pass fails
    timers.failed(ConnectionRefusedError(111, "Connection refused"))
    clock.now += 100
    assert timers.stalled_for() == pytest.approx(340)  # since it was due to wake
    assert loops.problem() == "the timers loop has not completed a pass for 340 s"
    timers.succeeded()
    assert loops.problem() is None


def test_pieces_of_work_side_by_side_are_watched_apart() -> None:
    clock = Clock()
    ai = Supervisor("AI seats", log, allowed=300, clock=clock)
    ai.owe(key=1)
    clock.now += 200
    ai.owe(key=2)
    ai.succeeded(key=1)
    clock.now += 200
    assert ai.problem() is None  # game 2 has owed its turn for 200 s only
    clock.now += 200
    assert ai.problem() == "the AI seats loop has not completed a pass for 400 s"
    ai.forget(key=2)  # its task ended
    assert ai.problem() is None


def test_background_supervisors_are_made_once_per_name() -> None:
    loops = Loops()
    first = loops.supervisor("ratings", log)
    assert loops.supervisor("ratings", log) is first
    assert loops.supervisor("tournaments", log) is not first
