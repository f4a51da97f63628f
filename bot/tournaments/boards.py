"""What a tournament shows: its sign-up sheet, its standings, a round's tables. Platform-
neutral boards in neutral text (the bot draws them as embeds, players named by mentions).

Budgets count characters as drawn (:func:`~bot.common.text.shown_length`), since the
limits they keep to are Discord's."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import games
from bot.clocks.turn_clock import duration_text
from bot.common.text import channel, moment, shown_length, user, users
from bot.lobby.options import describe_options
from bot.tournaments.formats import FORMAT_LABELS
from bot.tournaments.points import BYE_POINTS, Standing
from bot.tournaments.tournament_settings import TournamentSettings
from bot.words.i18n import localize
from bot.words.languages import LANGUAGES
from games.core import Board, BoardField
from games.core.board import MAX_FIELD_VALUE, MAX_FIELDS
from games.core.words import Msg, decimal, joined, msg, nmsg
from storage import (
    Game,
    GameStatus,
    NotEntered,
    NotRunning,
    NotSigningUp,
    Tournament,
    TournamentStatus,
)

_MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
#: Characters of standings and of a round's tables in one embed (of Discord's 6,000), so a
#: large tournament's board still fits: the rest is summed up in one line.
STANDINGS_BUDGET = 3600
TABLES_BUDGET = 1400
#: Longest round announcement (Discord's messages take 2,000 characters).
MAX_ANNOUNCEMENT = 1900


def figure(value: float) -> str:
    """Points as the boards write them (``12``, ``7.5``), with the reader's decimal mark."""
    text = f"{value:g}"
    if "." not in text or "e" in text:
        return text
    return decimal(value, len(text.split(".")[1]))


#: How tournament points are earned, shown under every standings board.
POINTS_RULE = msg(
    "Points: 1st place 12, last 0, evenly between (3 players: 12/6/0; 4: 12/8/4/0); "
    "ties share; a bye {bye}. Ties broken by opponents' points, then game score.",
    bye=figure(BYE_POINTS),
)


def said_length(text: str) -> int:
    """How many characters ``text`` takes once drawn, in the language that says it longest
    (a board is read in its server's language, which is not known when it is made)."""
    return max(shown_length(localize(text, language)) for language in LANGUAGES)


def name_of(tournament: Tournament) -> str:
    """The tournament's name (the default ones said in the reader's language)."""
    name = TournamentSettings.of(tournament).name
    if not name:
        return msg("Tournament #{number}", number=tournament.id)
    try:
        title = games.get(tournament.game_key).title
    except games.UnknownGame:
        return name
    if name == f"{title} tournament":  # the name given when none is chosen
        return msg("{game} tournament", game=title)
    return name


def summary(tournament: Tournament) -> Msg:
    """One line: game, format, rounds, table sizes and move clock."""
    engine = games.get(tournament.game_key)
    rounds = (
        msg("rounds until a champion is left")
        if tournament.rounds is None
        else nmsg("{n} round", "{n} rounds", tournament.rounds)
    )
    settings = TournamentSettings.of(tournament)
    deadline = settings.deadline
    clock = (
        msg("no move deadline")
        if deadline is None
        else msg("{duration} per move", duration=duration_text(deadline))
    )
    sizes = settings.tables.label()
    label = FORMAT_LABELS[tournament.format]
    variant = describe_options(engine.options(settings.options, stored=True))
    game = (
        engine.title
        if variant == "default"
        else msg("{game} ({options})", game=engine.title, options=variant)
    )
    return msg(
        "{game} · {format} · {rounds} · tables of {sizes} · {clock}",
        game=game,
        format=label,
        rounds=rounds,
        sizes=sizes,
        clock=clock,
    )


def signup_board(tournament: Tournament) -> Board:
    """The sign-up sheet: what is played, and who is in."""
    players: list[str] = [user(u) for u in tournament.active()]
    fields = _chunked(
        msg("Signed up ({count})", count=len(players)), players or [msg("Nobody yet.")]
    )
    status = {
        TournamentStatus.SIGNUP: msg(
            "Join or leave with the buttons. The organiser starts it with `/organise start`."
        ),
        TournamentStatus.CANCELLED: msg("This tournament was called off."),
    }.get(tournament.status, msg("Sign-ups are closed."))
    starts = TournamentSettings.of(tournament).starts_at
    lines: list[str] = [
        summary(tournament),
        msg("Organiser: {organiser}", organiser=user(tournament.organiser_id)),
    ]
    if starts is not None and tournament.status is TournamentStatus.SIGNUP:
        lines.append(
            msg(
                "Starts by itself {moment} ({relative}).",
                moment=moment(starts, "F"),
                relative=moment(starts, "R"),
            )
        )
    return Board(
        title=msg("🏆 {name} — sign-ups", name=name_of(tournament)),
        description=joined(lines),
        fields=fields,
        footer=msg("Tournament #{number}. {status}", number=tournament.id, status=status),
    )


