"""What tournaments show stays within Discord's limits, however many play (the limits count
the text as drawn, so it is drawn first)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from bot.common.render import render
from bot.tournaments.boards import (
    MAX_ANNOUNCEMENT,
    round_announcement,
    signup_board,
    standings_board,
    summary,
)
from bot.tournaments.formats import TableRange
from bot.tournaments.points import Standing
from bot.tournaments.tournament_settings import TournamentSettings
from games.core import Board, BoardField
from storage import (
    Entrant,
    Tournament,
    TournamentFormat,
    TournamentStatus,
    TournamentTable,
)

MOMENT = datetime(2026, 11, 24, tzinfo=UTC)
#: Discord's longest user ids, so mentions are as long as they get.
FIRST_USER = 1_456_074_443_980_800_000


def _tournament(players: int, status: TournamentStatus) -> Tournament:
    users = [FIRST_USER + i for i in range(players)]
    tables = tuple(
        TournamentTable(
            round=1, number=n + 1, players=tuple(users[4 * n : 4 * n + 4]), game_id=None
        )
        for n in range(players // 4)
    )
    return Tournament(
        id=1,
        guild_id=1,
        channel_id=2,
        organiser_id=users[0],
        game_key="magnum-opus",
        format=TournamentFormat.SWISS,
        rounds=7,
        settings=TournamentSettings(
            name="N" * 60, tables=TableRange(4, 4), deadline=timedelta(hours=24)
        ).stored(),
        status=status,
        round=1,
        seed=1,
        message_id=3,
        champion_id=None,
        created_at=MOMENT,
        updated_at=MOMENT,
        started_at=MOMENT,
        finished_at=None,
        entrants=tuple(Entrant(u, MOMENT) for u in users),
        tables=tables,
    )


def _drawn(board: Board) -> Board:
    """The board as Discord gets it."""
    return Board(
        title=render(board.title),
        description=render(board.description),
        fields=tuple(
            BoardField(name=render(f.name), value=render(f.value), inline=f.inline)
            for f in board.fields
        ),
        footer=render(board.footer),
    )


def test_the_largest_tournament_fits_one_embed_and_one_message() -> None:
    tournament = _tournament(128, TournamentStatus.RUNNING)
    table = [
        Standing(
            user=e.user_id,
            place=i + 1,
            points=1000.5,
            opponents_points=12000.5,
            game_score=99999,
            played=7,
            wins=7,
            byes=1,
            dropped=True,
        )
        for i, e in enumerate(tournament.entrants)
    ]
    board = _drawn(standings_board(tournament, table, {}))
    assert board.limit_problems() == []
    shown = "\n".join(f.value for f in board.fields)
    assert "more players." in shown
    assert "more tables." in shown
    assert _drawn(signup_board(_tournament(128, TournamentStatus.SIGNUP))).limit_problems() == []
    text = render(round_announcement("N" * 60, 1, [t.players for t in tournament.tables]))
    assert len(text) <= MAX_ANNOUNCEMENT
    assert text.endswith("every table is listed in the standings message.")


def test_places_are_shown_once_there_are_results() -> None:
    tournament = _tournament(4, TournamentStatus.RUNNING)
    fresh = [Standing(e.user_id, 1, 0.0, 0.0, 0, 0, 0, 0, False) for e in tournament.entrants]
    shown = standings_board(tournament, fresh, {}).fields[0].value
    assert "🥇" not in shown
    played = [Standing(e.user_id, 1, 12.0, 0.0, 3, 1, 1, 0, False) for e in tournament.entrants]
    assert standings_board(tournament, played, {}).fields[0].value.count("🥇") == 4


def test_a_tournament_stored_before_semesters_shows_the_semester_its_games_get() -> None:
    """A Magic Spell tournament stored before a semester could be chosen holds exactly the four
    other variants; its games are read as stored games are (a 30-round semester), and so is
    its summary, not as options a player typed today (no semester)."""
    old_options = {
        "heavy_courseload": None,
        "low_enrollment": False,
        "philosophers_stone": False,
        "open_research": False,
    }
    stored = _tournament(8, TournamentStatus.SIGNUP)
    settings = TournamentSettings.of(stored)
    tournament = replace(
        stored,
        game_key="magic-spell",
        settings={**settings.stored(), "options": old_options},
    )
    assert "rounds=30" in summary(tournament)
