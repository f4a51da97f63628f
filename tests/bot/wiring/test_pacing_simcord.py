"""The pacer in front of the real bot, run in SimCord: every rate-limited call a game's start
makes waits for its token, at the configured rate, and interaction responses do not."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from simcord.http import router

from bot import create_bot
from bot.ops.metrics import DISCORD_REQUESTS_PACED
from bot.wiring.app import GrimoireBot
from bot.wiring.pacing import BURST
from bot.wiring.pacing_http import EXEMPT_PREFIXES, PACING_CLOCK
from bot.wiring.settings import Settings
from tests.bot.conftest import Table
from tests.bot.driving import start_game

#: A rate slow enough that a game's start has to wait for it.
RATE = 5.0


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """The bot, allowed a few rate-limited calls a second."""
    settings = Settings(
        database_url=f"sqlite:///{db}", discord_token=None, discord_requests_per_second=RATE
    )
    return create_bot(settings, seeds=itertools.count(1).__next__)


def _paced_so_far() -> float:
    counts: list[float] = [
        DISCORD_REQUESTS_PACED.labels(p)._value.get() for p in ("normal", "cosmetic")
    ]
    return sum(counts)


async def test_a_games_start_is_paced_and_its_answers_are_not(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[float, str]] = []  # the pacer's clock, and the path
    dispatch = router.dispatch

    def recording(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        calls.append((PACING_CLOCK(), path))
        return dispatch(backend, method, path, **kwargs)

    monkeypatch.setattr(router, "dispatch", recording)
    paced_before = _paced_so_far()
    await start_game(table, "mandragora", ["alice", "bob", "carol"])

    limited = [at for at, path in calls if not path.startswith(EXEMPT_PREFIXES)]
    answers = [at for at, path in calls if path.startswith(EXEMPT_PREFIXES)]
    assert answers  # the lobby's and the buttons' answers went out
    assert len(limited) > BURST  # more than a burst: the start had to wait
    assert _paced_so_far() - paced_before == len(limited)  # each went through the pacer
    busiest = max(sum(1 for at in limited if start <= at < start + 1.0) for start in limited)
    assert busiest <= RATE + BURST
    assert limited[-1] - limited[0] >= (len(limited) - BURST) / RATE - 1 / RATE
