"""Reading an export document that anyone may have written, as something that may be hostile.

An export comes from outside: a file someone sends, a download that was edited. Reading it
must end, quickly, in either a :class:`~games.export.models.GameExport` or an
:class:`ExportError` whose message says why in one line: never a traceback, never a hang,
never memory spent on a document no game could have produced. So the cheap checks come
before the expensive ones:

1. the file is a regular file (not a folder, a pipe or a device, which could block or never
   end) of at most :data:`MAX_BYTES`;
2. the text is UTF-8;
3. arrays and objects are nested at most :data:`MAX_DEPTH` deep, counted by a scan of the
   brackets outside strings, before the parser (which recurses) sees them;
4. while parsing, a number is at most :data:`MAX_NUMBER_LENGTH` characters and finite
   (Python's ``int()`` refuses over 4,300 digits with an error of its own, a float may
   overflow to infinity), and ``NaN`` or ``Infinity`` (not JSON) are refused;
5. every string is Unicode text (JSON's ``\\ud800`` escapes can write half a character,
   which could not even be printed);
6. only then is the document checked against the format's models.

The limits are generous: the longest export of a complete game seen in self-play (Magic
Spell, four players, 1,700 moves) is 350 kB and nested 6 deep.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import Any, NoReturn

from pydantic import ValidationError

from games.core import GameError
from games.export.models import FORMAT_VERSION, GameExport

#: The largest export read, in bytes: 8 MiB, over twenty times the longest seen.
MAX_BYTES = 8 * 1024 * 1024
#: The deepest nesting of arrays and objects read (an export's is 6).
MAX_DEPTH = 32
#: The longest number read, in characters (a seed has at most 19 digits).
MAX_NUMBER_LENGTH = 64
#: How much of a message quoting the document is shown: it may quote anything in it.
MESSAGE_LIMIT = 300

#: The control characters a terminal could act on: all but the line break and the tab.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: A JSON string, escapes included, or one never closed (then up to the end). Possessive:
#: matching it never backtracks, so it takes time and memory linear in the text, whatever
#: the text holds.
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+(?:"|\\?\Z)', re.DOTALL)
#: Everything but brackets, once the strings are gone.
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
#: How a bracket changes the depth.
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class ExportError(GameError):
    """An export that cannot be read, replayed or trusted; the message says why."""


def read_export_file(path: str | os.PathLike[str]) -> GameExport:
    """Read the export in the file at ``path``; ``ExportError`` for anything that is not
    a readable export of at most :data:`MAX_BYTES`."""
    return read_export(_read_bytes(Path(path)))


def read_export(text: str | bytes) -> GameExport:
    """Read an export document, refusing with a clear reason anything that is not one."""
    data = parse_json(text)
    if not isinstance(data, dict) or "format_version" not in data:
        raise ExportError("This JSON has no format_version: it is not a Grimoire game export.")
    version = data["format_version"]
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ExportError("This export's format_version is not a version number (1, 2, …).")
    if version > FORMAT_VERSION:
        raise ExportError(
            f"This export was written in format {version} by a newer version of Grimoire; "
            f"this one reads format {FORMAT_VERSION}."
        )
    try:
        return GameExport.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the document"
        raise ExportError(f"This export is damaged at {where}: {first['msg']}.") from None


def parse_json(text: str | bytes) -> Any:
    """The JSON value of ``text`` (UTF-8 when bytes), within the limits above; raises
    ``ExportError`` saying which one it breaks, or that it is not JSON."""
    if len(text) > MAX_BYTES:
        raise ExportError(_too_big(len(text)))
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise ExportError(
                f"This file is not UTF-8 text (byte {error.start}): it is not a Grimoire "
                "game export."
            ) from None
    _check_depth(text)
    try:
        data = json.loads(
            text.removeprefix("\ufeff"),
            parse_int=_integer,
            parse_float=_float,
            parse_constant=_constant,
        )
    except json.JSONDecodeError as error:
        raise ExportError(
            f"This file is not JSON (line {error.lineno}, column {error.colno}: {error.msg}): "
            "it is not a Grimoire game export."
        ) from None
    _check_text(data)
    return data


def one_line(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """``message`` as one line of at most about ``limit`` characters: a line break or a
    control character quoted from a document is shown escaped, never acted on.

    >>> one_line("move 3, “cast\\nred”, is refused")
    'move 3, “cast\\\\nred”, is refused'
    >>> one_line("x" * 10, limit=4)
    'xxxx…'
    """
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message[: limit + 1])
    return shown if len(message) <= limit and len(shown) <= limit else shown[:limit] + "…"


def printable(text: str) -> str:
    """``text`` with its control characters (but line breaks and tabs) shown escaped: a
    name or a line from a document printed to a terminal must not act on it (move the
    cursor, change colours, clear the screen).

    >>> printable("Ada\\x1b[2J\\tmoved\\n")
    'Ada\\\\x1b[2J\\tmoved\\n'
    """
    return _CONTROL.sub(lambda found: repr(found[0])[1:-1], text)


def _read_bytes(path: Path) -> bytes:
    """The file's bytes, opened so that nothing can block: a pipe or a device is refused
    before a byte is read, and at most one byte over the limit is ever read."""
    try:
        # O_NONBLOCK: opening a pipe nobody writes to would otherwise wait for ever.
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        handle = os.open(path, flags)
    except OSError as error:
        raise ExportError(f"Cannot read {path}: {error.strerror or error}.") from None
    try:
        status = os.fstat(handle)
        if stat.S_ISDIR(status.st_mode):
            raise ExportError(f"Cannot read {path}: it is a folder, not a file.")
        if not stat.S_ISREG(status.st_mode):
            raise ExportError(f"Cannot read {path}: it is not a regular file.")
        if status.st_size > MAX_BYTES:
            raise ExportError(_too_big(status.st_size))
        with os.fdopen(handle, "rb", closefd=False) as file:
            raw = file.read(MAX_BYTES + 1)  # the size only: the file may grow meanwhile
    except OSError as error:
        raise ExportError(f"Cannot read {path}: {error.strerror or error}.") from None
    finally:
        os.close(handle)
    if len(raw) > MAX_BYTES:
        raise ExportError(_too_big(len(raw)))
    return raw


def _too_big(size: int) -> str:
    return (
        f"This file is too big to be a game export: {size:,} bytes, over the "
        f"{MAX_BYTES // (1024 * 1024)} MiB any game's export stays within."
    )


def _check_depth(text: str) -> None:
    """Refuse arrays and objects nested over :data:`MAX_DEPTH` deep, before parsing: the
    parser recurses once per level, and a document a hundred thousand levels deep is a few
    hundred kilobytes. Brackets inside strings do not count; a document whose brackets do
    not match passes here and is refused by the parser.

    In time linear in the text, whatever it holds, every step in C: no pattern that
    backtracks, no loop in Python over its characters."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if max(accumulate(map(_STEP.__getitem__, brackets)), default=0) > MAX_DEPTH:
        raise ExportError(
            f"This file nests arrays or objects over {MAX_DEPTH} deep: it is not a "
            "Grimoire game export."
        )


