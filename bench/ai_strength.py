"""How strong the AI levels are, and how the games balance when the AI plays them.

    .venv/bin/python -m bench.ai_strength                     # every game, 200 games a match-up
    .venv/bin/python -m bench.ai_strength --only marginalia --iterations 300 --jobs 2
    .venv/bin/python -m bench.ai_strength --report            # only rewrite the reports

Three match-ups, each at each game's smallest and largest table (``bench_configurations``,
the first of each size): ``hard`` against ``easy``, ``hard`` against ``normal`` and
``normal`` against ``easy``, one seat of the first level against the rest of the second,
seeded 0, 1, 2 … with the first level's seat moving round the table from game to game. The
seats the game waits on move, as at the bot's tables (an AI never starts a trade between
turns). A decision thinks for ``--seconds`` (the bot's default, 2 s) or ``--iterations``,
whichever ends first; a shared first place counts half.

Every game played is appended at once to ``bench/AI_STRENGTH.jsonl``, one JSON object a
line, so a run that is stopped loses at most the games in progress, and the next run with the
same budget carries on where it stopped. The summary (``bench/AI_STRENGTH.md``, with 95%
Wilson intervals and the targets: ``hard`` ≥ 90% against ``easy`` and ≥ 60% against
``normal``, ``normal`` ≥ 70% against ``easy``) is rewritten from that file after every game.
``--balance`` plays ``hard`` self-play instead, and ``normal`` and ``hard`` self-play at
every difficulty of a cooperative game, for the balance reports (``bench.balance``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

import games
from bench import balance
from bot.ai.seats import ITERATIONS, TIME_LIMIT
from games.ai import Budget, Level, choose, deadline_after, never
from games.core import Engine

HERE = Path(__file__).resolve().parent
RAW = HERE / "AI_STRENGTH.jsonl"
GAMES = 200
#: The levels that play each other in a game's balance self-play, where ``hard`` alone is not
#: enough: Strange & Norrell's fairy is measured against ``normal`` and ``hard`` tables.
SELF_PLAY: dict[str, tuple[Level, ...]] = {"strange-norrell": (Level.NORMAL, Level.HARD)}
#: (level, opponents' level, the score the level must reach).
MATCHUPS: tuple[tuple[Level, Level, float], ...] = (
    (Level.HARD, Level.EASY, 0.90),
    (Level.HARD, Level.NORMAL, 0.60),
    (Level.NORMAL, Level.EASY, 0.70),
)


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
    seconds: float | None

    @property
    def key(self) -> tuple[Any, ...]:
        """What makes two records the same game: a resumed run skips games already played."""
        return (
            self.game,
            self.players,
            json.dumps(self.options, sort_keys=True),
            self.seed,
            self.levels,
            self.iterations,
            self.seconds,
        )


@dataclass(frozen=True)
class Record:
    """How one game went: the match, the outcome, and how long it took."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    levels: tuple[str, ...]
    subject: int
    iterations: int
    seconds: float | None
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    actions: int
    turns: int
    """How often the seat to move changed: turns, roughly, in any game."""
    notes: dict[str, Any]
    """What the balance report of this game wants to know of the final state (``PROBES``)."""
    wall_seconds: float
    slowest_decision: float

    @property
    def key(self) -> tuple[Any, ...]:
        """The same key as the match it records."""
        return Match(
            self.game,
            self.players,
            self.options,
            self.seed,
            self.levels,
            self.subject,
            self.iterations,
            self.seconds,
        ).key


def tables(engine: Engine[Any, Any]) -> list[tuple[int, BaseModel]]:
    """The smallest and the largest table the game is measured at (the first configuration of
    each size in ``bench_configurations``)."""
    configurations = engine.bench_configurations()
    fewest = min(p for p, _ in configurations)
    most = max(p for p, _ in configurations)
    chosen = [next(c for c in configurations if c[0] == fewest)]
    if most != fewest:
        chosen.append(next(c for c in configurations if c[0] == most))
    return chosen


def _options(options: BaseModel) -> dict[str, Any]:
    dumped: dict[str, Any] = options.model_dump(mode="json", exclude_defaults=True)
    return dumped


def strength_matches(
    keys: Sequence[str], count: int, iterations: int, seconds: float | None
) -> Iterator[Match]:
    """Every game of the strength match-ups: the smallest tables of every game first, seed
    by seed across games and match-ups, so that a run stopped early has measured all of
    them a little rather than one of them well."""
    for size in (0, 1):
        for seed in range(count):
            for key in keys:
                table = tables(games.get(key))
                if size >= len(table):
                    continue
                players, options = table[size]
                for level, opponent, _ in MATCHUPS:
                    subject = seed % players
                    levels = [opponent.value] * players
                    levels[subject] = level.value
                    yield Match(
                        key,
                        players,
                        _options(options),
                        seed,
                        tuple(levels),
                        subject,
                        iterations,
                        seconds,
                    )


