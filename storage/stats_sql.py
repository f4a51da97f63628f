"""Profiles and server statistics in SQL, written once for both backends.

The queries differ between SQLite and PostgreSQL only in a few spellings (times are epoch
seconds in one and ``timestamptz`` in the other, JSON is read with different functions,
parameters are numbered differently); :class:`Dialect` holds those, and :class:`SqlStats`
runs the same queries on either. Every figure is computed by the database; Python only
adds up a handful of grouped rows and takes percentiles of one player's bounded list of
move times.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from storage.contract.stats import (
    RECENT_GAMES,
    TREND_POINTS,
    HeadToHead,
    Opponent,
    PlayerStats,
    SeatAdvantage,
    ServerStats,
    Span,
    Standing,
    Stats,
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
#: The other people at the player's tables (``o``).
_OTHERS = (
    " JOIN seats o ON o.game_id = s.game_id AND o.user_id IS NOT NULL AND o.user_id <> s.user_id"
)


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

    def greatest(self, *values: str) -> str:
        return f"{'MAX' if self.sqlite else 'GREATEST'}({', '.join(values)})"

    def least(self, *values: str) -> str:
        return f"{'MIN' if self.sqlite else 'LEAST'}({', '.join(values)})"

    def won(self, game: str, seat: str) -> str:
        """Whether seat ``seat`` is among the game's winners."""
        if self.sqlite:
            return (
                f"EXISTS (SELECT 1 FROM json_each({game}.outcome, '$.winners') AS w"
                f" WHERE w.value = {seat})"
            )
        return f"(({game}.outcome::jsonb -> 'winners') @> to_jsonb({seat}))"

    def rank(self, game: str, seat: str) -> str:
        """The place the game's outcome gave seat ``seat`` (1 is first)."""
        if self.sqlite:
            return f"json_extract({game}.outcome, '$.ranks[' || {seat} || ']')"
        return f"(({game}.outcome -> 'ranks') ->> {seat})::integer"

    def plain_outcome(self, game: str) -> str:
        """The game ended with winners and without teams (its first seat can be judged
        against an even share)."""
        if self.sqlite:
            return (
                f"json_extract({game}.outcome, '$.teams') IS NULL"
                f" AND json_array_length({game}.outcome, '$.winners') > 0"
            )
        return (
            f"json_typeof({game}.outcome -> 'teams') IS DISTINCT FROM 'array'"
            f" AND json_array_length({game}.outcome -> 'winners') > 0"
        )


def week_start(epoch_seconds: float) -> datetime:
    """The Monday 00:00 UTC that begins the week of ``epoch_seconds``."""
    number = (int(epoch_seconds) - _MONDAY) // _WEEK
    return datetime.fromtimestamp(number * _WEEK + _MONDAY, UTC)


