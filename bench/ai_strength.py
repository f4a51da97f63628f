"""How strong the AI levels are: ``hard`` against ``easy`` and against ``normal`` in every game.

    .venv/bin/python -m bench.ai_strength                      # 200 games a match-up
    .venv/bin/python -m bench.ai_strength --games 20 --iterations 100 --jobs 2

Each match-up is played at each game's smallest table, seeds 0, 1, 2, … with the seats
swapped every other game so neither side always moves first. ``hard`` thinks for
``--iterations`` search iterations per decision (or ``--seconds``, whichever ends first).
A win is a game ``hard`` wins alone; a shared first place counts half in the score. Writes
``bench/AI_STRENGTH.md`` and ``bench/AI_STRENGTH.json``; the target is a score of at least
90% against ``easy`` and 60% against ``normal`` in every game.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import games
from games.ai import Budget, Level, choose, deadline_after, never

HERE = Path(__file__).resolve().parent
TARGETS = {Level.EASY: 0.90, Level.NORMAL: 0.60}


@dataclass(frozen=True)
class Match:
    """One game: which game, which seed, the opponent, and the seat ``hard`` plays."""

    game: str
    seed: int
    opponent: str
    hard_seat: int
    iterations: int
    seconds: float | None


@dataclass(frozen=True)
class Result:
    """How one game ended for ``hard``: won alone, shared first place, or lost."""

    game: str
    opponent: str
    seed: int
    won: bool
    shared: bool
    actions: int
    seconds: float


def play(match: Match) -> Result:
    """Play one seeded game of ``hard`` against the opponent."""
    engine = games.get(match.game)
    players, options = engine.bench_configurations()[0]
    state = engine.new_game(players, match.seed, options)
    rng = random.Random(match.seed)
    levels = [match.opponent] * players
    levels[match.hard_seat] = Level.HARD.value
    started = time.perf_counter()
    actions = 0
    while (outcome := engine.outcome(state)) is None:
        seat = rng.choice(sorted(engine.to_act(state)))
        deadline = never if match.seconds is None else deadline_after(match.seconds, time.monotonic)
        budget = Budget(iterations=match.iterations, deadline=deadline)
        action = choose(engine, state, seat, levels[seat], rng=rng, budget=budget)
        state = engine.apply(state, seat, action).state
        actions += 1
    first = match.hard_seat in outcome.winners
    return Result(
        game=match.game,
        opponent=match.opponent,
        seed=match.seed,
        won=first and len(outcome.winners) == 1,
        shared=first and len(outcome.winners) > 1,
        actions=actions,
        seconds=time.perf_counter() - started,
    )


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    divisor = 1 + z * z / trials
    return max(0.0, (centre - spread) / divisor), min(1.0, (centre + spread) / divisor)


def summarize(results: Sequence[Result]) -> list[dict[str, Any]]:
    """One row per game and opponent: wins, shared wins, score and its interval."""
    rows = []
    for key in games.ENGINES:
        for opponent in (Level.EASY, Level.NORMAL):
            mine = [r for r in results if r.game == key and r.opponent == opponent.value]
            if not mine:
                continue
            wins = sum(r.won for r in mine)
            shared = sum(r.shared for r in mine)
            score = wins + shared / 2
            low, high = wilson(score, len(mine))
            rows.append(
                {
                    "game": key,
                    "opponent": opponent.value,
                    "games": len(mine),
                    "wins": wins,
                    "shared": shared,
                    "score": score / len(mine),
                    "ci95": [low, high],
                    "target": TARGETS[opponent],
                    "met": score / len(mine) >= TARGETS[opponent],
                    "seconds_per_game": sum(r.seconds for r in mine) / len(mine),
                }
            )
    return rows


def report(rows: Sequence[dict[str, Any]], args: argparse.Namespace) -> str:
    """The results as a Markdown table."""
    limit = f"{args.iterations} iterations" + (
        f" or {args.seconds} s" if args.seconds is not None else ""
    )
    lines = [
        "# AI strength",
        "",
        f"`hard` ({limit} per decision) against `easy` and `normal`, {args.games} seeded games"
        " per match-up at each game's smallest table, seats swapped every other game.",
        "Score = (wins + shared first places / 2) / games; 95% Wilson intervals.",
        "",
        "| game | opponent | games | wins | shared | score | 95% CI | target | met | s/game |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        low, high = r["ci95"]
        lines.append(
            f"| {r['game']} | {r['opponent']} | {r['games']} | {r['wins']} | {r['shared']} "
            f"| {r['score']:.0%} | {low:.0%}–{high:.0%} | {r['target']:.0%} "
            f"| {'yes' if r['met'] else 'no'} | {r['seconds_per_game']:.1f} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and write its results."""
    parser = argparse.ArgumentParser(prog="python -m bench.ai_strength", description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per match-up (200)")
    parser.add_argument("--iterations", type=int, default=200, help="hard's iterations (200)")
    parser.add_argument("--seconds", type=float, default=None, help="time per decision")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--only", action="append", default=[], help="a game key (repeatable)")
    parser.add_argument("--out", type=Path, default=HERE, help="where to write the results")
    args = parser.parse_args(argv)
    keys = args.only or list(games.ENGINES)
    matches = [
        Match(key, seed, opponent.value, seed % 2, args.iterations, args.seconds)
        for key in keys
        for opponent in (Level.EASY, Level.NORMAL)
        for seed in range(args.games)
    ]
    results = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for done, result in enumerate(pool.map(play, matches), start=1):
            results.append(result)
            outcome = "won" if result.won else "shared" if result.shared else "lost"
            print(
                f"[{done}/{len(matches)}] {result.game} vs {result.opponent}, seed "
                f"{result.seed}: hard {outcome} ({result.seconds:.1f} s)",
                file=sys.stderr,
                flush=True,
            )
    rows = summarize(results)
    text = report(rows, args)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "AI_STRENGTH.md").write_text(text, encoding="utf-8")
    payload = {
        "games_per_matchup": args.games,
        "iterations": args.iterations,
        "seconds": args.seconds,
        "rows": rows,
        "results": [asdict(r) for r in results],
    }
    (args.out / "AI_STRENGTH.json").write_text(json.dumps(payload, indent=1), encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