def balance_matches(
    keys: Sequence[str],
    count: int,
    iterations: int,
    seconds: float | None,
    only_levels: Sequence[str] = (),
) -> Iterator[Match]:
    """``hard`` self-play at every table of every game (first-seat advantage, game length),
    and in Strange & Norrell ``normal`` self-play too, for the fairy at each difficulty; seed
    by seed across them all, as the match-ups."""
    for seed in range(count):
        for key in keys:
            engine = games.get(key)
            for players, options in engine.bench_configurations():
                for level in SELF_PLAY.get(key, (Level.HARD,)):
                    if only_levels and level.value not in only_levels:
                        continue
                    yield Match(
                        key,
                        players,
                        _options(options),
                        seed,
                        tuple([level.value] * players),
                        0,
                        iterations,
                        seconds,
                    )


def play(match: Match) -> Record:
    """Play one seeded game; the seats the game waits on move, as at the bot's tables."""
    engine = games.get(match.game)
    options = engine.options(match.options)
    state = engine.new_game(match.players, match.seed, options)
    rng = random.Random(match.seed)
    started = time.perf_counter()
    actions = turns = 0
    previous = -1
    slowest = 0.0
    while (outcome := engine.outcome(state)) is None:
        seat = rng.choice(sorted(engine.waiting_for(state) or engine.to_act(state)))
        deadline = never if match.seconds is None else deadline_after(match.seconds, time.monotonic)
        budget = Budget(iterations=match.iterations, deadline=deadline)
        thinking = time.perf_counter()
        action = choose(engine, state, seat, match.levels[seat], rng=rng, budget=budget)
        slowest = max(slowest, time.perf_counter() - thinking)
        state = engine.apply(state, seat, action).state
        actions += 1
        turns += seat != previous
        previous = seat
    return Record(
        game=match.game,
        players=match.players,
        options=match.options,
        seed=match.seed,
        levels=match.levels,
        subject=match.subject,
        iterations=match.iterations,
        seconds=match.seconds,
        scores=tuple(outcome.scores),
        winners=tuple(sorted(outcome.winners)),
        actions=actions,
        turns=turns,
        notes=balance.notes(match.game, state),
        wall_seconds=time.perf_counter() - started,
        slowest_decision=slowest,
    )


# ----------------------------------------------------------------------------- the record
def load(path: Path = RAW) -> list[Record]:
    """Every game recorded so far, each once (a line cut short by a stopped run is skipped,
    and so is a game two runs at once both played)."""
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
        if record.key not in seen:
            seen.add(record.key)
            records.append(record)
    return records


def append(record: Record, path: Path = RAW) -> None:
    """Add one game to the record, at once, so a stopped run loses nothing already played."""
    with path.open("a", encoding="utf-8") as raw:
        raw.write(json.dumps(asdict(record), sort_keys=True) + "\n")
        raw.flush()


# ---------------------------------------------------------------------------- the summary
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
    """What the game is worth to the subject's seat: 1 alone first, a share when tied."""
    if record.subject not in record.winners:
        return 0.0
    return 1.0 / len(record.winners)


def _budget(record: Record) -> str:
    limit = f"{record.iterations} iterations"
    return limit + (f" or {record.seconds:g} s" if record.seconds is not None else "")


def strength_rows(records: Sequence[Record]) -> list[dict[str, Any]]:
    """One row per game, table, match-up and budget: games, score, interval, target."""
    groups: dict[tuple[Any, ...], list[Record]] = {}
    for record in records:
        levels = set(record.levels)
        if len(levels) != 2:
            continue
        level = record.levels[record.subject]
        opponent = next(iter(levels - {level}))
        label = json.dumps(record.options, sort_keys=True)
        key = (record.game, record.players, label, level, opponent, _budget(record))
        groups.setdefault(key, []).append(record)
    targets = {(a.value, b.value): t for a, b, t in MATCHUPS}
    rows = []
    order = list(games.ENGINES)
    for key in sorted(groups, key=lambda k: (order.index(k[0]) if k[0] in order else 99, k)):
        mine = groups[key]
        won = sum(score(r) for r in mine)
        low, high = wilson(won, len(mine))
        target = targets.get((key[3], key[4]))
        rows.append(
            {
                "game": key[0],
                "players": key[1],
                "options": key[2],
                "level": key[3],
                "opponent": key[4],
                "budget": key[5],
                "games": len(mine),
                "score": won / len(mine),
                "ci95": (low, high),
                "target": target,
                "met": None if target is None else won / len(mine) >= target,
                "seconds_per_game": sum(r.wall_seconds for r in mine) / len(mine),
                "slowest_decision": max(r.slowest_decision for r in mine),
            }
        )
    return rows