def _refuse_number(text: str) -> NoReturn:
    shown = text if len(text) <= 20 else f"{text[:10]}…{text[-5:]} ({len(text):,} characters)"
    raise ExportError(f"This file holds the number {shown}, which no game export holds.")


def _integer(text: str) -> int:
    if len(text) > MAX_NUMBER_LENGTH:
        _refuse_number(text)  # before int(), which is slow and then refuses over 4,300 digits
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER_LENGTH:
        _refuse_number(text)
    value = float(text)
    if not math.isfinite(value):  # 1e999 overflows to infinity
        _refuse_number(text)
    return value


def _constant(name: str) -> NoReturn:
    raise ExportError(f"This file holds {name}, which is not JSON: it is not a game export.")


def _check_text(data: Any) -> None:
    """Refuse a string (or a key) holding half a character: JSON's ``\\ud800`` escape
    can write one, and no text with one can be printed or stored."""
    waiting = [data]
    while waiting:  # no recursion: the depth is already bounded, but a loop needs no stack
        value = waiting.pop()
        if isinstance(value, dict):
            waiting.extend(value.keys())
            waiting.extend(value.values())
        elif isinstance(value, list):
            waiting.extend(value)
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise ExportError(
                    "This file holds text that is not Unicode (an escape of half a "
                    "character): it is not a Grimoire game export."
                ) from None
