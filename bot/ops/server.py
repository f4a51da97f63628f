"""The health and metrics endpoints, served over HTTP from the bot's own event loop.

``GET /healthz`` answers 200 when the bot is connected and its database answers, 503 with a
JSON reason otherwise; ``GET /metrics`` answers Prometheus's text format. Every database
read is awaited, never waited for, so a scrape never holds up the bot.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.ops import metrics
from bot.ops.health import ConnectionWatch, Verdict, check
from storage import Store

log = logging.getLogger("grimoire.ops")

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
        self._runner = web.AppRunner(app, access_log=None)
        self.port: int | None = None

    async def start(self, host: str, port: int) -> None:
        """Listen on ``host:port`` (port 0: any free port, then found in :attr:`port`).
        Raises ``OSError`` when the port cannot be had."""
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        try:
            await site.start()
        except OSError:
            await self._runner.cleanup()
            raise
        self.port = int(self._runner.addresses[0][1])
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
