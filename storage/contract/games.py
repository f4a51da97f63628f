"""The games part of the store contract: lobbies and their seats, moves and the action
log, undo requests and nudges, and the queries that find games."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from storage.records import OPEN_STATUSES, Action, Delivery, Game, GameStatus, NewTimer, UndoRequest


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
        board_post: Mapping[str, Any] | None = None,
    ) -> Game:
        """Remember where the game lives on Discord (only the ids given are changed).
        ``board_post``: how the post ``board_message_id`` names was made (JSON data), kept
        with it; a new board message given without it forgets the old one's."""

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
    async def hand_over(
        self,
        game_id: int,
        *,
        seat: int,
        user_id: int | None,
        expected_version: int,
        to_act: frozenset[int],
        settings: Mapping[str, Any],
        deliveries: Sequence[Delivery] = (),
        timers: Sequence[NewTimer] = (),
    ) -> Game:
        """Give engine seat ``seat`` to ``user_id``, or, with ``None``, leave it open for
        someone to take, in one transaction: the seat's missed deadlines and resignation are
        cleared, the game waits for ``to_act``, its settings become ``settings``, its pending
        timers are replaced by ``timers`` and ``deliveries`` are queued. ``GameNotActive``,
        ``VersionConflict``; ``NotSeated`` when there is no such seat; ``AlreadySeated`` when
        ``user_id`` already plays another seat of the game."""

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
