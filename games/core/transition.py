"""What applying an action produces: the new state and what happened, with its audience."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

StateT = TypeVar("StateT")


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the game's story.

    ``audience`` is None when everyone may read it, else the seats that may. Seats appear in
    ``text`` as placeholders (see ``board.seat_ref``) so any platform can put names in.
    """

    text: str
    audience: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None for a spectator) may read this entry."""
        return self.audience is None or (seat is not None and seat in self.audience)

    @classmethod
    def public(cls, text: str) -> LogEntry:
        """An entry everyone may read."""
        return cls(text, None)

    @classmethod
    def private(cls, text: str, seats: Iterable[int]) -> LogEntry:
        """An entry only ``seats`` may read."""
        return cls(text, frozenset(seats))


@dataclass(frozen=True, slots=True)
class Transition(Generic[StateT]):
    """The result of ``Engine.apply``: the new state and the log entries it wrote."""

    state: StateT
    log: tuple[LogEntry, ...] = ()
