"""What tournaments say, in French and German: the sign-up sheet and the standings (read in
the server's language), a round's announcement, and refusals; nothing left in English."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

import games
from bot.common.refusals import Refusal
from bot.tournaments.boards import (
    listing_board,
    refusal_of,
    round_announcement,
    signup_board,
    standings_board,
)
from bot.tournaments.formats import TableRange, check_rounds, tournament_name
from bot.tournaments.points import Standing
from bot.tournaments.tournament_settings import TournamentSettings
from bot.words.i18n import localize, localized_board, reading_in
from games.core import Board
from storage import (
    Entrant,
    NotSigningUp,
    Tournament,
    TournamentFormat,
    TournamentStatus,
    TournamentTable,
)
from tests.bot.conftest import Table, open_to_everyone
from tests.games.pseudo import board_texts, unmarked


@pytest.fixture(autouse=True)
def _integrations(table: Table) -> None:
    """The server's admin lets every member have the organiser and manager commands
    (Integrations), so these tests reach the bot's own checks."""
    open_to_everyone(table.env, table.guild)


MOMENT = datetime(2026, 11, 24, tzinfo=UTC)
USERS = (101, 102, 103, 104)


def _tournament(status: TournamentStatus, name: str = "") -> Tournament:
    return Tournament(
        id=5,
        guild_id=1,
        channel_id=2,
        organiser_id=USERS[0],
        game_key="magnum-opus",
        format=TournamentFormat.SWISS,
        rounds=3,
        settings=TournamentSettings(
            name=name,
            tables=TableRange(2, 4),
            deadline=timedelta(hours=24),
            starts_at=MOMENT + timedelta(days=2),
        ).stored(),
        status=status,
        round=1 if status is TournamentStatus.RUNNING else 0,
        seed=1,
        message_id=3,
        champion_id=None,
        created_at=MOMENT,
        updated_at=MOMENT,
        started_at=MOMENT,
        finished_at=None,
        entrants=tuple(Entrant(u, MOMENT) for u in USERS),
        tables=(TournamentTable(round=1, number=1, players=USERS, game_id=None),)
        if status is TournamentStatus.RUNNING
        else (),
    )


def _standings() -> list[Standing]:
    return [
        Standing(u, i + 1, 12.0 - 4 * i, 7.5, 10 - i, 1, int(i == 0), int(i == 3), i == 3)
        for i, u in enumerate(USERS)
    ]


def test_the_sign_up_sheet_reads_in_french() -> None:
    board = localized_board(signup_board(_tournament(TournamentStatus.SIGNUP)), "fr")
    assert board.title == "🏆 Tournoi n°5 — inscriptions"
    assert board.fields[0].name == "Inscrits (4)"
    assert board.description.startswith(
        "Magnum Opus · Suisse · 3 rondes · tables de 2 à 4 joueurs · 24h par coup\n"
        "Organisateur : {u101}\nCommence tout seul le {t"
    )
    assert board.footer.startswith("Tournoi n°5. Inscrivez-vous ou partez avec les boutons.")


def test_the_standings_read_in_german() -> None:
    tournament = _tournament(
        TournamentStatus.RUNNING, tournament_name(None, games.get("magnum-opus"))
    )
    board = localized_board(standings_board(tournament, _standings(), {}), "de")
    assert board.title == "🏆 Magnum Opus-Turnier — Runde 1 von 3"
    assert board.fields[0].name == "Tabelle"
    first, *_, last = board.fields[0].value.split("\n")
    assert first == ("🥇 {u101} — {b}12{/b} Pkt. · Gegner 7,5 · Spielpunkte 10 · 1 Sieg in 1")
    assert last.endswith("0 Siege in 1, 1 Freilos (ausgestiegen)")
    assert board.fields[1].name == "Tische der Runde 1"
    assert board.fields[1].value == "Tisch 1: {u101}, {u102}, {u103}, {u104} — wird vorbereitet"
    assert board.footer.startswith("Punkte: Platz 1 erhält 12")
    # In English, as it always was.
    english = standings_board(tournament, _standings(), {})
    assert english.title == "🏆 Magnum Opus tournament — Round 1 of 3"
    assert english.fields[0].value.split("\n")[0] == (
        "🥇 {u101} — {b}12{/b} pts · opp 7.5 · score 10 · 1 win in 1"
    )


def test_every_word_of_the_boards_is_a_message() -> None:
    running = _tournament(TournamentStatus.RUNNING)
    over = replace(running, status=TournamentStatus.FINISHED, champion_id=USERS[0], rounds=None)
    called_off = replace(_tournament(TournamentStatus.SIGNUP), status=TournamentStatus.CANCELLED)
    boards: list[Board] = [
        signup_board(_tournament(TournamentStatus.SIGNUP)),
        signup_board(called_off),
        standings_board(running, _standings(), {}),
        standings_board(over, _standings(), {}),
        listing_board([running, over, called_off, _tournament(TournamentStatus.SIGNUP)]),
        listing_board([]),
    ]
    for board in boards:
        for text in board_texts(board):
            # The game's title and its options are the game's own words.
            assert unmarked(text, frozenset({"Magnum", "Opus", "h"})) == [], text


def test_a_round_begins_in_french() -> None:
    text = localize(round_announcement("Coupe", 2, [(101, 102), (103,)]), "fr")
    assert text == (
        "{b}Coupe{/b} : la ronde 2 commence.\n"
        "• Table 1 : {u101}, {u102}\n"
        "• Exempt : {u103} (12 points)\n"
        "Chaque table joue dans son propre fil. Bonne chance !"
    )


def test_refusals_read_in_the_members_language() -> None:
    with pytest.raises(Refusal) as refused:
        check_rounds(TournamentFormat.KNOCKOUT, 3)
    assert localize(refused.value.message, "de") == (
        "Ein K.-o.-Turnier läuft, bis ein Champion übrig ist: lass `rounds` weg."
    )
    started = refusal_of(NotSigningUp(5, TournamentStatus.RUNNING), 5)
    assert started == "Tournament #5 has already started."
    with reading_in("fr"):
        assert localize(started) == "Le tournoi n°5 a déjà commencé."
