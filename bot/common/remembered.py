"""The replays the living table remembers: a game and every version it went through
(:class:`History`), kept within a memory budget rather than a count of games (thousands of
running games, where a count would hold too few long games or too many short ones), and
snapshots of games kept in the store at their posts, so that a game the bot no longer holds
is replayed from its latest snapshot, not from its first move."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bot.common.announce import turn_pings
from games.core import Engine, LogEntry, Outcome
from storage import Game, GameStatus

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


@dataclass(frozen=True, slots=True)
class Moment:
    """A game at one version: its state, the log of the move that led there, whom it waits
    on and, once over, its outcome."""

    state: Any
    log: tuple[LogEntry, ...]
    waiting: frozenset[int]
    outcome: Outcome | None
    mover: int | None = None
    """The seat whose move led here (``None`` at the deal)."""


@dataclass(frozen=True, slots=True)
class History:
    """A started game and every version it went through, from the deal (version 0)."""

    game: Game
    engine: Engine[Any, Any]
    moments: tuple[Moment, ...]
    moves: tuple[tuple[int, str], ...]
    """The moves replayed (seat, notation), to tell whether a remembered replay still
    holds: after a take-back another seat may make a move written the same way."""
    first: int = 0
    """The first version with its state (replayed from a snapshot there): the versions
    before it keep only whom the game waited on, and their moves' logs are not known."""

    def joined(self, version: int) -> frozenset[int]:
        """The seats the game started waiting on at ``version``."""
        if version == 0:
            return self.moments[0].waiting
        return self.moments[version].waiting - self.moments[version - 1].waiting

    def pinged(self, version: int) -> frozenset[int]:
        """The seats the post at ``version`` pings (see :func:`turn_pings`)."""
        return turn_pings([m.waiting for m in self.moments[: version + 1]], version)

    def is_post(self, version: int) -> bool:
        """Whether the thread gets a post at ``version``: the start, the end, or someone new
        to act."""
        return version == 0 or self.ended(version) or bool(self.joined(version))

    def ended(self, version: int) -> bool:
        """Whether the game was over at ``version``: it ended there, or was called off."""
        if self.moments[version].outcome is not None:
            return True
        return self.game.status is GameStatus.CANCELLED and version == len(self.moments) - 1

    def turn_so_far(self, version: int) -> int:
        """The newest version of the turn whose post belongs to ``version``: a post sent late
        shows the board as the turn stands (the edits held back behind it change nothing)."""
        shown = version
        while shown + 1 < len(self.moments) and not self.is_post(shown + 1):
            shown += 1
        return shown

    def posted_since(self, version: int) -> bool:
        """Whether the thread got a post for a version after ``version`` (showing the board)."""
        return self.post_at_or_before(len(self.moments) - 1) > version

    def post_at_or_before(self, version: int) -> int:
        """The latest version up to ``version`` that has a post of its own."""
        while version > 0 and not self.is_post(version):
            version -= 1
        return version


def weight(history: History) -> int:
    """The memory a remembered replay takes, estimated: its states (as objects, by the size
    of the stored one) and its logs."""
    state = len(history.game.state or "") * OBJECTS_PER_JSON_BYTE
    logs = sum(len(entry.text) for moment in history.moments for entry in moment.log)
    return state * (len(history.moments) - history.first) + 2 * logs


def snapshot_data(
    engine: Engine[Any, Any], moves: Sequence[tuple[int, str]], moments: Sequence[Moment]
) -> str:
    """A snapshot of the game after ``moves``: its state, whom it waited on and who moved
    at each version up to there, and the moves' digest (a take-back makes it stale)."""
    upto = moments[: len(moves) + 1]
    return json.dumps(
        {
            "moves": _digest(moves),
            "state": engine.dump(upto[-1].state),
            "waiting": [sorted(m.waiting) for m in upto],
            "movers": [m.mover for m in upto],
        }
    )


def resumed(engine: Engine[Any, Any], data: str, moves: Sequence[tuple[int, str]]) -> list[Moment]:
    """The moments a snapshot holds (the last with its state, the others only whom the game
    waited on); none when it does not belong to ``moves`` or cannot be read."""
    try:
        kept = json.loads(data)
        if kept["moves"] != _digest(moves) or len(kept["waiting"]) != len(moves) + 1:
            return []
        light = [
            Moment(None, (), frozenset(w), None, mover)
            for w, mover in zip(kept["waiting"], kept["movers"], strict=True)
        ]
        last = light[-1]
        state = engine.load(kept["state"])
    except (ValueError, KeyError, TypeError):
        return []
    return [*light[:-1], Moment(state, (), last.waiting, engine.outcome(state), last.mover)]


def _digest(moves: Sequence[tuple[int, str]]) -> str:
    return hashlib.blake2b(json.dumps(list(moves)).encode(), digest_size=12).hexdigest()
