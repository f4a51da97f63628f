"""Tournaments, their entrants and their rounds' tables (the one SQL for both backends)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

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
from storage.sql.dialect import Dialect
from storage.sql.driver import Driver, Session
from storage.sql.games.reading import Fetch, at_one_moment, load_game, marks


class SqlTournaments(TournamentStore):
    """:class:`~storage.contract.tournaments.TournamentStore` on either backend. Each change
    locks the tournament's row first: what it checks cannot change under it."""

    def __init__(self, driver: Driver) -> None:
        self._db = driver
        self._d = driver.dialect

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
        now = self._now()
        async with self._db.session() as db:
            tournament_id = await db.fetch_value(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, game_key, format,"
                " rounds, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " RETURNING id",
                guild_id,
                channel_id,
                organiser_id,
                game_key,
                str(format),
                rounds,
                json.dumps(dict(settings)),
                now,
                now,
            )
            return await _load(db, self._d, tournament_id)

    async def enter(self, tournament_id: int, *, user_id: int) -> Tournament:
        async with self._db.session() as db:
            tournament = await _load(db, self._d, tournament_id, lock=True)
            _require_signup(tournament)
            if tournament.entered(user_id):
                raise AlreadyEntered(tournament_id)
            now = self._now()
            # Sign-up order is kept by number: times can be equal.
            await db.execute(
                "INSERT INTO entrants (tournament_id, user_id, number, joined_at)"
                " SELECT ?, ?, COALESCE(MAX(number), 0) + 1, ? FROM entrants"
                " WHERE tournament_id = ?",
                tournament_id,
                user_id,
                now,
                tournament_id,
            )
            return await _touched(db, self._d, tournament_id, now)

    async def withdraw(self, tournament_id: int, *, user_id: int) -> Tournament:
        async with self._db.session() as db:
            tournament = await _load(db, self._d, tournament_id, lock=True)
            _require_signup(tournament)
            if not tournament.entered(user_id):
                raise NotEntered(tournament_id)
            await db.execute(
                "DELETE FROM entrants WHERE tournament_id = ? AND user_id = ?",
                tournament_id,
                user_id,
            )
            return await _touched(db, self._d, tournament_id, self._now())

    async def set_message(self, tournament_id: int, *, message_id: int) -> Tournament:
        async with self._db.session() as db:
            await _load(db, self._d, tournament_id, lock=True)
            await db.execute(
                "UPDATE tournaments SET message_id = ? WHERE id = ?", message_id, tournament_id
            )
            return await _load(db, self._d, tournament_id)

    async def start(
        self,
        tournament_id: int,
        *,
        seed: int,
        rounds: int | None,
        settings: Mapping[str, Any],
        deliveries: Sequence[Delivery] = (),
    ) -> Tournament:
        async with self._db.session() as db:
            tournament = await _load(db, self._d, tournament_id, lock=True)
            _require_signup(tournament)
            now = self._now()
            await db.execute(
                "UPDATE tournaments SET status = 'running', seed = ?, rounds = ?, settings = ?,"
                " started_at = ?, updated_at = ? WHERE id = ?",
                seed,
                rounds,
                json.dumps(dict(settings)),
                now,
                now,
                tournament_id,
            )
            await db.insert_deliveries(deliveries)
            return await _load(db, self._d, tournament_id)

    async def begin_round(
        self,
        tournament_id: int,
        *,
        round_number: int,
        tables: Sequence[Sequence[int]],
        deliveries: Sequence[Delivery] = (),
    ) -> Tournament:
        async with self._db.session() as db:
            tournament = await _load(db, self._d, tournament_id, lock=True)
            _require_running(tournament)
            if tournament.round != round_number - 1:
                raise RoundConflict(tournament_id, round_number - 1, tournament.round)
            await db.execute_many(
                "INSERT INTO tournament_tables (tournament_id, round, number, players)"
                " VALUES (?, ?, ?, ?)",
                [
                    (tournament_id, round_number, number, json.dumps(list(players)))
                    for number, players in enumerate(tables, start=1)
                ],
            )
            now = self._now()
            await db.execute(
                "UPDATE tournaments SET round = ?, updated_at = ? WHERE id = ?",
                round_number,
                now,
                tournament_id,
            )
            await db.insert_deliveries(deliveries)
            return await _load(db, self._d, tournament_id)

    async def open_table(
        self,
        tournament_id: int,
        *,
        round_number: int,
        number: int,
        options: Mapping[str, Any],
        settings: Mapping[str, Any],
    ) -> Game:
        async with self._db.session() as db:
            tournament = await _load(db, self._d, tournament_id, lock=True)
            _require_running(tournament)
            table = next(
                (t for t in tournament.tables if (t.round, t.number) == (round_number, number)),
                None,
            )
            if table is None or table.bye:
                raise ValueError(f"round {round_number} has no table {number} to play")
            if table.game_id is not None:
                return await load_game(db, self._d, table.game_id)
            now = self._now()
            game_id = await db.fetch_value(
                "INSERT INTO games (game_key, guild_id, channel_id, host_id, options, settings,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                tournament.game_key,
                tournament.guild_id,
                tournament.channel_id,
                tournament.organiser_id,
                json.dumps(dict(options)),
                json.dumps(dict(settings)),
                now,
                now,
            )
            await db.execute_many(
                "INSERT INTO seats (game_id, position, user_id, joined_at) VALUES (?, ?, ?, ?)",
                [
                    (game_id, position, user_id, now)
                    for position, user_id in enumerate(table.players)
                ],
            )
            await db.execute(
                "UPDATE tournament_tables SET game_id = ?"
                " WHERE tournament_id = ? AND round = ? AND number = ?",
                game_id,
                tournament_id,
                round_number,
                number,
            )
            return await load_game(db, self._d, game_id)

    async def drop(
        self, tournament_id: int, *, user_id: int, deliveries: Sequence[Delivery] = ()
    ) -> Tournament:
        async with self._db.session() as db:
            tournament = await _load(db, self._d, tournament_id, lock=True)
            _require_running(tournament)
            if user_id not in tournament.active():
                raise NotEntered(tournament_id)
            now = self._now()
            await db.execute(
                "UPDATE entrants SET dropped_at = ? WHERE tournament_id = ? AND user_id = ?",
                now,
                tournament_id,
                user_id,
            )
            await db.insert_deliveries(deliveries)
            return await _touched(db, self._d, tournament_id, now)

    async def finish(
        self,
        tournament_id: int,
        *,
        champion_id: int | None,
        deliveries: Sequence[Delivery] = (),
    ) -> Tournament:
        async with self._db.session() as db:
            tournament = await _load(db, self._d, tournament_id, lock=True)
            _require_running(tournament)
            now = self._now()
            await db.execute(
                "UPDATE tournaments SET status = 'finished', champion_id = ?, finished_at = ?,"
                " updated_at = ? WHERE id = ?",
                champion_id,
                now,
                now,
                tournament_id,
            )
            await db.insert_deliveries(deliveries)
            return await _load(db, self._d, tournament_id)

    async def cancel(
        self, tournament_id: int, *, deliveries: Sequence[Delivery] = ()
    ) -> Tournament:
        async with self._db.session() as db:
            tournament = await _load(db, self._d, tournament_id, lock=True)
            if tournament.status not in (TournamentStatus.SIGNUP, TournamentStatus.RUNNING):
                raise NotRunning(tournament_id, tournament.status)
            now = self._now()
            await db.execute(
                "UPDATE tournaments SET status = 'cancelled', finished_at = ?, updated_at = ?"
                " WHERE id = ?",
                now,
                now,
                tournament_id,
            )
            await db.insert_deliveries(deliveries)
            return await _load(db, self._d, tournament_id)

    async def get(self, tournament_id: int) -> Tournament:
        found = await self._select("t.id = ?", tournament_id)
        if not found:
            raise TournamentNotFound(tournament_id)
        return found[0]

    async def in_guild(
        self, guild_id: int, statuses: Sequence[TournamentStatus] = ()
    ) -> list[Tournament]:
        where = "t.guild_id = ?"
        if statuses:
            where += f" AND t.status IN ({marks(statuses)})"
        return list(reversed(await self._select(where, guild_id, *map(str, statuses))))

    async def of_game(self, game_id: int) -> Tournament | None:
        found = await self._select(
            "t.id = (SELECT tournament_id FROM tournament_tables WHERE game_id = ?)", game_id
        )
        return found[0] if found else None

    async def running(self) -> list[Tournament]:
        return await self._select("t.status = 'running'")

    def _now(self) -> Any:
        """The clock's time, as stored."""
        return self._d.time(self._db.clock())

    async def _select(self, where: str, *params: Any) -> list[Tournament]:
        return await at_one_moment(
            self._db, lambda fetch: select_tournaments(fetch, self._d, where, *params)
        )


