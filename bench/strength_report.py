"""The AI strength record: its games, one JSON object a line, and the summary written from it.

A record is comparable with another when both were played at a fixed number of iterations
(``"seconds": null``: no clock, so the host's load does not enter) by the same version of the
AI (``AI_VERSION``); anything else on file (games measured by time, or by an AI since changed)
is left out of the summary, which says how many such games it left out.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

import games

#: The AI the records were played by: raised whenever the levels change how they play, so
#: that a resumed run does not count games of the old AI with games of the new.
AI_VERSION = 2
#: Games whose own AI changed since (rules of thumb, ``search_doubts_policy``), with the version
#: their records must have.
GAME_AI_VERSIONS: dict[str, int] = {"marginalia": 3, "magic-spell": 3}


def ai_version(game: str) -> int:
    """The AI version a record of ``game`` counts at."""
    return max(AI_VERSION, GAME_AI_VERSIONS.get(game, 0))


#: The smallest number of games a match-up is judged on before its full count, however sure.
EARLY_FLOOR = 40


@dataclass(frozen=True)
class Match:
    """One game to play: where, which seed, and who sits where."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    levels: tuple[str, ...]
    """Each seat's level."""
    subject: int
    """The seat whose result is counted (its level against the others')."""
    iterations: int

    @property
    def key(self) -> tuple[Any, ...]:
        """What makes two games the same game: a resumed run skips games already played."""
        options = json.dumps(self.options, sort_keys=True)
        return (self.game, self.players, options, self.seed, self.levels, self.iterations)


@dataclass(frozen=True)
class Record(Match):
    """How one game went: the match, the outcome, and what it cost."""

    seconds: float | None
    """Always ``None`` now: games once thought by the clock are not comparable."""
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    actions: int
    turns: int
    """How often the seat to move changed: turns, roughly, in any game."""
    notes: dict[str, Any]
    """What the balance report of this game wants to know of the final state."""
    wall_seconds: float
    slowest_decision: float
    cpu_seconds: float = 0.0
    """Processor time the game took (every seat's thinking)."""
    ended: bool = True
    """Whether the game ended by its rules (or its round limit) within its step limit."""
    closed_turns: int = 0
    """Turns the AI ended because a seat took too many decisions in them (should be 0)."""
    ai: int = 1
    """The AI version that played it (``ai_version``)."""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def current(self) -> bool:
        """Whether the record counts: played at a fixed budget by the AI as it is now."""
        return self.seconds is None and self.ai == ai_version(self.game)


def load(path: Path, *, every: bool = False) -> list[Record]:
    """The records that count (``every``: all of them), each game once: a line cut short by
    a stopped run is skipped, and so is a game two runs at once both played."""
    if not path.exists():
        return []
    records = []
    seen: set[tuple[Any, ...]] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            raw = json.loads(line)
        except json.JSONDecodeError:
            continue
        raw["levels"] = tuple(raw["levels"])
        raw["scores"] = tuple(raw["scores"])
        raw["winners"] = tuple(raw["winners"])
        raw.setdefault("notes", {})
        record = Record(**raw)
        if not (every or record.current) or (record.key, record.ai, record.seconds) in seen:
            continue
        seen.add((record.key, record.ai, record.seconds))
        records.append(record)
    return records


def append(record: Record, path: Path) -> None:
    """Add one game to the record, at once, so a stopped run loses nothing already played."""
    with path.open("a", encoding="utf-8") as raw:
        raw.write(json.dumps(asdict(record), sort_keys=True) + "\n")
        raw.flush()


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    divisor = 1 + z * z / trials
    return max(0.0, (centre - spread) / divisor), min(1.0, (centre + spread) / divisor)


def score(record: Record) -> float:
    """What the game is worth to the subject's seat: 1 alone first, 1/k of k sharing first."""
    if record.subject not in record.winners:
        return 0.0
    return 1.0 / len(record.winners)


def settled(scores: Sequence[float], target: float) -> str | None:
    """``"above"`` or ``"below"`` once the interval of ``scores`` lies wholly on one side of
    ``target`` (after ``EARLY_FLOOR`` games): the match-up may stop there."""
    if len(scores) < EARLY_FLOOR:
        return None
    low, high = wilson(sum(scores), len(scores))
    if low > target:
        return "above"
    if high < target:
        return "below"
    return None


