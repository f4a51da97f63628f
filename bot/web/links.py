"""The web pages' addresses: signed, so that they can be neither guessed nor forged.

An address names a kind of page and what it shows (``g`` a game, ``t`` a tournament, ``p`` a
player on a server) followed by an HMAC-SHA256 of both under the bot's secret, cut to 144
bits and written URL-safe: ``/g/12-<mac>``. Only the bot, holding the secret, can make one;
a changed number or a changed letter is a plain 404.

A server's pages exist only while it has them on (``/settings web:on``). The board posts'
**Open in browser** button is drawn where no database is at hand, so the links remember
which server each game belongs to and whether that server has its pages on
(:func:`learn`, called where a game's table is worked out), read again after a short while,
since another process may have changed it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Literal

from storage import Game, Store

#: The kinds of page: a game, a tournament, a player on a server.
Kind = Literal["g", "t", "p"]
#: Bytes of the HMAC an address keeps: 18 (144 bits), 24 characters once written.
MAC_BYTES = 18
#: The name the secret is kept under, among the bot's own values, when ``WEB_SECRET`` is unset.
SECRET_NAME = "web_secret"
#: The server setting that turns a server's pages on.
WEB_SETTING = "web"
#: How long, in seconds, what a server chose is believed before it is read again.
BELIEVED_FOR = 30.0
#: Games whose server is remembered.
REMEMBERED_GAMES = 4096

_ADDRESS = re.compile(r"(?P<ident>[0-9]{1,20}(?:\.[0-9]{1,20})?)-(?P<mac>[A-Za-z0-9_-]{24})")


def pages_on(settings: object) -> bool:
    """Whether a server's settings (as stored) turn its pages on."""
    return isinstance(settings, dict) and settings.get(WEB_SETTING) is True


async def load_secret(store: Store, configured: str | None) -> bytes:
    """The secret addresses are signed with: ``WEB_SECRET`` when set, otherwise the one made
    at the first start and kept in the database, so links outlive restarts and every
    process signs alike."""
    if configured:
        return configured.encode()
    kept = await store.prefs.bot_value_once(SECRET_NAME, secrets.token_urlsafe(32))
    return kept.encode()


class WebLinks:
    """Signs and checks addresses, and says whether a game's server has its pages on."""

    def __init__(
        self, secret: bytes, base_url: str, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._secret = secret
        self.base_url = base_url.rstrip("/")
        self._clock = clock
        self._servers: dict[int, tuple[bool, float]] = {}
        self._games: OrderedDict[int, int] = OrderedDict()

    def sign(self, kind: Kind, ident: str) -> str:
        """The signed part of an address: ``<ident>-<mac>``."""
        digest = hmac.new(self._secret, f"{kind}:{ident}".encode(), hashlib.sha256).digest()
        mac = base64.urlsafe_b64encode(digest[:MAC_BYTES]).decode().rstrip("=")
        return f"{ident}-{mac}"

    def check(self, kind: Kind, signed: str) -> str | None:
        """What a signed part names, when its signature holds; ``None`` otherwise."""
        found = _ADDRESS.fullmatch(signed)
        if found is None:
            return None
        ident = found["ident"]
        if not hmac.compare_digest(self.sign(kind, ident), signed):
            return None
        return ident

    def path(self, kind: Kind, ident: str) -> str:
        """The page's path on the server: ``/g/12-<mac>``."""
        return f"/{kind}/{self.sign(kind, ident)}"

    def url(self, kind: Kind, ident: str) -> str:
        """The page's full address, as members reach it."""
        return self.base_url + self.path(kind, ident)

    def game_url(self, game_id: int) -> str:
        """A game's page."""
        return self.url("g", str(game_id))

    def tournament_url(self, tournament_id: int) -> str:
        """A tournament's page."""
        return self.url("t", str(tournament_id))

    def player_url(self, guild_id: int, user_id: int) -> str:
        """A player's page on one server."""
        return self.url("p", f"{guild_id}.{user_id}")

    # ------------------------------------------------------------------ which servers
    def note_server(self, guild_id: int, on: bool) -> None:
        """What a server chose, as just read or just changed."""
        self._servers[guild_id] = (on, self._clock())

    def server_known(self, guild_id: int) -> bool | None:
        """Whether ``guild_id`` has its pages on, if that was read lately (``None``: not)."""
        known = self._servers.get(guild_id)
        if known is None or self._clock() - known[1] > BELIEVED_FOR:
            return None
        return known[0]

    def note_game(self, game_id: int, guild_id: int) -> None:
        """Which server a game belongs to."""
        self._games[game_id] = guild_id
        self._games.move_to_end(game_id)
        while len(self._games) > REMEMBERED_GAMES:
            self._games.popitem(last=False)

    def game_link(self, game_id: int) -> str | None:
        """A game's page, when its server is known to have pages on; ``None`` otherwise."""
        guild_id = self._games.get(game_id)
        if guild_id is None:
            return None
        on = self._servers.get(guild_id)
        return self.game_url(game_id) if on is not None and on[0] else None

    async def server_on(self, store: Store, guild_id: int) -> bool:
        """Whether ``guild_id`` has its pages on, read again when not read lately."""
        known = self.server_known(guild_id)
        if known is None:
            known = pages_on(dict(await store.prefs.server(guild_id)))
            self.note_server(guild_id, known)
        return known


#: The links of the running bot, when it serves pages (one bot a process, as deployed).
_installed: WebLinks | None = None


def install(links: WebLinks | None) -> None:
    """Make ``links`` the ones posts link with (``None``: no pages, no links)."""
    global _installed
    _installed = links


def installed() -> WebLinks | None:
    """The links of the running bot; ``None`` when it serves no pages."""
    return _installed


async def learn(store: Store, game: Game) -> None:
    """Note ``game``'s server, and read whether it has pages on when that was not read
    lately: then the game's posts can link to its page."""
    links = _installed
    if links is None or game.guild_id is None:
        return
    links.note_game(game.id, game.guild_id)
    await links.server_on(store, game.guild_id)


def game_link(game_id: int) -> str | None:
    """The page of ``game_id`` for its posts' **Open in browser**, when it has one."""
    return None if _installed is None else _installed.game_link(game_id)


async def page_link(store: Store, guild_id: int | None, kind: Kind, ident: str) -> str | None:
    """A page's address for a link in Discord (a tournament sheet, ``/profile``), when the
    bot serves pages and ``guild_id`` has them on; ``None`` otherwise."""
    links = _installed
    if links is None or guild_id is None or not await links.server_on(store, guild_id):
        return None
    return links.url(kind, ident)
