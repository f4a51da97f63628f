"""Log lines for a host to read or to feed a log system: plain text (the default) or, with
``LOG_FORMAT=json``, one JSON object per line.

A JSON line has ``time``, ``level``, ``logger`` and ``message``, and, where known, the
``game_id``, ``guild_id`` and ``user_id`` the line is about and the ``error_id`` a member was
quoted; an error's traceback is in ``traceback``. What a line is about comes from the
record's ``extra`` or from :func:`log_context`, which the bot sets around an interaction, a
delivery, a timer and an AI seat's play.

Secrets never reach the output: the token, the alert webhook's URL and anything shaped like
a Discord token are replaced by ``[hidden]`` in every line, whatever logged them.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import secrets
import sys
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Literal, TextIO, cast

from bot.ops.metrics import UNEXPECTED_ERRORS

#: What a log line may be about, in the order JSON lines give them.
FIELDS = ("game_id", "guild_id", "user_id")
#: What replaces a secret in a log line.
HIDDEN = "[hidden]"
#: A Discord bot token: the bot's id in base64, a timestamp, an HMAC, joined by dots.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{23,28}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}")
#: The text format: as before ``LOG_FORMAT`` existed.
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_context: dict[str, ContextVar[int | None]] = {
    name: ContextVar(f"grimoire_{name}", default=None) for name in FIELDS
}


@contextlib.contextmanager
def log_context(**fields: int | None) -> Iterator[None]:
    """Within the block, log lines of this task are about ``game_id``, ``guild_id`` or
    ``user_id`` (as given); outside it, as before."""
    tokens = [(_context[name], _context[name].set(value)) for name, value in fields.items()]
    try:
        yield
    finally:
        for variable, token in reversed(tokens):
            variable.reset(token)


def bind(**fields: int | None) -> None:
    """From now on, in this task, log lines are about these ids (for a task of its own, such
    as one interaction's or one game's AI seats, where nothing else runs after)."""
    for name, value in fields.items():
        _context[name].set(value)


def about(record: logging.LogRecord) -> dict[str, int]:
    """The ids a record is about: its ``extra`` first, else the task's context."""
    found = {}
    for name in FIELDS:
        value = getattr(record, name, None)
        if value is None:
            value = _context[name].get()
        if value is not None:
            found[name] = int(value)
    return found


class ErrorIds(logging.Filter):
    """Gives every error logged with a traceback an error id (unless it carries one, as an
    interaction's failure does: the member was quoted it), so the log line and the alert
    name the same one; and counts it, once, in ``grimoire_unexpected_errors_total``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.ERROR and record.exc_info and record.exc_info[0]:
            if getattr(record, "error_id", None) is None:
                record.error_id = secrets.token_hex(4)
            if not getattr(record, "_grimoire_counted", False):
                record._grimoire_counted = True
                UNEXPECTED_ERRORS.inc()
        return True


class Redacting(logging.Formatter):
    """A formatter that hides secrets in what it writes."""

    def __init__(self, secrets: Iterable[str], fmt: str | None = None) -> None:
        super().__init__(fmt)
        # Longest first: a secret that contains another is hidden whole.
        self._secrets = sorted({s for s in secrets if s}, key=len, reverse=True)

    def redact(self, text: str) -> str:
        """``text`` with every secret and token-shaped string hidden."""
        for secret in self._secrets:
            text = text.replace(secret, HIDDEN)
        return TOKEN_SHAPE.sub(HIDDEN, text)

    def format(self, record: logging.LogRecord) -> str:
        return self.redact(self.render(record))

    def render(self, record: logging.LogRecord) -> str:
        """The line before secrets are hidden."""
        return super().format(record)


class TextFormatter(Redacting):
    """``time LEVEL logger: message``, with the error id when the message lacks it."""

    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__(secrets, TEXT_FORMAT)

    def render(self, record: logging.LogRecord) -> str:
        text = super().render(record)
        error_id = getattr(record, "error_id", None)
        if error_id and error_id not in record.getMessage():
            first, newline, rest = text.partition("\n")
            text = f"{first} [error {error_id}]{newline}{rest}"
        return text


class JsonFormatter(Redacting):
    """One JSON object per line."""

    def render(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            **about(record),
        }
        error_id = getattr(record, "error_id", None)
        if error_id is not None:
            line["error_id"] = str(error_id)
        if record.exc_info:
            line["traceback"] = self.formatException(record.exc_info)
        elif record.stack_info:
            line["traceback"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)


class GrimoireHandler(logging.StreamHandler[TextIO]):
    """The handler :func:`configure_logging` installs (and replaces when called again)."""


class _CurrentStderr:
    """Standard error as it is when a line is written, not as it was when logging was set
    up (a test runner or a daemon may replace it)."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()


def configure_logging(
    level: str,
    log_format: Literal["text", "json"],
    secrets: Iterable[str] = (),
    *,
    stream: TextIO | None = None,
) -> logging.Handler:
    """Send every log line to ``stream`` (stderr) in ``log_format``, hiding ``secrets``;
    returns the handler. A handler installed by an earlier call is replaced; others (a test
    runner's) are left alone."""
    handler = GrimoireHandler(stream if stream is not None else cast("TextIO", _CurrentStderr()))
    hidden = list(secrets)
    handler.setFormatter(JsonFormatter(hidden) if log_format == "json" else TextFormatter(hidden))
    handler.addFilter(ErrorIds())
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, GrimoireHandler)]:
        root.removeHandler(old)
        old.close()
    root.addHandler(handler)
    root.setLevel(level.upper())
    return handler
