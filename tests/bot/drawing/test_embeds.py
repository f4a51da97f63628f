"""The lobby as an embed: players by name, the turn clock in one line, options as stored."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.clocks.turn_clock import Policy, StrikesPolicy, TurnClock
from bot.common.names import LobbyNames, ai_name
from bot.drawing.embeds import clock_line, lobby_embed
from storage import Game, GameStatus, Seat

MOMENT = datetime(2026, 3, 1, 12, tzinfo=UTC)
HOST, GUEST = 501, 502
LEFT = "a member who left"


def lobby(
    game_key: str,
    *,
    options: Mapping[str, Any] | None = None,
    settings: Mapping[str, Any] | None = None,
    ai: bool = False,
) -> Game:
    """A lobby of ``game_key``: the host, a guest, and an AI seat with ``ai``."""
    users: list[int | None] = [HOST, GUEST, *([None] if ai else [])]
    seats = tuple(
        Seat(
            position=i,
            user_id=u,
            seat=None,
            team=None,
            ai_level="easy" if u is None else None,
            joined_at=MOMENT,
            resigned_at=None,
        )
        for i, u in enumerate(users)
    )
    return Game(
        id=7,
        game_key=game_key,
        guild_id=1,
        channel_id=2,
        thread_id=None,
        lobby_message_id=None,
        board_message_id=None,
        host_id=HOST,
        options=options or {},
        settings=settings or {},
        status=GameStatus.LOBBY,
        seed=None,
        version=0,
        state=None,
        to_act=frozenset(),
        outcome=None,
        seats=seats,
        created_at=MOMENT,
        updated_at=MOMENT,
        started_at=None,
        finished_at=None,
    )


def field(game: Game, name: str, names: Mapping[int, str]) -> str:
    """The value of the lobby's field ``name``, its members named by ``names`` as the bot's
    name book would (one it cannot find is "a member who left")."""
    seated = tuple(
        ai_name(i, s.ai_level) if s.user_id is None else names.get(s.user_id, LEFT)
        for i, s in enumerate(game.seats)
    )
    embed = lobby_embed(game, LobbyNames(seated, names.get(game.host_id, LEFT)))
    (value,) = [str(f.value) for f in embed.fields if (f.name or "").startswith(name)]
    return value


def test_players_are_named_not_mentioned() -> None:
    names = {HOST: "Alice", GUEST: "Bob_the *Bold*"}
    players = field(lobby("mandragora", ai=True), "Players", names)
    assert players == "1. Alice (host)\n2. Bob\\_the \\*Bold\\*\n3. 🤖 Clio — AI, easy"
    assert "<@" not in players


def test_a_player_whose_name_is_unknown_is_said_to_have_left_never_mentioned() -> None:
    players = field(lobby("mandragora"), "Players", {HOST: "Alice"})
    assert players == "1. Alice (host)\n2. a member who left"


def test_options_are_read_as_stored_options() -> None:
    # Magic Spell stored before a semester could be chosen: the four variants of the time and
    # nothing else, which keep the semester that game had (30 rounds for the usual load).
    before_rounds = {
        "heavy_courseload": None,
        "low_enrollment": False,
        "open_research": False,
        "philosophers_stone": False,
    }
    names = {HOST: "Alice", GUEST: "Bob"}
    assert field(lobby("magic-spell", options=before_rounds), "Options", names) == "rounds=30"
    assert field(lobby("magic-spell", options={}), "Options", names) == "default options"


def test_the_turn_clock_is_one_line() -> None:
    settings = TurnClock(deadline=timedelta(hours=48)).to_settings()
    clock = field(lobby("marginalia", settings=settings), "Turn clock", {})
    assert "\n" not in clock
    assert clock == (
        "48 h a move · reminders 12 h, 1 h and 15 min before · a missed deadline: a pass or "
        "the AI's move · removed after 3 missed deadlines"
    )


@pytest.mark.parametrize(
    ("clock", "line"),
    [
        (TurnClock(), "No deadline: take the time you need"),
        (
            TurnClock(
                deadline=timedelta(hours=24),
                policy=Policy.WAIT,
                strikes=0,
                reminders=(timedelta(hours=1),),
                weekends=False,
            ),
            "24 h a move · reminders 1 h before · a missed deadline: the table is told and "
            "waits · weekends off",
        ),
        (
            TurnClock(
                deadline=timedelta(days=7),
                reminders=(),
                strikes=1,
                on_strikes=StrikesPolicy.OPEN,
                weekends=False,
                time_zone="Europe/Paris",
            ),
            "7 d a move · a missed deadline: a pass or the AI's move · removed after 1 missed "
            "deadline, the seat offered to a substitute · weekends off (Europe/Paris)",
        ),
        (
            TurnClock(deadline=timedelta(hours=1), reminders=(timedelta(hours=12),)),
            "1 h a move · a missed deadline: a pass or the AI's move · removed after 3 missed "
            "deadlines",
        ),
    ],
)
def test_every_clock_reads_in_one_line(clock: TurnClock, line: str) -> None:
    assert clock_line(clock) == line
