"""Neutral text (:mod:`bot.common.text`) as HTML, and the frame every page shares.

Every text is said in the page's language first, then escaped, and only then are the
tokens drawn: a name, a game's words or anything a member typed can never become markup.
Names are put in last, each escaped on its own: they stand in the text as markers that
escaping leaves alone (NUL characters, which no text holds), so a name cannot be read as
a token either.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.words.i18n import localize
from games.core import render_seats
from games.core.words import msg

_TOKEN = re.compile(r"\{(?:u(\d+)|c(\d+)|t(-?\d+):([fFRdDtT])|(/?b))\}")
_MARKER = re.compile("\x00(\\d+)\x00")
_CODE = re.compile(r"`([^`\n]+)`")
_BOLD = re.compile(r"\*\*([^*\n]+)\*\*")
_FENCE_LANGUAGE = re.compile(r"\A[A-Za-z]*\n")


def esc(text: object) -> str:
    """``text`` escaped for HTML text and attribute values alike."""
    return html.escape(str(text), quote=True)


@dataclass(frozen=True, slots=True)
class Namer:
    """How a page names people: each seat's name, and each member a text mentions."""

    seats: Sequence[str]
    users: Mapping[int, str]
    language: str
    someone: str = ""
    """The name of a member the page does not know (said in the page's language)."""


def words(text: str, namer: Namer) -> str:
    """``text`` (neutral, seats as ``{p0}``) as HTML in the page's language."""
    names: list[str] = []

    def marker(name: str) -> str:
        names.append(localize(name, namer.language))
        return f"\x00{len(names) - 1}\x00"

    marked = render_seats(text, [marker(name) for name in namer.seats])
    said = esc(localize(marked, namer.language))

    def token(match: re.Match[str]) -> str:
        user, channel, epoch, style, strong = match.groups()
        if user is not None:
            return marker(namer.users.get(int(user)) or namer.someone)
        if channel is not None:
            return esc(localize(msg("the game's thread on Discord"), namer.language))
        if epoch is not None:
            return moment_html(int(epoch), style)
        return "<strong>" if strong == "b" else "</strong>"

    said = _TOKEN.sub(token, said)
    parts = said.split("```")
    for index, part in enumerate(parts):
        if index % 2:  # a block of fixed-width text (a game's grid), as it is
            parts[index] = "<pre>" + _FENCE_LANGUAGE.sub("", part, count=1).strip("\n") + "</pre>"
        else:
            part = _CODE.sub(r"<code>\1</code>", part)
            parts[index] = _BOLD.sub(r"<strong>\1</strong>", part).replace("\n", "<br>")
    said = "".join(parts)
    return _MARKER.sub(lambda m: esc(names[int(m.group(1))]), said)


def moment_html(epoch: int, style: str) -> str:
    """A moment: written in UTC, and in the reader's own time by the page's script
    (``data-style`` ``R``: relative, "in 3 hours")."""
    when = datetime.fromtimestamp(epoch, UTC)
    shown = when.strftime("%Y-%m-%d" if style in "dD" else "%Y-%m-%d %H:%M UTC")
    return (
        f'<time datetime="{when.isoformat().replace("+00:00", "Z")}" '
        f'data-style="{esc(style)}">{esc(shown)}</time>'
    )


@dataclass(frozen=True, slots=True)
class Frame:
    """What every page has around its content."""

    language: str
    title: str
    """The page's title, plain (escaped here)."""
    live: str = ""
    """The address of the game's version, polled while the page is open (empty: none)."""
    version: str = ""


def page(frame: Frame, body: str) -> str:
    """A whole page: ``body`` (HTML) inside the document, its stylesheet and script."""
    live = (
        f' data-live="{esc(frame.live)}" data-version="{esc(frame.version)}"' if frame.live else ""
    )
    said = localize(msg("Grimoire, read-only"), frame.language)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{esc(frame.language)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="robots" content="noindex, nofollow">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f"<title>{esc(frame.title)}</title>\n"
        '<link rel="stylesheet" href="/web.css">\n'
        '<script src="/web.js" defer></script>\n'
        f"</head>\n<body{live}>\n"
        f'<main id="main">\n{body}\n</main>\n'
        f"<footer><p>{esc(said)}</p></footer>\n"
        "</body>\n</html>\n"
    )
