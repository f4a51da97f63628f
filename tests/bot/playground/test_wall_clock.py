"""The playground keeps time: its Discord's clock follows the wall clock while the page is
served, so a member playing at a human pace is never slowed down, a burst still is, and
deadlines come due as the day goes by. The wall clock is the test's own, moved by hand."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.playground.options import PlaygroundOptions
from bot.playground.runner import Playground
from bot.wiring.settings import Settings
from storage import GameStatus
from tests.bot.driving import member_at, post_words, stored
from tests.bot.playground.preview_client import PreviewClient
from tests.bot.playground.test_runner import start, table_of

pytestmark = pytest.mark.slow

SLOW_DOWN = "You're going a little fast"
#: How long the deadline test waits, in real seconds, for the tick to fire the deadline.
PATIENCE = 60.0


class WallClock:
    """A wall clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@asynccontextmanager
async def served(ground: Playground, *, tick: float | None = None) -> AsyncIterator[PreviewClient]:
    """The playground's page served, and a client looking at it as its first member."""
    stop = asyncio.Event()
    url: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    serving = asyncio.create_task(ground.serve(stop, url.set_result))
    client = PreviewClient(await url)
    await asyncio.to_thread(client.open_as)
    try:
        yield client
    finally:
        stop.set()
        await serving


def playground(tmp_path: Path, clock: WallClock, tick: float = 3600.0) -> Playground:
    # By default the tick is out of the way, so that only the page's own actions move time.
    return Playground(
        Settings(_env_file=None),
        PlaygroundOptions(port=0, db=tmp_path / "playground.sqlite3"),
        clock=clock,
        tick=tick,
    )


async def inbox(client: PreviewClient) -> dict[str, Any]:
    """``/inbox`` from the page: the private answer as the page shows it."""
    result = await asyncio.to_thread(client.run_command, "inbox", {})
    assert result["settlement"] == "settled", result
    (response,) = [o for o in result["outcomes"] if o["kind"] == "response"]
    page = await asyncio.to_thread(client.state)
    return dict(page["messages"][response["messageId"]])


async def test_a_member_at_a_human_pace_is_never_slowed_down(tmp_path: Path) -> None:
    clock = WallClock()
    async with playground(tmp_path, clock) as ground, served(ground) as client:
        answers = []
        for _ in range(60):  # one every two seconds, for two minutes
            clock.wait(2)
            answers.append(await inbox(client))
        assert [a["content"] for a in answers] == ["Grimoire has not sent you any DMs yet."] * 60
        # Each answer is stamped with the time it was given.
        first, last = (datetime.fromisoformat(answers[i]["timestamp"]) for i in (0, -1))
        assert last - first == timedelta(seconds=118)
        assert last == clock.now


async def test_a_burst_is_still_slowed_down_until_it_has_cooled(tmp_path: Path) -> None:
    clock = WallClock()
    async with playground(tmp_path, clock) as ground, served(ground) as client:
        contents = [(await inbox(client))["content"] for _ in range(16)]
        assert all(SLOW_DOWN not in c for c in contents[:15])
        assert contents[15] == "You're going a little fast: try again in 10 s."
        clock.wait(10)
        assert SLOW_DOWN not in (await inbox(client))["content"]


async def test_a_deadline_comes_due_as_wall_time_passes(tmp_path: Path) -> None:
    clock = WallClock()
    async with playground(tmp_path, clock, tick=0.05) as ground:
        table = table_of(ground, tmp_path / "playground.sqlite3")
        game_id = await start(table, "mandragora", ["alice", "bob"])
        await ground.env.settle()
        game = await stored(table, game_id)
        seat = min(game.to_act)
        slow = member_at(table, game, seat)
        passed = f"<@{slow.id}> let the deadline pass"
        async with served(ground):
            await asyncio.sleep(0.5)  # some ticks with the wall clock standing still
            assert (await stored(table, game_id)).version == 0
            clock.wait(24 * 3600 + 60)  # the default turn clock is a day
            async with asyncio.timeout(PATIENCE):
                while (await stored(table, game_id)).version == 0:
                    await asyncio.sleep(0.05)
            # The move is recorded first; its post goes out through the outbox after it.
            async with asyncio.timeout(PATIENCE):
                while not any(passed in post_words(m) for m in table.channel.history()):
                    await asyncio.sleep(0.05)
        game = await stored(table, game_id)
        assert game.status is GameStatus.ACTIVE
        assert game.in_seat_order()[seat].missed == 1
