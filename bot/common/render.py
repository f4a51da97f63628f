"""Rendering the service layer's neutral text (:mod:`bot.common.text`) as Discord markup.

Every text the bot sends that the service layer wrote passes through :func:`render`: message
contents, refusals, embed titles, fields and footers.

>>> render("{b}Mandragora{/b}: {u42}, by {t1767312000:R} in {c7}. {p0} starts.", ["Ann"])
'**Mandragora**: <@42>, by <t:1767312000:R> in <#7>. Ann starts.'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.words.i18n import localize
from games.core import render_seats

_TOKEN = re.compile(r"\{(?:u(\d+)|c(\d+)|t(-?\d+):([fFRdDtT])|(/?b))\}")


def _discord(match: re.Match[str]) -> str:
    user, channel, epoch, style, strong = match.groups()
    if user is not None:
        return f"<@{user}>"
    if channel is not None:
        return f"<#{channel}>"
    if epoch is not None:
        return f"<t:{epoch}:{style}>"
    return "**" if strong in ("b", "/b") else match.group(0)


def render(text: str, names: Sequence[str] | None = None, language: str | None = None) -> str:
    """``text`` said in ``language`` (by default the current reader's: see
    :mod:`bot.words.i18n`) with its tokens drawn in Discord's syntax; with ``names``, seats
    named too (a seat placeholder is left for later otherwise)."""
    if names is not None:
        text = render_seats(text, names)
    return _TOKEN.sub(_discord, localize(text, language))


def render_optional(
    text: str | None, names: Sequence[str] | None = None, language: str | None = None
) -> str | None:
    """:func:`render` for a text that may be missing."""
    return None if text is None else render(text, names, language)


def mentions(user_ids: Sequence[int]) -> str:
    """Mentions that notify these users, comma-separated.

    >>> mentions([7, 8])
    '<@7>, <@8>'
    """
    return ", ".join(f"<@{u}>" for u in user_ids)
