"""Work done once at start, whatever the number of processes: only the process holding
shard 0 (or an unsharded one) syncs the slash commands, resumes AI seats, rates the games
that ended while it was away and carries tournaments on. Every process takes its share of
deliveries and timers."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.ai.seats import AiPlayers
from bot.delivery.worker import OutboxWorker
from bot.wiring.app import GrimoireBot, _stop, create_bot
from bot.wiring.settings import Settings
from storage import Game


async def _jobs_run_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **shards: Any
) -> list[str]:
    """Start the bot's services (no Discord connection) and say which start-up jobs ran."""
    ran: list[str] = []

    async def sync(self: GrimoireBot) -> None:
        ran.append("commands synced")

    async def catch_up(self: GrimoireBot) -> None:
        ran.append("ratings and tournaments caught up")

    def resume(self: AiPlayers, running: list[Game]) -> None:
        ran.append("AI seats resumed")

    def kick(self: OutboxWorker) -> None:
        ran.append("outbox kicked")

    monkeypatch.setattr(GrimoireBot, "_sync_commands", sync)
    monkeypatch.setattr(GrimoireBot, "_catch_up", catch_up)
    monkeypatch.setattr(AiPlayers, "resume", resume)
    monkeypatch.setattr(OutboxWorker, "kick", kick)
    bot = create_bot(
        Settings(_env_file=None, database_url=f"sqlite:///{tmp_path / 'g.sqlite3'}", **shards)
    )
    await bot.setup_hook()
    try:
        await asyncio.gather(*bot._background)
    finally:
        await _stop(bot.services)
    return ran


EVERYTHING = [
    "outbox kicked",
    "commands synced",
    "AI seats resumed",
    "ratings and tournaments caught up",
]


@pytest.mark.parametrize(
    "shards",
    [{}, {"shard_count": 2}, {"shard_count": 3, "shard_ids": (2, 0)}],
    ids=["unsharded", "every shard", "shard 0 among others"],
)
async def test_the_process_holding_shard_0_runs_the_start_up_jobs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shards: dict[str, Any]
) -> None:
    assert await _jobs_run_at_start(tmp_path, monkeypatch, **shards) == EVERYTHING


async def test_another_process_only_takes_its_share_of_deliveries_and_timers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = await _jobs_run_at_start(tmp_path, monkeypatch, shard_count=3, shard_ids=(1, 2))
    assert ran == ["outbox kicked"]
