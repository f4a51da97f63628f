"""The web pages' HTTP server: aiohttp on ``WEB_HOST:WEB_PORT``, on the bot's event loop.

Routes (every ``<signed>`` is an address :mod:`bot.web.links` signed)::

    /g/<signed>                    a game's page (?move=N: the replay's move, once it ended)
    /g/<signed>/version.json       what a page open in a browser polls
    /g/<signed>/picture/<n>.png    the board after move n
    /g/<signed>/export.json        an ended game's export, and /story.txt its story
    /t/<signed>                    a tournament's page
    /p/<signed>                    a player's page, and /trend.png their rating's line
    /web.css, /web.js              the stylesheet and the script

Only GET and HEAD are answered; requests are small (a long line or header is refused by
aiohttp before any handler runs), each client is held to a token bucket
(:mod:`bot.web.limits`), and every answer says how it may be cached. The pages are made to
be reached through a reverse proxy that adds TLS; the client's address is then the one
the proxy appends to ``X-Forwarded-For``, believed only from a proxy on this machine.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.ops.server import ClientFaultsAsWarnings, listen
from bot.web.assets import SCRIPT, STYLESHEET, etag
from bot.web.limits import RateLimits, retry_after
from bot.web.other_pages import OtherPages
from bot.web.pages import NOT_FOUND, Reply, WebPages

log = logging.getLogger("grimoire.web")
http_log = logging.getLogger("grimoire.web.http")
http_log.addFilter(ClientFaultsAsWarnings())

#: The longest request line and header aiohttp reads (its own default is 8 KiB).
MAX_LINE = 2048
#: Every answer carries these: nothing but the page's own origin, no referrer (the address
#: is the key to the page), not indexed.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'self'; "
    "script-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Robots-Tag": "noindex, nofollow",
}
ASSET_CACHE = "public, max-age=3600"

Handler = Callable[[web.Request], Awaitable[Reply]]


class WebServer:
    """The pages on ``host:port``; :meth:`start` it, :meth:`close` it."""

    def __init__(self, pages: WebPages, *, limits: RateLimits | None = None) -> None:
        self.pages = pages
        others = OtherPages(pages)
        self._limits = limits or RateLimits()
        app = web.Application(client_max_size=1024, middlewares=[self._guard])
        routes: list[tuple[str, Handler]] = [
            ("/g/{signed}", lambda r: pages.game_page(r.match_info["signed"], _move(r))),
            ("/g/{signed}/version.json", lambda r: pages.game_version(r.match_info["signed"])),
            (r"/g/{signed}/picture/{number:\d{1,7}}.png", self._picture),
            (
                "/g/{signed}/export.json",
                lambda r: pages.game_download(r.match_info["signed"], "json"),
            ),
            ("/g/{signed}/story.txt", lambda r: pages.game_download(r.match_info["signed"], "txt")),
            ("/t/{signed}", lambda r: others.tournament(r.match_info["signed"])),
            ("/p/{signed}", lambda r: others.player(r.match_info["signed"])),
            ("/p/{signed}/trend.png", lambda r: others.trend(r.match_info["signed"])),
        ]
        for path, handler in routes:
            app.router.add_get(path, _answering(handler))
        app.router.add_get("/web.css", _asset(STYLESHEET, "text/css; charset=utf-8"))
        app.router.add_get("/web.js", _asset(SCRIPT, "text/javascript; charset=utf-8"))
        self._runner = web.AppRunner(
            app,
            access_log=None,
            logger=http_log,
            max_line_size=MAX_LINE,
            max_field_size=MAX_LINE,
            handler_cancellation=True,
        )
        self.port: int | None = None
        self.host = ""

    async def start(self, host: str, port: int) -> None:
        """Listen on ``host:port`` (port 0: any free port, then found in :attr:`port`).
        Raises ``OSError`` when the port cannot be had."""
        self.host, self.port = host, await listen(self._runner, host, port)
        log.info("Web pages served on http://%s:%d.", host, self.port)

    async def close(self) -> None:
        """Stop listening."""
        await self._runner.cleanup()

    async def _picture(self, request: web.Request) -> Reply:
        number = int(request.match_info["number"])
        return await self.pages.game_picture(request.match_info["signed"], number)

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Rate limits and the headers every answer carries; anything unknown is a 404."""
        if request.method not in ("GET", "HEAD"):
            return _sent(Reply(405, b"Only GET.\n", "text/plain; charset=utf-8", cache="no-store"))
        wait = self._limits.take(client_of(request))
        if wait > 0:
            answer = _sent(Reply(429, b"Too many requests.\n", "text/plain", cache="no-store"))
            answer.headers["Retry-After"] = retry_after(wait)
            return answer
        try:
            response = await handler(request)
        except web.HTTPNotFound:
            response = _sent(NOT_FOUND)
        except web.HTTPMethodNotAllowed:
            response = _sent(Reply(405, b"Only GET.\n", "text/plain", cache="no-store"))
        return response


def client_of(request: web.Request) -> str:
    """The client's address: the peer's, or, from a proxy on this machine, the address it
    appended to ``X-Forwarded-For``."""
    peer = request.remote or ""
    forwarded = request.headers.get("X-Forwarded-For", "")
    if forwarded and _loopback(peer):
        return forwarded.split(",")[-1].strip()[:64] or peer
    return peer


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _move(request: web.Request) -> str | None:
    move = request.query.get("move")
    return None if move is None else move.strip()[:9]


def _answering(handler: Handler) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    async def answer(request: web.Request) -> web.StreamResponse:
        reply = await handler(request)
        if reply.etag is not None and reply.etag in request.headers.get("If-None-Match", ""):
            return _sent(Reply(304, b"", reply.content_type, etag=reply.etag, cache=reply.cache))
        return _sent(reply)

    return answer


def _asset(text: str, content_type: str) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    body, tag = text.encode(), etag(text)

    async def answer(request: web.Request) -> web.StreamResponse:
        if tag in request.headers.get("If-None-Match", ""):
            return _sent(Reply(304, b"", content_type, etag=tag, cache=ASSET_CACHE))
        return _sent(Reply(200, body, content_type, etag=tag, cache=ASSET_CACHE))

    return answer


def _sent(reply: Reply) -> web.Response:
    response = web.Response(status=reply.status, body=reply.body or None)
    # One request a connection: a connection left open would be work the bot holds for an
    # idle browser. The reverse proxy in front keeps the browsers' own connections open.
    response.force_close()
    response.headers.update(SECURITY_HEADERS)
    if reply.status != 304:
        response.content_type = reply.content_type.split(";")[0]
        if "charset=" in reply.content_type:
            response.charset = reply.content_type.split("charset=")[1]
    response.headers["Cache-Control"] = reply.cache
    if reply.etag is not None:
        response.headers["ETag"] = reply.etag
    if reply.download is not None:
        response.headers["Content-Disposition"] = f'attachment; filename="{reply.download}"'
    return response
