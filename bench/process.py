"""The bot as a process: time from start to ready, and resident memory, on a database with
many finished games and many running ones."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.scale import Scale
from bench.seeding import seed_database


async def run(folder: Path, scale: Scale, progress: Callable[[str], None]) -> dict[str, Any]:
    """Seed a database file, then start the bot on it in its own process, a few times: the
    machine is shared and noisy."""
    path = folder / "process.sqlite3"
    progress(f"process: seeding {scale.finished_games} + {scale.active_games} games")
    await seed_database(path, finished=scale.finished_games, active=scale.active_games)
    probes = []
    for attempt in range(1, scale.process_runs + 1):
        progress(f"process: start {attempt} of {scale.process_runs}")
        done = subprocess.run(
            [sys.executable, "-m", "bench.probe", f"sqlite:///{path}"],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parent.parent,
            env={**os.environ, "LOG_LEVEL": "WARNING"},
        )
        probes.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return {
        "finished_games": scale.finished_games,
        "active_games": scale.active_games,
        "file_bytes": path.stat().st_size,
        "ready_s_median": statistics.median(p["ready_s"] for p in probes),
        "ready_s_best": min(p["ready_s"] for p in probes),
        "ready_s_worst": max(p["ready_s"] for p in probes),
        "rss_ready_mib": max(p["rss_ready_kib"] for p in probes) / 1024,
        "rss_served_mib": max(p["rss_served_kib"] for p in probes) / 1024,
        "rss_peak_mib": max(p["rss_peak_kib"] for p in probes) / 1024,
        "served": probes[0]["served"],
        "runs": len(probes),
    }
