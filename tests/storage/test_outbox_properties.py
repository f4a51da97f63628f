"""Whatever happens to the outbox, in any order: done items never come back, a lane never
overtakes itself, and a leased item is not handed out twice while its lease lasts."""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from storage import Delivery, DeliveryKind, SqliteStore
from tests.storage.contract import FakeClock

LEASE = timedelta(seconds=30)

operations = st.lists(
    st.one_of(
        st.tuples(st.just("enqueue"), st.integers(0, 2)),
        st.tuples(st.just("claim"), st.integers(1, 3)),
        st.tuples(st.just("done"), st.integers(0, 20)),
        st.tuples(st.just("fail"), st.integers(0, 20), st.booleans()),
        st.tuples(st.just("wait"), st.integers(0, 90)),
    ),
    max_size=40,
)


@dataclass
class Model:
    """What the test knows about each item."""

    lane: dict[int, int] = field(default_factory=dict)
    finished: set[int] = field(default_factory=set)
    leased_until: dict[int, float] = field(default_factory=dict)
    handed_out: list[int] = field(default_factory=list)


async def _run(folder: Path, steps: list[tuple[object, ...]]) -> None:
    clock = FakeClock()
    model = Model()
    async with await SqliteStore.open(folder / "outbox.sqlite3", clock=clock) as store:
        for step in steps:
            now = clock().timestamp()
            match step:
                case ("enqueue", int(lane)):
                    (item_id,) = await store.outbox.enqueue(
                        [Delivery(DeliveryKind.DM, 1000 + lane)]
                    )
                    model.lane[item_id] = lane
                case ("claim", int(limit)):
                    claimed = await store.outbox.claim(worker="w", limit=limit, lease=LEASE)
                    for item in claimed:
                        assert item.id not in model.finished, "a finished item came back"
                        assert model.leased_until.get(item.id, 0) <= now, "handed out twice"
                        older = [
                            other
                            for other, lane in model.lane.items()
                            if lane == model.lane[item.id]
                            and other < item.id
                            and other not in model.finished
                        ]
                        assert not older, "a lane overtook itself"
                        model.leased_until[item.id] = now + LEASE.total_seconds()
                        model.handed_out.append(item.id)
                case ("done", int(pick)) if model.handed_out:
                    item_id = model.handed_out[pick % len(model.handed_out)]
                    await store.outbox.mark_done(item_id)
                    model.finished.add(item_id)
                case ("fail", int(pick), bool(permanent)) if model.handed_out:
                    item_id = model.handed_out[pick % len(model.handed_out)]
                    item = await store.outbox.mark_failed(item_id, error="x", permanent=permanent)
                    if item.done_at is not None or item.failed_at is not None:
                        model.finished.add(item_id)
                    model.leased_until.pop(item_id, None)
                case ("wait", int(seconds)):
                    clock.advance(timedelta(seconds=seconds))
        waiting = {item.id for item in await store.outbox.pending()}
        assert waiting == set(model.lane) - model.finished


@settings(max_examples=40)
@pytest.mark.slow
@given(operations)
def test_the_outbox_keeps_its_promises_under_any_sequence(steps: list[tuple[object, ...]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(_run(Path(folder), steps))