async def select_tournaments(
    fetch: Fetch, dialect: Dialect, where: str, *params: Any
) -> list[Tournament]:
    """The tournaments matching ``where`` (on ``tournaments t``), oldest first, with their
    entrants and tables: one statement where these can come as arrays of rows, else three."""
    if dialect.row_arrays:
        found = await fetch(
            "SELECT t.*, ARRAY(SELECT e FROM entrants e WHERE e.tournament_id = t.id"
            " ORDER BY e.number) AS entrant_rows, ARRAY(SELECT x FROM tournament_tables x"
            " WHERE x.tournament_id = t.id ORDER BY x.round, x.number) AS table_rows"
            f" FROM tournaments t WHERE {where} ORDER BY t.id",
            *params,
        )
        return [
            rows.tournament(
                row,
                map(rows.entrant, row["entrant_rows"]),
                map(rows.tournament_table, row["table_rows"]),
            )
            for row in found
        ]
    found = await fetch(f"SELECT t.* FROM tournaments t WHERE {where} ORDER BY t.id", *params)
    if not found:
        return []
    ids = [row["id"] for row in found]
    entrants: dict[int, list[Entrant]] = {i: [] for i in ids}
    for row in await fetch(
        f"SELECT * FROM entrants WHERE tournament_id IN ({marks(ids)}) ORDER BY number", *ids
    ):
        entrants[row["tournament_id"]].append(rows.entrant(row))
    tables: dict[int, list[TournamentTable]] = {i: [] for i in ids}
    for row in await fetch(
        f"SELECT * FROM tournament_tables WHERE tournament_id IN ({marks(ids)})"
        " ORDER BY round, number",
        *ids,
    ):
        tables[row["tournament_id"]].append(rows.tournament_table(row))
    return [rows.tournament(row, entrants[row["id"]], tables[row["id"]]) for row in found]


