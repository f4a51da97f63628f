"""The state of a game of Stones: one pile, whose turn it is, and who took last."""

from __future__ import annotations

from dataclasses import dataclass

#: The most stones one turn may take.
MAX_TAKE = 3


@dataclass(frozen=True, slots=True)
class StonesState:
    """A pile of ``pile`` stones, ``current`` to take from it. ``rng`` is the generator state
    left after the first player was drawn; nothing else is random."""

    rng: int
    pile: int
    current: int
    last_taker: int | None = None
