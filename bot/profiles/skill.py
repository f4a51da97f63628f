"""The rating model: openskill's Plackett–Luce, with its default parameters.

A player's skill is a belief: ``mu`` is the best guess, ``sigma`` how unsure it is. Newcomers
start at 25 ± 25/3. Players are ranked and shown by the *ordinal* ``mu - 3 * sigma``, a
conservative rating that starts at 0 and rises both as a player wins and as the model grows
sure of them, so a lucky newcomer does not top the ladder after one game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

_MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Skill:
    """One player's rating: the estimate ``mu`` and its uncertainty ``sigma``."""

    mu: float = 25.0
    sigma: float = 25.0 / 3.0

    def __post_init__(self) -> None:
        if not math.isfinite(self.mu):
            raise ValueError(f"A skill's mu must be a finite number, not {self.mu!r}.")
        if not (math.isfinite(self.sigma) and self.sigma > 0):
            raise ValueError(f"A skill's sigma must be a positive number, not {self.sigma!r}.")

    @property
    def ordinal(self) -> float:
        """``mu - 3 * sigma``: the conservative rating shown and ranked by."""
        return self.mu - 3 * self.sigma

    def shown(self) -> str:
        """The rating as players read it: the ordinal, then the estimate and its uncertainty.

        ``"6.2 (25.4 ±6.4)"`` reads "rated 6.2; skill about 25.4, give or take 6.4". The first
        number is the one leaderboards sort by, the one in brackets says how settled it is.
        All to one decimal.

        >>> Skill().shown()
        '0.0 (25.0 ±8.3)'
        """
        return f"{_one_place(self.ordinal)} ({_one_place(self.mu)} ±{_one_place(self.sigma)})"


def _one_place(value: float) -> str:
    # A small negative rounds to -0.0 (-0.04 does); adding 0.0 makes it read 0.0.
    return f"{round(value, 1) + 0.0:.1f}"


def rate(sides: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """New skills after one game.

    ``sides[i]`` is a team (one player each in an every-player-for-themself game), ``ranks[i]``
    its place (1 = first, ties shared). Uses openskill's PlackettLuce model with its default
    parameters; returns the same shape. Raises ``ValueError`` for fewer than two sides, an
    empty side, or places that do not match the sides one for one.

    Ties are openskill's to rate: sides tied with equal skills change alike, but among more
    than two sides a shared place can move less than the lone place after it (two tied first
    of five equal players gain 1.0 each, the third 1.6). Without ties a better place never
    gains less than a worse one.
    """
    if len(sides) < 2:
        raise ValueError(f"A rated game needs at least two sides, not {len(sides)}.")
    if len(ranks) != len(sides):
        raise ValueError(
            f"Every side needs exactly one place: {len(sides)} sides, {len(ranks)} places."
        )
    for index, side in enumerate(sides):
        if not side:
            raise ValueError(f"Side {index + 1} has no players; every side needs at least one.")
    for rank in ranks:
        if not isinstance(rank, int) or isinstance(rank, bool) or rank < 1:
            raise ValueError(f"Places are whole numbers from 1 (first), not {rank!r}.")
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma) for s in side] for side in sides]
    rated: list[list[PlackettLuceRating]] = _MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [[Skill(mu=r.mu, sigma=r.sigma) for r in side] for side in rated]


#: The friendly scale: the ordinal of an average player (mu 25) whose uncertainty has
#: shrunk to a third of a newcomer's (sigma 25/9) reads 1500…
SCALE_CENTRE = 25.0 - 3 * 25.0 / 9
#: …and one point of ordinal is 50 points. openskill's beta (25/6 ordinal points) is the
#: skill gap that wins about three games in four, as 200 Elo points does.
SCALE_STEP = 50.0


def friendly(ordinal: float) -> int:
    """A rating's conservative estimate (``mu - 3 sigma``) on the 1500-centred scale shown to
    players: a newcomer starts near 667 and climbs as they win and as the estimate settles.

    >>> friendly(25.0 - 3 * 25.0 / 9), friendly(0.0)
    (1500, 667)
    """
    return round(1500 + SCALE_STEP * (ordinal - SCALE_CENTRE))
