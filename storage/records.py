"""What the store hands back and takes in: small immutable records, no database types.

Times are timezone-aware UTC datetimes here and plain epoch seconds in the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any


class GameStatus(StrEnum):
    """Where a game is in its life."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"


OPEN_STATUSES = (GameStatus.LOBBY, GameStatus.ACTIVE)
#: The ``ai_level`` of a running game's seat whose player left, until someone takes it: the
#: AI stands in only when its clock runs out, never of its own accord.
OPEN_SEAT = "open"


@dataclass(frozen=True, slots=True)
class Seat:
    """One place at a table: a person (``user_id``) or an AI player (``ai_level``)."""

    position: int
    """Order of joining the lobby, from 0."""
    user_id: int | None
    seat: int | None
    """The engine's seat number, from 0, once the game has started."""
    team: int | None
    ai_level: str | None
    joined_at: datetime
    resigned_at: datetime | None
    """When the player resigned; ``None`` while they still play."""
    missed: int = 0
    """How many move deadlines this seat let pass."""

    @property
    def is_ai(self) -> bool:
        """Whether an AI player holds this seat."""
        return self.ai_level is not None and self.ai_level != OPEN_SEAT

    @property
    def is_open(self) -> bool:
        """Whether the seat waits for someone to take it (its player left)."""
        return self.ai_level == OPEN_SEAT

    @property
    def resigned(self) -> bool:
        """Whether the player has resigned from the game."""
        return self.resigned_at is not None


@dataclass(frozen=True, slots=True)
class Game:
    """A stored game: lobby, running or finished."""

    id: int
    game_key: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    lobby_message_id: int | None
    board_message_id: int | None
    host_id: int
    options: Mapping[str, Any]
    """The engine's options: with the seed and the seats, all a replay needs."""
    settings: Mapping[str, Any]
    """The table's own settings, which the engine never sees (how seats are dealt, deadlines)."""
    status: GameStatus
    seed: int | None
    version: int
    """How many moves have been recorded; the next move is ``version + 1``."""
    state: str | None
    """The engine's ``dump`` of the current state; ``None`` before the start."""
    to_act: frozenset[int]
    """The seats the game is waiting for (the engine's ``waiting_for``); ``awaiting`` reads it."""
    outcome: str | None
    seats: tuple[Seat, ...]
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    board_post: Mapping[str, Any] | None = None
    """How the thread's newest post (``board_message_id``) was made, as the table's delivery
    asked for it; ``None`` when it is not known (a post of the turn order)."""

    def seat_of(self, user_id: int) -> int | None:
        """The engine seat of ``user_id``, or ``None`` when they are not playing."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def seated(self, user_id: int) -> bool:
        """Whether ``user_id`` has a place at this table (lobby or game)."""
        return any(seat.user_id == user_id for seat in self.seats)

    def in_seat_order(self) -> list[Seat]:
        """The seats by engine seat once started, by joining order before."""
        return sorted(self.seats, key=lambda s: (s.seat is None, s.seat or 0, s.position))

    def user_at(self, seat: int) -> int | None:
        """Who plays engine seat ``seat`` (``None`` for an AI player)."""
        for place in self.seats:
            if place.seat == seat:
                return place.user_id
        return None

    def resigned_seats(self) -> frozenset[int]:
        """The engine seats whose player has resigned."""
        return frozenset(s.seat for s in self.seats if s.resigned and s.seat is not None)


@dataclass(frozen=True, slots=True)
class Player:
    """A player's own choices, the same in every server."""

    user_id: int
    reminders: bool = True
    """Whether they get a DM before a move deadline."""
    digest: bool = True
    """Whether they get the daily "your turn in N games" DM."""
    turns: bool = True
    """Whether a new DM tells them it is their turn (their private message is kept current
    by editing either way)."""
    away_until: datetime | None = None
    """While this is in the future their move clocks are paused."""
    time_zone: str | None = None
    """Their IANA time zone (``Europe/Paris``); ``None``: UTC."""
    quiet: tuple[int, int] | None = None
    """Quiet hours, local: from the first hour to the second (``(23, 8)``); no reminder,
    digest or heads-up DM reaches them inside."""
    digest_hour: int | None = None
    """The local hour of the daily digest; ``None``: a day after their first game started."""
    reminders_before: tuple[int, ...] | None = None
    """Their own reminder points, seconds before a deadline, instead of the table's."""
    heads_up: bool = False
    """Whether a DM tells them when the player before them starts their turn."""
    language: str | None = None
    """The language they chose to read (``fr``); ``None``: their Discord client's."""
    client_locale: str | None = None
    """The locale of their Discord client when last seen (``en-US``, ``fr``)."""
    web_name: bool = True
    """Whether the web pages show their name (otherwise "a player")."""

    def away(self, now: datetime) -> bool:
        """Whether the player is on vacation at ``now``."""
        return self.away_until is not None and self.away_until > now


