"""The profiles part of the store contract: players' records, timing and reliability, and
a server's activity, all read from the stored games per request.

What counts:

- A player's record is their *finished* games on one server (a running game's moves, hidden
  or not, never reach a profile). They *won* a game when their seat is among its winners, and
  *resigned* it when they gave up or were removed for missed deadlines. A game *abandoned* is
  one they sat at that was called off after it started.
- A *move* is a seat's answer to being asked: from when the game started waiting for the
  seat (the start, or the change that added it to whom the game waits for) to the seat's
  first action after that. Composite moves of several decisions count once. Time on a
  vacation (``/away``) in between is left out. Only the player's most recent
  :data:`RECENT_GAMES` finished games are timed, so a long history costs no more to read.
- *Reliability* is the share of those moves made before their deadline: a missed deadline
  is a move the table made for the player.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

RECENT_GAMES = 30
"""How many of a player's latest finished games their move times are read from."""
OPPONENT_GAMES = 200
"""How many of a player's latest finished games their usual opponents are found in."""
TREND_POINTS = 30
"""How many rated games a rating trend shows at most (the latest)."""


@dataclass(frozen=True, slots=True)
class Tally:
    """Games played and won, under one heading (a game's key, or a number of seats)."""

    key: str
    played: int
    won: int

    @property
    def win_rate(self) -> float:
        """The share of these games won (0 when none were played)."""
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True, slots=True)
class Timing:
    """How quickly and how reliably a player moves."""

    moves: int
    """Moves timed (in the latest :data:`RECENT_GAMES` finished games)."""
    median_s: float | None
    p90_s: float | None
    missed: int
    """Deadlines missed in the same games."""
    left: int
    """Games they resigned or were removed from, among all their finished games."""

    @property
    def reliability(self) -> float | None:
        """The share of moves made before their deadline; ``None`` with no moves yet."""
        if not self.moves:
            return None
        return max(0.0, 1.0 - self.missed / self.moves)


@dataclass(frozen=True, slots=True)
class Opponent:
    """Someone a player often sits with, and how often."""

    user_id: int
    games: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player on one server (at one game, or at all of them)."""

    user_id: int
    played: int
    won: int
    resigned: int
    abandoned: int
    by_game: tuple[Tally, ...]
    """Most played first: their favourite games."""
    by_seats: tuple[Tally, ...]
    """By the number of seats at the table, fewest first."""
    timing: Timing
    opponents: tuple[Opponent, ...]
    """Their usual opponents in their latest :data:`OPPONENT_GAMES` finished games, most
    games together first."""
    trend: tuple[float, ...]
    """Their shown rating after each of their latest rated games, oldest first (at the one
    game asked for, or at their most played game)."""
    trend_game: str | None
    """The game the trend is of."""


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two players' finished games together and who finished ahead."""

    games: int
    ahead: int
    """Games the first player finished ahead of the second."""
    behind: int
    level: int
    """Games they shared a place (teammates, or a tie)."""


@dataclass(frozen=True, slots=True)
class Week:
    """One week's activity on a server (weeks begin on Monday, UTC)."""

    starts: datetime
    started: int
    finished: int


@dataclass(frozen=True, slots=True)
class Span:
    """A finished game and how long it ran, start to end."""

    game_id: int
    game_key: str
    seconds: float
    moves: int


@dataclass(frozen=True, slots=True)
class SeatAdvantage:
    """How often the player who took the first turn won, against an even share.

    The first turn is the one seat a game waited for when it started, whichever seat that
    was; a game that opened with everyone choosing at once had none and is not counted.
    Games played in teams are not counted either."""

    game_key: str
    games: int
    first_won: int
    even_share: float
    """The wins the first player would have had if every seat were as likely to win: the sum
    of 1 / (seats at the table) over these games."""

    @property
    def win_rate(self) -> float:
        """The first player's share of wins."""
        return self.first_won / self.games if self.games else 0.0

    @property
    def expected_rate(self) -> float:
        """The share an even game would give it."""
        return self.even_share / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class ServerStats:
    """A server's activity (at one game, or at all of them)."""

    weeks: tuple[Week, ...]
    """The latest weeks, oldest first, including empty ones."""
    active_players: int
    """People who acted in a game in the latest four weeks."""
    started: int
    finished: int
    most_played: tuple[Tally, ...]
    """Games by finished tables, most first (``won`` is unused: 0)."""
    longest: tuple[Span, ...]
    fastest: tuple[Span, ...]
    seat_advantage: tuple[SeatAdvantage, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """What an organiser may require of a player: finished games and reliability."""

    finished: int
    timing: Timing


def percentile(values: Sequence[float], share: float) -> float | None:
    """The ``share`` percentile of ``values``, interpolating between the two nearest
    (so 0.5 is the usual median); ``None`` when there are none."""
    if not values:
        return None
    ordered = sorted(values)
    position = share * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


class ProfileStore(ABC):
    """Players' records and a server's activity, read per request."""

    @abstractmethod
    async def player(self, guild_id: int, user_id: int, game_key: str | None = None) -> PlayerStats:
        """A player's finished games on a server, their timing and reliability, usual
        opponents and rating trend; at ``game_key`` only when given."""

    @abstractmethod
    async def versus(
        self, guild_id: int, user_id: int, other_id: int, game_key: str | None = None
    ) -> HeadToHead:
        """The two players' finished games together on a server and who finished ahead."""

    @abstractmethod
    async def standing(self, guild_id: int, user_id: int, game_key: str | None = None) -> Standing:
        """A player's finished games and reliability on a server, for a lobby's or a
        tournament's requirements."""

    @abstractmethod
    async def server(
        self, guild_id: int, game_key: str | None = None, *, weeks: int = 8, top: int = 3
    ) -> ServerStats:
        """A server's activity over the latest ``weeks`` weeks; its ``top`` most played,
        longest and fastest games; and each game's first-seat advantage, all time."""
