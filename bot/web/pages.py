"""What the web server answers: a page, a picture, a download, or a plain 404.

Every request names what it shows by a signed address (:mod:`bot.web.links`); a signature
that does not hold, a thing that does not exist, one whose server has its pages off, a
lobby: all are the same 404, so nothing can be learnt by probing. A running game shows
what a spectator in Discord sees; once it has ended, everything.

Pages are cached by what they show (the game's version, its status, the language, the
names, the clock), so a page asked for again costs a few small reads and no drawing; the
pictures are drawn in a worker thread, as the table's are (:mod:`bot.drawing.pictures`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.clocks.turn_clock import deadline_line, deadlines_by_seat
from bot.common.remembered import REMEMBERED_BYTES, History
from bot.drawing.picture_posts import pictured_view
from bot.drawing.pictures import alt_text, draw
from bot.replays.exports import export_files, export_game
from bot.replays.replays import EVERYTHING, PUBLIC, Frame, Replays, is_over
from bot.tables.views import TableViews
from bot.web.game_page import Picture, Told, finished_body, heading, running_body
from bot.web.links import Kind, WebLinks, pages_on
from bot.web.markup import Frame as PageFrame
from bot.web.markup import Namer, page
from bot.web.people import WebNames
from bot.words.i18n import localize, reading_in
from games.core import Engine, render_seats
from games.core.words import msg
from storage import Game, GameStatus, Store
from storage.errors import GameNotFound

#: Pages kept, rendered; games whose story is kept written.
PAGES_KEPT = 512
STORIES_KEPT = 256
#: A server's language, as the bot says it.
LanguageOf = Callable[[int], Awaitable[str]]


@dataclass(frozen=True, slots=True)
class Reply:
    """An answer, ready to be sent."""

    status: int
    body: bytes
    content_type: str
    etag: str | None = None
    cache: str = "no-cache"
    """The ``Cache-Control`` header."""
    download: str | None = None
    """The file name, for a download."""


NOT_FOUND = Reply(404, b"Not found.\n", "text/plain; charset=utf-8", cache="no-store")
HTML = "text/html; charset=utf-8"
#: A picture's address names the version it shows: it never changes.
FOREVER = "public, max-age=31536000, immutable"


def _digest(*parts: object) -> str:
    return hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()[:24]


class WebPages:
    """The pages of games, tournaments and players."""

    def __init__(
        self,
        store: Store,
        links: WebLinks,
        names: WebNames,
        language_of: LanguageOf,
        replays: Replays,
    ) -> None:
        self.store = store
        self.links = links
        self.names = names
        self.language_of = language_of
        self._replays = replays
        self._views = TableViews(store, remembered_bytes=REMEMBERED_BYTES // 4)
        self._pages: OrderedDict[str, bytes] = OrderedDict()
        self._stories: OrderedDict[tuple[int, str, tuple[str, ...]], Told] = OrderedDict()

    # ------------------------------------------------------------------ finding
    async def server_on(self, guild_id: int | None) -> bool:
        """Whether ``guild_id`` has its pages on, read now (and remembered for the links)."""
        if guild_id is None:
            return False
        on = pages_on(dict(await self.store.prefs.server(guild_id)))
        self.links.note_server(guild_id, on)
        return on

    def ident(self, kind: Kind, signed: str) -> str | None:
        """What a signed address names, when its signature holds."""
        return self.links.check(kind, signed)

    async def game(self, signed: str) -> Game | None:
        """The game a signed address names, if it has a page now: started, in a server
        with pages on."""
        ident = self.ident("g", signed)
        if ident is None or not ident.isdigit():
            return None
        try:
            game = await self.store.games.get(int(ident))
        except GameNotFound:
            return None
        if game.seed is None or game.status is GameStatus.LOBBY:
            return None
        if not await self.server_on(game.guild_id):
            return None
        self.links.note_game(game.id, game.guild_id or 0)
        return game

    def cached(self, key: str) -> bytes | None:
        """A page rendered before for exactly what it shows now."""
        found = self._pages.get(key)
        if found is not None:
            self._pages.move_to_end(key)
        return found

    def keep(self, key: str, body: bytes) -> bytes:
        """Keep a rendered page."""
        self._pages[key] = body
        while len(self._pages) > PAGES_KEPT:
            self._pages.popitem(last=False)
        return body

    def _told(self, game_id: int, language: str, seats: list[str]) -> Told:
        """The story's turns written before for this game, in this language and names."""
        key = (game_id, language, tuple(seats))
        told = self._stories.pop(key, None) or Told()
        self._stories[key] = told
        while len(self._stories) > STORIES_KEPT:
            self._stories.popitem(last=False)
        return told

    # ------------------------------------------------------------------ a game
    async def game_page(self, signed: str, move: str | None) -> Reply:
        """A game's page: live while it runs; the replay at ``move`` once it has ended."""
        game = await self.game(signed)
        if game is None:
            return NOT_FOUND
        assert game.guild_id is not None
        language = await self.language_of(game.guild_id)
        seats = await self.names.seats(game)
        if is_over(game):
            return await self._ended(signed, game, language, seats, move)
        pending = await self.store.timers.pending(game.id)
        deadline = deadline_line(deadlines_by_seat(pending).values())
        key = _digest("g", game.id, game.version, game.status.value, language, *seats, deadline)
        etag = f'"{key}"'
        body = self.cached(key)
        if body is None:
            history = await self._views.history(game.id)
            if history is None:
                return NOT_FOUND
            namer = await self.names.namer(seats, _users(game), language)
            told = self._told(game.id, language, seats)
            # Written in a worker thread: a long game's page takes some milliseconds, which
            # the event loop (and the moves it serves) need not wait for.
            body = await asyncio.to_thread(self._running, history, namer, seats, deadline, told)
            self.keep(key, body)
        return Reply(200, body, HTML, etag=etag)

    def _running(
        self, history: History, namer: Namer, seats: list[str], deadline: str, told: Told
    ) -> bytes:
        """A running game's page, written."""
        game, engine, language = history.game, history.engine, namer.language
        view = engine.view(history.moments[-1].state, None)
        picture = None
        if draws(engine):
            with reading_in(language):
                alt = alt_text(engine, view, seats)
            src = f"{self.links.path('g', str(game.id))}/picture/{game.version}.png"
            picture = Picture(src, alt)
        content = running_body(
            game,
            engine.title,
            history,
            namer,
            board=engine.describe(view),
            picture=picture,
            deadline=deadline,
            told=told,
        )
        frame = PageFrame(
            language,
            heading(game, engine.title, language),
            live=f"{self.links.path('g', str(game.id))}/version.json",
            version=version_of(game),
        )
        return page(frame, content).encode()

    async def _ended(
        self, signed: str, game: Game, language: str, seats: list[str], move: str | None
    ) -> Reply:
        number = game.version if move is None or not move.isdigit() else int(move)
        number = max(0, min(number, game.version))
        key = _digest("e", game.id, game.version, game.status.value, language, *seats, number)
        etag = f'"{key}"'
        body = self.cached(key)
        if body is None:
            frame = await self._replays.frame(game.id, 0, number, EVERYTHING)
            namer = await self.names.namer(seats, _users(game), language)
            engine = frame.engine
            picture = None
            if draws(engine):
                shown_engine, view = pictured_view(frame.picture)
                with reading_in(language):
                    alt = alt_text(shown_engine, view, seats, status=_status(frame, seats))
                src = f"{self.links.path('g', str(game.id))}/picture/{number}.png"
                picture = Picture(src, alt)
            base = self.links.path("g", str(game.id))
            downloads = [
                (_say_json(), f"{base}/export.json"),
                (_say_story(), f"{base}/story.txt"),
            ]
            content = finished_body(
                game, engine.title, frame, namer, picture=picture, downloads=downloads
            )
            title = heading(game, engine.title, language)
            body = self.keep(key, page(PageFrame(language, title), content).encode())
        return Reply(200, body, HTML, etag=etag)

    async def game_version(self, signed: str) -> Reply:
        """What the page polls: the game's version, which changes when it moves."""
        game = await self.game(signed)
        if game is None:
            return NOT_FOUND
        body = json.dumps({"version": version_of(game)}).encode()
        return Reply(200, body, "application/json", cache="no-store")

    async def game_picture(self, signed: str, number: int) -> Reply:
        """The board after move ``number``: as a spectator sees it while the game runs,
        every hand laid open once it has ended."""
        game = await self.game(signed)
        if game is None or not 0 <= number <= game.version:
            return NOT_FOUND
        assert game.guild_id is not None
        viewpoint = EVERYTHING if is_over(game) else PUBLIC
        frame = await self._replays.frame(game.id, 0, number, viewpoint)
        if not draws(frame.engine):
            return NOT_FOUND
        language = await self.language_of(game.guild_id)
        seats = await self.names.seats(game)
        engine, view = pictured_view(frame.picture)
        with reading_in(language):
            png = await draw(engine, view, seats, status=_status(frame, seats))
        if png is None:
            return NOT_FOUND
        etag = f'"{_digest("p", game.id, game.version, number, language, *seats)}"'
        # The names drawn may change (a member keeps theirs off the web): revalidated.
        return Reply(200, png, "image/png", etag=etag, cache="no-cache")

    async def game_download(self, signed: str, kind: str) -> Reply:
        """An ended game's export (``json``) or story (``txt``)."""
        game = await self.game(signed)
        if game is None or not is_over(game) or kind not in ("json", "txt"):
            return NOT_FOUND
        seats = await self.names.seats(game)
        assert game.guild_id is not None
        language = await self.language_of(game.guild_id)
        named = [localize(name, language) for name in seats]
        files = export_files(await export_game(self.store, game, None, named))
        if kind == "json":
            return Reply(
                200,
                files.document.encode(),
                "application/json; charset=utf-8",
                download=f"{files.name}.json",
            )
        return Reply(
            200, files.story.encode(), "text/plain; charset=utf-8", download=f"{files.name}.txt"
        )


def version_of(game: Game) -> str:
    """What changes whenever a game's page does: its version and its status."""
    return f"{game.version}.{game.status.value}"


def draws(engine: Engine[Any, Any]) -> bool:
    """Whether a game draws its board as a picture."""
    return type(engine).picture is not Engine.picture


def _users(game: Game) -> list[int]:
    return [s.user_id for s in game.seats if s.user_id is not None]


def _status(frame: Frame, seats: list[str]) -> str | None:
    status = frame.picture.status
    return None if status is None else render_seats(status, seats)


def _say_json() -> str:
    return msg("The game, as data (JSON)")


def _say_story() -> str:
    return msg("The story (text)")
