"""What a tournament shows: its sign-up sheet, its standings, a round's tables. Platform-
neutral boards in neutral text (the bot draws them as embeds, players named by mentions).

Budgets count characters as drawn (:func:`~bot.common.text.shown_length`), since the
limits they keep to are Discord's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import games
from bot.clocks.turn_clock import duration_text
from bot.common.text import channel, moment, shown_length, strong, user, users
from bot.lobby.options import describe_options
from bot.tournaments.formats import FORMAT_LABELS
from bot.tournaments.points import BYE_POINTS, Standing
from bot.tournaments.tournament_settings import TournamentSettings
from games.core import Board, BoardField
from games.core.board import MAX_FIELD_VALUE, MAX_FIELDS
from storage import Game, GameStatus, Tournament, TournamentStatus

_MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
#: Characters of standings and of a round's tables in one embed (of Discord's 6,000), so a
#: large tournament's board still fits: the rest is summed up in one line.
STANDINGS_BUDGET = 3600
TABLES_BUDGET = 1400
#: Longest round announcement (Discord's messages take 2,000 characters).
MAX_ANNOUNCEMENT = 1900
#: How tournament points are earned, shown under every standings board.
POINTS_RULE = (
    "Points: 1st place 12, last 0, evenly between (3 players: 12/6/0; 4: 12/8/4/0); "
    f"ties share; a bye {BYE_POINTS:g}. Ties broken by opponents' points, then game score."
)


def name_of(tournament: Tournament) -> str:
    """The tournament's name."""
    return TournamentSettings.of(tournament).name or f"Tournament #{tournament.id}"


def summary(tournament: Tournament) -> str:
    """One line: game, format, rounds, table sizes and move clock."""
    engine = games.get(tournament.game_key)
    rounds = (
        "rounds until a champion is left"
        if tournament.rounds is None
        else f"{tournament.rounds} round{'s' if tournament.rounds != 1 else ''}"
    )
    settings = TournamentSettings.of(tournament)
    deadline = settings.deadline
    clock = "no move deadline" if deadline is None else f"{duration_text(deadline)} per move"
    sizes = settings.tables.label()
    label = FORMAT_LABELS[tournament.format]
    variant = describe_options(engine.options(settings.options, stored=True))
    game = engine.title if variant == "default" else f"{engine.title} ({variant})"
    return f"{game} · {label} · {rounds} · tables of {sizes} · {clock}"


def signup_board(tournament: Tournament) -> Board:
    """The sign-up sheet: what is played, and who is in."""
    players = [user(u) for u in tournament.active()]
    fields = _chunked(f"Signed up ({len(players)})", players or ["Nobody yet."])
    status = {
        TournamentStatus.SIGNUP: (
            "Join or leave with the buttons. The organiser starts it with `/tournament start`."
        ),
        TournamentStatus.CANCELLED: "This tournament was called off.",
    }.get(tournament.status, "Sign-ups are closed.")
    starts = TournamentSettings.of(tournament).starts_at
    when = (
        f"\nStarts by itself {moment(starts, 'F')} ({moment(starts, 'R')})."
        if starts is not None and tournament.status is TournamentStatus.SIGNUP
        else ""
    )
    return Board(
        title=f"🏆 {name_of(tournament)} — sign-ups",
        description=(f"{summary(tournament)}\nOrganiser: {user(tournament.organiser_id)}{when}"),
        fields=fields,
        footer=f"Tournament #{tournament.id}. {status}",
    )


def standings_board(
    tournament: Tournament, table: Sequence[Standing], games_by_id: Mapping[int, Game]
) -> Board:
    """The standings and the current round's tables, kept up to date after every result."""
    if tournament.status is TournamentStatus.FINISHED:
        state = "Final standings"
    elif tournament.status is TournamentStatus.CANCELLED:
        state = "Called off"
    else:
        of = f" of {tournament.rounds}" if tournament.rounds else ""
        state = f"Round {tournament.round}{of}"
    begun = any(s.played or s.byes for s in table)
    lines = _fit([_standing_line(s, begun) for s in table], STANDINGS_BUDGET, "players")
    fields = list(_chunked("Standings", lines or ["Nobody is playing."]))
    if tournament.status is TournamentStatus.RUNNING and tournament.round:
        tables = _fit(round_lines(tournament, games_by_id), TABLES_BUDGET, "tables")
        fields += _chunked(f"Round {tournament.round} tables", tables)
    description = summary(tournament)
    if tournament.champion_id is not None:
        description = f"Champion: {user(tournament.champion_id)} 🏆\n{description}"
    return Board(
        title=f"🏆 {name_of(tournament)} — {state}",
        description=description,
        fields=tuple(fields[:MAX_FIELDS]),
        footer=POINTS_RULE,
    )