def standings_board(
    tournament: Tournament, table: Sequence[Standing], games_by_id: Mapping[int, Game]
) -> Board:
    """The standings and the current round's tables, kept up to date after every result."""
    if tournament.status is TournamentStatus.FINISHED:
        state = msg("Final standings")
    elif tournament.status is TournamentStatus.CANCELLED:
        state = msg("Called off")
    elif tournament.rounds:
        state = msg("Round {round} of {rounds}", round=tournament.round, rounds=tournament.rounds)
    else:
        state = msg("Round {round}", round=tournament.round)
    begun = any(s.played or s.byes for s in table)
    lines = _fit([_standing_line(s, begun) for s in table], STANDINGS_BUDGET, _more_players)
    fields = list(_chunked(msg("Standings"), lines or [msg("Nobody is playing.")]))
    if tournament.status is TournamentStatus.RUNNING and tournament.round:
        tables = _fit(round_lines(tournament, games_by_id), TABLES_BUDGET, _more_tables)
        fields += _chunked(msg("Round {round} tables", round=tournament.round), tables)
    description: str = summary(tournament)
    if tournament.champion_id is not None:
        champion = msg("Champion: {champion} 🏆", champion=user(tournament.champion_id))
        description = joined((champion, description))
    return Board(
        title=msg("🏆 {name} — {state}", name=name_of(tournament), state=state),
        description=description,
        fields=tuple(fields[:MAX_FIELDS]),
        footer=POINTS_RULE,
    )


def round_lines(tournament: Tournament, games_by_id: Mapping[int, Game]) -> list[str]:
    """One line per table of the current round: its players and how its game stands."""
    lines: list[str] = []
    for entry in tournament.tables_of(tournament.round):
        players = users(entry.players)
        if entry.bye:
            lines.append(msg("Bye: {players}", players=players))
            continue
        game = games_by_id.get(entry.game_id) if entry.game_id is not None else None
        lines.append(
            msg(
                "Table {number}: {players} — {state}",
                number=entry.number,
                players=players,
                state=_game_state(game),
            )
        )
    return lines


def round_announcement(name: str, round_number: int, entries: Sequence[Sequence[int]]) -> str:
    """The channel's lines when a round begins (each table's thread pings its players)."""
    lines: list[str] = [msg("{b}{name}{/b}: round {round} begins.", name=name, round=round_number)]
    for number, entry in enumerate(entries, start=1):
        players = users(entry)
        if len(entry) == 1:
            lines.append(
                msg(
                    "• Bye: {players} ({points} points)", players=players, points=figure(BYE_POINTS)
                )
            )
        else:
            lines.append(msg("• Table {number}: {players}", number=number, players=players))
    lines.append(msg("Each table plays in its own thread. Good luck!"))
    text = joined(lines)
    if said_length(text) <= MAX_ANNOUNCEMENT:
        return text
    kept: list[str] = []  # the whole lines that end within the room left for the last one
    used = -1
    for line in lines[:-1]:
        used += said_length(line) + 1
        if used >= MAX_ANNOUNCEMENT - 80:
            break
        kept.append(line)
    return joined([*kept, msg("… every table is listed in the standings message.")])


def listing_board(tournaments: Sequence[Tournament]) -> Board:
    """A server's tournaments, newest first."""
    lines: list[str] = []
    for t in tournaments:
        state = {
            TournamentStatus.SIGNUP: msg("signing up ({count})", count=len(t.active())),
            TournamentStatus.RUNNING: msg(
                "round {round}, {count} playing", round=t.round, count=len(t.active())
            ),
            TournamentStatus.FINISHED: (
                msg("won by {champion}", champion=user(t.champion_id))
                if t.champion_id
                else msg("finished")
            ),
            TournamentStatus.CANCELLED: msg("called off"),
        }[t.status]
        lines.append(
            msg(
                "{b}#{number} {name}{/b} — {game}, {state}",
                number=t.id,
                name=name_of(t),
                game=games.get(t.game_key).title,
                state=state,
            )
        )
    return Board(
        title=msg("🏆 Tournaments on this server"),
        fields=_chunked(
            msg("Tournaments"), lines or [msg("None yet: `/organise create` starts one.")]
        ),
    )