class SqlStats(Stats):
    """:class:`~storage.contract.stats.Stats` on either backend's database."""

    def __init__(self, database: Rows, dialect: Dialect, clock: Any) -> None:
        self._db = database
        self._d = dialect
        self._clock = clock

    # ------------------------------------------------------------------ players
    def _mine(self, status: str = "finished", join: str = "") -> str:
        """The player's seats (``s``) at games (``g``) of one server in one status, at one
        game or any, with ``join`` added: parameters 1 user, 2 server, 3 game key or NULL."""
        d = self._d
        return (
            f"FROM seats s JOIN games g ON g.id = s.game_id{join} WHERE s.user_id = {d.p(1)}"
            f" AND g.guild_id = {d.p(2)} AND g.status = '{status}'"
            f" AND ({d.p(3, 'text')} IS NULL OR g.game_key = {d.p(3, 'text')})"
        )

    async def player(self, guild_id: int, user_id: int, game_key: str | None = None) -> PlayerStats:
        d = self._d
        key = (user_id, guild_id, game_key)
        grouped = await self._db.fetch_all(
            "SELECT g.game_key,"
            " (SELECT COUNT(*) FROM seats x WHERE x.game_id = g.id) AS seat_count,"
            f" COUNT(*) AS played, SUM(CASE WHEN {d.won('g', 's.seat')} THEN 1 ELSE 0 END) AS won,"
            " SUM(CASE WHEN s.resigned_at IS NOT NULL THEN 1 ELSE 0 END) AS resigned"
            f" {self._mine()} GROUP BY g.game_key, seat_count",
            key,
        )
        abandoned = await self._db.fetch_all(
            f"SELECT COUNT(*) AS n {self._mine('cancelled')} AND g.started_at IS NOT NULL", key
        )
        opponents = await self._db.fetch_all(
            "SELECT o.user_id, COUNT(*) AS games"
            f" {self._mine(join=_OTHERS)}"
            f" GROUP BY o.user_id ORDER BY games DESC, o.user_id LIMIT {d.p(4)}",
            (*key, 3),
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
                "SELECT c.after FROM rating_changes c JOIN games g ON g.id = c.game_id"
                f" WHERE c.user_id = {d.p(1)} AND g.guild_id = {d.p(2)}"
                f" AND g.game_key = {d.p(3)}"
                f" ORDER BY g.finished_at DESC, g.id DESC LIMIT {d.p(4)}",
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
            "SELECT g.id AS game_id, s.seat, s.missed,"
            f" {d.epoch('g.started_at')} AS started {self._mine()}"
            f" ORDER BY g.finished_at DESC, g.id DESC LIMIT {d.p(4)}"
        )
        asked = (
            f"(SELECT {d.epoch('MAX(k.asked_at)')} FROM asks k WHERE k.game_id = a.game_id"
            " AND k.seat = a.seat AND k.asked_at <= a.at)"
        )
        # Without asks (games played before they were kept) a seat was asked by the
        # previous action on the table, or the start; its own follow-up decisions are not
        # new moves.
        guessed = (
            "CASE WHEN p.seq IS NULL THEN r.started"
            f" WHEN p.seat <> a.seat THEN {d.epoch('p.at')} END"
        )
        away = (
            "(SELECT SUM("
            + d.greatest(
                "0.0",
                d.least(d.epoch("v.ends_at"), "m.acted")
                + " - "
                + d.greatest(d.epoch("v.starts_at"), "m.asked"),
            )
            + f") FROM vacations v WHERE v.user_id = {d.p(1)}"
            f" AND {d.epoch('v.starts_at')} < m.acted AND {d.epoch('v.ends_at')} > m.asked)"
        )
        sql = (
            f"WITH recent AS ({recent}),"
            f" acts AS (SELECT a.game_id, {d.epoch('a.at')} AS at,"
            f" COALESCE({asked}, {guessed}) AS asked"
            " FROM recent r JOIN actions a ON a.game_id = r.game_id AND a.seat = r.seat"
            " LEFT JOIN actions p ON p.game_id = a.game_id AND p.seq = a.seq - 1),"
            " moves AS (SELECT game_id, asked, MIN(at) AS acted FROM acts"
            " WHERE asked IS NOT NULL GROUP BY game_id, asked)"
            f" SELECT m.acted - m.asked - COALESCE({away}, 0) AS seconds FROM moves m"
        )
        params = (user_id, guild_id, game_key, RECENT_GAMES)
        seconds = [max(0.0, float(row["seconds"])) for row in await self._db.fetch_all(sql, params)]
        missed = await self._db.fetch_all(
            f"WITH recent AS ({recent}) SELECT COALESCE(SUM(missed), 0) AS n FROM recent", params
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
        mine, theirs = d.rank("g", "s.seat"), d.rank("g", "o.seat")
        other = f" JOIN seats o ON o.game_id = s.game_id AND o.user_id = {d.p(4)}"
        found = await self._db.fetch_all(
            f"SELECT COUNT(*) AS games, SUM(CASE WHEN {mine} < {theirs} THEN 1 ELSE 0 END)"
            f" AS ahead, SUM(CASE WHEN {mine} > {theirs} THEN 1 ELSE 0 END) AS behind"
            f" {self._mine(join=other)}",
            (user_id, guild_id, game_key, other_id),
        )
        games, ahead, behind = (int(found[0][n] or 0) for n in ("games", "ahead", "behind"))
        return HeadToHead(games, ahead, behind, games - ahead - behind)

    async def standing(self, guild_id: int, user_id: int, game_key: str | None = None) -> Standing:
        key = (user_id, guild_id, game_key)
        found = await self._db.fetch_all(
            "SELECT COUNT(*) AS played,"
            f" SUM(CASE WHEN s.resigned_at IS NOT NULL THEN 1 ELSE 0 END) AS resigned"
            f" {self._mine()}",
            key,
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
        this_week = week_start(now.timestamp())
        first_week = this_week - timedelta(weeks=weeks - 1)
        where = self._server()
        by_week: dict[datetime, list[int]] = {
            first_week + timedelta(weeks=i): [0, 0] for i in range(weeks)
        }
        for index, column in enumerate(("started_at", "finished_at")):
            status = " AND status = 'finished'" if column == "finished_at" else ""
            counted = await self._db.fetch_all(
                f"SELECT FLOOR(({d.epoch(column)} - {_MONDAY}) / {_WEEK}) AS week,"
                f" COUNT(*) AS n FROM games WHERE {where}{status}"
                f" AND {column} >= {d.p(3)} GROUP BY week",
                (guild_id, game_key, d.time(first_week)),
            )
            for row in counted:
                starts = datetime.fromtimestamp(int(row["week"]) * _WEEK + _MONDAY, UTC)
                if starts in by_week:
                    by_week[starts][index] += int(row["n"])
        totals = await self._db.fetch_all(
            "SELECT SUM(CASE WHEN started_at IS NOT NULL THEN 1 ELSE 0 END) AS started,"
            " SUM(CASE WHEN status = 'finished' THEN 1 ELSE 0 END) AS finished"
            f" FROM games WHERE {where}",
            (guild_id, game_key),
        )
        active = await self._db.fetch_all(
            "SELECT COUNT(DISTINCT s.user_id) AS n FROM games g JOIN seats s"
            f" ON s.game_id = g.id AND s.user_id IS NOT NULL"
            f" WHERE {self._server('g.')}"
            f" AND g.status IN ('active', 'finished') AND g.updated_at >= {d.p(3)}",
            (guild_id, game_key, d.time(now - timedelta(days=ACTIVE_DAYS))),
        )
        most = await self._db.fetch_all(
            f"SELECT game_key, COUNT(*) AS n FROM games WHERE {where} AND status = 'finished'"
            f" GROUP BY game_key ORDER BY n DESC, game_key LIMIT {d.p(3)}",
            (guild_id, game_key, top),
        )
        spans = []
        for order in ("DESC", "ASC"):
            # A game someone gave up says little about how long the game takes.
            found = await self._db.fetch_all(
                f"SELECT id, game_key, {d.epoch('finished_at')} - {d.epoch('started_at')}"
                f" AS seconds, version FROM games g WHERE {where} AND status = 'finished'"
                " AND NOT EXISTS (SELECT 1 FROM seats x WHERE x.game_id = g.id"
                " AND x.resigned_at IS NOT NULL)"
                f" ORDER BY seconds {order}, id LIMIT {d.p(3)}",
                (guild_id, game_key, top),
            )
            spans.append(
                tuple(
                    Span(r["id"], r["game_key"], float(r["seconds"]), r["version"]) for r in found
                )
            )
        advantage = await self._db.fetch_all(
            f"SELECT game_key, COUNT(*) AS games,"
            f" SUM(CASE WHEN {d.won('g', '0')} THEN 1 ELSE 0 END) AS first_won,"
            " SUM(1.0 / (SELECT COUNT(*) FROM seats x WHERE x.game_id = g.id)) AS even"
            f" FROM games g WHERE {where} AND status = 'finished' AND outcome IS NOT NULL"
            f" AND {d.plain_outcome('g')} GROUP BY game_key ORDER BY game_key",
            (guild_id, game_key),
        )
        return ServerStats(
            weeks=tuple(Week(w, s, f) for w, (s, f) in by_week.items()),
            active_players=int(active[0]["n"]),
            started=int(totals[0]["started"] or 0),
            finished=int(totals[0]["finished"] or 0),
            most_played=tuple(Tally(r["game_key"], int(r["n"]), 0) for r in most),
            longest=spans[0],
            fastest=spans[1],
            seat_advantage=tuple(
                SeatAdvantage(r["game_key"], int(r["games"]), int(r["first_won"]), float(r["even"]))
                for r in advantage
            ),
        )
