"""Error alerts: one message in the host's own Discord channel, through its webhook
(``ALERT_WEBHOOK_URL``), per unexpected error, that is, one logged with a traceback.

A message names the error id (the one in the log line, and the one a member was quoted),
where it happened and the exception's type, with a short summary of the traceback: file,
line and function of each frame. Nothing about a game goes there: not the exception's
message, not the log message's values, which may hold a card, a hand or a name; the log
line under the same error id has them.

The same error (same type, same place) is posted once an hour at most, the next message
saying how often it came back; and at most :data:`BURST` messages go out per
:data:`BURST_WINDOW`, the next one saying how many were held back. Alerts are sent from the
bot's event loop by a task of their own: logging an error never waits for Discord.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import re
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType

import aiohttp

from bot.ops.logs import ErrorIds

log = logging.getLogger("grimoire.ops.alerts")

#: The same error is posted again only after this many seconds.
REPEAT_AFTER = 3600.0
#: At most this many messages per :data:`BURST_WINDOW` seconds.
BURST = 5
BURST_WINDOW = 60.0
#: Frames shown from the end of a traceback.
FRAMES = 8
#: How long a post may take before it is given up.
POST_TIMEOUT = 10.0
#: Discord's limit on a message's length.
MESSAGE_LIMIT = 2000
#: The folders whose paths are shown from the project's root.
_PROJECT_PATH = re.compile(
    r".*?/((?:bot|games|storage|tests)/.*|(?:discord|aiohttp|asyncpg|aiosqlite)/.*)$"
)
#: A %-placeholder of a log message, whose value is left out.
_PLACEHOLDER = re.compile(r"%(?:\([a-z_]+\))?[-#0 +]*\d*(?:\.\d+)?[sdrfigxXe]")

ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]


@dataclass(frozen=True, slots=True)
class Alert:
    """One unexpected error, as it may be posted: nothing private in it."""

    error_id: str
    logger: str
    summary: str  # the log message's wording, without its values
    kind: str  # the exception's type
    frames: tuple[str, ...]  # "path:line in function", outermost first

    @property
    def signature(self) -> tuple[str, str, str]:
        """What makes two errors the same one: their type, and where they were raised."""
        return (self.kind, self.logger, self.frames[-1] if self.frames else "")


def alert_of(record: logging.LogRecord) -> Alert | None:
    """The alert for a log record, or ``None`` when it is not an unexpected error (no
    traceback) or comes from the alerts themselves."""
    if record.levelno < logging.ERROR or not record.exc_info or record.exc_info[0] is None:
        return None
    if record.name == log.name:
        return None
    kind, _, trace = record.exc_info
    frames = tuple(
        f"{_short(frame.filename)}:{frame.lineno} in {frame.name}"
        for frame in traceback.extract_tb(trace)[-FRAMES:]
    )
    return Alert(
        error_id=str(getattr(record, "error_id", "") or "-"),
        logger=record.name,
        summary=_PLACEHOLDER.sub("…", str(record.msg)),
        kind=kind.__name__,
        frames=frames,
    )


def _short(path: str) -> str:
    found = _PROJECT_PATH.match(path.replace("\\", "/"))
    return found[1] if found else path.rsplit("/", 1)[-1]


def message_of(alert: Alert, *, repeats: int, held_back: int) -> str:
    """The message posted for ``alert``: its id, where and what, the traceback's summary,
    and what was not posted since."""
    lines = [
        f"**Grimoire: unexpected error `{alert.error_id}`** in `{alert.logger}`",
        f"{alert.summary}",
        f"`{alert.kind}`" + (f" at `{alert.frames[-1]}`" if alert.frames else ""),
    ]
    if alert.frames:
        lines += ["```", *alert.frames, "```"]
    if repeats:
        lines.append(
            f"The same error came {repeats} more time{'s' * (repeats > 1)} "
            "since it was last posted."
        )
    if held_back:
        lines.append(
            f"{held_back} other alert{'s were' if held_back > 1 else ' was'} held back: "
            "too many at once."
        )
    lines.append(f"The details are in the log under error {alert.error_id}.")
    text = "\n".join(lines)
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether to post an alert now, and what to say was not posted before it."""

    post: bool
    repeats: int = 0
    held_back: int = 0


