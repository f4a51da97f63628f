"""Profiles and server statistics in SQL, written once for both backends.

The queries read the narrow rows schema 10 keeps as games are played (``asks``,
``results``, ``placings``) and differ between SQLite and PostgreSQL only in a few spellings
(times are epoch seconds in one and ``timestamptz`` in the other, parameters are numbered
differently); :class:`Dialect` holds those, and :class:`SqlProfiles` runs the same queries on
either. Every figure is computed by the database; Python only adds up a handful of grouped
rows and takes percentiles of one player's bounded list of move times.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from storage.contract.profiles import (
    OPPONENT_GAMES,
    RECENT_GAMES,
    TREND_POINTS,
    HeadToHead,
    Opponent,
    PlayerStats,
    ProfileStore,
    SeatAdvantage,
    ServerStats,
    Span,
    Standing,
    Tally,
    Timing,
    Week,
    percentile,
)

#: Weeks are counted from Monday 00:00 UTC; the Unix epoch fell on a Thursday.
_MONDAY = 4 * 86400
_WEEK = 7 * 86400
#: How far back "active players" looks.
ACTIVE_DAYS = 28


class Rows(Protocol):
    """What both backends' databases offer for a read."""

    async def fetch_all(self, sql: str, params: Iterable[Any] = ()) -> Sequence[Any]:
        """Rows of one read."""
        ...


@dataclass(frozen=True, slots=True)
class Dialect:
    """How one backend spells what the queries need."""

    name: str

    @property
    def sqlite(self) -> bool:
        """Whether this is SQLite's spelling."""
        return self.name == "sqlite"

    def p(self, number: int, cast: str = "") -> str:
        """Parameter ``number`` (from 1); PostgreSQL is told the type where it cannot tell."""
        return f"?{number}" if self.sqlite else f"${number}{'::' + cast if cast else ''}"

    def epoch(self, column: str) -> str:
        """A stored time as epoch seconds."""
        return column if self.sqlite else f"EXTRACT(EPOCH FROM {column})::float8"

    def time(self, moment: datetime) -> Any:
        """A time as the database stores it, for a parameter."""
        return moment.timestamp() if self.sqlite else moment


def week_start(epoch_seconds: float) -> datetime:
    """The Monday 00:00 UTC that begins the week of ``epoch_seconds``."""
    number = (int(epoch_seconds) - _MONDAY) // _WEEK
    return datetime.fromtimestamp(number * _WEEK + _MONDAY, UTC)


