"""Everything a host watches, started with the bot and stopped with it."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from bot.ops import metrics
from bot.ops.alerts import AlertHandler
from bot.ops.health import ConnectionWatch
from bot.ops.server import OpsServer

if TYPE_CHECKING:
    from bot.wiring.app import GrimoireBot
    from storage import Store

log = logging.getLogger("grimoire.ops")


class Operations:
    """The bot's health watch, the HTTP server for it when ``HEALTH_PORT`` is set, and the
    error alerts when ``ALERT_WEBHOOK_URL`` is."""

    def __init__(self, bot: GrimoireBot) -> None:
        self._bot = bot
        self.watch = ConnectionWatch(bot)
        self.server: OpsServer | None = None
        self.alerts: AlertHandler | None = None
        bot.add_listener(self._command_done, "on_app_command_completion")

    @classmethod
    async def start(cls, bot: GrimoireBot) -> Operations:
        """Watch ``bot``; serve ``/healthz`` and ``/metrics`` when ``HEALTH_PORT`` is set.
        A port that cannot be had is logged, and the bot runs on without them."""
        operations = cls(bot)
        settings = bot.settings
        if settings.health_port is not None:
            server = OpsServer(operations.watch, operations._store)
            try:
                await server.start(settings.health_host, settings.health_port)
            except OSError as error:
                log.error(
                    "Health and metrics cannot be served on %s:%d (%s); the bot runs without them.",
                    settings.health_host,
                    settings.health_port,
                    error.strerror or error,
                )
            else:
                operations.server = server
        if settings.alert_webhook_url is not None:
            alerts = AlertHandler(
                settings.alert_webhook_url.get_secret_value(), asyncio.get_running_loop()
            )
            logging.getLogger().addHandler(alerts)
            operations.alerts = alerts
        return operations

    @property
    def port(self) -> int | None:
        """The port ``/healthz`` and ``/metrics`` are served on; ``None`` when not served."""
        return None if self.server is None else self.server.port

    def _store(self) -> Store | None:
        services = getattr(self._bot, "services", None)
        return None if services is None else services.store

    async def _command_done(self, interaction: discord.Interaction, _: object) -> None:
        metrics.interaction_handled(interaction, "ok")

    async def close(self) -> None:
        """Stop serving, and post the alerts still queued (once: a second call does
        nothing)."""
        server, self.server = self.server, None
        if server is not None:
            await server.close()
        alerts, self.alerts = self.alerts, None
        if alerts is not None:
            logging.getLogger().removeHandler(alerts)
            await alerts.close_async()