def _standing_line(standing: Standing, begun: bool = True) -> str:
    """One player's line; places are shown once there is a result to place them by."""
    medal = _MEDALS.get(standing.place, f"{standing.place}.") if begun else "•"
    record = nmsg(
        "{n} win in {played}", "{n} wins in {played}", standing.wins, played=standing.played
    )
    if standing.byes:
        record = msg(
            "{record}, {byes}",
            record=record,
            byes=nmsg("{n} bye", "{n} byes", standing.byes),
        )
    values = {
        "medal": medal,
        "player": user(standing.user),
        "points": figure(standing.points),
        "opponents": figure(standing.opponents_points),
        "score": standing.game_score,
        "record": record,
    }
    if standing.dropped:
        return msg(
            "{medal} {player} — {b}{points}{/b} pts · opp {opponents} · score {score} · "
            "{record} (dropped)",
            **values,
        )
    return msg(
        "{medal} {player} — {b}{points}{/b} pts · opp {opponents} · score {score} · {record}",
        **values,
    )


def _game_state(game: Game | None) -> Msg:
    if game is None or game.status is GameStatus.LOBBY:
        return msg("being set up")
    where = channel(game.thread_id) if game.thread_id else msg("game #{number}", number=game.id)
    if game.status is GameStatus.FINISHED:
        return msg("finished ({where})", where=where)
    if game.status is GameStatus.CANCELLED:
        return msg("called off ({where})", where=where)
    return msg("playing, move {move} ({where})", move=game.version, where=where)


def _more_players(count: int) -> Msg:
    return nmsg("… and {n} more player.", "… and {n} more players.", count)


def _more_tables(count: int) -> Msg:
    return nmsg("… and {n} more table.", "… and {n} more tables.", count)


def _fit(lines: Sequence[str], budget: int, more: Callable[[int], Msg]) -> list[str]:
    """The first lines that fit in ``budget`` characters, and how many more there are."""
    kept: list[str] = []
    used = 0
    for line in lines:
        length = said_length(line)
        if used + length + 1 > budget:
            kept.append(more(len(lines) - len(kept)))
            break
        kept.append(line)
        used += length + 1
    return kept


def _chunked(name: str, lines: Sequence[str]) -> tuple[BoardField, ...]:
    """Lines in as few fields as the embed limits allow, the first named ``name``."""
    fields: list[BoardField] = []
    current: list[str] = []
    used = 0
    for line in lines:
        if len(line) > MAX_FIELD_VALUE - 1:
            line = line[: MAX_FIELD_VALUE - 1]
        length = said_length(line)
        if current and used + 1 + length > MAX_FIELD_VALUE:
            fields.append(_field(name, fields, current))
            current, used = [], 0
        used = length if not current else used + 1 + length
        current.append(line)
    if current:
        fields.append(_field(name, fields, current))
    return tuple(fields)


def _field(name: str, before: Sequence[BoardField], lines: Sequence[str]) -> BoardField:
    return BoardField(
        name=name if not before else msg("{name} (cont.)", name=name), value=joined(lines)
    )


def refusal_of(error: Exception, tournament_id: int) -> str:
    """What the store's refusal ``error`` says to a member, in words of their language."""
    status = str(getattr(getattr(error, "status", None), "value", getattr(error, "status", "")))
    over = {
        "finished": msg("Tournament #{number} is over.", number=tournament_id),
        "cancelled": msg("Tournament #{number} was cancelled.", number=tournament_id),
    }
    if isinstance(error, NotEntered):
        return msg("You are not playing in tournament #{number}.", number=tournament_id)
    if isinstance(error, NotSigningUp) and status == "running":
        return msg("Tournament #{number} has already started.", number=tournament_id)
    if isinstance(error, NotRunning) and status == "signup":
        return msg("Tournament #{number} has not started yet.", number=tournament_id)
    if isinstance(error, NotSigningUp | NotRunning):
        return over.get(status) or str(error)
    return str(error)
