"""Starting and stopping the web pages with the bot, when ``WEB_PORT`` is set."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.web.links import WebLinks, install, installed, load_secret
from bot.web.pages import WebPages
from bot.web.people import WebNames
from bot.web.server import WebServer

if TYPE_CHECKING:
    from bot.wiring.app import GrimoireBot

log = logging.getLogger("grimoire.web")


async def start_pages(bot: GrimoireBot) -> WebServer | None:
    """Serve the web pages when ``WEB_PORT`` is set; posts link to them from then on. A port
    that cannot be had is logged, and the bot runs on without pages."""
    settings = bot.settings
    if settings.web_port is None:
        return None
    services = bot.services
    configured = None if settings.web_secret is None else settings.web_secret.get_secret_value()
    links = WebLinks(await load_secret(services.store, configured), settings.public_url or "")
    names = WebNames(services.store, services.names.name)
    pages = WebPages(services.store, links, names, services.readers.server, services.replays)
    server = WebServer(pages)
    try:
        await server.start(settings.web_host, settings.web_port)
    except OSError as error:
        log.error(
            "The web pages cannot be served on %s:%d (%s); the bot runs without them.",
            settings.web_host,
            settings.web_port,
            error.strerror or error,
        )
        return None
    if not settings.public_url:
        links.base_url = f"http://{settings.web_host}:{server.port}"
    install(links)
    return server


async def stop_pages(server: WebServer | None) -> None:
    """Stop serving the pages, and stop linking to them."""
    if server is None:
        return
    if installed() is server.pages.links:
        install(None)
    await server.close()
