"""A small sampling profiler: which code the main thread is running, by part of the program.

Each sample walks the main thread's stack from the innermost frame outwards and credits the
first frame that belongs to a known part, so the standard library and small libraries count
for whoever called them (SimCord's deep copies are SimCord's; the engines' pydantic models
are Grimoire's). A stack with no known frame is the event loop waiting.
"""

from __future__ import annotations

import sys
import threading
import time
from collections import Counter
from types import FrameType, TracebackType

#: Parts of the program, by a piece of their source path, most specific first.
_PARTS = (
    ("/simcord/", "simcord"),
    ("/discord/", "discord.py"),
    ("/aiosqlite/", "sqlite"),
    ("/sqlite3/", "sqlite"),
)
_GRIMOIRE = ("/bot/", "/games/", "/storage/")
IDLE = "waiting"


def part_of(frame: FrameType | None) -> str:
    """The part of the program the innermost known frame of this stack belongs to."""
    while frame is not None:
        path = frame.f_code.co_filename
        for piece, part in _PARTS:
            if piece in path:
                return part
        if "site-packages" not in path and any(piece in path for piece in _GRIMOIRE):
            return "grimoire"
        frame = frame.f_back
    return IDLE


class Sampler:
    """Samples the main thread every ``interval`` seconds while active (``with sampler:``)."""

    def __init__(self, interval: float = 0.0005) -> None:
        self.counts: Counter[str] = Counter()
        self._interval = interval
        self._target = threading.main_thread().ident
        self._active = threading.Event()
        self._done = threading.Event()
        self._switch = sys.getswitchinterval()
        self._thread = threading.Thread(target=self._run, name="bench-sampler", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._done.is_set():
            if self._active.wait(0.05):
                frame = sys._current_frames().get(self._target or 0)
                self.counts[part_of(frame)] += 1
                time.sleep(self._interval)

    def __enter__(self) -> Sampler:
        # The main thread hands the interpreter over at the switch interval (5 ms by default),
        # longer than most bursts of work here: without a short one, samples would land only
        # while the main thread waits, and every stretch would look idle.
        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(self._interval / 5)
        self._active.set()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._active.clear()
        sys.setswitchinterval(self._switch)

    def stop(self) -> None:
        """End the sampling thread."""
        self._done.set()
        self._active.set()
        self._thread.join()

    def shares(self) -> dict[str, float]:
        """Each part's share of the samples."""
        total = sum(self.counts.values()) or 1
        return {part: count / total for part, count in sorted(self.counts.items())}
