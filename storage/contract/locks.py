"""The game-lock part of the store contract: one holder at a time per game, across every
process that shares the database.

Moves are version-checked in the database, so two writers acting on one game never corrupt
it; the lock is what keeps them from racing in the first place, so a player is not told that
someone moved at the same moment when the other "someone" was only another process handling
the same game. The holder of a game's lock reads the game, decides and records; anyone else
asking for that game's lock waits until it is released, or gives up with
:class:`~storage.errors.GameBusy` after ``timeout`` seconds, having done nothing. Only a game
held by someone else makes a request busy: a process short of connections queues its
requests (as it queues its transactions) without counting that time.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from contextlib import AbstractAsyncContextManager

#: Seconds a game's lock is waited for before the request is refused as busy. A move holds
#: the lock for milliseconds; this is long enough for a queue of them and short enough to
#: answer a click while Discord still waits for the answer.
GAME_LOCK_TIMEOUT = 5.0


class GameLocking(ABC):
    """Hands out each game's lock."""

    @abstractmethod
    def game_lock(
        self, game_id: int, *, timeout: float = GAME_LOCK_TIMEOUT
    ) -> AbstractAsyncContextManager[None]:
        """The lock of ``game_id``, held for the ``async with`` block: no other holder (in
        this process or another on the same database) gets it until the block ends, however
        it ends. Raises :class:`~storage.errors.GameBusy` when it is not free within
        ``timeout`` seconds. Locks of different games never wait on each other. The lock is
        not re-entrant: a holder asking for it again waits for itself."""
