"""Stepping through a game's positions without replaying it from the deal each time.

A :class:`Track` is one game at one version: its deal and its moves. It keeps a checkpoint
every :data:`CHECKPOINT_EVERY` moves (made on the first full pass) and the positions it was
last asked for, so any position is reached by replaying at most a few moves from the nearest
state it already holds. States are never mutated by the engines, so keeping them is safe.
"""

from __future__ import annotations

import bisect
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from games.core import Engine, LogEntry

#: Moves between two kept states: a step replays at most this many moves.
CHECKPOINT_EVERY = 16
#: Positions kept besides the checkpoints (the ones last looked at, and their neighbours).
RECENT = 32


class Track:
    """One game's positions, from the deal (position 0) to its last move."""

    def __init__(
        self,
        engine: Engine[Any, Any],
        *,
        players: int,
        seed: int,
        options: Mapping[str, Any],
        moves: Sequence[tuple[int, str]],
    ) -> None:
        self.engine = engine
        self.moves = tuple(moves)
        state = engine.new_game(players=players, seed=seed, options=options)
        self._checkpoints: dict[int, tuple[Any, tuple[LogEntry, ...]]] = {0: (state, ())}
        self._recent: OrderedDict[int, tuple[Any, tuple[LogEntry, ...]]] = OrderedDict()
        for number in range(1, len(self.moves) + 1):  # one pass, keeping checkpoints
            state, log = self._step(state, number)
            if number % CHECKPOINT_EVERY == 0 or number == len(self.moves):
                self._checkpoints[number] = (state, log)
        self._kept = sorted(self._checkpoints)

    @property
    def last(self) -> int:
        """The number of the last position (the moves made)."""
        return len(self.moves)

    def position(self, number: int) -> tuple[Any, tuple[LogEntry, ...]]:
        """The state after ``number`` moves and the log of the move that led there."""
        if not 0 <= number <= self.last:
            raise IndexError(f"position {number} of {self.last}")
        if (kept := self._checkpoints.get(number)) is not None:
            return kept
        if (recent := self._recent.get(number)) is not None:
            self._recent.move_to_end(number)
            return recent
        start = self._kept[bisect.bisect_right(self._kept, number) - 1]
        earlier = [n for n in self._recent if start < n < number]
        if earlier:
            start = max(earlier)
        state = (self._recent.get(start) or self._checkpoints[start])[0]
        log: tuple[LogEntry, ...] = ()
        for step in range(start + 1, number + 1):
            state, log = self._step(state, step)
        self._remember(number, (state, log))
        return state, log

    def _step(self, state: Any, number: int) -> tuple[Any, tuple[LogEntry, ...]]:
        seat, notation = self.moves[number - 1]
        transition = self.engine.apply(state, seat, self.engine.parse(state, seat, notation))
        return transition.state, tuple(transition.log)

    def _remember(self, number: int, position: tuple[Any, tuple[LogEntry, ...]]) -> None:
        self._recent[number] = position
        while len(self._recent) > RECENT:
            self._recent.popitem(last=False)