async def _load(
    db: Session, dialect: Dialect, tournament_id: int, *, lock: bool = False
) -> Tournament:
    """One tournament, read inside the caller's transaction; ``lock``: its row is locked
    first (by a statement of its own, as :func:`~storage.sql.games.reading.load_game`
    does), so what is checked stays true until the transaction ends."""
    if lock and dialect.for_update:
        await db.execute(
            f"SELECT 1 FROM tournaments WHERE id = ?{dialect.for_update}", tournament_id
        )
    found = await select_tournaments(db.fetch_all, dialect, "t.id = ?", tournament_id)
    if not found:
        raise TournamentNotFound(tournament_id)
    return found[0]


async def _touched(db: Session, dialect: Dialect, tournament_id: int, now: Any) -> Tournament:
    """The tournament, its entrants just changed: marked updated ``now``, and read again."""
    await db.execute("UPDATE tournaments SET updated_at = ? WHERE id = ?", now, tournament_id)
    return await _load(db, dialect, tournament_id)


def _require_signup(tournament: Tournament) -> None:
    if tournament.status is not TournamentStatus.SIGNUP:
        raise NotSigningUp(tournament.id, tournament.status)


def _require_running(tournament: Tournament) -> None:
    if tournament.status is not TournamentStatus.RUNNING:
        raise NotRunning(tournament.id, tournament.status)
