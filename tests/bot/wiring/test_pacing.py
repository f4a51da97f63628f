"""The pacer on a fake clock: the rate holds, urgent calls go first, a burst goes out in
order, a stale edit is dropped and its caller gets the newer edit's result."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.ops.metrics import DISCORD_EDITS_DROPPED, DISCORD_REQUESTS_PACED
from bot.wiring.pacing import (
    EditKey,
    LocalBucket,
    Pacer,
    Priority,
    StaleEditLost,
    current_priority,
    paced,
)
from storage import BudgetGrant
from tests.bot.wiring.fake_time import FakeTime

Sent = list[tuple[float, str]]


def _pacer(time: FakeTime, *, rate: float = 10.0, burst: int = 5) -> Pacer:
    bucket = LocalBucket(rate, burst=burst, clock=time.clock)
    return Pacer(bucket, rate=rate, clock=time.clock, sleep=time.sleep)


def _sender(time: FakeTime, sent: Sent, name: str) -> Callable[[], Awaitable[str]]:
    async def send() -> str:
        sent.append((time.now, name))
        return f"{name} done"

    return send


def _most_in_a_second(times: list[float]) -> int:
    return max(sum(1 for t in times if start <= t < start + 1.0) for start in times)


async def test_the_rate_holds_after_the_burst() -> None:
    time, sent = FakeTime(), Sent()
    pacer = _pacer(time, rate=10.0, burst=5)
    await time.run(pacer.call(_sender(time, sent, f"post {n}")) for n in range(100))
    times = [at for at, _ in sent]
    assert len(times) == 100
    assert _most_in_a_second(times) <= 10 + 5  # the rate, and the burst once
    assert max(times) >= (100 - 5) / 10.0  # nothing went early
    assert max(times) <= (100 - 5) / 10.0 + 1.0  # nor was held back for long
    assert pacer.waiting == 0


async def test_a_burst_goes_out_at_once_in_order_of_arrival() -> None:
    time, sent = FakeTime(), Sent()
    pacer = _pacer(time, burst=5)
    await time.run(pacer.call(_sender(time, sent, f"post {n}")) for n in range(5))
    assert sent == [(0.0, f"post {n}") for n in range(5)]


async def test_normal_calls_overtake_cosmetic_ones_waiting() -> None:
    time, sent = FakeTime(), Sent()
    pacer = _pacer(time, rate=10.0, burst=1)

    async def edit(n: int) -> str:
        with paced(Priority.COSMETIC):
            return await pacer.call(_sender(time, sent, f"edit {n}"))

    async def post(n: int) -> str:
        await time.sleep(0.01)  # arrives after the edits queued
        return await pacer.call(_sender(time, sent, f"post {n}"))

    await time.run([*(edit(n) for n in range(4)), *(post(n) for n in range(3))])
    order = [name for _, name in sent]
    # The first edit took the one token there was; every post then went before the others.
    assert order == ["edit 0", "post 0", "post 1", "post 2", "edit 1", "edit 2", "edit 3"]


async def test_a_stale_edit_is_dropped_and_its_caller_gets_the_newer_result() -> None:
    time, sent = FakeTime(), Sent()
    pacer = _pacer(time, rate=10.0, burst=1)
    message = "/channels/1/messages/2"
    dropped = DISCORD_EDITS_DROPPED._value.get()

    async def edit(n: int, fields: frozenset[str]) -> str:
        await time.sleep(0.001 * n)
        key = EditKey(message, fields)
        return await pacer.call(_sender(time, sent, f"edit {n}"), edit=key)

    both = frozenset({"content", "embeds"})
    results = await time.run(
        [
            pacer.call(_sender(time, sent, "post")),  # takes the only token
            edit(1, both),
            edit(2, frozenset({"content"})),  # sets less than edit 1: both go
            edit(3, both),  # sets all that edits 1 and 2 set: they are dropped
        ]
    )
    assert [name for _, name in sent] == ["post", "edit 3"]
    assert results == ["post done", "edit 3 done", "edit 3 done", "edit 3 done"]
    assert DISCORD_EDITS_DROPPED._value.get() == dropped + 2
    assert sent[1][0] == pytest.approx(0.1)  # in the first edit's place: the next token


async def test_an_edit_of_another_message_is_not_dropped() -> None:
    time, sent = FakeTime(), Sent()
    pacer = _pacer(time, rate=10.0, burst=1)
    fields = frozenset({"content"})
    await time.run(
        [
            pacer.call(_sender(time, sent, "post")),
            pacer.call(_sender(time, sent, "a"), edit=EditKey("/channels/1/messages/2", fields)),
            pacer.call(_sender(time, sent, "b"), edit=EditKey("/channels/1/messages/3", fields)),
            pacer.call(_sender(time, sent, "c"), edit=EditKey("/channels/1/messages/4", None)),
        ]
    )
    assert [name for _, name in sent] == ["post", "a", "b", "c"]


async def test_a_dropped_edit_whose_newer_edit_is_cancelled_says_so() -> None:
    time, sent = FakeTime(), Sent()
    pacer = _pacer(time, rate=10.0, burst=1)
    key = EditKey("/channels/1/messages/2", frozenset({"content"}))

    async def newer_then_cancelled() -> None:
        await time.sleep(0.001)
        task = asyncio.ensure_future(pacer.call(_sender(time, sent, "newer"), edit=key))
        await time.sleep(0.01)
        task.cancel()

    results = await time.run(
        [
            pacer.call(_sender(time, sent, "post")),
            pacer.call(_sender(time, sent, "older"), edit=key),
            newer_then_cancelled(),
        ]
    )
    assert isinstance(results[1], StaleEditLost)
    assert [name for _, name in sent] == ["post"]
    assert pacer.waiting == 0


async def test_a_failed_call_raises_to_its_caller_and_frees_its_place() -> None:
    time = FakeTime()
    pacer = _pacer(time, burst=1)

    async def failing() -> str:
        raise RuntimeError("Discord said no")

    sent: Sent = []
    results = await time.run([pacer.call(failing), pacer.call(_sender(time, sent, "next"))])
    assert isinstance(results[0], RuntimeError)
    assert results[1] == "next done"


async def test_calls_are_counted_by_priority() -> None:
    time = FakeTime()
    pacer = _pacer(time)
    before = DISCORD_REQUESTS_PACED.labels("cosmetic")._value.get()

    async def cosmetic() -> Any:
        with paced(Priority.COSMETIC):
            assert current_priority() is Priority.COSMETIC
            return await pacer.call(_sender(time, [], "edit"))

    await time.run([cosmetic()])
    assert DISCORD_REQUESTS_PACED.labels("cosmetic")._value.get() == before + 1
    assert current_priority() is Priority.NORMAL  # the block's priority ended with it


class _TwoAtATime:
    """A source that always hands out two tokens (a lease of a batch) and counts leases."""

    def __init__(self) -> None:
        self.leases = 0

    async def take(self, wanted: int) -> BudgetGrant:
        self.leases += 1
        return BudgetGrant(2, 0.0)


@pytest.mark.parametrize(("later", "leases"), [(0.3, 1), (0.6, 2)])
async def test_tokens_held_are_used_within_half_a_second_or_thrown_away(
    later: float, leases: int
) -> None:
    time, source = FakeTime(), _TwoAtATime()
    pacer = Pacer(source, rate=10.0, clock=time.clock, sleep=time.sleep, hold=0.5)

    async def second() -> str:
        await time.sleep(later)
        return await pacer.call(_sender(time, [], "second"))

    await time.run([pacer.call(_sender(time, [], "first")), second()])
    assert source.leases == leases


async def test_the_local_bucket_refills_at_its_rate_up_to_its_burst() -> None:
    time = FakeTime()
    bucket = LocalBucket(4.0, burst=3, clock=time.clock)
    assert (await bucket.take(5)).granted == 3
    grant = await bucket.take(2)
    assert grant.granted == 0
    assert grant.wait == pytest.approx(0.5)
    time.now += 0.5
    assert (await bucket.take(5)).granted == 2
    time.now += 100
    assert (await bucket.take(5)).granted == 3


def test_a_bucket_needs_a_positive_rate() -> None:
    with pytest.raises(ValueError, match="positive rate"):
        LocalBucket(0.0, clock=lambda: 0.0)


async def test_a_newer_edit_stays_behind_an_older_one_it_does_not_overwrite() -> None:
    time, sent = FakeTime(), Sent()
    pacer = _pacer(time, rate=10.0, burst=1)
    message = "/channels/1/messages/2"

    async def edit(n: int, fields: set[str], priority: Priority) -> str:
        await time.sleep(0.001 * n)
        with paced(priority):
            key = EditKey(message, frozenset(fields))
            return await pacer.call(_sender(time, sent, f"edit {n}"), edit=key)

    await time.run(
        [
            pacer.call(_sender(time, sent, "post")),
            edit(1, {"content"}, Priority.COSMETIC),
            edit(2, {"content", "embeds"}, Priority.COSMETIC),
            edit(3, {"content"}, Priority.NORMAL),  # overwrites edit 1, not edit 2
        ]
    )
    # Edit 1 is dropped; edit 3, though more urgent, still goes after edit 2.
    assert [name for _, name in sent] == ["post", "edit 2", "edit 3"]


@pytest.mark.parametrize("seed", range(8))
async def test_on_a_busy_machine_no_call_goes_before_a_more_urgent_one_or_an_older_edit(
    seed: int,
) -> None:
    # A busy machine wakes sleepers late, each by its own delay: a cosmetic edit may look
    # again before the posts ahead of it do, with tokens enough for all of them at hand.
    time, sent, late = FakeTime(), Sent(), random.Random(seed)

    async def busy_sleep(seconds: float) -> None:
        await time.sleep(seconds + late.uniform(0.0, 0.3))

    source = LocalBucket(40.0, burst=8, clock=time.clock)
    pacer = Pacer(source, rate=40.0, clock=time.clock, sleep=busy_sleep, batch=8, hold=0.5)
    message = "/channels/1/messages/2"

    async def edit(n: int, fields: set[str]) -> str:
        with paced(Priority.COSMETIC):
            key = EditKey(message, frozenset(fields))
            return await pacer.call(_sender(time, sent, f"edit {n}"), edit=key)

    posts = [pacer.call(_sender(time, sent, f"post {n}")) for n in range(24)]
    edits = [edit(n, {f"field {n}"}) for n in range(6)]
    await time.run([*posts[:12], *edits, *posts[12:]])
    order = [name for _, name in sent]
    assert order.index("post 23") < min(order.index(f"edit {n}") for n in range(6))
    # Neither edit covers the other's fields: every one goes, in the order they were made.
    assert [name for name in order if name.startswith("edit")] == [f"edit {n}" for n in range(6)]
