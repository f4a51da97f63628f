"""How strong the AI levels are, and how the games balance when the AI plays them.

    .venv/bin/python -m bench.ai_strength                     # every game, 200 games a match-up
    .venv/bin/python -m bench.ai_strength --only marginalia --jobs 2
    .venv/bin/python -m bench.ai_strength --report            # only rewrite the reports

Three match-ups, each at each game's smallest and largest table (``bench_configurations``,
the first of each size, Magic Spell at its default semester): ``hard`` against ``easy``,
``hard`` against ``normal`` and ``normal`` against ``easy``, one seat of the first level
against the rest of the second, seeded 0, 1, 2 … with the first level's seat moving round the
table from game to game. The seats the game waits on move, as at the bot's tables (an AI
never starts a trade between turns). Every decision thinks for a fixed number of iterations
(``--iterations``, 200; Magic Spell's ``hard`` match-ups 100, over 60 games: its games run to
hundreds of decisions), never by the clock, so that the result does not depend on the host's
load; each game's processor time is recorded beside it. Every turn is bounded as at the
bot's tables (``games.ai.Tally``), and a game is cut at its engine's step limit, recorded as
unfinished.

Every game played is appended at once to ``bench/AI_STRENGTH.jsonl``, one JSON object a
line, so a run that is stopped loses at most the games in progress, and the next run carries
on where it stopped; a match-up whose 95% interval already lies wholly above or below its
target plays no more games. The summary (``bench/AI_STRENGTH.md``, ``bench.strength_report``)
is rewritten from that file after every game. ``--balance`` plays self-play instead, every
seat at one level, for the balance reports (``bench.balance``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import fields
from pathlib import Path
from typing import Any

from pydantic import BaseModel

import games
from bench import balance
from bench.strength_report import (
    Match,
    Record,
    ai_version,
    append,
    group_key,
    load,
    score,
    settled,
    strength_report,
    wilson,
)
from games.ai import HARD_ITERATIONS, Budget, Level, Tally, choose
from games.core import Engine

__all__ = ["Match", "Record", "load", "run", "strength_matches", "strength_report", "wilson"]

HERE = Path(__file__).resolve().parent
RAW = HERE / "AI_STRENGTH.jsonl"
GAMES = 200
#: Search iterations a decision makes, unless the game says otherwise (``HARD_BUDGETS``): the
#: bot's own.
ITERATIONS = HARD_ITERATIONS
#: (iterations, games) of a game's ``hard`` match-ups, where its games are long: Magic
#: Spell's run to hundreds of decisions, about a CPU-minute a game at 100 iterations.
HARD_BUDGETS: dict[str, tuple[int, int]] = {"magic-spell": (100, 60)}
#: Options the strength match-ups play a game with, over its benchmark table's: Magic Spell
#: at its default semester (until a courseload is complete), as tables play it by default.
STRENGTH_OPTIONS: dict[str, dict[str, Any]] = {"magic-spell": {"rounds": None}}
#: The levels of a game's balance self-play: ``normal`` everywhere (cheap, so every table is
#: measured well), ``hard`` too.
SELF_PLAY: tuple[Level, ...] = (Level.NORMAL, Level.HARD)
#: (level, opponents' level, the score the level must reach).
MATCHUPS: tuple[tuple[Level, Level, float], ...] = (
    (Level.HARD, Level.EASY, 0.90),
    (Level.HARD, Level.NORMAL, 0.60),
    (Level.NORMAL, Level.EASY, 0.70),
)


def tables(engine: Engine[Any, Any]) -> list[tuple[int, BaseModel]]:
    """The smallest and the largest table the game is measured at (the first configuration of
    each size in ``bench_configurations``, with ``STRENGTH_OPTIONS`` over its options)."""
    configurations = engine.bench_configurations()
    fewest = min(p for p, _ in configurations)
    most = max(p for p, _ in configurations)
    chosen = [next(c for c in configurations if c[0] == fewest)]
    if most != fewest:
        chosen.append(next(c for c in configurations if c[0] == most))
    update = STRENGTH_OPTIONS.get(engine.key, {})
    return [(players, options.model_copy(update=update)) for players, options in chosen]


def needed(game: str, level: str) -> int:
    """The full count of games a match-up of ``level`` in ``game`` is judged on."""
    return HARD_BUDGETS[game][1] if level == Level.HARD and game in HARD_BUDGETS else GAMES


def budget_of(game: str, level: Level, iterations: int) -> tuple[int, int]:
    """(iterations, games) of a match-up of ``level`` in ``game``."""
    if level is Level.HARD and game in HARD_BUDGETS:
        return HARD_BUDGETS[game]
    return iterations, GAMES


def _options(options: BaseModel) -> dict[str, Any]:
    dumped: dict[str, Any] = options.model_dump(mode="json", exclude_defaults=True)
    return dumped


def strength_matches(
    keys: Sequence[str], count: int, iterations: int, only: Sequence[str] = ()
) -> Iterator[Match]:
    """Every game of the strength match-ups (``only`` those named ``hard/easy`` …), at most
    ``count`` a match-up: seed by seed across tables, games and match-ups, so that a run
    stopped early has measured all of them a little rather than one of them well."""
    for seed in range(count):
        for size in (0, 1):
            for key in keys:
                table = tables(games.get(key))
                if size >= len(table):
                    continue
                players, options = table[size]
                for level, opponent, _ in MATCHUPS:
                    if only and f"{level}/{opponent}" not in only:
                        continue
                    spend, games_needed = budget_of(key, level, iterations)
                    if seed >= games_needed:
                        continue
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
                        spend,
                    )


def balance_matches(
    keys: Sequence[str], count: int, iterations: int, only_levels: Sequence[str] = ()
) -> Iterator[Match]:
    """Self-play at every table of every game (first-seat advantage, game length, Strange &
    Norrell's fairy at each difficulty), ``normal`` and ``hard``; seed by seed across them
    all, as the match-ups, ``normal`` first (it costs next to nothing)."""
    for level in SELF_PLAY:
        if only_levels and level.value not in only_levels:
            continue
        for seed in range(count):
            for key in keys:
                engine = games.get(key)
                for players, options in engine.bench_configurations():
                    spend, games_needed = budget_of(key, level, iterations)
                    if seed >= games_needed:
                        continue
                    yield Match(
                        key,
                        players,
                        _options(options),
                        seed,
                        tuple([level.value] * players),
                        0,
                        spend,
                    )


def play(match: Match) -> Record:
    """Play one seeded game, at most its engine's step limit of decisions; the seats the
    game waits on move, as at the bot's tables, every turn bounded as there."""
    engine = games.get(match.game)
    options = engine.options(match.options)
    state = engine.new_game(match.players, match.seed, options)
    rng = random.Random(match.seed)
    tally = Tally()
    started, cpu = time.perf_counter(), time.process_time()
    actions = turns = 0
    previous = -1
    slowest = 0.0
    budget = Budget(iterations=match.iterations)
    for _ in range(engine.step_limit):
        if engine.outcome(state) is not None:
            break
        seat = rng.choice(sorted(engine.waiting_for(state) or engine.to_act(state)))
        so_far = tally.so_far(engine, state, seat)
        thinking = time.perf_counter()
        level = match.levels[seat]
        action = choose(engine, state, seat, level, rng=rng, budget=budget, so_far=so_far)
        slowest = max(slowest, time.perf_counter() - thinking)
        if tally.record(engine, state, seat, action):
            print(
                f"{match.game} seed {match.seed}: seat {seat + 1} took {so_far.decisions} "
                "decisions in a turn; the AI ends it",
                file=sys.stderr,
                flush=True,
            )
        state = engine.apply(state, seat, action).state
        actions += 1
        turns += seat != previous
        previous = seat
    outcome = engine.outcome(state)
    ended = outcome is not None
    if outcome is None:  # cut at the step limit: nobody wins a game that never ended
        scores: tuple[float, ...] = tuple(0.0 for _ in range(match.players))
        winners: tuple[int, ...] = ()
    else:
        scores, winners = tuple(outcome.scores), tuple(sorted(outcome.winners))
    return _record(
        match,
        scores,
        winners,
        actions,
        turns,
        balance.notes(match.game, state),
        time.perf_counter() - started,
        slowest,
        time.process_time() - cpu,
        ended,
        tally.closed,
    )


def _record(
    match: Match,
    scores: tuple[float, ...],
    winners: tuple[int, ...],
    actions: int,
    turns: int,
    notes: dict[str, Any],
    wall: float,
    slowest: float,
    cpu: float,
    ended: bool,
    closed: int,
) -> Record:
    return Record(
        **{field.name: getattr(match, field.name) for field in fields(Match)},
        seconds=None,
        scores=scores,
        winners=winners,
        actions=actions,
        turns=turns,
        notes=notes,
        wall_seconds=wall,
        slowest_decision=slowest,
        cpu_seconds=cpu,
        ended=ended,
        closed_turns=closed,
        ai=ai_version(match.game),
    )


# ------------------------------------------------------------------------------- running
TARGETS: dict[tuple[str, str], float] = {(a.value, b.value): t for a, b, t in MATCHUPS}


def run(matches: Sequence[Match], jobs: int, path: Path, after: Callable[[], None]) -> int:
    """Play the matches not yet recorded in ``path``, appending each as it ends, ``jobs``
    games at a time; calls ``after()`` after each. A match-up whose interval already lies
    wholly above or below its target plays no more. Returns how many were played."""
    records = load(path)
    done = {record.key for record in records}
    scores: dict[tuple[Any, ...], list[float]] = {}
    for record in records:
        key = group_key(record)
        if key is not None:
            scores.setdefault(key, []).append(score(record))

    def wanted(match: Match) -> bool:
        group = group_key(match)
        if group is None:
            return True
        target = TARGETS.get((group[3], group[4]))
        return target is None or settled(scores.get(group, []), target) is None

    todo = [m for m in matches if m.key not in done]
    print(f"{len(done)} games on record, {len(todo)} to play", file=sys.stderr, flush=True)
    played = 0
    queue = iter(todo)

    def following() -> Match | None:
        for match in queue:
            if wanted(match):
                return match
        return None

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: dict[Future[Record], Match] = {}
        while len(pending) < 2 * jobs and (match := following()) is not None:
            pending[pool.submit(play, match)] = match
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                pending.pop(future)
                record = future.result()
                append(record, path)
                key = group_key(record)
                if key is not None:
                    scores.setdefault(key, []).append(score(record))
                played += 1
                after()
                print(
                    f"[{played}] {record.game} {record.players}p "
                    f"{'/'.join(record.levels)} seed {record.seed}: winners "
                    f"{list(record.winners)} ({record.cpu_seconds:.1f} CPU s)",
                    file=sys.stderr,
                    flush=True,
                )
                match = following()
                if match is not None:
                    pending[pool.submit(play, match)] = match
    return played


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games not yet on record and rewrite the reports."""
    parser = argparse.ArgumentParser(prog="python -m bench.ai_strength", description=__doc__)
    parser.add_argument("--games", type=int, default=GAMES, help=f"games a match-up ({GAMES})")
    parser.add_argument(
        "--iterations",
        type=int,
        default=ITERATIONS,
        help=f"search iterations a decision ({ITERATIONS}; Magic Spell's hard: 100)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--only", action="append", default=[], help="a game key (repeatable)")
    parser.add_argument(
        "--matchup",
        action="append",
        default=[],
        help="only this match-up, e.g. normal/easy (repeatable)",
    )
    parser.add_argument("--balance", action="store_true", help="self-play for the balance")
    parser.add_argument(
        "--level", action="append", default=[], help="with --balance: only this level's self-play"
    )
    parser.add_argument("--report", action="store_true", help="only rewrite the reports")
    parser.add_argument("--raw", type=Path, default=RAW, help="the raw results (appended)")
    parser.add_argument("--out", type=Path, default=HERE, help="where the reports go")
    args = parser.parse_args(argv)
    keys = args.only or list(games.ENGINES)

    def write() -> None:
        records = load(args.raw)
        left_out = len(load(args.raw, every=True)) - len(records)
        args.out.mkdir(parents=True, exist_ok=True)
        text = strength_report(records, TARGETS, needed, left_out)
        (args.out / "AI_STRENGTH.md").write_text(text, encoding="utf-8")
        balance.write(records, args.out)

    if not args.report:
        if args.balance:
            matches = list(balance_matches(keys, args.games, args.iterations, args.level))
        else:
            matches = list(strength_matches(keys, args.games, args.iterations, args.matchup))
        run(matches, args.jobs, args.raw, write)
    write()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
