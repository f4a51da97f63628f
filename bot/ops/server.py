"""The health and metrics endpoints, served over HTTP from the bot's own event loop.

``GET /healthz`` answers 200 when the bot is connected and its database answers, 503 with a
JSON reason otherwise; ``GET /metrics`` answers Prometheus's text format. Every database
read is awaited, never waited for, so a scrape never holds up the bot.

The port may be reachable by anyone: a port scanner, a TLS client, a request with a broken
header. What a client gets wrong is answered (400) and logged as a warning, never as an
unexpected error, so it neither posts an alert nor counts in
``grimoire_unexpected_errors_total``; see :class:`ClientFaultsAsWarnings`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord
from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from prometheus_client import CONTENT_TYPE_LATEST

from bot.ops import metrics
from bot.ops.health import ConnectionWatch, Verdict, check
from storage import Store

log = logging.getLogger("grimoire.ops")
#: Where aiohttp reports this port's failed requests, instead of its shared
#: ``aiohttp.server``: the filter below then judges only this port's requests.
http_log = logging.getLogger("grimoire.ops.http")
#: How much of a client's fault is quoted in the warning: it may echo what the client sent.
FAULT_QUOTED = 200

#: The store of the running bot; ``None`` before it is opened.
StoreSource = Callable[[], Store | None]


class OpsServer:
    """``/healthz`` and ``/metrics`` on ``host:port``; :meth:`start` it, :meth:`close` it."""

    def __init__(self, watch: ConnectionWatch, store: StoreSource) -> None:
        self._watch = watch
        self._store = store
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None, logger=http_log)
        self.port: int | None = None

    async def start(self, host: str, port: int) -> None:
        """Listen on ``host:port`` (port 0: any free port, then found in :attr:`port`).
        Raises ``OSError`` when the port cannot be had."""
        self.port = await listen(self._runner, host, port)
        log.info("Health and metrics served on http://%s:%d (/healthz, /metrics).", host, self.port)

    async def close(self) -> None:
        """Stop listening."""
        await self._runner.cleanup()

    async def _verdict(self) -> Verdict:
        store = self._store()
        if store is None:
            return Verdict(healthy=False, reason="starting: the database is not open yet")
        return await check(self._watch, store)

    async def _healthz(self, _: web.Request) -> web.Response:
        verdict = await self._verdict()
        return web.json_response(verdict.as_json(), status=200 if verdict.healthy else 503)

    async def _metrics(self, _: web.Request) -> web.Response:
        metrics.DISCORD_CONNECTED.set(self._watch.connected())
        await _read_store(self._store)
        return web.Response(
            body=metrics.exposition(), headers={"Content-Type": CONTENT_TYPE_LATEST}
        )


def client_fault(error: BaseException | None) -> str | None:
    """What the client did wrong, when ``error`` is its fault and not ours: a request aiohttp
    could not parse (a 4xx ``HttpProcessingError``: bad request line, method, header or
    length, a line too long), or a connection the client reset or dropped. ``None`` for
    anything else, which stays an unexpected error."""
    if isinstance(error, HttpProcessingError) and 400 <= error.code < 500:
        what = "sent a malformed request"
    elif isinstance(error, ConnectionError):
        # Our handlers read nothing from the network but the request (the database's own
        # failures are caught in them), so a broken connection here is the client's.
        what = "went away"
    else:
        return None
    detail = " ".join(str(error).split())[:FAULT_QUOTED]  # one line, however it was sent
    return f"the client {what} ({type(error).__name__}: {detail})"


class ClientFaultsAsWarnings(logging.Filter):
    """Turns an error aiohttp logs with a traceback about a client's fault (see
    :func:`client_fault`) into a one-line warning, before any handler sees it.

    aiohttp logs a malformed request as an error with its traceback, which would make it an
    unexpected error: an alert, a count in ``grimoire_unexpected_errors_total``. Judged at
    the logger, the record reaches every handler (the log, the alerts) as what it is."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.ERROR or not record.exc_info:
            return True
        fault = client_fault(record.exc_info[1])
        if fault is None:
            return True
        message = record.getMessage()
        record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
        record.msg, record.args = "%s: %s.", (message, fault)
        record.exc_info = record.exc_text = None
        # The logger let the record through as an error; as a warning it may be below the
        # level the host chose (LOG_LEVEL=ERROR).
        return logging.getLogger(record.name).isEnabledFor(logging.WARNING)


http_log.addFilter(ClientFaultsAsWarnings())


async def _read_store(store_source: StoreSource) -> None:
    """Bring the database's gauges up to date; a database that fails leaves them as they
    were and says so in ``grimoire_database_up``."""
    store = store_source()
    if store is None:
        metrics.show_store(None, discord.utils.utcnow())
        return
    try:
        stats = await store.stats.snapshot()
    except Exception:  # the scrape still answers: the other metrics say what happened
        log.warning("The database did not answer a metrics scrape.", exc_info=True)
        stats = None
    metrics.show_store(stats, discord.utils.utcnow())


async def listen(runner: web.AppRunner, host: str, port: int) -> int:
    """Serve ``runner``'s app on ``host:port`` (port 0: any free port); the port it listens
    on. Raises ``OSError`` (the runner cleaned up) when the port cannot be had."""
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    try:
        await site.start()
    except OSError:
        await runner.cleanup()
        raise
    return int(runner.addresses[0][1])
