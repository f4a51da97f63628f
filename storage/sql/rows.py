"""Rows to records, for both backends: a time arrives as epoch seconds from SQLite and as an
aware datetime from PostgreSQL, JSON as its text from both."""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from storage.records import (
    Action,
    DeliveryKind,
    Entrant,
    Game,
    GameStatus,
    OutboxItem,
    Player,
    Rating,
    Seat,
    Timer,
    TimerKind,
    Tournament,
    TournamentFormat,
    TournamentStatus,
    TournamentTable,
    UndoRequest,
    player_choices,
)
from storage.sql.driver import Row


def _moment(stored: Any) -> datetime:
    """A time the schema keeps ``NOT NULL``."""
    moment = from_stored(stored)
    assert moment is not None
    return moment


def from_stored(stored: Any) -> datetime | None:
    """A stored time (``None`` for ``NULL``) as an aware UTC datetime."""
    if stored is None or isinstance(stored, datetime):
        return stored
    return datetime.fromtimestamp(float(stored), UTC)


def seat(row: Row) -> Seat:
    """A ``seats`` row."""
    return Seat(
        position=row["position"],
        user_id=row["user_id"],
        seat=row["seat"],
        team=row["team"],
        ai_level=row["ai_level"],
        joined_at=_moment(row["joined_at"]),
        resigned_at=from_stored(row["resigned_at"]),
        missed=row["missed"],
    )


def game(row: Row, seats: Iterable[Seat]) -> Game:
    """A ``games`` row with its seats."""
    return Game(
        id=row["id"],
        game_key=row["game_key"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        lobby_message_id=row["lobby_message_id"],
        board_message_id=row["board_message_id"],
        host_id=row["host_id"],
        options=json.loads(row["options"]),
        settings=json.loads(row["settings"]),
        status=GameStatus(row["status"]),
        seed=row["seed"],
        version=row["version"],
        state=row["state"],
        to_act=frozenset(json.loads(row["to_act"])),
        outcome=row["outcome"],
        seats=tuple(sorted(seats, key=lambda s: s.position)),
        created_at=_moment(row["created_at"]),
        updated_at=_moment(row["updated_at"]),
        started_at=from_stored(row["started_at"]),
        finished_at=from_stored(row["finished_at"]),
        board_post=None if row["board_post"] is None else json.loads(row["board_post"]),
    )


def action(row: Row) -> Action:
    """An ``actions`` row."""
    return Action(
        game_id=row["game_id"],
        seq=row["seq"],
        seat=row["seat"],
        notation=row["notation"],
        at=_moment(row["at"]),
    )


def outbox_item(row: Row) -> OutboxItem:
    """An ``outbox`` row."""
    return OutboxItem(
        id=row["id"],
        kind=DeliveryKind(row["kind"]),
        target_id=row["target_id"],
        payload=json.loads(row["payload"]),
        game_id=row["game_id"],
        lane=row["lane"],
        attempts=row["attempts"],
        created_at=_moment(row["created_at"]),
        available_at=_moment(row["available_at"]),
        claimed_by=row["claimed_by"],
        done_at=from_stored(row["done_at"]),
        failed_at=from_stored(row["failed_at"]),
        last_error=row["last_error"],
    )


def timer(row: Row) -> Timer:
    """A ``timers`` row."""
    return Timer(
        id=row["id"],
        kind=TimerKind(row["kind"]),
        due_at=_moment(row["due_at"]),
        game_id=row["game_id"],
        payload=json.loads(row["payload"]),
        key=row["key"],
        fired_at=from_stored(row["fired_at"]),
    )


def player(row: Row) -> Player:
    """A ``players`` row."""
    return Player(
        user_id=row["user_id"],
        reminders=bool(row["reminders"]),
        digest=bool(row["digest"]),
        turns=bool(row["turns"]),
        away_until=from_stored(row["away_until"]),
        **player_choices(json.loads(row["choices"])),
    )


def undo_request(row: Row) -> UndoRequest:
    """An ``undo_requests`` row."""
    return UndoRequest(
        game_id=row["game_id"],
        seat=row["seat"],
        version=row["version"],
        to_version=row["to_version"],
        approvals=frozenset(json.loads(row["approvals"])),
        created_at=_moment(row["created_at"]),
    )


def tournament(
    row: Row, entrants: Iterable[Entrant], tables: Iterable[TournamentTable]
) -> Tournament:
    """A ``tournaments`` row with its entrants and tables."""
    return Tournament(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        organiser_id=row["organiser_id"],
        game_key=row["game_key"],
        format=TournamentFormat(row["format"]),
        rounds=row["rounds"],
        settings=json.loads(row["settings"]),
        status=TournamentStatus(row["status"]),
        round=row["round"],
        seed=row["seed"],
        message_id=row["message_id"],
        champion_id=row["champion_id"],
        created_at=_moment(row["created_at"]),
        updated_at=_moment(row["updated_at"]),
        started_at=from_stored(row["started_at"]),
        finished_at=from_stored(row["finished_at"]),
        entrants=tuple(entrants),
        tables=tuple(tables),
    )


def entrant(row: Row) -> Entrant:
    """An ``entrants`` row."""
    return Entrant(
        user_id=row["user_id"],
        joined_at=_moment(row["joined_at"]),
        dropped_at=from_stored(row["dropped_at"]),
    )


def tournament_table(row: Row) -> TournamentTable:
    """A ``tournament_tables`` row."""
    return TournamentTable(
        round=row["round"],
        number=row["number"],
        players=tuple(json.loads(row["players"])),
        game_id=row["game_id"],
    )


def rating(row: Row) -> Rating:
    """A ``ratings`` row."""
    return Rating(
        guild_id=row["guild_id"],
        game_key=row["game_key"],
        user_id=row["user_id"],
        mu=row["mu"],
        sigma=row["sigma"],
        games=row["games"],
        wins=row["wins"],
    )
