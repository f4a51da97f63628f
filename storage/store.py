"""The store interface the service layer uses. SQLite implements it today; a PostgreSQL
store can implement it later and run the same contract tests (``tests/storage/contract``).

A store has three parts sharing one database: :class:`GameStore` (lobbies, seats, the
action log), :class:`Outbox` (Discord deliveries) and :class:`Timers` (reminders and
deadlines). Every method is one transaction; none leaves anything half-written.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from types import TracebackType
from typing import Any, Self

from storage.records import (
    OPEN_STATUSES,
    Action,
    Delivery,
    DeliveryKind,
    Game,
    GameStatus,
    NewTimer,
    OutboxItem,
    Player,
    Rating,
    Timer,
    TimerKind,
    Tournament,
    TournamentFormat,
    TournamentStatus,
    UndoRequest,
)


class GameStore(ABC):
    """Games from lobby to final scores, with their seats and their full action log."""

    # ------------------------------------------------------------------ lobby
    @abstractmethod
    async def create_lobby(
        self,
        *,
        game_key: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        options: Mapping[str, Any],
        settings: Mapping[str, Any] | None = None,
    ) -> Game:
        """A new lobby with no seats taken. ``options`` go to the engine; ``settings`` are
        the table's own (how seats are dealt, deadlines), ``{}`` when not given."""

    @abstractmethod
    async def join(
        self,
        game_id: int,
        *,
        user_id: int | None,
        max_seats: int,
        team: int | None = None,
        ai_level: str | None = None,
    ) -> Game:
        """Take the next free seat: a person (``user_id``) or an AI player (``ai_level``).

        Raises ``NotInLobby``, ``AlreadySeated`` or ``LobbyFull``; the seat count is
        checked inside the transaction, so two last-seat joins cannot both succeed.
        """

    @abstractmethod
    async def leave(self, game_id: int, *, user_id: int) -> Game:
        """Give up a lobby seat (``NotInLobby``, ``NotSeated``)."""

    @abstractmethod
    async def remove_seat(self, game_id: int, *, position: int) -> Game:
        """Remove the seat at ``position`` (e.g. an AI player) from a lobby."""

    @abstractmethod
    async def set_team(self, game_id: int, *, position: int, team: int | None) -> Game:
        """Put the lobby seat at ``position`` on ``team``."""

    @abstractmethod
    async def start(
        self,
        game_id: int,
        *,
        seed: int,
        seat_order: Sequence[int],
        state: str,
        to_act: frozenset[int],
        deliveries: Sequence[Delivery] = (),
        timers: Sequence[NewTimer] = (),
    ) -> Game:
        """Start a lobby: ``seat_order[i]`` is the lobby position that plays engine seat
        ``i``; ``state`` is the engine's dump of the new game (version 0); ``to_act`` the
        seats it waits for; ``timers`` its first move clocks."""

    @abstractmethod
    async def cancel(self, game_id: int, *, deliveries: Sequence[Delivery] = ()) -> Game:
        """Call off a lobby or a running game. Its log is kept."""

    @abstractmethod
    async def set_messages(
        self,
        game_id: int,
        *,
        thread_id: int | None = None,
        lobby_message_id: int | None = None,
        board_message_id: int | None = None,
    ) -> Game:
        """Remember where the game lives on Discord (only the ids given are changed)."""

    # ------------------------------------------------------------------ moves
    @abstractmethod
    async def record_move(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: int,
        notation: str,
        state: str,
        to_act: frozenset[int],
        outcome: str | None = None,
        deliveries: Sequence[Delivery] = (),
        timers: Sequence[NewTimer] | None = None,
        missed: bool = False,
    ) -> Game:
        """Record one move in one transaction: the action ``seq = expected_version + 1``,
        the new state and the seats it waits for, the deliveries announcing it, and (when
        ``timers`` is given) the game's pending timers replaced by ``timers``. An ``outcome``
        finishes the game. ``missed``: the move was made for ``seat`` because its deadline
        passed, and the seat's count of missed deadlines goes up by one.

        Raises ``VersionConflict`` when the game is no longer at ``expected_version``,
        ``GameNotActive`` when it is not being played; nothing is written then.
        """

    @abstractmethod
    async def resign(
        self,
        game_id: int,
        *,
        seat: int,
        expected_version: int,
        to_act: frozenset[int],
        outcome: str | None = None,
        deliveries: Sequence[Delivery] = (),
    ) -> Game:
        """Record that the player at engine seat ``seat`` resigned, in one transaction: the
        seat's ``resigned_at``, the seats the game now waits for, and the deliveries
        announcing it. An ``outcome`` finishes the game as a final move would (its pending
        timers are dropped).

        The version does not change: the action log holds engine moves only, and a
        resignation is not one. ``expected_version`` still guards against a game that
        moved on since the player decided.

        Raises ``GameNotActive`` when the game is not being played, ``VersionConflict``
        when it is no longer at ``expected_version``, ``NotSeated`` when no person holds
        that seat (no such seat, or an AI player's) and ``AlreadyResigned`` when the player
        already resigned; nothing is written then.
        """

    @abstractmethod
    async def undo(
        self,
        game_id: int,
        *,
        expected_version: int,
        to_version: int,
        state: str,
        to_act: frozenset[int],
        deliveries: Sequence[Delivery] = (),
        timers: Sequence[NewTimer] | None = None,
    ) -> Game:
        """Take moves back in one transaction: the actions after ``to_version`` are deleted,
        the game is at ``to_version`` again with ``state`` (the engine's replay of the log
        that is left), the game's undo request is dropped, and (when ``timers`` is given)
        its pending timers are replaced.

        Raises ``VersionConflict`` when the game is no longer at ``expected_version`` and
        ``GameNotActive`` when it is not being played; nothing is written then.
        """

    @abstractmethod
    async def request_undo(
        self,
        game_id: int,
        *,
        seat: int,
        version: int,
        to_version: int,
        deliveries: Sequence[Delivery] = (),
    ) -> UndoRequest:
        """Ask the table to take the game back to ``to_version``, queueing the question
        (``deliveries``) in the same transaction; replaces an earlier request of the same
        game."""

    @abstractmethod
    async def approve_undo(self, game_id: int, *, version: int, seat: int) -> UndoRequest | None:
        """Add ``seat``'s approval to the game's request made at ``version``; ``None`` when
        there is no such request (answered, replaced, or the game moved on)."""

    @abstractmethod
    async def drop_undo(self, game_id: int, *, deliveries: Sequence[Delivery] = ()) -> bool:
        """Forget the game's undo request and queue ``deliveries`` saying so; ``False``,
        writing nothing, when there was none."""

    @abstractmethod
    async def undo_request(self, game_id: int) -> UndoRequest | None:
        """The game's open undo request, if any."""

    @abstractmethod
    async def nudge(
        self, game_id: int, *, cooldown: timedelta, deliveries: Sequence[Delivery] = ()
    ) -> datetime | None:
        """Record a nudge and queue its deliveries, in one transaction; when the game was
        nudged less than ``cooldown`` ago nothing is written and the time of that nudge is
        returned instead (``None`` means the nudge went out)."""

    # ------------------------------------------------------------------ reading
    @abstractmethod
    async def get(self, game_id: int) -> Game:
        """The game with that id (``GameNotFound``)."""

    @abstractmethod
    async def by_thread(self, thread_id: int) -> Game | None:
        """The game played in that thread."""

    @abstractmethod
    async def in_channel(
        self, channel_id: int, statuses: Sequence[GameStatus] = OPEN_STATUSES
    ) -> list[Game]:
        """Games created in a channel, oldest first."""

    @abstractmethod
    async def in_guild(
        self, guild_id: int, statuses: Sequence[GameStatus] = OPEN_STATUSES
    ) -> list[Game]:
        """Games created anywhere in one server, oldest first."""

    @abstractmethod
    async def of_user(
        self, user_id: int, statuses: Sequence[GameStatus] = OPEN_STATUSES
    ) -> list[Game]:
        """A user's games in every server, oldest first."""

    @abstractmethod
    async def awaiting(self, user_id: int) -> list[Game]:
        """Running games, in every server, where ``user_id`` may act now."""

    @abstractmethod
    async def ids(self, statuses: Sequence[GameStatus]) -> list[int]:
        """The ids of every game in one of ``statuses``, oldest first."""

    @abstractmethod
    async def to_resume(self) -> list[Game]:
        """Every lobby and running game, for the bot to pick up after a restart."""

    @abstractmethod
    async def actions(self, game_id: int) -> list[Action]:
        """The game's full action log, in order."""


