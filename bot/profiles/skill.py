"""The rating model: openskill's Plackett–Luce, with its default parameters.

A player's skill is a belief: ``mu`` is the best guess, ``sigma`` how unsure it is. Newcomers
start at 25 ± 25/3. Players are ranked by the *ordinal* ``mu - 3 * sigma``, a conservative
rating that starts at 0 and rises both as a player wins and as the model grows sure of them,
so a lucky newcomer does not top the ladder after one game. Players read it through
:func:`friendly`, on a scale where everyone starts at 1500 (``docs/ratings.md`` says it in
plain words).
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
        """The model's own numbers, for logs and the command line (players read
        :func:`friendly`): the ordinal, then the estimate and its uncertainty.

        ``"6.2 (25.4 ±6.4)"`` reads "ordinal 6.2; skill about 25.4, give or take 6.4". The
        first number is the one leaderboards sort by, the one in brackets says how settled it
        is. All to one decimal.

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


#: Where every rating starts: a newcomer's conservative estimate (ordinal 0) reads 1500.
START = 1500
#: Shown points per point of ordinal. Between settled players (sigma about 2 to 3) a gap of
#: 50 shown points is 5 points of mu, which openskill's prediction makes a win in about three
#: two-player games out of four (100 points: about nine in ten). The step also keeps a first
#: game gentle: it moves a newcomer by at most :data:`FIRST_GAME_AMONG_NEWCOMERS` when the
#: others are newcomers too, and by at most :data:`FIRST_GAME_AT_MOST` whoever they are (the
#: most is for a newcomer finishing last behind players the model is sure are far weaker).
STEP = 10.0
#: The most a newcomer's first game among newcomers (two to five sides, or two teams of two)
#: moves their shown rating.
FIRST_GAME_AMONG_NEWCOMERS = 40
#: The most any first game moves a newcomer's shown rating, whoever the others are.
FIRST_GAME_AT_MOST = 120


def friendly(ordinal: float) -> int:
    """A rating's conservative estimate (``mu - 3 sigma``, as stored in rating changes) as
    players read it: 1500 for a newcomer, :data:`STEP` points per point of ordinal. A
    display function only: stored ratings and their history are openskill's own numbers.

    The estimate is careful on purpose: it is the level the model is fairly sure a player is
    at, so it rises as they win and also, more slowly, as the model grows sure of them.

    >>> friendly(0.0), friendly(3.44), friendly(-1.83)
    (1500, 1534, 1482)
    """
    return round(START + STEP * ordinal)