def round_lines(tournament: Tournament, games_by_id: Mapping[int, Game]) -> list[str]:
    """One line per table of the current round: its players and how its game stands."""
    lines = []
    for entry in tournament.tables_of(tournament.round):
        players = users(entry.players)
        if entry.bye:
            lines.append(f"Bye: {players}")
            continue
        game = games_by_id.get(entry.game_id) if entry.game_id is not None else None
        lines.append(f"Table {entry.number}: {players} — {_game_state(game)}")
    return lines


def round_announcement(name: str, round_number: int, entries: Sequence[Sequence[int]]) -> str:
    """The channel's lines when a round begins (each table's thread pings its players)."""
    lines = [f"{strong(name)}: round {round_number} begins."]
    for number, entry in enumerate(entries, start=1):
        players = users(entry)
        if len(entry) == 1:
            lines.append(f"• Bye: {players} ({BYE_POINTS:g} points)")
        else:
            lines.append(f"• Table {number}: {players}")
    lines.append("Each table plays in its own thread. Good luck!")
    text = "\n".join(lines)
    if shown_length(text) <= MAX_ANNOUNCEMENT:
        return text
    kept: list[str] = []  # the whole lines that end within the room left for the last one
    used = -1
    for line in lines[:-1]:
        used += shown_length(line) + 1
        if used >= MAX_ANNOUNCEMENT - 80:
            break
        kept.append(line)
    return "\n".join([*kept, "… every table is listed in the standings message."])


def listing_board(tournaments: Sequence[Tournament]) -> Board:
    """A server's tournaments, newest first."""
    lines = []
    for t in tournaments:
        state = {
            TournamentStatus.SIGNUP: f"signing up ({len(t.active())})",
            TournamentStatus.RUNNING: f"round {t.round}, {len(t.active())} playing",
            TournamentStatus.FINISHED: (
                f"won by {user(t.champion_id)}" if t.champion_id else "finished"
            ),
            TournamentStatus.CANCELLED: "called off",
        }[t.status]
        lines.append(f"{strong(f'#{t.id} {name_of(t)}')} — {games.get(t.game_key).title}, {state}")
    return Board(
        title="🏆 Tournaments on this server",
        fields=_chunked("Tournaments", lines or ["None yet: `/tournament create` starts one."]),
    )


def _standing_line(standing: Standing, begun: bool = True) -> str:
    """One player's line; places are shown once there is a result to place them by."""
    medal = _MEDALS.get(standing.place, f"{standing.place}.") if begun else "•"
    record = f"{standing.wins} win{'s' if standing.wins != 1 else ''} in {standing.played}"
    if standing.byes:
        record += f", {standing.byes} bye{'s' if standing.byes != 1 else ''}"
    dropped = " (dropped)" if standing.dropped else ""
    return (
        f"{medal} {user(standing.user)} — {strong(f'{standing.points:g}')} pts · "
        f"opp {standing.opponents_points:g} · score {standing.game_score} · {record}{dropped}"
    )


def _game_state(game: Game | None) -> str:
    if game is None or game.status is GameStatus.LOBBY:
        return "being set up"
    where = channel(game.thread_id) if game.thread_id else f"game #{game.id}"
    if game.status is GameStatus.FINISHED:
        return f"finished ({where})"
    if game.status is GameStatus.CANCELLED:
        return f"called off ({where})"
    return f"playing, move {game.version} ({where})"


def _fit(lines: Sequence[str], budget: int, what: str) -> list[str]:
    """The first lines that fit in ``budget`` characters, and how many more there are."""
    kept: list[str] = []
    used = 0
    for line in lines:
        if used + shown_length(line) + 1 > budget:
            kept.append(f"… and {len(lines) - len(kept)} more {what}.")
            break
        kept.append(line)
        used += shown_length(line) + 1
    return kept


def _chunked(name: str, lines: Sequence[str]) -> tuple[BoardField, ...]:
    """Lines in as few fields as the embed limits allow, the first named ``name``."""
    fields: list[BoardField] = []
    current: list[str] = []
    for line in lines:
        line = line[: MAX_FIELD_VALUE - 1]
        if current and shown_length("\n".join([*current, line])) > MAX_FIELD_VALUE:
            fields.append(
                BoardField(name=name if not fields else f"{name} (cont.)", value="\n".join(current))
            )
            current = []
        current.append(line)
    if current:
        fields.append(
            BoardField(name=name if not fields else f"{name} (cont.)", value="\n".join(current))
        )
    return tuple(fields)