class Outbox(ABC):
    """Pending Discord deliveries. A claimed item that is not marked done before its lease
    ends (the worker crashed) is claimed again; an item marked done is never handed out
    again. Items in one lane go out in order."""

    @abstractmethod
    async def enqueue(self, deliveries: Sequence[Delivery]) -> list[int]:
        """Queue deliveries that belong to no move (lobby messages, digests)."""

    @abstractmethod
    async def claim(
        self, *, worker: str, limit: int = 20, lease: timedelta = timedelta(seconds=60)
    ) -> list[OutboxItem]:
        """Up to ``limit`` deliveries due now, each the oldest waiting in its lane, leased
        to ``worker``."""

    @abstractmethod
    async def mark_done(self, item_id: int) -> None:
        """The delivery reached Discord; it is never handed out again."""

    @abstractmethod
    async def mark_failed(
        self, item_id: int, *, error: str, permanent: bool = False, transient: bool = False
    ) -> OutboxItem:
        """The attempt failed: retry after a growing delay, or give up when ``permanent``
        or out of attempts (the item is then kept, with its error, and its lane moves on).
        A ``transient`` failure (an outage, a reset, a timeout) is retried for as long as it
        lasts: it never uses up the item's attempts."""

    @abstractmethod
    async def get(self, item_id: int) -> OutboxItem:
        """One item (``DeliveryNotFound``)."""

    @abstractmethod
    async def pending(self) -> list[OutboxItem]:
        """Every item neither done nor given up, oldest first."""

    @abstractmethod
    async def given_up(
        self, *, game_id: int, kind: DeliveryKind, target_id: int
    ) -> list[OutboxItem]:
        """One game's deliveries of ``kind`` to ``target_id`` that were given up, oldest first
        (e.g. to say only once that a player's DMs are closed, across restarts)."""

    @abstractmethod
    async def next_available_at(self) -> datetime | None:
        """When the earliest waiting item becomes due, for a worker to sleep until then."""

    @abstractmethod
    async def prune(self, *, done_before: datetime, given_up_before: datetime) -> int:
        """Forget deliveries sent before ``done_before`` and those given up before
        ``given_up_before``; items still waiting are never touched. Returns how many went."""


