"""Tournaments, their entrants and their rounds' tables in SQLite."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import aiosqlite

from storage.contract.tournaments import TournamentStore
from storage.errors import (
    AlreadyEntered,
    NotEntered,
    NotRunning,
    NotSigningUp,
    RoundConflict,
    TournamentNotFound,
)
from storage.records import (
    Delivery,
    Entrant,
    Game,
    Tournament,
    TournamentFormat,
    TournamentStatus,
    TournamentTable,
)
from storage.sql import rows
from storage.sqlite.database import Database, fetch_all
from storage.sqlite.games.reading import load_game
from storage.sqlite.writes import insert_deliveries


class SqliteTournaments(TournamentStore):
    """:class:`~storage.contract.tournaments.TournamentStore` on one SQLite database."""

    def __init__(self, database: Database) -> None:
        self._db = database

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
        now = self._db.now()
        async with self._db.transaction() as db:
            cursor = await db.execute(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, game_key, format,"
                " rounds, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    organiser_id,
                    game_key,
                    str(format),
                    rounds,
                    json.dumps(dict(settings)),
                    now,
                    now,
                ),
            )
            assert cursor.lastrowid is not None
            return await _load(db, cursor.lastrowid)

    async def enter(self, tournament_id: int, *, user_id: int) -> Tournament:
        async with self._db.transaction() as db:
            tournament = await _load(db, tournament_id)
            _require_signup(tournament)
            if tournament.entered(user_id):
                raise AlreadyEntered(tournament_id)
            now = self._db.now()
            # Sign-up order is kept by number: times can be equal.
            await db.execute(
                "INSERT INTO entrants (tournament_id, user_id, number, joined_at)"
                " SELECT ?, ?, COALESCE(MAX(number), 0) + 1, ? FROM entrants"
                " WHERE tournament_id = ?",
                (tournament_id, user_id, now, tournament_id),
            )
            await _touch(db, tournament_id, now)
            return await _load(db, tournament_id)

    async def withdraw(self, tournament_id: int, *, user_id: int) -> Tournament:
        async with self._db.transaction() as db:
            tournament = await _load(db, tournament_id)
            _require_signup(tournament)
            if not tournament.entered(user_id):
                raise NotEntered(tournament_id)
            await db.execute(
                "DELETE FROM entrants WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            )
            await _touch(db, tournament_id, self._db.now())
            return await _load(db, tournament_id)

    async def set_message(self, tournament_id: int, *, message_id: int) -> Tournament:
        async with self._db.transaction() as db:
            await _load(db, tournament_id)
            await db.execute(
                "UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id)
            )
            return await _load(db, tournament_id)

    async def start(
        self,
        tournament_id: int,
        *,
        seed: int,
        rounds: int | None,
        settings: Mapping[str, Any],
        deliveries: Sequence[Delivery] = (),
    ) -> Tournament:
        async with self._db.transaction() as db:
            tournament = await _load(db, tournament_id)
            _require_signup(tournament)
            now = self._db.now()
            await db.execute(
                "UPDATE tournaments SET status = 'running', seed = ?, rounds = ?, settings = ?,"
                " started_at = ?, updated_at = ? WHERE id = ?",
                (seed, rounds, json.dumps(dict(settings)), now, now, tournament_id),
            )
            await insert_deliveries(db, deliveries, now)
            return await _load(db, tournament_id)

    async def begin_round(
        self,
        tournament_id: int,
        *,
        round_number: int,
        tables: Sequence[Sequence[int]],
        deliveries: Sequence[Delivery] = (),
    ) -> Tournament:
        async with self._db.transaction() as db:
            tournament = await _load(db, tournament_id)
            _require_running(tournament)
            if tournament.round != round_number - 1:
                raise RoundConflict(tournament_id, round_number - 1, tournament.round)
            for number, players in enumerate(tables, start=1):
                await db.execute(
                    "INSERT INTO tournament_tables (tournament_id, round, number, players)"
                    " VALUES (?, ?, ?, ?)",
                    (tournament_id, round_number, number, json.dumps(list(players))),
                )
            now = self._db.now()
            await db.execute(
                "UPDATE tournaments SET round = ?, updated_at = ? WHERE id = ?",
                (round_number, now, tournament_id),
            )
            await insert_deliveries(db, deliveries, now)
            return await _load(db, tournament_id)

    async def open_table(
        self,
        tournament_id: int,
        *,
        round_number: int,
        number: int,
        options: Mapping[str, Any],
        settings: Mapping[str, Any],
    ) -> Game:
        async with self._db.transaction() as db:
            tournament = await _load(db, tournament_id)
            _require_running(tournament)
            table = next(
                (t for t in tournament.tables if (t.round, t.number) == (round_number, number)),
                None,
            )
            if table is None or table.bye:
                raise ValueError(f"round {round_number} has no table {number} to play")
            if table.game_id is not None:
                return await load_game(db, table.game_id)
            now = self._db.now()
            cursor = await db.execute(
                "INSERT INTO games (game_key, guild_id, channel_id, host_id, options, settings,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    tournament.game_key,
                    tournament.guild_id,
                    tournament.channel_id,
                    tournament.organiser_id,
                    json.dumps(dict(options)),
                    json.dumps(dict(settings)),
                    now,
                    now,
                ),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            for position, user_id in enumerate(table.players):
                await db.execute(
                    "INSERT INTO seats (game_id, position, user_id, joined_at) VALUES (?, ?, ?, ?)",
                    (game_id, position, user_id, now),
                )
            await db.execute(
                "UPDATE tournament_tables SET game_id = ?"
                " WHERE tournament_id = ? AND round = ? AND number = ?",
                (game_id, tournament_id, round_number, number),
            )
            return await load_game(db, game_id)

    async def drop(
        self, tournament_id: int, *, user_id: int, deliveries: Sequence[Delivery] = ()
    ) -> Tournament:
        async with self._db.transaction() as db:
            tournament = await _load(db, tournament_id)
            _require_running(tournament)
            if user_id not in tournament.active():
                raise NotEntered(tournament_id)
            now = self._db.now()
            await db.execute(
                "UPDATE entrants SET dropped_at = ? WHERE tournament_id = ? AND user_id = ?",
                (now, tournament_id, user_id),
            )
            await _touch(db, tournament_id, now)
            await insert_deliveries(db, deliveries, now)
            return await _load(db, tournament_id)

    async def finish(
        self,
        tournament_id: int,
        *,
        champion_id: int | None,
        deliveries: Sequence[Delivery] = (),
    ) -> Tournament:
        async with self._db.transaction() as db:
            tournament = await _load(db, tournament_id)
            _require_running(tournament)
            now = self._db.now()
            await db.execute(
                "UPDATE tournaments SET status = 'finished', champion_id = ?, finished_at = ?,"
                " updated_at = ? WHERE id = ?",
                (champion_id, now, now, tournament_id),
            )
            await insert_deliveries(db, deliveries, now)
            return await _load(db, tournament_id)

    async def cancel(
        self, tournament_id: int, *, deliveries: Sequence[Delivery] = ()
    ) -> Tournament:
        async with self._db.transaction() as db:
            tournament = await _load(db, tournament_id)
            if tournament.status not in (TournamentStatus.SIGNUP, TournamentStatus.RUNNING):
                raise NotRunning(tournament_id, tournament.status)
            now = self._db.now()
            await db.execute(
                "UPDATE tournaments SET status = 'cancelled', finished_at = ?, updated_at = ?"
                " WHERE id = ?",
                (now, now, tournament_id),
            )
            await insert_deliveries(db, deliveries, now)
            return await _load(db, tournament_id)

    async def get(self, tournament_id: int) -> Tournament:
        async with self._db.snapshot() as db:
            return await _load(db, tournament_id)

    async def in_guild(
        self, guild_id: int, statuses: Sequence[TournamentStatus] = ()
    ) -> list[Tournament]:
        where = "guild_id = ?"
        params: list[Any] = [guild_id]
        if statuses:
            where += f" AND status IN ({', '.join('?' for _ in statuses)})"
            params += [str(s) for s in statuses]
        return list(reversed(await self._select(where, params)))

    async def of_game(self, game_id: int) -> Tournament | None:
        found = await self._select(
            "id = (SELECT tournament_id FROM tournament_tables WHERE game_id = ?)", (game_id,)
        )
        return found[0] if found else None

    async def running(self) -> list[Tournament]:
        return await self._select("status = 'running'", ())

    async def _select(self, where: str, params: Sequence[Any]) -> list[Tournament]:
        async with self._db.snapshot() as db:
            return await _select(db, where, params)


async def _select(db: aiosqlite.Connection, where: str, params: Sequence[Any]) -> list[Tournament]:
    found = await fetch_all(db, f"SELECT * FROM tournaments WHERE {where} ORDER BY id", params)
    if not found:
        return []
    ids = [row["id"] for row in found]
    marks = ", ".join("?" for _ in ids)
    entrants: dict[int, list[Entrant]] = {i: [] for i in ids}
    for row in await fetch_all(
        db,
        f"SELECT * FROM entrants WHERE tournament_id IN ({marks}) ORDER BY number",
        ids,
    ):
        entrants[row["tournament_id"]].append(rows.entrant(row))
    tables: dict[int, list[TournamentTable]] = {i: [] for i in ids}
    for row in await fetch_all(
        db,
        f"SELECT * FROM tournament_tables WHERE tournament_id IN ({marks}) ORDER BY round, number",
        ids,
    ):
        tables[row["tournament_id"]].append(rows.tournament_table(row))
    return [rows.tournament(row, entrants[row["id"]], tables[row["id"]]) for row in found]


async def _load(db: aiosqlite.Connection, tournament_id: int) -> Tournament:
    found = await _select(db, "id = ?", (tournament_id,))
    if not found:
        raise TournamentNotFound(tournament_id)
    return found[0]


async def _touch(db: aiosqlite.Connection, tournament_id: int, now: float) -> None:
    await db.execute("UPDATE tournaments SET updated_at = ? WHERE id = ?", (now, tournament_id))


def _require_signup(tournament: Tournament) -> None:
    if tournament.status is not TournamentStatus.SIGNUP:
        raise NotSigningUp(tournament.id, tournament.status)


def _require_running(tournament: Tournament) -> None:
    if tournament.status is not TournamentStatus.RUNNING:
        raise NotRunning(tournament.id, tournament.status)
