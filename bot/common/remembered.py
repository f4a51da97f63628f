"""The replays the living table remembers, within a memory budget rather than a count of
games: thousands of running games, where a count would hold too few long games or too many
short ones, and a game that misses is replayed in full."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

Kept = TypeVar("Kept")

#: Bytes of memory the replays remembered may take, by their estimated weight.
REMEMBERED_BYTES = 96 * 1024 * 1024
#: How much more room a state takes as Python objects than as its stored JSON, about.
OBJECTS_PER_JSON_BYTE = 4


class Remembered(Generic[Kept]):
    """The most recently used values by key, forgetting the least recent once their weights
    (``weigh``: estimated bytes) pass ``budget``."""

    def __init__(self, weigh: Callable[[Kept], int], budget: int = REMEMBERED_BYTES) -> None:
        self._weigh = weigh
        self._budget = budget
        self._kept: OrderedDict[int, tuple[Kept, int]] = OrderedDict()
        self._held = 0

    @property
    def held(self) -> int:
        """The estimated bytes the values remembered take now."""
        return self._held

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: int) -> Kept | None:
        """The value kept for ``key``, if any (not counted as a use)."""
        found = self._kept.get(key)
        return None if found is None else found[0]

    def keep(self, key: int, value: Kept) -> None:
        """Keep ``value`` as the most recent, forgetting the least recent past the budget
        (the newest stays whatever its weight: it is about to be used)."""
        self.forget(key)
        heavy = self._weigh(value)
        self._kept[key] = (value, heavy)
        self._held += heavy
        while self._held > self._budget and len(self._kept) > 1:
            self.forget(next(iter(self._kept)))

    def forget(self, key: int) -> None:
        """Forget what is kept for ``key``."""
        found = self._kept.pop(key, None)
        if found is not None:
            self._held -= found[1]