class Timers(ABC):
    """Durable timers: reminders, deadlines, digests."""

    @abstractmethod
    async def schedule(self, timers: Sequence[NewTimer], *, replace: bool = True) -> list[int]:
        """Add timers; one with a ``key`` replaces the pending timer with that key, or, when
        not ``replace``, leaves that pending timer as it is (and is not added)."""

    @abstractmethod
    async def fire(
        self,
        timer_id: int,
        *,
        deliveries: Sequence[Delivery] = (),
        timers: Sequence[NewTimer] = (),
    ) -> bool:
        """Mark a timer handled and queue what it caused (deliveries, later timers) in one
        transaction; ``False``, writing nothing, when it had already fired or was
        cancelled."""

    @abstractmethod
    async def cancel(self, game_id: int, kinds: Sequence[TimerKind] | None = None) -> int:
        """Drop a game's pending timers (of the given kinds); returns how many."""

    @abstractmethod
    async def due(self, limit: int = 50) -> list[Timer]:
        """Pending timers whose time has come, earliest first."""

    @abstractmethod
    async def mark_fired(self, timer_id: int) -> bool:
        """Mark a timer handled; ``False`` when it had already fired or was cancelled."""

    @abstractmethod
    async def pending(self, game_id: int | None = None) -> list[Timer]:
        """Pending timers (of one game), earliest first."""

    @abstractmethod
    async def next_due_at(self) -> datetime | None:
        """When the earliest pending timer is due."""


class Preferences(ABC):
    """What servers and players choose for themselves: game defaults, notifications,
    vacations."""

    @abstractmethod
    async def server(self, guild_id: int) -> Mapping[str, Any]:
        """A server's defaults for new games (``{}`` when it never chose any)."""

    @abstractmethod
    async def set_server(self, guild_id: int, changes: Mapping[str, Any]) -> Mapping[str, Any]:
        """Merge ``changes`` into a server's defaults; a ``None`` value removes that setting.
        Returns the defaults as they now are."""

    @abstractmethod
    async def player(self, user_id: int) -> Player:
        """A player's choices (the defaults when they never chose any)."""

    @abstractmethod
    async def set_notifications(
        self, user_id: int, *, reminders: bool | None = None, digest: bool | None = None
    ) -> Player:
        """Turn a player's reminders or digest on or off (``None`` leaves it as it is)."""

    @abstractmethod
    async def set_away(self, user_id: int, until: datetime | None) -> Player:
        """Start (``until`` in the future) or end (``None``) a player's vacation."""