class AlertGate:
    """De-duplicates and rate-limits alerts: the same error once per :data:`REPEAT_AFTER`,
    and no more than :data:`BURST` messages per :data:`BURST_WINDOW`."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        *,
        repeat_after: float = REPEAT_AFTER,
        burst: int = BURST,
        burst_window: float = BURST_WINDOW,
    ) -> None:
        self._clock = clock
        self._repeat_after = repeat_after
        self._burst = burst
        self._burst_window = burst_window
        self._last_posted: dict[tuple[str, str, str], float] = {}
        self._repeats: dict[tuple[str, str, str], int] = {}
        self._sent: list[float] = []
        self._held_back = 0

    def admit(self, alert: Alert) -> Verdict:
        """Whether to post ``alert`` now (and then what was not posted before it)."""
        now = self._clock()
        signature = alert.signature
        last = self._last_posted.get(signature)
        if last is not None and now - last < self._repeat_after:
            self._repeats[signature] = self._repeats.get(signature, 0) + 1
            return Verdict(post=False)
        self._sent = [at for at in self._sent if now - at < self._burst_window]
        if len(self._sent) >= self._burst:
            self._held_back += 1
            return Verdict(post=False)
        self._sent.append(now)
        self._last_posted[signature] = now
        verdict = Verdict(
            post=True, repeats=self._repeats.pop(signature, 0), held_back=self._held_back
        )
        self._held_back = 0
        return verdict


class AlertHandler(logging.Handler):
    """A logging handler posting unexpected errors to a Discord webhook, from ``loop``.

    ``emit`` only hands the alert to the loop (safely from any thread); there a task posts
    what was handed over and ends, as the outbox's worker does, so nothing waits idle on
    the loop between errors. :meth:`close_async` posts what is left and closes."""

    def __init__(
        self, url: str, loop: asyncio.AbstractEventLoop, gate: AlertGate | None = None
    ) -> None:
        super().__init__(logging.ERROR)
        self.addFilter(ErrorIds())  # the same error id as the log line
        self._url = url
        self._loop = loop
        self._gate = gate or AlertGate()
        self._waiting: collections.deque[Alert] = collections.deque()
        self._task: asyncio.Task[None] | None = None
        self._session: aiohttp.ClientSession | None = None

    def emit(self, record: logging.LogRecord) -> None:
        alert = alert_of(record)
        if alert is None or self._loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nothing to post to
            self._loop.call_soon_threadsafe(self._hand_over, alert)

    def _hand_over(self, alert: Alert) -> None:
        self._waiting.append(alert)
        if self._task is None or self._task.done():
            self._task = self._loop.create_task(self._post_waiting(), name="grimoire-alerts")

    async def idle(self) -> None:
        """Wait until every alert handed over so far has been posted or dropped."""
        await asyncio.sleep(0)  # alerts handed over from this loop arrive on its next turn
        while self._task is not None and not self._task.done():
            await asyncio.wait({self._task})

    async def close_async(self, timeout: float = POST_TIMEOUT) -> None:
        """Post what is waiting (for at most ``timeout`` seconds), then close."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.idle(), timeout)
        if self._task is not None:
            self._task.cancel()
        if self._session is not None:
            await self._session.close()

    async def _post_waiting(self) -> None:
        while self._waiting:
            alert = self._waiting.popleft()
            try:
                verdict = self._gate.admit(alert)
                if verdict.post:
                    text = message_of(alert, repeats=verdict.repeats, held_back=verdict.held_back)
                    await self._post(text)
            except Exception as error:  # an alert that fails is logged, not alerted
                log.warning("An error alert could not be posted (%s).", type(error).__name__)

    async def _post(self, text: str) -> None:
        if self._session is None:
            timeout = aiohttp.ClientTimeout(total=POST_TIMEOUT)
            self._session = aiohttp.ClientSession(timeout=timeout)
        body = {"content": text, "allowed_mentions": {"parse": []}}
        async with self._session.post(self._url, json=body) as response:
            if response.status >= 300:
                log.warning("The alert webhook refused an alert: HTTP %d.", response.status)
