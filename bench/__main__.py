"""``python -m bench``: run the benchmarks and write the results.

The full run (the default, ``make bench``) writes ``bench/RESULTS.md`` and
``bench/results.json`` and judges the targets; ``--scale quick`` or ``--scale tiny`` do less
of everything, and ``--only`` some parts: those write elsewhere, so they never replace the
recorded results.
"""

from __future__ import annotations

import argparse
import asyncio
import shlex
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import (
    ai_decisions,
    ai_load,
    burst,
    discord_budget,
    engines,
    outbox,
    pictures,
    postgres,
    process,
    profiles,
    replays,
    service,
    stack,
    web,
)
from bench.machine import describe_machine
from bench.report import write
from bench.scale import SCALES, Scale

# Pictures and replays run next to the engines: they only compute, before any part starts threads.
PARTS = (
    "engines",
    "pictures",
    "replays",
    "service",
    "postgres",
    "outbox",
    "stack",
    "process",
    "profiles",
    "budget",
    "ai_load",
    "ai_decisions",
    "burst",
    "web",
)
RECORDED = Path(__file__).resolve().parent


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    parser.add_argument("--scale", choices=sorted(SCALES), default="full")
    parser.add_argument(
        "--quick",
        action="store_const",
        const="quick",
        dest="scale",
        help="the same as --scale quick",
    )
    parser.add_argument(
        "--only", nargs="+", choices=PARTS, default=list(PARTS), help="run only these parts"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="where the results go (default: bench/ for the full run of every part, "
        "else a folder in the temporary directory)",
    )
    parser.add_argument(
        "--workdir",
        type=Path,
        default=None,
        help="where the database files are made (default: a new temporary "
        "folder, removed at the end)",
    )
    return parser.parse_args(argv)


def _progress(started: float) -> Any:
    def say(text: str) -> None:
        print(f"[{time.perf_counter() - started:6.1f} s] {text}", file=sys.stderr, flush=True)

    return say


async def measure(scale: Scale, parts: list[str], workdir: Path) -> dict[str, Any]:
    """Every part asked for, in order."""
    say = _progress(time.perf_counter())
    results: dict[str, Any] = {}
    if "engines" in parts:
        results["engines"] = engines.run(scale, say)
    if "pictures" in parts:
        results["pictures"] = pictures.run(scale, say)
    if "replays" in parts:
        results["replays"] = replays.run(scale, say)
    if "service" in parts:
        results["service"] = await service.run(workdir, scale, say)
    if "postgres" in parts:
        results["postgres"] = await postgres.run(workdir, scale, say)
    if "outbox" in parts:
        results["outbox"] = await outbox.run(workdir, scale, say)
    if "stack" in parts:
        results["stack"] = await stack.run(workdir, scale.stack_moves, say)
    if "process" in parts:
        results["process"] = await process.run(workdir, scale, say)
    if "profiles" in parts:
        results["profiles"] = await profiles.run(workdir, scale, say)
    if "budget" in parts:
        titles = None if scale.full else ["marginalia"]  # a short run: one short game
        results["budget"] = await discord_budget.run(workdir, say, keys=titles)
    if "ai_load" in parts:
        results["ai_load"] = await ai_load.run(workdir, scale, say)
    if "ai_decisions" in parts:
        results["ai_decisions"] = ai_decisions.run(scale, say)
    if "burst" in parts:
        results["burst"] = await burst.run(workdir, scale, say)
    if "web" in parts:
        results["web"] = await web.run(workdir, scale, say)
    return results


def main(argv: list[str]) -> Path:
    """Run, write the results, and return the folder they are in."""
    args = _arguments(argv)
    scale = SCALES[args.scale]
    # Only a full run of every part replaces the recorded results.
    recorded = scale.full and set(args.only) == set(PARTS)
    out = args.out or (
        RECORDED if recorded else Path(tempfile.gettempdir()) / f"bench-{scale.name}"
    )
    header: dict[str, Any] = {
        "machine": describe_machine(),
        "scale": scale.name,
        "command": " ".join(["python -m bench", *map(shlex.quote, argv)]),
    }
    if args.workdir is not None:
        args.workdir.mkdir(parents=True, exist_ok=True)
        results = asyncio.run(measure(scale, args.only, args.workdir))
        header["workdir"] = str(args.workdir)
    else:
        with tempfile.TemporaryDirectory(prefix="grimoire-bench-") as folder:
            results = asyncio.run(measure(scale, args.only, Path(folder)))
            header["workdir"] = f"a temporary folder in {tempfile.gettempdir()}"
    write({**header, **results}, out, stack.KINDS)
    return out


if __name__ == "__main__":
    folder = main(sys.argv[1:])
    print(f"Results written to {folder / 'RESULTS.md'} and {folder / 'results.json'}")
