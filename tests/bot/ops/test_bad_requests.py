"""What a client gets wrong on the health and metrics port is a warning in the log, never an
alert: bytes sent to the real port over a real socket, while the bot runs with alerts on."""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from aiohttp import web
from prometheus_client import REGISTRY

from bot import create_bot
from bot.ops.server import ClientFaultsAsWarnings, http_log
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from tests.bot.conftest import Table
from tests.bot.driving import bot_of

#: Requests aiohttp cannot parse, each of which it logs as an error with a traceback.
MALFORMED = {
    "a header without a colon": b"GET /healthz HTTP/1.1\r\nHost: x\r\nGarbage header\r\n\r\n",
    "a length that is no number": b"GET /healthz HTTP/1.1\r\nContent-Length: many\r\n\r\n",
    "a request line too long": b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\n\r\n",
    "a header too long": b"GET /healthz HTTP/1.1\r\nX-Junk: " + b"%s" * 5_000 + b"\r\n\r\n",
    "a bad method after a good request": (
        b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n" + b"G@RBAGE / HTTP/1.1\r\n\r\n"
    ),
    "not HTTP at all": b"GARBAGE\r\n\r\n",
    "a TLS greeting": b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(40) + b"\r\n\r\n",
}
#: Seconds after which a server that neither answers nor closes counts as hanging.
HANG = 60.0


@pytest_asyncio.fixture
async def webhook() -> AsyncIterator[tuple[str, list[Any]]]:
    """A Discord webhook's stand-in on loopback: its URL, and what it was sent."""
    posts: list[Any] = []

    async def receive(request: web.Request) -> web.Response:
        posts.append(await request.json())
        return web.Response(status=204)

    app = web.Application()
    app.router.add_post("/api/webhooks/1/secret-part", receive)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    yield f"http://127.0.0.1:{runner.addresses[0][1]}/api/webhooks/1/secret-part", posts
    await runner.cleanup()


@pytest.fixture
def simcord_bot(db: Path, webhook: tuple[str, list[Any]]) -> GrimoireBot:
    """The bot with its health port on a free loopback port, alerting the stub."""
    settings = Settings(
        database_url=f"sqlite:///{db}",
        discord_token=None,
        health_port=0,
        alert_webhook_url=webhook[0],
    )
    return create_bot(settings, seeds=itertools.count(1).__next__)


async def send(port: int, raw: bytes) -> bytes:
    """Send ``raw`` to the port and read all it answers, until it closes the connection."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(raw)
        await writer.drain()
        # The server closes the connection after a 400; the timeout only keeps a broken
        # server from hanging the test run.
        return await asyncio.wait_for(reader.read(), HANG)
    finally:
        writer.close()
        await writer.wait_closed()


def unexpected_errors() -> float:
    return REGISTRY.get_sample_value("grimoire_unexpected_errors_total") or 0.0


@pytest.mark.parametrize("raw", MALFORMED.values(), ids=MALFORMED.keys())
async def test_a_malformed_request_is_refused_and_only_warned_about(
    table: Table,
    webhook: tuple[str, list[Any]],
    caplog: pytest.LogCaptureFixture,
    raw: bytes,
) -> None:
    operations = bot_of(table).operations
    assert operations.port is not None
    assert operations.alerts is not None
    errors_before = unexpected_errors()
    with caplog.at_level(logging.DEBUG):
        answer = await send(operations.port, raw)
        await operations.alerts.idle()
    assert b" 400 Bad Request\r\n" in answer
    _, posts = webhook
    assert posts == []
    assert unexpected_errors() == errors_before
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    said = [r for r in caplog.records if r.name == http_log.name]
    assert said, "the refusal is logged, on the port's own logger"
    for record in said:
        if record.levelno == logging.WARNING:  # aiohttp's error, made what it is
            line = record.getMessage()
            assert "the client sent a malformed request" in line
            assert "\n" not in line
            assert record.exc_info is None


async def test_a_client_that_resets_the_connection_is_no_alert(
    table: Table, webhook: tuple[str, list[Any]], caplog: pytest.LogCaptureFixture
) -> None:
    operations = bot_of(table).operations
    assert operations.port is not None
    assert operations.alerts is not None
    with caplog.at_level(logging.DEBUG):
        for _ in range(5):
            _, writer = await asyncio.open_connection("127.0.0.1", operations.port)
            writer.write(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\nGET /metrics HTTP/1.1\r\n")
            writer.transport.abort()  # a reset, the request half sent
        # The port still answers, and nothing about the resets is an error.
        answer = await send(operations.port, b"GET /healthz HTTP/1.0\r\n\r\n")
        await operations.alerts.idle()
    assert answer.startswith(b"HTTP/1.0 200 OK")
    assert webhook[1] == []
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


def make_record(error: BaseException, level: int = logging.ERROR) -> logging.LogRecord:
    return logging.LogRecord(
        http_log.name,
        level,
        __file__,
        1,
        "Error handling request from %s",
        ("203.0.113.9",),
        (type(error), error, error.__traceback__),
    )


@pytest.mark.parametrize(
    "error",
    [ConnectionResetError(104, "Connection reset by peer"), BrokenPipeError(32, "Broken pipe")],
)
def test_a_connection_the_client_broke_is_a_warning(error: BaseException) -> None:
    record = make_record(error)
    assert ClientFaultsAsWarnings().filter(record)
    assert record.levelno == logging.WARNING
    assert record.levelname == "WARNING"
    assert record.exc_info is None
    assert record.getMessage().startswith(
        "Error handling request from 203.0.113.9: the client went away ("
    )


def test_our_own_errors_stay_unexpected_errors() -> None:
    record = make_record(KeyError("a bug in a handler"))
    assert ClientFaultsAsWarnings().filter(record)
    assert record.levelno == logging.ERROR
    assert record.exc_info is not None
    assert record.getMessage() == "Error handling request from 203.0.113.9"
