"""Saying a message in a language: the one way the bot turns words into a reader's language.

Every text the bot sends passes through :func:`localize` (``bot.common.render.render`` calls
it on every text it draws): a :class:`~games.core.words.Msg` is said in the language given, or
else the one the current reader reads (:func:`reading_in`, set for each interaction by the
language its member reads and for each delivery by its reader's); plain text (a name, a
notation) is left as it is. Boards and posts are localized field by field.

>>> from games.core.words import msg, nmsg
>>> localize(nmsg("{n} card", "{n} cards", 3), "en")
'3 cards'
>>> localize(msg("{who} passes.", who="Ann"), "en-XA")
'⟦Ann pâssés.····⟧'
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

from babel.dates import format_datetime
from babel.lists import format_list
from babel.numbers import format_decimal

from bot.words.catalogues import translations
from bot.words.languages import PSEUDO, SOURCE
from bot.words.pseudo import pseudo
from games.core.board import Board
from games.core.words import Msg, english_list, fill

_reading: contextvars.ContextVar[str] = contextvars.ContextVar("reading", default=SOURCE)
_public: contextvars.ContextVar[str | None] = contextvars.ContextVar("public", default=None)

T = TypeVar("T")


def current_language() -> str:
    """The language the current reader reads (English when nobody said)."""
    return _reading.get()


@contextlib.contextmanager
def reading_in(language: str) -> Iterator[None]:
    """Within this block, texts are said in ``language`` unless told otherwise."""
    token = _reading.set(language)
    try:
        yield
    finally:
        _reading.reset(token)


def set_reading(language: str, public: str | None = None) -> None:
    """From here to the end of the current task, texts are said in ``language``, and texts
    everyone in the channel reads in ``public``: what an interaction's first check does for
    the rest of its handling."""
    _reading.set(language)
    _public.set(public)


def public_language() -> str:
    """The language of what everyone in the current channel reads (a public answer, a
    lobby): the server's; outside an interaction, the current reader's."""
    return _public.get() or _reading.get()


def in_public() -> contextlib.AbstractContextManager[None]:
    """Within this block, texts are said in the language everyone in the channel reads: for
    a public answer (a lobby, a sign-up sheet) built while handling one member's click."""
    return reading_in(public_language())


def localize(text: Any, language: str | None = None) -> str:
    """``text`` said in ``language`` (by default the current reader's): a message translated,
    anything else as it is."""
    language = language or current_language()
    if isinstance(text, Msg):
        return _say(text, language)
    return "" if text is None else str(text)


def _babel_locale(language: str) -> str:
    return SOURCE if language == PSEUDO else language.replace("-", "_")


def _say(message: Msg, language: str) -> str:
    if message.kind == "join":
        return message.template.join(_say_param(i, language) for i in message.items)
    if message.kind == "list":
        words = [_say_param(i, language) for i in message.items]
        if len(words) < 2 or language in (SOURCE, PSEUDO):
            return english_list(words, message.style)
        locale = _babel_locale(language)
        if message.style == "or":
            return format_list(words, style="or", locale=locale)
        if message.style == "unit":
            return ", ".join(words)  # Babel's "unit" lists are not complete in every locale
        return format_list(words, style="standard", locale=locale)
    if message.kind == "decimal":
        value = float(message.params.get("value", 0.0))
        places = message.quantity
        pattern = "0." + "0" * places if places else "0"
        return format_decimal(value, format=pattern, locale=_babel_locale(language))
    if message.kind == "name":
        return pseudo(message.template) if language == PSEUDO else message.template
    template = _template(message, language)
    if message.kind == "data":
        return template
    return fill(template, message.params, lambda value: _say_param(value, language))


def _say_param(value: Any, language: str) -> str:
    if isinstance(value, Msg):
        return _say(value, language)
    return str(value)


def _template(message: Msg, language: str) -> str:
    """The message's template in ``language``: the catalogue's, or the English one."""
    if language == SOURCE:
        return (
            message.template
            if message.kind != "plural" or message.quantity == 1
            else (message.plural or message.template)
        )
    if language == PSEUDO:
        english = _template(message, SOURCE)
        return pseudo(english)
    catalogue = translations(language)
    if message.kind == "plural":
        plural = message.plural or message.template
        if message.context is not None:
            return catalogue.npgettext(message.context, message.template, plural, message.quantity)
        return catalogue.ngettext(message.template, plural, message.quantity)
    if message.context is not None:
        return catalogue.pgettext(message.context, message.template)
    return catalogue.gettext(message.template)


def translated(message: Msg, language: str) -> bool:
    """Whether ``language``'s catalogues say ``message`` (its own words, not what is inside)."""
    if language in (SOURCE, PSEUDO) or message.kind in ("join", "list", "decimal", "name"):
        return True
    english = _template(message, SOURCE)
    said = _template(message, language)
    return said != english or _same_in_both(message, language)


def _same_in_both(message: Msg, language: str) -> bool:
    """A message a catalogue translates by the same words ("OK")."""
    catalogue = translations(language)
    probe = "\x00missing\x00"
    if message.kind == "plural":
        return False
    lookup = getattr(catalogue, "_catalog", {})
    key = message.template
    if message.context is not None:
        key = f"{message.context}\x04{key}"
    return bool(lookup.get(key, probe) != probe)


# ---------------------------------------------------------------- whole structures
def localized_board(board: Board, language: str | None = None) -> Board:
    """A board with every text said in ``language``."""
    return board.mapped(lambda text: localize(text, language))


def localized(value: T, language: str | None = None) -> T:
    """Any dataclass, mapping, sequence or board with every message in it said in
    ``language``; other values as they are."""
    language = language or current_language()
    if isinstance(value, Msg):
        return localize(value, language)  # type: ignore[return-value]
    if isinstance(value, Board):
        return localized_board(value, language)  # type: ignore[return-value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {
            f.name: localized(getattr(value, f.name), language)
            for f in dataclasses.fields(value)
            if f.init
        }
        return dataclasses.replace(value, **changes)
    if isinstance(value, tuple):
        return tuple(localized(v, language) for v in value)  # type: ignore[return-value]
    if isinstance(value, list):
        return [localized(v, language) for v in value]  # type: ignore[return-value]
    if isinstance(value, Mapping):
        return {k: localized(v, language) for k, v in value.items()}  # type: ignore[return-value]
    return value


def local_time(when: datetime, language: str | None = None, zone: str | None = None) -> str:
    """A date and time as the reader writes it, in their time zone (for text Discord does not
    draw itself: pictures, files, web pages)."""
    language = language or current_language()
    tz = ZoneInfo(zone) if zone else ZoneInfo("UTC")
    return format_datetime(when, "medium", tzinfo=tz, locale=_babel_locale(language))
