"""The playground serves ``/healthz`` and ``/metrics`` too, when ``HEALTH_PORT`` is set."""

from __future__ import annotations

from pathlib import Path

import aiohttp

from bot.playground.options import PlaygroundOptions
from bot.playground.runner import Playground
from bot.wiring.settings import Settings


async def test_the_playground_answers_health_and_metrics(tmp_path: Path) -> None:
    settings = Settings(_env_file=None, health_port=0)
    options = PlaygroundOptions(port=0, db=tmp_path / "playground.sqlite3")
    async with Playground(settings, options) as ground:
        port = ground.bot.operations.port
        assert port is not None
        async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{port}") as session:
            async with session.get("/healthz") as health:
                assert (health.status, await health.json()) == (200, {"status": "ok"})
            async with session.get("/metrics") as metrics:
                assert metrics.status == 200
                assert "grimoire_games_running" in await metrics.text()
    async with aiohttp.ClientSession() as session:  # the port is closed with the playground
        try:
            await session.get(f"http://127.0.0.1:{port}/healthz")
        except aiohttp.ClientConnectionError:
            pass
        else:
            raise AssertionError("the health port is still open after the playground stopped")


async def test_the_playground_serves_nothing_without_a_port(tmp_path: Path) -> None:
    options = PlaygroundOptions(port=0, db=tmp_path / "playground.sqlite3")
    async with Playground(Settings(_env_file=None), options) as ground:
        assert ground.bot.operations.port is None
