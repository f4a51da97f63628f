"""Finding codes where a member should read words: seat codes, slugs in code tags,
placeholders, raw mentions in embeds, commands and file names.

``codes_in(text)`` names every such code in a text; ``member_texts(request)`` takes every text
a member can read from one request the bot made to Discord (a message, an edit, an interaction's
answer, a DM), so a test can scan all that a whole game showed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from simcord.types import HttpLogEntry

#: What each kind of code looks like. Each pattern is narrow enough that real words never
#: match it (``test_names_not_codes.py`` shows each catching its example and sparing words).
PATTERNS: dict[str, re.Pattern[str]] = {
    # p1, P2 (a seat's code); {p0} (a placeholder nobody filled in).
    "seat code": re.compile(r"(?<![\w{])[pP]\d(?!\w)|\{p\d+\}"),
    # "seat 3", "Seat 2 of", "player 2", "AI player 3": a seat by its number.
    "seat number": re.compile(r"\b(?:[Ss]eat|[Pp]layer) #?\d+\b"),
    # `bishop-of-lyons`: a card's slug shown in code instead of its name.
    "slug in code": re.compile(r"`[a-z0-9]+(?:-[a-z0-9]+)+`"),
    # `SPACE`, CARD, <file>: a placeholder for the member to fill in.
    "placeholder": re.compile(
        r"\b(?:SPACE|CARD|SEAT|PLAYER|SPELL|TILE|TARGET|ELEMENT|NUMBER|AMOUNT|COLOU?R)S?\b"
        r"|<(?:[a-z]+[ _-])*[a-z]+>"
    ),
    "command line": re.compile(r"\bpython3? -m\b"),
    "file name": re.compile(r"(?<![\w/.])[\w-]+\.(?:md|py|json)\b"),
}

#: The turn panel's one hint of what could be typed instead, where notation belongs.
TYPING_HINT = re.compile(r"Typing works too: `[^`\n]*`")

#: A mention written out, which an embed shows as raw ``<@123>`` on some clients.
MENTION = re.compile(r"<@[!&]?\d+>")


def codes_in(text: str, *, in_embed: bool = False) -> list[str]:
    """Every code in ``text``, as "kind: match"; raw mentions count only inside an embed, and
    the panel's hint of what could be typed is left out."""
    text = TYPING_HINT.sub("", text)
    found = [f"{kind}: {m.group(0)}" for kind, p in PATTERNS.items() for m in p.finditer(text)]
    if in_embed:
        found += [f"mention in an embed: {m.group(0)}" for m in MENTION.finditer(text)]
    return found


#: Keys of Discord's payloads whose values a member reads.
_READ = {"content", "title", "description", "name", "value", "text", "label", "placeholder"}


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key in _READ and isinstance(value, str):
                yield value
            elif isinstance(value, dict | list):
                yield from _strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)


def member_texts(request: HttpLogEntry) -> Iterator[tuple[str, bool]]:
    """Each text a member can read in what ``request`` sent, with whether it is inside an
    embed; nothing for requests that send no words (reads, deletes, command syncs)."""
    if request.method not in {"POST", "PATCH", "PUT"} or "/commands" in request.path:
        return
    payload = request.json
    if not isinstance(payload, dict):
        return
    body = payload.get("data", payload) if "/callback" in request.path else payload
    if not isinstance(body, dict):
        return
    if "choices" in body:  # suggestions: a member reads their names; the values are typed
        for choice in body["choices"]:
            yield str(choice["name"]), False
        return
    for embed in body.get("embeds") or []:
        for text in _strings(embed):
            yield text, True
    rest = {k: v for k, v in body.items() if k != "embeds"}
    for text in _strings(rest):
        yield text, False


def codes_sent(requests: list[HttpLogEntry], *, skip: re.Pattern[str] | None = None) -> list[str]:
    """Every code in what the bot sent, each with the text it is in (texts matching ``skip``,
    where notation belongs, left out)."""
    found: list[str] = []
    for request in requests:
        for text, in_embed in member_texts(request):
            if skip is not None and skip.search(text):
                continue
            found += [f"{code} in {text!r}" for code in codes_in(text, in_embed=in_embed)]
    return found
