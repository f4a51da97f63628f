"""Board pictures for Discord: drawn off the event loop, kept in a small cache, attached to
board embeds as ``board.png``.

A post carries the view its board was made from (``bot.drawing.picture_posts``), so its
picture is drawn when it is sent, from exactly what that board shows and nothing more. Drawing
runs in a worker thread; a picture that cannot be drawn is logged and the board goes out
without it.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
from pydantic import BaseModel

import games
from bot.common.posts import PostPicture
from bot.common.render import render
from bot.drawing.embeds import board_embed
from bot.drawing.picture_posts import pictured_view
from bot.words.i18n import current_language, localize, localized_board
from games.core import Board, Engine, render_seats
from games.core.picture import drawn_in
from storage import Game

log = logging.getLogger("grimoire.pictures")

#: The attachment's file name, which the embed refers to.
FILE_NAME = "board.png"
#: Discord's limit on a file's description, which readers and screen readers show as the
#: picture's alt text.
ALT_TEXT_LIMIT = 1024
#: Pictures kept: every seat's latest view of a few dozen busy games.
CACHE_SIZE = 128

_cache: OrderedDict[tuple[str, str, tuple[str, ...], str], bytes] = OrderedDict()
# keyed by game, view digest, the names followed by the status line drawn, and the language
# One picture at a time: the fonts' FreeType faces are shared and not made for concurrent use.
_drawing = threading.Lock()


def _draw_now(
    engine: Engine[Any, Any],
    view: BaseModel,
    names: list[str],
    status: str | None,
    language: str,
) -> bytes | None:
    """The picture, its words said in ``language``."""
    with _drawing, drawn_in(lambda text: localize(text, language)):
        if status is None:
            return engine.picture(view, names)
        return engine.picture(view, names, status=status)


async def draw(
    engine: Engine[Any, Any],
    view: BaseModel,
    names: Sequence[str],
    *,
    status: str | None = None,
) -> bytes | None:
    """The view's picture, from the cache or drawn in a worker thread; ``None`` when the game
    draws none or drawing failed. ``status`` (names filled in) replaces its status line.
    Its words are in the reader's language (the current one, taken along to the worker).

    The cache is keyed by the view itself (a game, its version and a seat give one view), so
    a picture is never reused for anything it does not show exactly.
    """
    body = json.dumps(view.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    language = current_language()
    digest = hashlib.sha256(body.encode()).hexdigest()
    key = (engine.key, digest, (*names, status or ""), language)
    if (cached := _cache.get(key)) is not None:
        _cache.move_to_end(key)
        return cached
    try:
        png = await asyncio.to_thread(_draw_now, engine, view, list(names), status, language)
    except Exception:  # a drawing bug must not hold back the board itself
        log.exception("Could not draw a %s picture.", engine.key)
        return None
    if png is not None:
        _cache[key] = png
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return png


#: Discord's markdown, which alt text is read without: emphasis, code, spoilers, quotes,
#: headings and small print, masked links' brackets.
_MARKUP = re.compile(r"\*\*|__|~~|\|\||`+|^\s*(?:-#|#{1,3}|>)\s+", re.MULTILINE)
_SPACES = re.compile(r"[ \t]+")


def alt_text(
    engine: Engine[Any, Any], view: BaseModel, names: Sequence[str], *, status: str | None = None
) -> str:
    """The picture of ``view`` in words, for those who cannot see it: the game's own text
    board of that very view (so it tells nothing the picture does not: a seat's view only
    what that seat sees, the public view only what is public), plain, within Discord's
    limit. The board's title, its status (``status``, names filled in, when the picture's
    status line is replaced), what the picture shows, then the rest; when that runs long,
    the longest parts are shortened alike, so that every part is still named."""
    board = localized_board(engine.describe(view).rendered(names))
    head = [plain_text(board.title), plain_text(localize(status) or board.description)]
    fields = sorted(board.fields, key=lambda field: not field.pictured)
    parts = [f"{plain_text(field.name)}: {plain_text(field.value)}" for field in fields]
    parts.append(plain_text(board.footer))
    heading = _sentences(head)
    room = ALT_TEXT_LIMIT - discord_length(heading) - 1
    parts = [part for part in parts if part]
    longest = len(max(parts, key=len, default=""))
    while longest > 1 and discord_length(_sentences(_shortened(parts, longest))) > room:
        longest -= max(1, longest // 20)
    text = f"{heading} {_sentences(_shortened(parts, longest))}".strip()
    if discord_length(text) <= ALT_TEXT_LIMIT:
        return text
    while discord_length(text) > ALT_TEXT_LIMIT - 1:  # a very long title or status
        text = text[:-1]
    return text + "…"


def discord_length(text: str) -> int:
    """``text``'s length in UTF-16 code units, the longest way a limit may be counted (an
    emoji, as most of a game's symbols are, counts two): a text within it fits either way."""
    return len(text.encode("utf-16-le")) // 2


