"""Stones: a throwaway game that lives only in the tests, to prove a game can join through the
engine contract alone. It is not beside the real games, so ``games`` does not find it: a test
adds it with :func:`registered` for as long as it needs it."""

from collections.abc import Iterator
from contextlib import contextmanager

import games
from tests.games.tiny_game.engine import StonesEngine, StonesOptions

#: The engine a test registers.
ENGINE = StonesEngine()


@contextmanager
def registered() -> Iterator[StonesEngine]:
    """Stones in ``games.ENGINES`` until the block ends, however it ends."""
    games.register(ENGINE)
    try:
        yield ENGINE
    finally:
        games.unregister(ENGINE.key)


__all__ = ["ENGINE", "StonesEngine", "StonesOptions", "registered"]
