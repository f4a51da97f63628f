"""How long drawing a board picture takes, per game: the target is 50 ms or less.

    .venv/bin/python -m bench.pictures [--positions 12] [--repeat 3]

For each game it draws the public view and one seat's view of positions sampled from seeded
random games (the start, the middle and the end), each several times, and prints the median
and the slowest time in milliseconds, the median when no word has been drawn before (a bot
just started), and the pictures' size.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from typing import Any

import games
from games.core import Engine
from games.core.picture import forget_text
from games.core.playout import random_position

TARGET_MS = 50.0


def _views(engine: Engine[Any, Any], positions: int) -> list[Any]:
    views = []
    configurations = engine.configurations()
    for index in range(positions):
        players, options = configurations[index % len(configurations)]
        steps = (0, 40, 150, engine.step_limit)[index % 4]
        state = random_position(engine, players, seed=100 + index, steps=steps, options=options)
        views += [engine.view(state, None), engine.view(state, index % players)]
    return views


def measure(
    engine: Engine[Any, Any], positions: int, repeat: int, *, cold: bool
) -> tuple[float, float, int]:
    """Median and slowest time to draw one picture, in ms, and the mean PNG size in bytes.

    ``cold``: every word is rasterized afresh, as if no picture had been drawn before;
    otherwise the words of earlier pictures are reused, as in a running bot.
    """
    views = _views(engine, positions)
    names = [f"Player {n}" for n in range(1, 6)]
    engine.picture(views[0], names)  # fonts load once per process, not once per picture
    times: list[float] = []
    sizes: list[int] = []
    for _ in range(repeat):
        for view in views:
            if cold:
                forget_text()
            start = time.perf_counter()
            png = engine.picture(view, names)
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(png or b""))
    return statistics.median(times), max(times), int(statistics.mean(sizes))


def main(argv: Sequence[str] | None = None) -> int:
    """Print the timings; the exit status is 1 when a game's median misses the target."""
    parser = argparse.ArgumentParser(prog="python -m bench.pictures", description=__doc__)
    parser.add_argument("--positions", type=int, default=12, help="positions per game")
    parser.add_argument("--repeat", type=int, default=3, help="times each view is drawn")
    args = parser.parse_args(argv)
    print(f"{'game':<18} {'median ms':>10} {'slowest ms':>11} {'cold median':>12} {'PNG KiB':>8}")
    missed = False
    for key, engine in games.ENGINES.items():
        median, slowest, size = measure(engine, args.positions, args.repeat, cold=False)
        cold, _, _ = measure(engine, args.positions, 1, cold=True)
        missed |= median > TARGET_MS
        print(f"{key:<18} {median:>10.1f} {slowest:>11.1f} {cold:>12.1f} {size / 1024:>8.0f}")
    print(f"target: median ≤ {TARGET_MS:.0f} ms per picture")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
