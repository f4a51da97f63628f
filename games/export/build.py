"""Making an export from a game's seed, seats and moves, and telling it as plain text.

While a game runs, an export holds only what its requester could know: no seed (the seed
reveals the deck), their own moves in notation, and everyone else's moves only as the log
lines the requester could read at the time. Once the game is over it holds everything.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from games.core import Engine, LogEntry, Outcome, render_seats
from games.export.models import (
    ExportLine,
    ExportMove,
    ExportOutcome,
    ExportSeat,
    GameExport,
)

#: Where a game is in its life, as an export says it.
Status = Literal["running", "finished", "cancelled"]


@dataclass(frozen=True, slots=True)
class RecordedMove:
    """One move as a table recorded it."""

    seat: int
    notation: str
    at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Ending:
    """How an over game ended, as its table settled it: the outcome (places after any
    resignations) and the sentence saying so (seats as placeholders)."""

    outcome: Outcome
    sentence: str
    by_rules: bool


def export_game(
    engine: Engine[Any, Any],
    *,
    seed: int,
    options: Mapping[str, Any],
    names: Sequence[str],
    moves: Sequence[RecordedMove],
    status: Status,
    requester: int | None = None,
    ending: Ending | None = None,
    **table: Any,
) -> GameExport:
    """The export of a game, replayed from ``seed`` through ``moves`` (see
    :func:`export_history`, which takes the rest). For a finished game without ``ending``
    the rules' own outcome is used."""
    state = engine.new_game(players=len(names), seed=seed, options=options)
    steps: list[tuple[RecordedMove, tuple[LogEntry, ...]]] = []
    for move in moves:
        transition = engine.apply(state, move.seat, engine.parse(state, move.seat, move.notation))
        state = transition.state
        steps.append((move, tuple(transition.log)))
    if status == "finished" and ending is None:
        rules = engine.outcome(state)
        if rules is not None:
            ending = Ending(rules, engine.ending(state, rules), by_rules=True)
    return export_history(
        engine,
        seed=seed,
        options=options,
        names=names,
        steps=steps,
        status=status,
        requester=requester,
        ending=ending,
        **table,
    )


def export_history(
    engine: Engine[Any, Any],
    *,
    seed: int,
    options: Mapping[str, Any],
    names: Sequence[str],
    steps: Sequence[tuple[RecordedMove, Sequence[LogEntry]]],
    status: Status,
    requester: int | None = None,
    ending: Ending | None = None,
    game_id: int | None = None,
    ai_levels: Sequence[str | None] = (),
    resigned: frozenset[int] = frozenset(),
    started_at: datetime | None = None,
    finished_at: datetime | None = None,
) -> GameExport:
    """The export of a game already replayed: each move with the log it wrote.

    A running game's export holds what ``requester`` (a seat, or ``None`` for a spectator)
    could know: no seed, their own moves' notation, and of every move only the lines they
    could read. A finished or cancelled game's holds everything, with ``ending`` (the result
    the table settled on) once finished.
    """
    complete = status != "running"
    players = len(names)
    return GameExport(
        game=engine.key,
        title=engine.title,
        game_id=game_id,
        status=status,
        complete=complete,
        requester=None if complete else requester,
        players=players,
        options=dict(engine.options(options, stored=True).model_dump(mode="json")),
        seed=seed if complete else None,
        seats=[
            ExportSeat(
                seat=seat,
                name=name,
                ai=ai_levels[seat] if seat < len(ai_levels) else None,
                resigned=seat in resigned,
            )
            for seat, name in enumerate(names)
        ],
        started_at=started_at,
        finished_at=finished_at if complete else None,
        moves=[
            _move(number, move, log, names, None if complete else requester, complete)
            for number, (move, log) in enumerate(steps, start=1)
        ],
        outcome=_outcome(ending, names) if status == "finished" and ending else None,
    )


def _move(
    number: int,
    move: RecordedMove,
    log: Sequence[LogEntry],
    names: Sequence[str],
    requester: int | None,
    complete: bool,
) -> ExportMove:
    own = requester is not None and move.seat == requester
    shown = [entry for entry in log if complete or entry.visible_to(requester)]
    return ExportMove(
        number=number,
        seat=move.seat,
        at=move.at,
        notation=move.notation if complete or own else None,
        lines=[
            ExportLine(
                text=render_seats(entry.text, names),
                only=None if entry.audience is None else sorted(entry.audience),
            )
            for entry in shown
        ],
    )


def _outcome(ending: Ending, names: Sequence[str]) -> ExportOutcome:
    outcome = ending.outcome
    return ExportOutcome(
        ended_by="rules" if ending.by_rules else "resignation",
        scores=list(outcome.scores),
        tiebreaks=list(outcome.tiebreaks),
        ranks=list(outcome.ranks),
        winners=sorted(outcome.winners),
        teams=[list(t) for t in outcome.teams] if outcome.teams else None,
        nobody_won=outcome.nobody_won,
        ending=render_seats(ending.sentence, names),
    )


#: Markdown's emphasis and code marks around a phrase (``**bold**``, ``*italic*``, ``__u__``,
#: ```code```), which a plain text file would show as they are typed.
_MARKS = re.compile(r"(\*\*|__|\*|`)(?=\S)(.+?)(?<=\S)\1")


def plain(text: str) -> str:
    """``text`` without Markdown's emphasis and code marks: the words alone, as a plain text
    file shows them."""
    while (unmarked := _MARKS.sub(r"\2", text)) != text:
        text = unmarked
    return text


def story(export: GameExport) -> str:
    """The game told as plain text: who sat where, every move's lines as the export holds
    them, and the result once over."""
    names = [s.name for s in export.seats]
    head = f"{export.title}" + (f" #{export.game_id}" if export.game_id is not None else "")
    out = [head, "=" * len(head)]
    out.append("Players, in seat order:")
    out += [f"  {s.seat + 1}. {s.name}" + (f" (AI, {s.ai})" if s.ai else "") for s in export.seats]
    if export.seed is not None:
        out.append(f"Seed: {export.seed}")
    if not export.complete:
        whose = "a spectator" if export.requester is None else names[export.requester]
        out.append(f"The game is still running: this is what {whose} could know.")
    out.append("")
    for move in export.moves:
        when = f" ({move.at:%Y-%m-%d %H:%M} UTC)" if move.at is not None else ""
        what = f": {move.notation}" if move.notation is not None else ""
        out.append(f"{move.number}. {names[move.seat]}{what}{when}")
        for line in move.lines:
            only = "" if line.only is None else f"[only {', '.join(names[s] for s in line.only)}] "
            out.append(f"    {only}{plain(line.text)}")
    if (result := export.outcome) is not None:
        out += ["", plain(result.ending)]
        for seat in sorted(range(export.players), key=lambda s: (result.ranks[s], s)):
            note = " (resigned)" if export.seats[seat].resigned else ""
            out.append(f"  #{result.ranks[seat]} {names[seat]}: {result.scores[seat]}{note}")
    elif export.status == "cancelled":
        out += ["", "The game was called off: no result."]
    return "\n".join(out) + "\n"