class Played(Protocol):
    """A game to play or played: what tells its match-up."""

    @property
    def game(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def options(self) -> dict[str, Any]: ...
    @property
    def levels(self) -> tuple[str, ...]: ...
    @property
    def subject(self) -> int: ...
    @property
    def iterations(self) -> int: ...


def group_key(record: Played) -> tuple[Any, ...] | None:
    """The match-up a game belongs to: game, table, level, opponents' level, iterations;
    ``None`` for a game of one level (self-play, for the balance)."""
    levels = set(record.levels)
    if len(levels) != 2:
        return None
    level = record.levels[record.subject]
    opponent = next(iter(levels - {level}))
    options = json.dumps(record.options, sort_keys=True)
    return (record.game, record.players, options, level, opponent, record.iterations)


def strength_rows(
    records: Sequence[Record], targets: dict[tuple[str, str], float], needed: Any
) -> list[dict[str, Any]]:
    """One row per match-up: games, score, sole wins, interval, verdict, cost.
    ``needed(game, level)`` is the full count of games the match-up is judged on."""
    groups: dict[tuple[Any, ...], list[Record]] = {}
    for record in records:
        key = group_key(record)
        if key is not None:
            groups.setdefault(key, []).append(record)
    order = list(games.ENGINES)
    rows = []
    for key in sorted(groups, key=lambda k: (order.index(k[0]) if k[0] in order else 99, k)):
        mine = groups[key]
        scores = [score(r) for r in mine]
        won = sum(scores)
        target = targets.get((key[3], key[4]))
        full = needed(key[0], key[3])
        rows.append(
            {
                "game": key[0],
                "players": key[1],
                "options": key[2],
                "level": key[3],
                "opponent": key[4],
                "iterations": key[5],
                "games": len(mine),
                "needed": full,
                "score": won / len(mine),
                "sole": sum(r.winners == (r.subject,) for r in mine) / len(mine),
                "ci95": wilson(won, len(mine)),
                "target": target,
                "verdict": verdict(scores, target, full),
                "cpu_per_game": sum(r.cpu_seconds for r in mine) / len(mine),
                "unfinished": sum(not r.ended for r in mine),
                "closed_turns": sum(r.closed_turns for r in mine),
            }
        )
    return rows


def verdict(scores: Sequence[float], target: float | None, needed: int) -> str:
    """ "met" or "not met" with the full count alone; before it, "above" or "below" once the
    interval is wholly on one side (the run stops there), else how far it got."""
    if target is None:
        return "—"
    if len(scores) >= needed:
        return "met" if sum(scores) / len(scores) >= target else "not met"
    side = settled(scores, target)
    if side is not None:
        return f"{side} (stopped early)"
    return f"running ({len(scores)} of {needed})"


def strength_report(
    records: Sequence[Record],
    targets: dict[tuple[str, str], float],
    needed: Any,
    left_out: int = 0,
) -> str:
    """The strength match-ups as a Markdown table."""
    lines = [
        "# AI strength",
        "",
        "One seat of a level against the rest of the table at the other, seeded games with the",
        "level's seat moving round the table, every decision at a fixed number of search",
        "iterations (no clock: the same on any host). *Score* counts a win 1 and a first place",
        "shared by k seats 1/k; *sole* counts only first places held alone. 95% Wilson",
        "intervals. Targets: `hard` ≥ 90% against `easy` and ≥ 60% against `normal`, `normal`",
        "≥ 70% against `easy`. A match-up is *met* or *not met* only once it has its full count",
        "of games (200; 60 for Magic Spell's `hard`, whose games run to hundreds of decisions);",
        "it stops early, *above* or *below*, once its interval lies wholly on one side of the",
        f"target (after at least {EARLY_FLOOR} games). *CPU s* is the processor time of a whole",
        "game. Raw results: `AI_STRENGTH.jsonl` (`make ai-strength` resumes them).",
        "",
        "| game | table | level | vs | iterations | games | score | sole | 95% CI | target"
        " | verdict | CPU s/game | unfinished |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in strength_rows(records, targets, needed):
        low, high = r["ci95"]
        table = f"{r['players']}p" + ("" if r["options"] == "{}" else f" {r['options']}")
        target = "—" if r["target"] is None else f"{r['target']:.0%}"
        lines.append(
            f"| {r['game']} | {table} | {r['level']} | {r['opponent']} | {r['iterations']} "
            f"| {r['games']} | {r['score']:.0%} | {r['sole']:.0%} | {low:.0%}–{high:.0%} "
            f"| {target} | {r['verdict']} | {r['cpu_per_game']:.1f} | {r['unfinished']} |"
        )
    if left_out:
        lines += [
            "",
            f"Left out: {left_out} games on file measured by time, or by an earlier AI.",
        ]
    return "\n".join(lines) + "\n"
