"""How long drawing a board picture takes, per game: the target is 50 ms or less.

    .venv/bin/python -m bench.pictures [--positions 12] [--repeat 3]

For each game it draws the public view and one seat's view of positions sampled from seeded
random games (the start, the middle and the end), each several times, and prints the median,
the 95th percentile and the slowest time in milliseconds of this process's processor time
(the median on the clock beside it), the median when no word has been drawn before (a bot
just started), and the pictures' size. ``python -m bench --only pictures`` measures the same
and writes it with the other results.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import games
from bench.scale import FULL, Scale
from bench.stats import percentile
from bench.targets import MAX_PICTURE_MS
from games.core import Engine
from games.core.picture import forget_text
from games.core.playout import random_position

_NAMES = [f"Player {n}" for n in range(1, 6)]


def _views(engine: Engine[Any, Any], positions: int) -> list[Any]:
    views = []
    configurations = engine.bench_configurations()
    for index in range(positions):
        players, options = configurations[index % len(configurations)]
        steps = (0, 40, 150, engine.step_limit)[index % 4]
        state = random_position(engine, players, seed=100 + index, steps=steps, options=options)
        views += [engine.view(state, None), engine.view(state, index % players)]
    return views


def _draw_times(
    engine: Engine[Any, Any], views: list[Any], repeat: int, *, cold: bool
) -> tuple[list[float], list[float], list[int]]:
    """Processor and wall time of each drawing, in ms, and each PNG's size in bytes."""
    cpu: list[float] = []
    wall: list[float] = []
    sizes: list[int] = []
    for _ in range(repeat):
        for view in views:
            if cold:
                forget_text()
            started, cpu_started = time.perf_counter(), time.process_time()
            png = engine.picture(view, _NAMES)
            cpu.append((time.process_time() - cpu_started) * 1000)
            wall.append((time.perf_counter() - started) * 1000)
            sizes.append(len(png or b""))
    return cpu, wall, sizes


def draws_pictures(engine: Engine[Any, Any]) -> bool:
    """Whether the game draws pictures at all (``Engine.picture`` may answer ``None``)."""
    players, options = engine.bench_configurations()[0]
    return engine.picture(engine.view(engine.new_game(players, 0, options), None)) is not None


def measure(engine: Engine[Any, Any], positions: int, repeat: int) -> dict[str, Any]:
    """Drawing times of one game's pictures, in ms, and their size.

    Each view is drawn ``repeat`` times with the words of earlier pictures reused, as in a
    running bot, then once more each with every word rasterized afresh (*cold*), as if no
    picture had been drawn before. Times are this process's processor time per picture
    (``cpu``), which other work on a shared machine does not eat into, with the wall-clock
    median beside them.
    """
    views = _views(engine, positions)
    engine.picture(views[0], _NAMES)  # fonts load once per process, not once per picture
    cpu, wall, sizes = _draw_times(engine, views, repeat, cold=False)
    cold_cpu, cold_wall, _ = _draw_times(engine, views, 1, cold=True)
    return {
        "game": engine.key,
        "title": engine.title,
        "pictures": len(cpu),
        "median_ms": statistics.median(cpu),
        "p95_ms": percentile(cpu, 0.95),
        "max_ms": max(cpu),
        "wall_median_ms": statistics.median(wall),
        "wall_max_ms": max(wall),
        "cold_median_ms": statistics.median(cold_cpu),
        "cold_wall_median_ms": statistics.median(cold_wall),
        "png_bytes_mean": statistics.mean(sizes),
        "png_bytes_max": max(sizes),
    }


def run(scale: Scale, progress: Callable[[str], None]) -> list[dict[str, Any]]:
    """Every registered game's drawing times, at the scale's number of positions; a game
    that draws no pictures has nothing to time."""
    results = []
    for engine in games.ENGINES.values():
        if not draws_pictures(engine):
            continue
        progress(f"pictures: {engine.key}")
        results.append(measure(engine, scale.picture_positions, scale.picture_repeat))
    return results


def main(argv: Sequence[str] | None = None) -> int:
    """Print the timings; the exit status is 1 when a game's median misses the target."""
    parser = argparse.ArgumentParser(prog="python -m bench.pictures", description=__doc__)
    parser.add_argument(
        "--positions", type=int, default=FULL.picture_positions, help="positions per game"
    )
    parser.add_argument(
        "--repeat", type=int, default=FULL.picture_repeat, help="times each view is drawn"
    )
    args = parser.parse_args(argv)
    print(
        f"{'game':<18} {'median ms':>10} {'p95 ms':>7} {'slowest ms':>11} {'wall median':>12}"
        f" {'cold median':>12} {'PNG KiB':>8}"
    )
    missed = False
    for engine in games.ENGINES.values():
        if not draws_pictures(engine):
            continue
        row = measure(engine, args.positions, args.repeat)
        missed |= row["median_ms"] > MAX_PICTURE_MS
        print(
            f"{row['game']:<18} {row['median_ms']:>10.1f} {row['p95_ms']:>7.1f}"
            f" {row['max_ms']:>11.1f} {row['wall_median_ms']:>12.1f}"
            f" {row['cold_median_ms']:>12.1f} {row['png_bytes_mean'] / 1024:>8.0f}"
        )
    print(f"target: median ≤ {MAX_PICTURE_MS:.0f} ms of processor time per picture")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
