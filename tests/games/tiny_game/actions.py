"""The only decision in Stones: how many stones to take."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Take:
    """Take this many stones from the pile."""

    stones: int


Action = Take
