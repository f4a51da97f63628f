"""How long a replay takes to show one frame of a long game: the target is well under a second.

    .venv/bin/python -m bench.replays [--frames 200]

A seeded random Magic Spell game of at least 1,000 decisions (the first seed of the
benchmark configurations that plays that long) is loaded as ``/game replay`` loads it (one
pass keeping a state every few moves, ``bot.replays.track.Track``); then frames are
shown as a member clicking through it would: ▶ from the deal, ◀ from the end, and jumps to
moves drawn at random ("go to move"). A frame is the position (replayed from the nearest
kept state), the viewpoint's view, its board and its picture — everything but Discord.
``python -m bench --only replays`` measures the same and writes it with the other results.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import games
from bench.scale import FULL, Scale
from bench.stats import percentile
from bench.targets import MAX_REPLAY_FRAME_MS
from bot.replays.track import Track
from games.core import Engine
from games.core.playout import random_playout

GAME = "magic-spell"
DECISIONS = 1_000
_NAMES = [f"Player {n}" for n in range(1, 6)]


def long_game(engine: Engine[Any, Any]) -> tuple[int, int, dict[str, Any], list[tuple[int, str]]]:
    """Seats, seed, options and moves of the first seeded random game of at least
    ``DECISIONS`` decisions, trying the benchmark configurations in turn."""
    for seed in range(1, 50):
        for players, options in engine.bench_configurations():
            played = random_playout(engine, players, seed, options)
            if len(played.actions) >= DECISIONS:
                return players, seed, options.model_dump(), played.actions
    raise RuntimeError(f"no seeded {engine.title} game reached {DECISIONS} decisions")


def _frame(track: Track, number: int, seat: int | None) -> None:
    engine = track.engine
    state, _ = track.position(number)
    view = engine.view(state, seat)
    engine.describe(view)
    engine.picture(view, _NAMES)


def _timed(track: Track, numbers: Sequence[int], seat: int | None) -> list[float]:
    times = []
    for number in numbers:
        started = time.perf_counter()
        _frame(track, number, seat)
        times.append((time.perf_counter() - started) * 1000)
    return times


def measure(frames: int) -> dict[str, Any]:
    """Loading the long game, then ``frames`` frames of each kind of step, in ms."""
    engine = games.get(GAME)
    players, seed, options, moves = long_game(engine)
    started = time.perf_counter()
    track = Track(engine, players=players, seed=seed, options=options, moves=moves)
    load_ms = (time.perf_counter() - started) * 1000
    engine.picture(engine.view(track.position(0)[0], None), _NAMES)  # fonts load once
    last = track.last
    rng = random.Random(seed)
    steps = {
        "forward": list(range(1, min(frames, last) + 1)),
        "back": list(range(last - 1, max(last - 1 - frames, -1), -1)),
        "jump": [rng.randint(0, last) for _ in range(frames)],
    }
    # Each kind from a fresh track, so no kind profits from positions another one left.
    rows = {}
    for kind, numbers in steps.items():
        fresh = Track(engine, players=players, seed=seed, options=options, moves=moves)
        times = _timed(fresh, numbers, seat=numbers[0] % players if kind == "jump" else None)
        rows[kind] = {
            "frames": len(times),
            "median_ms": statistics.median(times),
            "p95_ms": percentile(times, 0.95),
            "max_ms": max(times),
        }
    return {
        "game": GAME,
        "title": engine.title,
        "players": players,
        "seed": seed,
        "decisions": last,
        "load_ms": load_ms,
        "steps": rows,
        "slowest_ms": max(kind["max_ms"] for kind in rows.values()),
        "p95_ms": max(kind["p95_ms"] for kind in rows.values()),
    }


def run(scale: Scale, progress: Callable[[str], None]) -> dict[str, Any]:
    """The replay measure at the scale's number of frames."""
    progress(f"replays: a {DECISIONS:,}-decision {GAME} game")
    return measure(scale.replay_frames)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the timings; the exit status is 1 when the target is missed."""
    parser = argparse.ArgumentParser(prog="python -m bench.replays", description=__doc__)
    parser.add_argument("--frames", type=int, default=FULL.replay_frames, help="frames per kind")
    args = parser.parse_args(argv)
    row = measure(args.frames)
    print(
        f"{row['title']}, {row['players']} seats, seed {row['seed']}: {row['decisions']:,}"
        f" decisions, loaded in {row['load_ms']:.0f} ms"
    )
    print(f"{'step':<8} {'frames':>7} {'median ms':>10} {'p95 ms':>7} {'slowest ms':>11}")
    for kind, r in row["steps"].items():
        print(
            f"{kind:<8} {r['frames']:>7} {r['median_ms']:>10.1f} {r['p95_ms']:>7.1f}"
            f" {r['max_ms']:>11.1f}"
        )
    print(f"target: p95 ≤ {MAX_REPLAY_FRAME_MS:.0f} ms per frame")
    return 0 if row["p95_ms"] <= MAX_REPLAY_FRAME_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