class TournamentStore(ABC):
    """Tournaments: sign-ups, rounds of tables and the games they play."""

    @abstractmethod
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        game_key: str,
        format: TournamentFormat,
        rounds: int | None,
        settings: Mapping[str, Any],
    ) -> Tournament:
        """A new tournament taking sign-ups, with nobody signed up."""

    @abstractmethod
    async def enter(self, tournament_id: int, *, user_id: int) -> Tournament:
        """Sign ``user_id`` up (``NotSigningUp``, ``AlreadyEntered``)."""

    @abstractmethod
    async def withdraw(self, tournament_id: int, *, user_id: int) -> Tournament:
        """Take back a sign-up before the start (``NotSigningUp``, ``NotEntered``)."""

    @abstractmethod
    async def set_message(self, tournament_id: int, *, message_id: int) -> Tournament:
        """Remember the message that shows the sign-ups, then the standings."""

    @abstractmethod
    async def start(
        self,
        tournament_id: int,
        *,
        seed: int,
        rounds: int | None,
        settings: Mapping[str, Any],
        deliveries: Sequence[Delivery] = (),
    ) -> Tournament:
        """Close the sign-ups (``NotSigningUp``): the tournament runs, at round 0, with the
        number of ``rounds`` and the ``settings`` (e.g. the seeding) fixed at the start."""

    @abstractmethod
    async def begin_round(
        self,
        tournament_id: int,
        *,
        round_number: int,
        tables: Sequence[Sequence[int]],
        deliveries: Sequence[Delivery] = (),
    ) -> Tournament:
        """Record round ``round_number``'s tables (players in seat order; one player: a bye)
        and make it the current round, in one transaction. ``RoundConflict`` unless the
        tournament is at the round before, ``NotRunning`` unless it runs."""

    @abstractmethod
    async def open_table(
        self,
        tournament_id: int,
        *,
        round_number: int,
        number: int,
        options: Mapping[str, Any],
        settings: Mapping[str, Any],
    ) -> Game:
        """The lobby of a table's game, every player seated in the table's order, created and
        tied to the table in one transaction; the game already tied to it when there is one
        (so a restart half-way through a round opens each table once)."""

    @abstractmethod
    async def drop(
        self, tournament_id: int, *, user_id: int, deliveries: Sequence[Delivery] = ()
    ) -> Tournament:
        """``user_id`` leaves a running tournament (``NotRunning``, ``NotEntered``); their
        results stay."""

    @abstractmethod
    async def finish(
        self,
        tournament_id: int,
        *,
        champion_id: int | None,
        deliveries: Sequence[Delivery] = (),
    ) -> Tournament:
        """The tournament is over (``NotRunning``)."""

    @abstractmethod
    async def cancel(
        self, tournament_id: int, *, deliveries: Sequence[Delivery] = ()
    ) -> Tournament:
        """Call the tournament off (``NotRunning`` once it is over). Its games go on as
        ordinary games."""

    @abstractmethod
    async def get(self, tournament_id: int) -> Tournament:
        """The tournament with that id (``TournamentNotFound``)."""

    @abstractmethod
    async def in_guild(
        self, guild_id: int, statuses: Sequence[TournamentStatus] = ()
    ) -> list[Tournament]:
        """A server's tournaments (of the given statuses; all when none given), newest
        first."""

    @abstractmethod
    async def of_game(self, game_id: int) -> Tournament | None:
        """The tournament a game was played for, if any."""

    @abstractmethod
    async def running(self) -> list[Tournament]:
        """Every running tournament, for the bot to pick up after a restart."""


class Ratings(ABC):
    """Players' skills per game per server, and which finished games were rated."""

    @abstractmethod
    async def of_players(
        self, guild_id: int, game_key: str, user_ids: Sequence[int]
    ) -> dict[int, Rating]:
        """The stored ratings of those players (a player never rated is left out)."""

    @abstractmethod
    async def record(self, game_id: int, ratings: Sequence[Rating]) -> bool:
        """Store the ratings a finished game produced and mark it rated, in one transaction;
        ``False``, writing nothing, when the game was already looked at."""

    @abstractmethod
    async def skip(self, game_id: int) -> bool:
        """Mark a finished game as looked at and not rated; ``False`` if it already was."""

    @abstractmethod
    async def unrated(self, limit: int = 100) -> list[int]:
        """Finished games not yet looked at, oldest finish first."""

    @abstractmethod
    async def leaderboard(
        self, guild_id: int, game_key: str, *, limit: int = 10, min_games: int = 1
    ) -> list[Rating]:
        """The best of a server at a game, by ``mu - 3 sigma``, highest first."""

    @abstractmethod
    async def of_user(self, guild_id: int, user_id: int) -> list[Rating]:
        """A player's rating at every game they were rated in, in one server."""


class Store(ABC):
    """One database: games, outbox, timers, preferences, tournaments and ratings."""

    games: GameStore
    outbox: Outbox
    timers: Timers
    prefs: Preferences
    tournaments: TournamentStore
    ratings: Ratings

    @abstractmethod
    async def close(self) -> None:
        """Finish pending work and release the database."""

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()
