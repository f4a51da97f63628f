"""How long a decision may think: a number of search iterations and an optional deadline.

The engines' world has no clock, so time enters only as a callable that says whether the
deadline has passed; whoever asks for a decision (the bot, a benchmark) supplies it, and tests
supply one that counts instead of reading a clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

#: A deadline that never passes: the search is bounded by its iterations alone.
Deadline = Callable[[], bool]

#: Search iterations one decision of ``hard`` makes wherever it plays (the bot's
#: ``AI_ITERATIONS``, ``python -m games simulate``, ``make ai-strength``), so that the strength
#: measured is the strength members meet. On an idle core of the reference machine (a 2.5 GHz
#: Xeon) a decision takes 0.6–1.0 s (median of a game and table), 1.1 s at most
#: (``python -m bench --only ai_decisions``), well inside the bot's 5 s cap; 400 took up to 4 s.
HARD_ITERATIONS = 200


def never() -> bool:
    """A deadline that never passes."""
    return False


@dataclass(frozen=True, slots=True)
class Budget:
    """At most ``iterations`` units of search, stopping early once ``deadline()`` is true.

    A unit is one search iteration for ``hard`` and one evaluated position for ``normal``.
    The deadline is asked before every unit, so a search stops within one unit of it.
    """

    iterations: int = 2_000
    deadline: Deadline = never

    def spent(self, used: int) -> bool:
        """Whether ``used`` units exhaust the budget."""
        return used >= self.iterations or self.deadline()


def deadline_after(seconds: float, clock: Callable[[], float]) -> Deadline:
    """A deadline ``seconds`` after now, by ``clock`` (e.g. ``time.monotonic``)."""
    end = clock() + seconds

    def passed() -> bool:
        return clock() >= end

    return passed
