"""The tournaments part of the store contract: sign-ups, rounds of tables and the games
they play."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from storage.records import Delivery, Game, Tournament, TournamentFormat, TournamentStatus


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