class SqlProfiles(ProfileStore):
    """:class:`~storage.contract.profiles.ProfileStore` on either backend's database."""

    def __init__(self, database: Rows, dialect: Dialect, clock: Callable[[], datetime]) -> None:
        self._db = database
        self._d = dialect
        self._clock = clock

    # ------------------------------------------------------------------ players
    def _mine(self, join: str = "") -> str:
        """The player's places (``p``) in finished games of one server, at one game or any,
        with ``join`` added: parameters 1 user, 2 server, 3 game key or NULL."""
        d = self._d
        return (
            f"FROM placings p{join} WHERE p.user_id = {d.p(1)} AND p.guild_id = {d.p(2)}"
            f" AND ({d.p(3, 'text')} IS NULL OR p.game_key = {d.p(3, 'text')})"
        )

    async def player(self, guild_id: int, user_id: int, game_key: str | None = None) -> PlayerStats:
        d = self._d
        key = (user_id, guild_id, game_key)
        grouped = await self._db.fetch_all(
            "SELECT p.game_key, p.seats AS seat_count, COUNT(*) AS played, SUM(p.won) AS won,"
            f" SUM(p.resigned) AS resigned {self._mine()} GROUP BY p.game_key, p.seats",
            key,
        )
        abandoned = await self._db.fetch_all(
            "SELECT COUNT(*) AS n FROM games g WHERE g.status = 'cancelled'"
            f" AND g.started_at IS NOT NULL AND g.guild_id = {d.p(2)}"
            f" AND ({d.p(3, 'text')} IS NULL OR g.game_key = {d.p(3, 'text')})"
            " AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id"
            f" AND s.user_id = {d.p(1)})",
            key,
        )
        opponents = await self._db.fetch_all(
            f"WITH recent AS (SELECT p.game_id {self._mine()}"
            f" ORDER BY p.finished_at DESC, p.game_id DESC LIMIT {d.p(5)})"
            " SELECT o.user_id, COUNT(*) AS games FROM recent r JOIN placings o"
            f" ON o.game_id = r.game_id AND o.user_id <> {d.p(1)}"
            f" GROUP BY o.user_id ORDER BY games DESC, o.user_id LIMIT {d.p(4)}",
            (*key, 3, OPPONENT_GAMES),
        )
        by_game: dict[str, list[int]] = {}
        by_seats: dict[int, list[int]] = {}
        resigned = 0
        for row in grouped:
            for tally in (
                by_game.setdefault(row["game_key"], [0, 0]),
                by_seats.setdefault(row["seat_count"], [0, 0]),
            ):
                tally[0] += int(row["played"])
                tally[1] += int(row["won"])
            resigned += int(row["resigned"])
        games = sorted(
            (Tally(k, p, w) for k, (p, w) in by_game.items()), key=lambda t: (-t.played, t.key)
        )
        trend_game = game_key or (games[0].key if games else None)
        trend: tuple[float, ...] = ()
        if trend_game is not None:
            points = await self._db.fetch_all(
                "SELECT c.after FROM placings p JOIN rating_changes c"
                " ON c.game_id = p.game_id AND c.user_id = p.user_id"
                f" WHERE p.user_id = {d.p(1)} AND p.guild_id = {d.p(2)}"
                f" AND p.game_key = {d.p(3)}"
                f" ORDER BY p.finished_at DESC, p.game_id DESC LIMIT {d.p(4)}",
                (user_id, guild_id, trend_game, TREND_POINTS),
            )
            trend = tuple(float(row["after"]) for row in reversed(points))
        return PlayerStats(
            user_id=user_id,
            played=sum(t.played for t in games),
            won=sum(t.won for t in games),
            resigned=resigned,
            abandoned=int(abandoned[0]["n"]),
            by_game=tuple(games),
            by_seats=tuple(Tally(str(n), p, w) for n, (p, w) in sorted(by_seats.items())),
            timing=await self._timing(guild_id, user_id, game_key, resigned),
            opponents=tuple(Opponent(row["user_id"], row["games"]) for row in opponents),
            trend=trend,
            trend_game=trend_game,
        )

    async def _timing(self, guild_id: int, user_id: int, game_key: str | None, left: int) -> Timing:
        """Move times and missed deadlines over the player's latest finished games."""
        d = self._d
        recent = (
            f"SELECT p.game_id, p.seat {self._mine()}"
            f" ORDER BY p.finished_at DESC, p.game_id DESC LIMIT {d.p(4)}"
        )
        # Each ask keeps the time waited, vacations left out, from when it was answered.
        sql = (
            f"WITH recent AS ({recent}) SELECT k.waited AS seconds FROM recent r"
            " JOIN asks k ON k.game_id = r.game_id AND k.seat = r.seat"
            " WHERE k.waited IS NOT NULL"
        )
        params = (user_id, guild_id, game_key, RECENT_GAMES)
        seconds = [max(0.0, float(row["seconds"])) for row in await self._db.fetch_all(sql, params)]
        missed = await self._db.fetch_all(
            f"WITH recent AS ({recent}) SELECT COALESCE(SUM(x.missed), 0) AS n FROM recent"
            " JOIN seats x ON x.game_id = recent.game_id AND x.seat = recent.seat",
            params,
        )
        return Timing(
            moves=len(seconds),
            median_s=percentile(seconds, 0.5),
            p90_s=percentile(seconds, 0.9),
            missed=int(missed[0]["n"]),
            left=left,
        )

    async def versus(
        self, guild_id: int, user_id: int, other_id: int, game_key: str | None = None
    ) -> HeadToHead:
        d = self._d
        other = f" JOIN placings o ON o.game_id = p.game_id AND o.user_id = {d.p(4)}"
        found = await self._db.fetch_all(
            "SELECT COUNT(*) AS games, SUM(CASE WHEN p.rank < o.rank THEN 1 ELSE 0 END)"
            " AS ahead, SUM(CASE WHEN p.rank > o.rank THEN 1 ELSE 0 END) AS behind"
            f" {self._mine(other)}",
            (user_id, guild_id, game_key, other_id),
        )
        games, ahead, behind = (int(found[0][n] or 0) for n in ("games", "ahead", "behind"))
        return HeadToHead(games, ahead, behind, games - ahead - behind)

    async def standing(self, guild_id: int, user_id: int, game_key: str | None = None) -> Standing:
        found = await self._db.fetch_all(
            f"SELECT COUNT(*) AS played, SUM(p.resigned) AS resigned {self._mine()}",
            (user_id, guild_id, game_key),
        )
        played, resigned = int(found[0]["played"]), int(found[0]["resigned"] or 0)
        return Standing(played, await self._timing(guild_id, user_id, game_key, resigned))

    # ------------------------------------------------------------------ servers
    def _server(self, prefix: str = "") -> str:
        """Games of one server, at one game or any: parameters 1 server, 2 game key or NULL."""
        d = self._d
        return (
            f"{prefix}guild_id = {d.p(1)} AND ({d.p(2, 'text')} IS NULL"
            f" OR {prefix}game_key = {d.p(2, 'text')})"
        )

    async def server(
        self, guild_id: int, game_key: str | None = None, *, weeks: int = 8, top: int = 3
    ) -> ServerStats:
        d = self._d
        now = self._clock()
        first_week = week_start(now.timestamp()) - timedelta(weeks=weeks - 1)
        where = self._server()
        by_week: dict[datetime, list[int]] = {
            first_week + timedelta(weeks=i): [0, 0] for i in range(weeks)
        }

        def week_of(row: Any) -> datetime:
            return datetime.fromtimestamp(int(row["week"]) * _WEEK + _MONDAY, UTC)

        # Started: every game, running and called off ones too.
        started = await self._db.fetch_all(
            f"SELECT FLOOR(({d.epoch('started_at')} - {_MONDAY}) / {_WEEK}) AS week,"
            f" COUNT(*) AS n FROM games WHERE {where} AND started_at IS NOT NULL GROUP BY week",
            (guild_id, game_key),
        )
        for row in started:
            if (week := week_of(row)) in by_week:
                by_week[week][0] += int(row["n"])
        finished = await self._db.fetch_all(
            f"SELECT game_key, FLOOR(({d.epoch('finished_at')} - {_MONDAY}) / {_WEEK}) AS week,"
            f" COUNT(*) AS n FROM results WHERE {where} GROUP BY game_key, week",
            (guild_id, game_key),
        )
        per_game: dict[str, int] = {}
        for row in finished:
            per_game[row["game_key"]] = per_game.get(row["game_key"], 0) + int(row["n"])
            if (week := week_of(row)) in by_week:
                by_week[week][1] += int(row["n"])
        most = sorted(per_game.items(), key=lambda item: (-item[1], item[0]))
        active = await self._db.fetch_all(
            "SELECT COUNT(DISTINCT s.user_id) AS n FROM games g JOIN seats s"
            f" ON s.game_id = g.id AND s.user_id IS NOT NULL WHERE {self._server('g.')}"
            f" AND g.updated_at >= {d.p(3)} AND g.status IN ('active', 'finished')",
            (guild_id, game_key, d.time(now - timedelta(days=ACTIVE_DAYS))),
        )
        spans = []
        for order in ("DESC", "ASC"):
            # A game someone gave up says little about how long the game takes.
            found = await self._db.fetch_all(
                "SELECT game_id, game_key, seconds, moves FROM results"
                f" WHERE {where} AND resigned = 0 AND seconds IS NOT NULL"
                f" ORDER BY seconds {order}, game_id LIMIT {d.p(3)}",
                (guild_id, game_key, top),
            )
            spans.append(
                tuple(
                    Span(r["game_id"], r["game_key"], float(r["seconds"]), r["moves"])
                    for r in found
                )
            )
        advantage = await self._db.fetch_all(
            "SELECT game_key, COUNT(*) AS games, SUM(first_won) AS first_won,"
            f" SUM(1.0 / seats) AS even FROM results WHERE {where} AND first_won IS NOT NULL"
            " GROUP BY game_key ORDER BY game_key",
            (guild_id, game_key),
        )
        return ServerStats(
            weeks=tuple(Week(w, s, f) for w, (s, f) in by_week.items()),
            active_players=int(active[0]["n"]),
            started=sum(int(row["n"]) for row in started),
            finished=sum(per_game.values()),
            most_played=tuple(Tally(key, n, 0) for key, n in most[:top]),
            longest=spans[0],
            fastest=spans[1],
            seat_advantage=tuple(
                SeatAdvantage(r["game_key"], int(r["games"]), int(r["first_won"]), float(r["even"]))
                for r in advantage
            ),
        )
