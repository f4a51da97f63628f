"""Rebuilding an export's positions, and checking that it holds together (reading it is
``games.export.reading``'s).

``verify`` replays every move from the seed through the engine: each must be legal, tell
the same story, and the game must end as the export says. Anyone can so check a result
without trusting the table that played it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import games
from games.core import Engine, GameError, IllegalAction, LogEntry, Outcome, render_seats
from games.export.models import ExportOutcome, GameExport
from games.export.reading import ExportError


@dataclass(frozen=True, slots=True)
class Position:
    """The game after ``number`` moves (0: the deal), with the log of the move that led
    there."""

    number: int
    state: Any
    log: tuple[LogEntry, ...]


def engine_of(export: GameExport) -> Engine[Any, Any]:
    """The engine the export's game is played with."""
    try:
        return games.get(export.game)
    except games.UnknownGame as error:
        raise ExportError(str(error)) from None


def positions(export: GameExport) -> Iterator[Position]:
    """Every position of a complete export, from the deal; a move the rules refuse stops
    the replay with an ``ExportError`` naming it."""
    if export.seed is None or not export.complete:
        raise ExportError(
            "This export was taken while the game was running, so it holds no seed (the "
            "seed would reveal the deck): its positions cannot be rebuilt. Its moves and "
            "story are all it can show; export the game again once it is over."
        )
    engine = engine_of(export)
    if not engine.min_players <= export.players == len(export.seats) <= engine.max_players:
        raise ExportError(
            f"This export seats {len(export.seats)} players (players: {export.players}); "
            f"{engine.title} is played by {engine.seat_count_label()}."
        )
    if [s.seat for s in export.seats] != list(range(export.players)):
        raise ExportError(f"The export's seats are not numbered 0 to {export.players - 1}.")
    try:
        state = engine.new_game(players=export.players, seed=export.seed, options=export.options)
    except GameError as error:
        raise ExportError(f"This export's game cannot be dealt: {error}") from None
    yield Position(0, state, ())
    names = [s.name for s in export.seats]
    for move in export.moves:
        who = f"move {move.number} ({names[move.seat] if move.seat < len(names) else '?'})"
        if move.notation is None or move.seat >= export.players:
            raise ExportError(f"The export's {who} is incomplete.")
        try:
            action = engine.parse(state, move.seat, move.notation)
        except IllegalAction as error:
            raise ExportError(
                f"The export's {who}, “{move.notation}”, is refused on replay: {error}"
            ) from None
        transition = engine.apply(state, move.seat, action)
        state = transition.state
        yield Position(move.number, state, tuple(transition.log))


@dataclass(frozen=True, slots=True)
class Verified:
    """A complete export that replays to the end it states."""

    moves: int
    ending: str


def verify(export: GameExport) -> Verified:
    """Replay ``export`` from its seed and check every move, its story and the outcome;
    raise ``ExportError`` at the first thing that does not hold."""
    engine = engine_of(export)
    names = [s.name for s in export.seats]
    last = None
    for expected, position in enumerate(positions(export)):
        if position.number != expected:
            raise ExportError(f"The export's moves are out of order at move {position.number}.")
        if expected:
            _check_story(export, position, names)
        last = position
    assert last is not None  # the deal is always there
    outcome = engine.outcome(last.state)
    stated = export.outcome
    if stated is not None:
        _check_seats_named(stated, export.players)
    if export.status == "cancelled":
        if stated is not None:
            raise ExportError("The export says the game was called off, yet gives a result.")
        return Verified(last.number, "The game was called off: no result.")
    if export.status != "finished" or stated is None:
        raise ExportError("The export says the game is over but gives no result.")
    if stated.ended_by == "rules":
        if outcome is None:
            raise ExportError(
                f"The export says the game reached its end, but after {last.number} moves "
                "the replayed game is still running."
            )
        resigned = {s.seat for s in export.seats if s.resigned}
        for team in stated.teams or ():  # a team with a member who resigned goes down whole
            if resigned & set(team):
                resigned |= set(team)
        if (
            list(outcome.scores) != stated.scores
            or list(outcome.tiebreaks) != stated.tiebreaks
            or outcome.nobody_won != stated.nobody_won
            or not _same_places(list(outcome.ranks), stated.ranks, resigned)
        ):
            raise ExportError(
                "The replayed game ends differently from the export: "
                + render_seats(engine.ending(last.state, outcome), names)
            )
        settled = Outcome(
            scores=tuple(stated.scores),
            tiebreaks=tuple(stated.tiebreaks),
            ranks=tuple(stated.ranks),
            winners=frozenset(stated.winners),
            teams=tuple(tuple(t) for t in stated.teams) if stated.teams else None,
            nobody_won=stated.nobody_won,
        )
        sentence = render_seats(engine.ending(last.state, settled), names)
        if sentence != stated.ending:
            raise ExportError(f"The export's ending says “{stated.ending}”; replayed: {sentence}")
        return Verified(last.number, sentence)
    if outcome is not None:
        raise ExportError("The export says players resigned, but the game reached its end.")
    resigned = {s.seat for s in export.seats if s.resigned}
    if not resigned:
        raise ExportError("The export says players resigned, but names nobody who did.")
    if any(seat in resigned for seat in stated.winners) and len(resigned) < export.players:
        raise ExportError("The export names a player who resigned among the winners.")
    return Verified(last.number, stated.ending)


def _check_seats_named(stated: ExportOutcome, players: int) -> None:
    """Refuse a stated outcome that names seats the table does not have, before the
    ending is told from it (which looks every one of them up)."""
    seats = set(range(players))
    teams = stated.teams or []
    members = [seat for team in teams for seat in team]
    if (
        not len(stated.scores) == len(stated.tiebreaks) == len(stated.ranks) == players
        or not set(stated.winners) <= seats
        or len(set(stated.winners)) != len(stated.winners)
        or not set(members) <= seats
        or len(set(members)) != len(members)
        or any(not team for team in teams)
    ):
        raise ExportError(
            f"The export's outcome does not fit its {players} seats: its scores, places, "
            "winners or teams name seats the table does not have."
        )


def _same_places(rules: list[int], stated: list[int], resigned: set[int]) -> bool:
    """Whether ``stated`` places are the rules' own, with whoever resigned placed after
    everyone who played on (the table's rule) and the rules' order kept within each group."""
    if len(rules) != len(stated):
        return False
    if not resigned:
        return rules == stated
    seats = range(len(rules))
    for a in seats:
        for b in seats:
            if (a in resigned) == (b in resigned):
                if (rules[a] < rules[b]) != (stated[a] < stated[b]):
                    return False
            elif a not in resigned and stated[a] >= stated[b]:
                return False
    return True


def _check_story(export: GameExport, position: Position, names: list[str]) -> None:
    move = export.moves[position.number - 1]
    told = [(line.text, line.only) for line in move.lines]
    replayed = [
        (render_seats(e.text, names), None if e.audience is None else sorted(e.audience))
        for e in position.log
    ]
    if told != replayed:
        raise ExportError(f"The story of move {position.number} differs from its replay.")