def strength_report(records: Sequence[Record]) -> str:
    """The strength match-ups as a Markdown table."""
    lines = [
        "# AI strength",
        "",
        "One seat of a level against the rest of the table at the other, seeded games with the",
        "level's seat moving round the table; score = (wins + shared first places shared) /",
        "games, with 95% Wilson intervals. Targets: `hard` ≥ 90% against `easy` and ≥ 60%",
        "against `normal`, `normal` ≥ 70% against `easy`, over 200 games a match-up. Raw",
        "results: `AI_STRENGTH.jsonl` (`python -m bench.ai_strength` resumes them).",
        "",
        "A target is *met* when the score reaches it; *sure* when the whole interval does.",
        "",
        "| game | table | level | vs | budget | games | score | 95% CI | target | met |"
        " s/game | slowest decision |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in strength_rows(records):
        low, high = r["ci95"]
        table = f"{r['players']}p" + ("" if r["options"] == "{}" else f" {r['options']}")
        target = "—" if r["target"] is None else f"{r['target']:.0%}"
        met = "—" if r["met"] is None else ("sure" if low >= r["target"] else "yes")
        if r["met"] is False:
            met = "no"
        lines.append(
            f"| {r['game']} | {table} | {r['level']} | {r['opponent']} | {r['budget']} "
            f"| {r['games']} | {r['score']:.0%} | {low:.0%}–{high:.0%} | {target} | {met} "
            f"| {r['seconds_per_game']:.1f} | {r['slowest_decision']:.2f} s |"
        )
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------- running
def run(matches: Sequence[Match], jobs: int, path: Path, after: Any) -> int:
    """Play the matches not yet recorded in ``path``, appending each as it ends; calls
    ``after()`` after each. Returns how many were played."""
    done = {record.key for record in load(path)}
    todo = [m for m in matches if m.key not in done]
    print(f"{len(done)} games on record, {len(todo)} to play", file=sys.stderr, flush=True)
    played = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: dict[Future[Record], Match] = {}
        queue = iter(todo)
        for match in queue:
            pending[pool.submit(play, match)] = match
            if len(pending) >= 2 * jobs:
                break
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                pending.pop(future)
                record = future.result()
                append(record, path)
                played += 1
                after()
                print(
                    f"[{played}/{len(todo)}] {record.game} {record.players}p "
                    f"{'/'.join(record.levels)} seed {record.seed}: winners "
                    f"{list(record.winners)} ({record.wall_seconds:.1f} s)",
                    file=sys.stderr,
                    flush=True,
                )
                following = next(queue, None)
                if following is not None:
                    pending[pool.submit(play, following)] = following
    return played


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games not yet on record and rewrite the reports."""
    parser = argparse.ArgumentParser(prog="python -m bench.ai_strength", description=__doc__)
    parser.add_argument("--games", type=int, default=GAMES, help=f"games a match-up ({GAMES})")
    parser.add_argument(
        "--iterations", type=int, default=ITERATIONS, help=f"most iterations ({ITERATIONS})"
    )
    parser.add_argument(
        "--seconds", type=float, default=TIME_LIMIT, help=f"seconds a decision ({TIME_LIMIT})"
    )
    parser.add_argument("--no-clock", action="store_true", help="iterations alone, no clock")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--only", action="append", default=[], help="a game key (repeatable)")
    parser.add_argument("--balance", action="store_true", help="self-play for the balance")
    parser.add_argument(
        "--level", action="append", default=[], help="with --balance: only this level's self-play"
    )
    parser.add_argument("--report", action="store_true", help="only rewrite the reports")
    parser.add_argument("--raw", type=Path, default=RAW, help="the raw results (appended)")
    parser.add_argument("--out", type=Path, default=HERE, help="where the reports go")
    args = parser.parse_args(argv)

    seconds = None if args.no_clock else args.seconds
    keys = args.only or list(games.ENGINES)

    def write() -> None:
        records = load(args.raw)
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "AI_STRENGTH.md").write_text(strength_report(records), encoding="utf-8")
        balance.write(records, args.out)

    if not args.report:
        if args.balance:
            matches = list(balance_matches(keys, args.games, args.iterations, seconds, args.level))
        else:
            matches = list(strength_matches(keys, args.games, args.iterations, seconds))
        run(matches, args.jobs, args.raw, write)
    write()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
