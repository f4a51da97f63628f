"""A table's settings, typed: rows written by every version read (missing keys take their old
defaults, unknown ones are kept), and what is written is the shape always stored."""

from __future__ import annotations

import dataclasses
import json
from datetime import timedelta
from typing import Any

from bot.clocks.turn_clock import DEFAULT_REMINDERS, Policy, StrikesPolicy, TurnClock
from bot.lobby.requirements import Requirements
from bot.lobby.table_settings import (
    NO_SUBSTITUTES,
    SEAT_CHANGES,
    SeatChange,
    Seating,
    TableSettings,
)

#: A lobby as ``/game new`` has stored it: shuffled, the server's clock, unrated, and a
#: requirement.
OPENED: dict[str, Any] = {
    "seating": "shuffle",
    "deadline": 86400,
    "policy": "act",
    "strikes": 3,
    "reminders": [43200, 3600, 900],
    "rated": False,
    "min_games": 2,
}
#: A tournament's table as its rounds have stored it, on a server that skips weekends.
TOURNAMENT_TABLE: dict[str, Any] = {
    "seating": "shuffle",
    "deadline": 43200,
    "policy": "act",
    "strikes": 2,
    "reminders": [3600],
    "weekends": False,
    "on_strikes": "open",
    "time_zone": "Europe/Paris",
    "tournament": 4,
    "no_substitutes": True,
    "round": 2,
    "table": 3,
}


def test_a_game_from_before_any_setting_reads_with_the_old_defaults() -> None:
    settings = TableSettings.from_stored({})
    assert settings == TableSettings()
    assert settings.seating is Seating.JOIN_ORDER
    assert settings.clock == TurnClock()
    assert settings.clock.deadline is None  # no turn clock before clocks existed
    assert settings.rated is True
    assert settings.requirements == Requirements()
    assert settings.allow_substitutes is True
    assert settings.changed_hands is False
    assert (settings.rematch_of, settings.tournament, settings.round, settings.table) == (
        None,
        None,
        None,
        None,
    )
    assert settings.extra == {}


def test_a_lobby_reads_as_it_was_opened_and_is_stored_the_same() -> None:
    settings = TableSettings.from_stored(OPENED)
    assert settings.seating is Seating.SHUFFLED
    assert settings.clock == TurnClock(timedelta(hours=24))
    assert settings.rated is False
    assert settings.requirements == Requirements(min_games=2)
    assert settings.extra == {}
    assert settings.stored() == OPENED


def test_a_tournament_table_reads_and_is_stored_the_same() -> None:
    settings = TableSettings.from_stored(TOURNAMENT_TABLE)
    assert settings.clock == TurnClock(
        deadline=timedelta(hours=12),
        policy=Policy.ACT,
        strikes=2,
        reminders=(timedelta(hours=1),),
        weekends=False,
        on_strikes=StrikesPolicy.OPEN,
        time_zone="Europe/Paris",
    )
    assert settings.allow_substitutes is False
    assert (settings.tournament, settings.round, settings.table) == (4, 2, 3)
    assert settings.stored() == TOURNAMENT_TABLE


def test_seats_that_changed_hands_read_back() -> None:
    stored = {
        **OPENED,
        SEAT_CHANGES: [{"seat": 1, "left": 5, "took": 9}, {"seat": 0, "left": 6}],
        NO_SUBSTITUTES: True,
    }
    settings = TableSettings.from_stored(stored)
    assert settings.seat_changes == (SeatChange(1, 5, took=9), SeatChange(0, 6))
    assert settings.changed_hands is True
    assert settings.allow_substitutes is False
    assert settings.stored() == stored


def test_unknown_keys_are_kept_as_they_were_and_written_back() -> None:
    stored = {**OPENED, "from_a_newer_version": {"any": ["thing"]}}
    settings = TableSettings.from_stored(stored)
    assert settings.extra == {"from_a_newer_version": {"any": ["thing"]}}
    assert settings.stored() == stored


def test_values_that_ask_nothing_read_as_nothing() -> None:
    settings = TableSettings.from_stored(
        {"seating": "no such order", "min_games": 0, "min_reliability": None, "seat_changes": []}
    )
    assert settings.seating is Seating.JOIN_ORDER
    assert settings.requirements == Requirements()
    assert settings.seat_changes == ()
    assert settings.extra == {}


def test_every_setting_round_trips_through_json() -> None:
    settings = TableSettings(
        seating=Seating.SHUFFLED,
        clock=TurnClock(timedelta(hours=72), Policy.WAIT, 0, (), False, StrikesPolicy.OPEN, "UTC"),
        rated=False,
        requirements=Requirements(min_reliability=90, min_games=5),
        allow_substitutes=False,
        seat_changes=(SeatChange(0, 11, took=12), SeatChange(2, 13)),
        rematch_of=7,
        tournament=1,
        round=3,
        table=2,
        extra={"kept": True},
    )
    assert TableSettings.from_stored(json.loads(json.dumps(settings.stored()))) == settings


def test_defaults_are_left_out_as_they_always_were_but_the_seating_and_clock() -> None:
    assert TableSettings().stored() == {
        "seating": "join",
        "deadline": 0,
        "policy": "act",
        "strikes": 3,
        "reminders": [int(r.total_seconds()) for r in DEFAULT_REMINDERS],
    }


def test_a_rematch_keeps_the_table_but_not_where_it_came_from() -> None:
    played = dataclasses.replace(
        TableSettings.from_stored({**TOURNAMENT_TABLE, "kept": 1}),
        seat_changes=(SeatChange(0, 11, took=12),),
    )
    rematch = played.rematch(41)
    assert rematch == dataclasses.replace(
        played, rematch_of=41, tournament=None, round=None, table=None, seat_changes=()
    )
    assert rematch.clock == played.clock
    assert rematch.extra == {"kept": 1}
