"""``/healthz`` and ``/metrics`` answer a real HTTP client while the bot runs in SimCord."""

from __future__ import annotations

import itertools
import json
import logging
import socket
import sqlite3
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot import create_bot
from bot.ops.operations import Operations
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from tests.bot.conftest import Table
from tests.bot.driving import bot_of, legal_moves, member_at, open_lobby, start_game, stored


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """The bot with its health and metrics served on a free loopback port; its AI seats act
    at once."""
    settings = Settings(
        database_url=f"sqlite:///{db}",
        discord_token=None,
        health_port=0,
        ai_pause_seconds=0,
        ai_iterations=20,
    )
    return create_bot(settings, seeds=itertools.count(1).__next__)


async def get(table: Table, path: str) -> tuple[int, str]:
    """``GET path`` on the bot's health and metrics port: the status and the body (checked
    to be JSON for ``/healthz``)."""
    port = bot_of(table).operations.port
    assert port is not None
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}{path}") as response,
    ):
        if path == "/healthz":
            assert response.content_type == "application/json"
        return response.status, await response.text()


def samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample of a Prometheus text page, by name and labels."""
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(
    page: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str
) -> float:
    """One sample's value; 0 when the page does not have it yet (a counter never counted)."""
    return page.get((name, frozenset(labels.items())), 0.0)


async def test_a_connected_bot_with_its_database_is_healthy(table: Table) -> None:
    status, body = await get(table, "/healthz")
    assert (status, body) == (200, '{"status": "ok"}')


async def test_a_database_fault_makes_the_bot_unhealthy_with_a_reason(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def disk_fault(*_: Any) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(bot_of(table).services.store.stats, "ping", disk_fault)
    status, body = await get(table, "/healthz")
    assert status == 503
    assert json.loads(body) == {
        "status": "unhealthy",
        "reason": "the database failed: OperationalError: disk I/O error",
    }
    monkeypatch.undo()
    assert (await get(table, "/healthz"))[0] == 200


async def test_a_closed_database_makes_the_bot_unhealthy(table: Table) -> None:
    await bot_of(table).services.store.close()
    status, body = await get(table, "/healthz")
    assert status == 503
    assert "the database failed" in body


async def test_a_dropped_connection_is_unhealthy_until_it_resumes(table: Table) -> None:
    bot = bot_of(table)
    bot.dispatch("disconnect")
    await table.env.settle()
    status, body = await get(table, "/healthz")
    assert (status, json.loads(body)["reason"]) == (503, "the connection to Discord dropped")
    _, text = await get(table, "/metrics")
    assert value(samples(text), "grimoire_discord_connected") == 0
    bot.dispatch("resumed")
    await table.env.settle()
    assert (await get(table, "/healthz"))[0] == 200


async def test_an_unknown_path_is_not_found(table: Table) -> None:
    assert (await get(table, "/admin"))[0] == 404


async def test_metrics_count_commands_moves_and_running_games(table: Table) -> None:
    _, text = await get(table, "/metrics")
    before = samples(text)
    thread, game_id = await start_game(table, "marginalia", ["alice", "bob"])
    game = await stored(table, game_id)
    (seat,) = game.to_act
    move = (await legal_moves(table, game, seat))[0]
    await member_at(table, game, seat).slash(thread, "play", move=move)
    refused = await table.members["carol"].slash(thread, "play", move=move)
    assert refused.ephemeral

    status, text = await get(table, "/metrics")
    assert status == 200
    after = samples(text)

    def grew(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert grew("grimoire_interactions_total", command="/game new", outcome="ok") == 1
    assert grew("grimoire_interactions_total", command="grim:lobby:join", outcome="ok") == 1
    assert grew("grimoire_interactions_total", command="/play", outcome="ok") == 1
    assert grew("grimoire_interactions_total", command="/play", outcome="refused") == 1
    assert grew("grimoire_interaction_seconds_count", command="/play") == 2
    assert grew("grimoire_moves_total", game="marginalia") >= 1
    assert value(after, "grimoire_games_running", game="marginalia") == 1
    assert value(after, "grimoire_games_running", game="mandragora") == 0
    assert value(after, "grimoire_discord_connected") == 1
    assert value(after, "grimoire_database_up") == 1
    assert value(after, "grimoire_outbox_backlog") >= 0
    assert value(after, "grimoire_timers_late") == 0


async def test_metrics_time_ai_decisions_and_count_refused_deliveries(table: Table) -> None:
    alice = table.members["alice"]
    _, text = await get(table, "/metrics")
    before = samples(text)
    lobby, game_id = await open_lobby(table, "alice", "marginalia")
    await alice.select(lobby, ["easy"], custom_id=f"grim:lobby:ai:{game_id}")
    table.env.inject_error("POST", "/channels/*/messages", status=403, code=50013, times=1)
    await alice.click(fresh(table, lobby), label="Start")
    ai = bot_of(table).services.ai
    store = bot_of(table).services.store
    for _ in range(40):  # Alice plays until the AI seat has had its turn
        await ai.idle()
        game = await stored(table, game_id)
        if any(action.seat == 1 for action in await store.games.actions(game_id)):
            break
        if 0 in game.to_act:
            await member_at(table, game, 0).slash(
                next(t for t in table.channel.threads if t.id == game.thread_id),
                "play",
                move=(await legal_moves(table, game, 0))[0],
            )
    _, text = await get(table, "/metrics")
    after = samples(text)

    def grew(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert any(action.seat == 1 for action in await store.games.actions(game_id))
    assert grew("grimoire_ai_decision_seconds_count", game="marginalia", level="easy") >= 1
    assert grew("grimoire_delivery_failures_total", kind="forbidden") == 1


def fresh(table: Table, message: discord.Message) -> discord.Message:
    """The message as the channel has it now."""
    return next(m for m in table.channel.history() if m.id == message.id)


def test_health_is_off_by_default_and_on_loopback_when_on() -> None:
    settings = Settings(_env_file=None)
    assert (settings.health_port, settings.health_host) == (None, "127.0.0.1")
    with pytest.raises(ValueError, match=r"health_port"):
        Settings(_env_file=None, health_port=70000)


async def test_a_port_in_use_is_logged_and_the_bot_runs_without_it(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        bot = create_bot(Settings(database_url=f"sqlite:///{db}", health_port=port))
        with caplog.at_level(logging.ERROR, logger="grimoire.ops"):
            operations = await Operations.start(bot)
    assert operations.port is None
    assert f"Health and metrics cannot be served on 127.0.0.1:{port}" in caplog.text
    await operations.close()
