"""A tournament's settings, typed: rows written by every version read (missing keys take their
old defaults, unknown ones are kept), and what is written is the shape always stored."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.lobby.requirements import Requirements
from bot.tournaments.formats import TableRange
from bot.tournaments.tournament_settings import TournamentSettings

#: A tournament as ``/organise create`` has stored it, with every choice made.
CREATED: dict[str, Any] = {
    "starts_at": 1_795_000_000,
    "name": "Winter Cup",
    "options": {"low_enrollment": True},
    "smallest": 3,
    "largest": 4,
    "deadline": 43200,
    "substitutes": True,
    "min_reliability": 80,
}
#: The least ``/organise create`` stored: a name, the default options and sizes, no clock.
PLAIN: dict[str, Any] = {
    "name": "Marginalia tournament",
    "options": {},
    "smallest": 2,
    "largest": 2,
    "deadline": 0,
}


def test_a_created_tournament_reads_as_it_was_chosen_and_is_stored_the_same() -> None:
    settings = TournamentSettings.from_stored(CREATED)
    assert settings == TournamentSettings(
        name="Winter Cup",
        tables=TableRange(3, 4),
        deadline=timedelta(hours=12),
        options={"low_enrollment": True},
        substitutes=True,
        requirements=Requirements(min_reliability=80),
        starts_at=datetime(2026, 11, 18, 11, 6, 40, tzinfo=UTC),
    )
    assert settings.stored() == CREATED


def test_what_was_not_chosen_is_left_out_as_it_always_was() -> None:
    settings = TournamentSettings.from_stored(PLAIN)
    assert settings.deadline is None
    assert (settings.substitutes, settings.starts_at, settings.seeding) == (False, None, None)
    assert settings.requirements == Requirements()
    assert settings.stored() == PLAIN


def test_the_seeding_fixed_at_the_start_orders_the_players() -> None:
    started = TournamentSettings.from_stored({**PLAIN, "seeding": [3, 1, 2]})
    assert started.seeding == (3, 1, 2)
    assert started.seed_order([1, 2, 3]) == [3, 1, 2]
    assert started.stored() == {**PLAIN, "seeding": [3, 1, 2]}
    # Before the start: sign-up order.
    assert TournamentSettings.from_stored(PLAIN).seed_order([1, 2, 3]) == [1, 2, 3]


def test_missing_keys_take_the_old_defaults() -> None:
    settings = TournamentSettings.from_stored({})
    assert settings == TournamentSettings()
    assert settings.name == ""  # boards then name it "Tournament #id"
    assert settings.deadline is None
    assert settings.options == {}
    assert settings.tables == TableRange(2, 2)  # never stored so: every game seats two
    assert TournamentSettings.from_stored({"smallest": 3}).tables == TableRange(3, 3)


def test_unknown_keys_are_kept_as_they_were_and_written_back() -> None:
    stored = {**CREATED, "from_a_newer_version": [1, 2]}
    settings = TournamentSettings.from_stored(stored)
    assert settings.extra == {"from_a_newer_version": [1, 2]}
    assert settings.stored() == stored


def test_every_setting_round_trips_through_json() -> None:
    settings = TournamentSettings(
        name="Cup",
        tables=TableRange(3, 5),
        deadline=timedelta(hours=72),
        options={"teams": False, "variant": "short"},
        substitutes=True,
        requirements=Requirements(min_reliability=75, min_games=3),
        starts_at=datetime(2027, 1, 2, 3, 4, 5, tzinfo=UTC),
        seeding=(9, 8, 7),
        extra={"kept": {"as": "is"}},
    )
    assert TournamentSettings.from_stored(json.loads(json.dumps(settings.stored()))) == settings
