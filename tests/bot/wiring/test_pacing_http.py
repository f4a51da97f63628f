"""The pacer's hook: which routes are paced, what an edit sets, the shared bucket and its
fallback while the database is out of reach, and the count of Discord's 429s."""

from __future__ import annotations

import json
import logging
import time
from types import SimpleNamespace
from typing import Any, cast

import aiohttp
import pytest
from discord.http import HTTPClient, Route

from bot.ops.metrics import DISCORD_RATE_LIMITED
from bot.wiring.pacing import EditKey, LocalBucket, Pacer
from bot.wiring.pacing_http import (
    RETRY_SHARED,
    SharedBucket,
    Stopwatch,
    count_rate_limited,
    edit_key,
    exempt,
    pace_requests,
    pacer_for,
    processes_of,
)
from bot.wiring.settings import Settings
from storage import BudgetGrant, RequestBudget

EDIT = Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=1, message_id=2)


def test_interaction_responses_and_follow_ups_are_exempt() -> None:
    callback = Route(
        "POST",
        "/interactions/{interaction_id}/{interaction_token}/callback",
        interaction_id=1,
        interaction_token="t",
    )
    follow_up = Route(
        "POST", "/webhooks/{webhook_id}/{webhook_token}", webhook_id=1, webhook_token="t"
    )
    post = Route("POST", "/channels/{channel_id}/messages", channel_id=1)
    assert exempt(callback)
    assert exempt(follow_up)
    assert not exempt(post)
    assert not exempt(EDIT)


def test_a_message_edit_says_what_it_sets() -> None:
    assert edit_key(EDIT, {"json": {"content": "x", "embeds": []}}) == EditKey(
        EDIT.url, frozenset({"content", "embeds"})
    )
    form = [{"name": "payload_json", "value": json.dumps({"attachments": [], "content": "y"})}]
    with_files = edit_key(EDIT, {"form": form, "files": []})
    assert with_files is not None
    assert with_files.fields == frozenset({"attachments", "content"})
    unknown = edit_key(EDIT, {"form": [{"name": "payload_json", "value": "not json"}]})
    assert unknown is not None
    assert unknown.fields is None
    post = Route("POST", "/channels/{channel_id}/messages", channel_id=1)
    assert edit_key(post, {"json": {"content": "x"}}) is None


def test_the_shard_layout_tells_how_many_processes_share_the_token() -> None:
    assert processes_of(Settings(discord_token=None)) == 1
    assert processes_of(Settings(shard_count=4)) == 1  # every shard in this process
    assert processes_of(Settings(shard_count=4, shard_ids=(0, 1))) == 2
    assert processes_of(Settings(shard_count=5, shard_ids=(0, 1))) == 3


def test_sqlite_paces_in_memory() -> None:
    settings = Settings(database_url="sqlite:///x.sqlite3", discord_requests_per_second=20)
    assert isinstance(pacer_for(settings, cast("RequestBudget", None))._source, LocalBucket)


class _Budget(RequestBudget):
    """A database's budget that fails while ``down``."""

    def __init__(self) -> None:
        self.down = False
        self.leases = 0

    async def lease(self, wanted: int, *, rate: float, burst: int) -> BudgetGrant:
        self.leases += 1
        if self.down:
            raise OSError("connection refused")
        return BudgetGrant(wanted, 0.0)


async def test_the_bot_paces_at_its_share_while_the_database_is_away(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [0.0]
    budget = _Budget()
    bucket = SharedBucket(budget, rate=40.0, burst=6, processes=2, clock=lambda: now[0])
    assert (await bucket.take(3)).granted == 3
    budget.down = True
    with caplog.at_level(logging.INFO, logger="grimoire.pacing"):
        fallback = [await bucket.take(5) for _ in range(3)]
        now[0] += RETRY_SHARED / 2
        await bucket.take(1)  # not asked again so soon
        assert budget.leases == 2
        budget.down = False
        now[0] += RETRY_SHARED
        assert (await bucket.take(4)).granted == 4  # back to the shared bucket
    assert [grant.granted for grant in fallback] == [3, 0, 0]  # half the burst, then waits
    assert fallback[1].wait == pytest.approx(5 / 20.0)  # at half the rate
    assert bucket.fallback.rate == 20.0
    said = [record.getMessage() for record in caplog.records]
    assert len([line for line in said if "out of reach" in line]) == 1  # said once
    assert any("is back" in line for line in said)


async def test_a_429_from_discord_is_counted() -> None:
    before = DISCORD_RATE_LIMITED._value.get()
    session = cast("aiohttp.ClientSession", None)
    for status in (200, 429, 404, 429):
        params: Any = SimpleNamespace(response=SimpleNamespace(status=status))
        await count_rate_limited(session, SimpleNamespace(), params)
    assert DISCORD_RATE_LIMITED._value.get() == before + 2


class _Client:
    """Just the one door of discord.py's HTTP client."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def request(self, route: Route, **kwargs: Any) -> Any:
        self.sent.append(f"{route.method} {route.url}")
        return {"route": route.path}


class _Pacer:
    """A pacer that lets everything through at once, noting what it was asked to pace."""

    def __init__(self) -> None:
        self.paced: list[EditKey | None] = []

    async def call(self, send: Any, *, edit: EditKey | None = None) -> Any:
        self.paced.append(edit)
        return await send()


async def test_the_hook_paces_rate_limited_calls_and_lets_answers_through() -> None:
    client, pacer = _Client(), _Pacer()
    pace_requests(cast("HTTPClient", client), cast("Pacer", pacer))
    callback = Route(
        "POST", "/interactions/{interaction_id}/{token}/callback", interaction_id=1, token="t"
    )
    assert await client.request(callback, json={"type": 4}) == {"route": callback.path}
    assert pacer.paced == []  # an answer is not paced
    assert await client.request(EDIT, json={"content": "x"}) == {"route": EDIT.path}
    assert pacer.paced == [EditKey(EDIT.url, frozenset({"content"}))]
    assert len(client.sent) == 2


def test_the_stopwatch_follows_whichever_clock_moved_further(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clocks = {"monotonic": 100.0, "perf_counter": 5.0}
    monkeypatch.setattr(time, "monotonic", lambda: clocks["monotonic"])
    monkeypatch.setattr(time, "perf_counter", lambda: clocks["perf_counter"])
    watch = Stopwatch()
    clocks["monotonic"] += 2.0  # SimCord's clock moved on (the bot slept)
    clocks["perf_counter"] += 0.5
    assert watch() == 2.0
    clocks["perf_counter"] += 1.0  # the wall clock alone (a test's own call waited)
    assert watch() == 3.0
    clocks["monotonic"] = 0.0  # SimCord's clock handed back at a test's end
    assert watch() == 3.0
