"""The games' balance, measured with the AI: a report per game, ``bench/BALANCE-<game>.md``.

Written from the self-play games of ``python -m bench.ai_strength --balance`` (all seats at
one level): how often each seat wins, so the first seat's advantage (its share of wins
against the fair share, 1 / players), how long a game lasts, and for Strange & Norrell how
often the fairy is defeated at each difficulty.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import games

if TYPE_CHECKING:
    from bench.ai_strength import Record


def _magic_spell(state: Any) -> dict[str, Any]:
    return {"rounds": state.round, "submitted": state.grader >= 0}


def _strange_norrell(state: Any) -> dict[str, Any]:
    return {"year": state.year, "fairy_defeated": state.defeated_by is not None}


#: What each game's report reads of a finished game beyond its outcome.
PROBES: dict[str, Callable[[Any], dict[str, Any]]] = {
    "magic-spell": _magic_spell,
    "strange-norrell": _strange_norrell,
}


def notes(game: str, state: Any) -> dict[str, Any]:
    """What the balance report of ``game`` wants to know of its finished ``state``."""
    probe = PROBES.get(game)
    return probe(state) if probe is not None else {}


def _self_play(records: Sequence[Record], game: str) -> dict[tuple[Any, ...], list[Record]]:
    groups: dict[tuple[Any, ...], list[Record]] = {}
    for record in records:
        if record.game != game or len(set(record.levels)) != 1:
            continue
        label = json.dumps(record.options, sort_keys=True)
        key = (record.players, label, record.levels[0], record.iterations, record.seconds)
        groups.setdefault(key, []).append(record)
    return groups


def _table(players: int, label: str) -> str:
    return f"{players}p" + ("" if label == "{}" else f" {label}")


def _budget(iterations: int, seconds: float | None) -> str:
    return f"{iterations} it." + (f" / {seconds:g} s" if seconds is not None else "")


def report(records: Sequence[Record], game: str) -> str:
    """The balance report of one game (its table empty before any self-play is on record)."""
    from bench.ai_strength import wilson

    groups = _self_play(records, game)
    title = games.get(game).title
    lines = [
        f"# Balance: {title}",
        "",
        "Measured with the AI playing every seat (`python -m bench.ai_strength --balance`),",
        "seeded games; a shared first place counts as a share of a win. *First seat* is how",
        "often seat 1, who moves first, wins, against the fair share 1 / players, with its 95%",
        "Wilson interval. *Turns* counts changes of the seat to move.",
        "",
        "| table | level | budget | games | wins by seat | first seat | fair | 95% CI |"
        " actions | turns | more |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for key in sorted(groups):
        players, label, level, iterations, seconds = key
        mine = groups[key]
        shares = [0.0] * players
        for record in mine:
            for seat in record.winners:
                shares[seat] += 1.0 / len(record.winners)
        first = shares[0] / len(mine)
        low, high = wilson(shares[0], len(mine))
        by_seat = " / ".join(f"{share / len(mine):.0%}" for share in shares)
        actions = sum(r.actions for r in mine) / len(mine)
        turns = sum(r.turns for r in mine) / len(mine)
        lines.append(
            f"| {_table(players, label)} | {level} | {_budget(iterations, seconds)} "
            f"| {len(mine)} | {by_seat} | {first:.0%} | {1 / players:.0%} "
            f"| {low:.0%}–{high:.0%} | {actions:.0f} | {turns:.0f} | {_more(game, mine)} |"
        )
    return "\n".join(lines) + "\n"


def _more(game: str, mine: Sequence[Record]) -> str:
    """The game's own measures: rounds in Magic Spell, the fairy in Strange & Norrell."""
    from bench.ai_strength import wilson

    count = len(mine)
    if game == "magic-spell":
        rounds = sum(r.notes.get("rounds", 0) for r in mine) / count
        submitted = sum(bool(r.notes.get("submitted")) for r in mine)
        return f"{rounds:.0f} rounds; courseload completed in {submitted / count:.0%}"
    if game == "strange-norrell":
        defeated = sum(bool(r.notes.get("fairy_defeated")) for r in mine)
        low, high = wilson(defeated, count)
        return f"fairy defeated in {defeated / count:.0%} ({low:.0%}–{high:.0%})"
    return ""


def write(records: Sequence[Record], out: Path) -> None:
    """Rewrite every game's balance report from the games on record."""
    for game in games.ENGINES:
        (out / f"BALANCE-{game}.md").write_text(report(records, game), encoding="utf-8")