def _shortened(parts: list[str], longest: int) -> list[str]:
    return [part if len(part) <= longest else part[: longest - 1].rstrip() + "…" for part in parts]


def _sentences(parts: Sequence[str]) -> str:
    """Parts as sentences, each ending in a stop."""
    return " ".join(part if part[-1] in ".!?…" else f"{part}." for part in parts if part)


def plain_text(text: str) -> str:
    """``text`` without markup, on one line."""
    text = _MARKUP.sub("", render(localize(text)))
    lines = [_SPACES.sub(" ", line).strip() for line in text.splitlines()]
    return " ".join(line if line[-1] in ".!?…:;," else f"{line};" for line in lines if line).rstrip(
        ";"
    )


async def attach(
    embed: discord.Embed,
    engine: Engine[Any, Any],
    view: BaseModel,
    names: Sequence[str],
    *,
    status: str | None = None,
) -> discord.File | None:
    """Draw the view and show it in ``embed``, as its main image (the largest an embed
    shows); the file to send with it, described in words (:func:`alt_text`), or ``None``."""
    png = await draw(engine, view, names, status=status)
    if png is None:
        return None
    embed.set_image(url=f"attachment://{FILE_NAME}")
    described = alt_text(engine, view, names, status=status)
    return discord.File(io.BytesIO(png), filename=FILE_NAME, description=described)


async def attach_picture(
    embed: discord.Embed, picture: PostPicture | None, names: Sequence[str]
) -> discord.File | None:
    """Like :func:`attach`, for the view a post carries as its picture (if any)."""
    if picture is None:
        return None
    try:
        engine, view = pictured_view(picture)
    except ValueError:  # an unreadable view (an older format) only costs the picture
        log.warning("A post's picture could not be read; sent without it.", exc_info=True)
        return None
    shown = None if picture.status is None else render_seats(picture.status, names)
    return await attach(embed, engine, view, names, status=shown)


async def board_with_picture(
    board: Board,
    names: Sequence[str],
    picture: PostPicture | None,
    *,
    private: bool = False,
) -> tuple[discord.Embed, discord.File | None]:
    """``board`` as an embed with the picture a post carries (if it can be drawn): the text
    then leaves out what the picture shows (``BoardField.pictured``), and keeps everything
    when there is no picture."""
    return await _pictured(
        board, names, private, lambda embed: attach_picture(embed, picture, names)
    )


async def game_board_with_picture(
    board: Board, game: Game, seat: int | None, names: Sequence[str], *, private: bool = False
) -> tuple[discord.Embed, discord.File | None]:
    """Like :func:`board_with_picture`, drawn from ``seat``'s view of a game as it stands."""
    return await _pictured(
        board, names, private, lambda embed: attach_game(embed, game, seat, names)
    )


async def _pictured(
    board: Board,
    names: Sequence[str],
    private: bool,
    attach_to: Callable[[discord.Embed], Awaitable[discord.File | None]],
) -> tuple[discord.Embed, discord.File | None]:
    embed = board_embed(board, names, private=private)
    picture = await attach_to(embed)
    if picture is None or not any(f.pictured for f in board.fields):
        return embed, picture
    image = embed.image.url
    embed = board_embed(board, names, private=private, pictured=True)
    if image:
        embed.set_image(url=image)
    return embed, picture


async def attach_game(
    embed: discord.Embed, game: Game, seat: int | None, names: Sequence[str]
) -> discord.File | None:
    """Like :func:`attach`, for ``seat``'s view of a game as it stands (``None``: the
    public view)."""
    if game.state is None:
        return None
    engine = games.get(game.game_key)
    view = engine.view(engine.load(game.state), seat)
    return await attach(embed, engine, view, names)


def with_file(file: discord.File | None) -> dict[str, Any]:
    """Keyword arguments that send ``file`` along with a message, or nothing."""
    return {} if file is None else {"file": file}