#: The names under which :class:`Player`'s time choices are stored, and their types.
PLAYER_CHOICES = (
    "time_zone",
    "quiet",
    "digest_hour",
    "reminders_before",
    "heads_up",
    "language",
    "client_locale",
    "web_name",
)


def merged(stored: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """``stored`` choices (or settings) with ``changes`` applied: a ``None`` value forgets
    that one."""
    result = dict(stored)
    for name, value in changes.items():
        if value is None:
            result.pop(name, None)
        else:
            result[name] = value
    return result


def player_choices(stored: Mapping[str, Any]) -> dict[str, Any]:
    """A player's stored choices (their time, their language) as :class:`Player` fields
    (unknown names ignored)."""
    chosen: dict[str, Any] = {}
    if isinstance(stored.get("time_zone"), str):
        chosen["time_zone"] = stored["time_zone"]
    quiet = stored.get("quiet")
    if isinstance(quiet, list | tuple) and len(quiet) == 2:
        chosen["quiet"] = (int(quiet[0]), int(quiet[1]))
    if isinstance(stored.get("digest_hour"), int):
        chosen["digest_hour"] = stored["digest_hour"]
    before = stored.get("reminders_before")
    if isinstance(before, list | tuple):
        chosen["reminders_before"] = tuple(int(s) for s in before)
    if isinstance(stored.get("heads_up"), bool):
        chosen["heads_up"] = stored["heads_up"]
    if isinstance(stored.get("web_name"), bool):
        chosen["web_name"] = stored["web_name"]
    for name in ("language", "client_locale"):
        if isinstance(stored.get(name), str):
            chosen[name] = stored[name]
    return chosen


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """A player asking the table to take back moves: the game goes back to ``to_version``
    once every other player approved, if it is still at ``version``."""

    game_id: int
    seat: int
    version: int
    to_version: int
    approvals: frozenset[int]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class UndoMessage:
    """The message asking a game's table to take back the move of the request made at
    ``version``, while it shows Approve and Refuse; ``content`` is its text as posted."""

    game_id: int
    version: int
    channel_id: int
    message_id: int
    content: str
    settled: str | None = None
    """How the request was settled (neutral text), once it was; ``None`` while it is open."""


@dataclass(frozen=True, slots=True)
class Action:
    """One recorded move: the ``seq``-th of its game, as the player's notation."""

    game_id: int
    seq: int
    seat: int
    notation: str
    at: datetime


class DeliveryKind(StrEnum):
    """What the bot is to send."""

    DM = "dm"
    THREAD_POST = "thread_post"
    BOARD_EDIT = "board_edit"
    PING = "ping"
    TABLE = "table"
    """A game's public table as of a version: its board kept current, a post when the game
    starts waiting on someone new (rendered when sent, from the game at that version)."""
    VIEW = "view"
    """A player's private view of a game as of a version, kept current in one DM."""


@dataclass(frozen=True, slots=True)
class Delivery:
    """A Discord delivery to queue. Items sharing a ``lane`` go out strictly in order;
    by default the lane is the target, so one channel's or one user's messages never
    overtake each other."""

    kind: DeliveryKind
    target_id: int
    payload: Mapping[str, Any] = field(default_factory=dict)
    game_id: int | None = None
    lane: str | None = None
    delay: float = 0.0
    """Seconds before it may go out: a board edit waits a moment, so that the decisions of
    one turn made in quick succession edit the board once (a newer one supersedes it)."""

    def lane_key(self) -> str:
        """The ordering lane this delivery joins."""
        return self.lane if self.lane is not None else str(self.target_id)


@dataclass(frozen=True, slots=True)
class PrivateView:
    """The message that shows one player their view of one game (in their DMs)."""

    game_id: int
    user_id: int
    channel_id: int
    message_id: int
    shown: str | None = None
    """What the message shows, as a digest (what only its player sees, and its picture), so
    that it is edited only when that changed; ``None`` when not known."""


@dataclass(frozen=True, slots=True)
class OutboxItem:
    """A queued delivery as stored, with its delivery attempts."""

    id: int
    kind: DeliveryKind
    target_id: int
    payload: Mapping[str, Any]
    game_id: int | None
    lane: str
    attempts: int
    created_at: datetime
    available_at: datetime
    claimed_by: str | None
    done_at: datetime | None
    failed_at: datetime | None
    last_error: str | None


class TimerKind(StrEnum):
    """Why a timer exists."""

    REMINDER = "reminder"
    DEADLINE = "deadline"
    DIGEST = "digest"
    TOURNAMENT_START = "tournament_start"
    HOUSEKEEPING = "housekeeping"


@dataclass(frozen=True, slots=True)
class NewTimer:
    """A timer to schedule. A timer with a ``key`` replaces any earlier one with that key."""

    kind: TimerKind
    due_at: datetime
    game_id: int | None = None
    payload: Mapping[str, Any] = field(default_factory=dict)
    key: str | None = None


@dataclass(frozen=True, slots=True)
class Timer:
    """A stored timer."""

    id: int
    kind: TimerKind
    due_at: datetime
    game_id: int | None
    payload: Mapping[str, Any]
    key: str | None
    fired_at: datetime | None


class TournamentFormat(StrEnum):
    """How a tournament's rounds are made."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    KNOCKOUT = "knockout"


class TournamentStatus(StrEnum):
    """Where a tournament is in its life."""

    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player who signed up for a tournament."""

    user_id: int
    joined_at: datetime
    dropped_at: datetime | None = None

    @property
    def dropped(self) -> bool:
        """Whether the player has left the tournament after it started."""
        return self.dropped_at is not None


@dataclass(frozen=True, slots=True)
class TournamentTable:
    """One table of one round: its players in seat order and the game they play. A table
    of one player is a bye (no game)."""

    round: int
    number: int
    players: tuple[int, ...]
    game_id: int | None = None

    @property
    def bye(self) -> bool:
        """Whether this is a bye rather than a game."""
        return len(self.players) == 1


@dataclass(frozen=True, slots=True)
class Tournament:
    """A stored tournament with its entrants and every round's tables."""

    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    game_key: str
    format: TournamentFormat
    rounds: int | None
    """The rounds planned (``None``: as many as the format needs, e.g. a knockout)."""
    settings: Mapping[str, Any]
    """Table sizes, the move clock, the name."""
    status: TournamentStatus
    round: int
    """The round being played (0 before the first)."""
    seed: int | None
    message_id: int | None
    """The sign-up message in the tournament's channel, which then shows the standings."""
    champion_id: int | None
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    entrants: tuple[Entrant, ...] = ()
    tables: tuple[TournamentTable, ...] = ()

    def entered(self, user_id: int) -> bool:
        """Whether ``user_id`` signed up (and may since have dropped out)."""
        return any(e.user_id == user_id for e in self.entrants)

    def active(self) -> list[int]:
        """The players still in the tournament, in sign-up order."""
        return [e.user_id for e in self.entrants if not e.dropped]

    def dropped(self) -> frozenset[int]:
        """The players who dropped out."""
        return frozenset(e.user_id for e in self.entrants if e.dropped)

    def tables_of(self, round_number: int) -> list[TournamentTable]:
        """The tables (and byes) of one round, in order."""
        return [t for t in self.tables if t.round == round_number]


@dataclass(frozen=True, slots=True)
class RatingChange:
    """How one rated game moved one player's shown rating (``mu - 3 sigma``)."""

    user_id: int
    before: float
    after: float


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill at one game in one server, with their record there."""

    guild_id: int
    game_key: str
    user_id: int
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate the leaderboard ranks by: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma
