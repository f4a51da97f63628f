"""Several bot processes on one PostgreSQL database, SIGKILLed and restarted at random: no
move lost or applied twice, every due timer fired once, every delivery sent, in order per lane.

``tests.bot.multi_worker`` is one process: the real bot (outbox worker and timer loop) on the
shared database, with a SimCord Discord of its own whose accepted posts go to a journal file,
and a driver making random moves through the service layer in random games. One run deals
``GRIMOIRE_MULTI_GAMES`` games with short deadlines; then ``GRIMOIRE_MULTI_WORKERS`` processes
serve them at once, and ``GRIMOIRE_MULTI_KILLS`` times one of them, chosen at random, is
killed and a new one started in its place (``make soak`` raises all three). A last run, its
clock past every lease the killed ones held, fires what is due and sends what is queued.

Delivery is at least once: a post sent just before a kill, and not yet marked done, is sent
again (by the last run, once the lease ran out). Such repeats follow their first copy in
the lane and are counted, not refused; a post missing, out of order or given up is refused.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from tests.bot.delivery.test_crash_delivery import (
    PLAYING,
    ROOT,
    START_TIMEOUT,
    Child,
    collapse,
    read_log,
)
from tests.storage.conftest import postgres_server, postgres_url  # noqa: F401  (fixtures)

pytestmark = pytest.mark.slow

#: Games dealt at the start, processes serving them at once, kills over the run.
GAMES = int(os.environ.get("GRIMOIRE_MULTI_GAMES", "100"))
WORKERS = int(os.environ.get("GRIMOIRE_MULTI_WORKERS", "2"))
KILLS = int(os.environ.get("GRIMOIRE_MULTI_KILLS", "4"))
#: Longest wait for a run that stops by itself, the dealing or the drain (wall-clock seconds):
#: a hang detector only, since the drain gives up by itself once it stops making progress.
RUN_TIMEOUT = 3600.0
#: Wall-clock seconds between two kills (drawn evenly), counted once the new process has made
#: its first move: long enough for deadlines (12 s, a reminder 6 s before) to fall due while
#: the processes play, however slowly a process starts on a busy machine.
BETWEEN_KILLS = (2.0, 8.0)
#: Deliveries whose post always reaches Discord as a new message carrying its nonce (a thread
#: post that closes the thread sends none); the living table and private views may edit a
#: message instead, or stand aside for a newer update, and are checked by being done.
ALWAYS_POSTED = ("dm", "thread_post", "ping")


@dataclass
class Runs:
    """What the children said, over all runs."""

    acknowledged: dict[int, int] = field(default_factory=dict)
    """The highest version acknowledged per game."""
    moves: int = 0
    refused: int = 0
    errors: list[str] = field(default_factory=list)
    moving_runs: int = 0
    """How many runs had a move acknowledged."""

    def hear(self, lines: list[str]) -> None:
        if any(line.startswith("acknowledged ") for line in lines):
            self.moving_runs += 1
        for line in lines:
            if line.startswith("acknowledged "):
                _, game, version = line.split()
                self.acknowledged[int(game)] = max(
                    int(version), self.acknowledged.get(int(game), 0)
                )
                self.moves += 1
            elif line.startswith("refused "):
                self.refused += 1
            elif line.startswith("bot-error "):
                self.errors.append(line)


async def start_worker(url: str, journal: Path, seed: int, stderr: Path, *extra: str) -> Child:
    """One run of ``tests.bot.multi_worker``, its lines collected as they come."""
    with stderr.open("wb") as errors:  # a file: a chatty child never blocks on a pipe
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bot.multi_worker",
            url,
            str(journal),
            str(seed),
            *extra,
            cwd=ROOT,
            stdout=asyncio.subprocess.PIPE,
            stderr=errors,
        )
    return Child(process, stderr)


async def run_to_end(child: Child, last_line: str) -> list[str]:
    """Wait for a run that stops by itself, after ``last_line``."""
    try:
        await child.wait_for_line(last_line, RUN_TIMEOUT)
        await child.finish()
        assert child.process.returncode == 0, child.story()
        return child.lines
    finally:
        await child.make_sure_it_ended()


async def serve_and_kill(url: str, folder: Path, runs: Runs) -> int:
    """``WORKERS`` processes at once, one killed at random and replaced ``KILLS`` times; all
    killed at the end. Returns how many runs there were."""
    rng = random.Random(2028)
    started = 0

    async def new_worker() -> Child:
        nonlocal started
        started += 1
        name = f"worker-{started}"
        child = await start_worker(
            url, folder / f"{name}.jsonl", started, folder / f"{name}.stderr"
        )
        await child.wait_for_line("starting", START_TIMEOUT)
        # Killed only once it has played: every run takes its share of the moves.
        await child.wait_for_line(PLAYING, START_TIMEOUT, prefix=True)
        return child

    living = [await new_worker() for _ in range(WORKERS)]
    try:
        for _ in range(KILLS + 1):
            await asyncio.sleep(rng.uniform(*BETWEEN_KILLS))
            for child in living:
                assert child.process.returncode is None, f"a worker ended: {child.story()}"
            victim = living.pop(rng.randrange(len(living)))
            await victim.kill()
            assert victim.process.returncode == -signal.SIGKILL, victim.story()
            runs.hear(victim.lines)
            living.append(await new_worker())
    finally:
        for child in living:
            await child.kill()
            runs.hear(child.lines)
            await child.make_sure_it_ended()
    return started


def journals(folder: Path) -> tuple[list[dict[str, Any]], int]:
    """Every journal's entries, in the order they were written across processes (each is
    stamped with the wall clock), and how many lines a kill cut short."""
    entries: list[dict[str, Any]] = []
    torn = 0
    for path in sorted(folder.glob("*.jsonl")):
        read, cut = read_log(path)
        entries += read
        torn += cut
    return sorted(entries, key=lambda entry: int(entry["at"])), torn


def outbox_id(entry: dict[str, Any]) -> int | None:
    nonce = entry.get("nonce")
    if isinstance(nonce, str) and nonce.startswith("grimoire-"):
        return int(nonce.removeprefix("grimoire-"))
    return None


def payload_of(row: asyncpg.Record) -> dict[str, Any]:
    payload = row["payload"]
    loaded: dict[str, Any] = json.loads(payload) if isinstance(payload, str) else dict(payload)
    return loaded


async def test_processes_killed_at_random_share_games_timers_and_deliveries(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
) -> None:
    began = time.monotonic()
    url = postgres_url
    runs = Runs()
    dealt = await start_worker(
        url, tmp_path / "dealer.jsonl", 0, tmp_path / "dealer.stderr", "--deal", str(GAMES)
    )
    await run_to_end(dealt, "dealt")
    started = await serve_and_kill(url, tmp_path, runs)
    drained = await start_worker(
        url, tmp_path / "drain.jsonl", started + 1, tmp_path / "drain.stderr", "--drain"
    )
    drain_lines = await run_to_end(drained, "drained")
    runs.hear(drain_lines)
    drained_at = next(float(line.split()[1]) for line in drain_lines if line.startswith("clock "))
    assert not runs.errors, runs.errors
    assert runs.moving_runs > 1, "the moves were not shared between processes"

    connection = await asyncpg.connect(url)
    try:
        games = {row["id"]: row for row in await connection.fetch("SELECT * FROM games")}
        actions = await connection.fetch(
            "SELECT game_id, count(*) AS moves, count(DISTINCT seq) AS seqs, max(seq) AS last"
            " FROM actions GROUP BY game_id"
        )
        timers = await connection.fetch("SELECT * FROM timers ORDER BY id")
        outbox = await connection.fetch("SELECT * FROM outbox ORDER BY id")
    finally:
        await connection.close()

    # (1) No acknowledged move is lost, none is applied twice, and every game replays to
    # its stored state (the deployment's own check says so).
    assert len(games) == GAMES
    for game_id, version in runs.acknowledged.items():
        assert games[game_id]["version"] >= version, f"game {game_id} lost moves after {version}"
    for row in actions:
        game = games[row["game_id"]]
        assert row["moves"] == row["seqs"] == row["last"] == game["version"], dict(row)
    checked = subprocess.run(
        [sys.executable, "-m", "storage", "check", url],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr

    # (2) Every timer due by the end fired, exactly once: no two runs marked the same one
    # fired, and none due was left behind.
    entries, torn = journals(tmp_path)
    fired = Counter(int(e["timer"]) for e in entries if e["kind"] == "timer")
    twice = {timer: times for timer, times in fired.items() if times > 1}
    assert not twice, f"timers fired more than once: {twice}"
    unfired = [
        (t["id"], t["kind"], t["due_at"])
        for t in timers
        if t["fired_at"] is None and t["due_at"].timestamp() <= drained_at
    ]
    assert not unfired, f"timers due and never fired: {unfired}"
    marked = {t["id"] for t in timers if t["fired_at"] is not None}
    # A fired timer is deleted when its key is scheduled again (the next deadline of the
    # seat); one still there must say it fired.
    kept = {t["id"] for t in timers}
    assert set(fired) & kept <= marked, (set(fired) & kept) - marked
    # A timer marked fired and not in a journal: its process was killed between the two.
    unjournaled = marked - set(fired)
    assert len(unjournaled) <= KILLS + WORKERS, sorted(unjournaled)
    by_workers = sum(
        1 for e in entries if e["kind"] == "timer" and str(e["worker"]) != str(started + 1)
    )
    assert by_workers > 0, "no timer fell due while the processes played"

    # (3) Every delivery was sent: none given up, none left…
    given_up = [(r["id"], r["kind"], r["last_error"]) for r in outbox if r["failed_at"]]
    assert not given_up, f"deliveries given up: {given_up}"
    left = [r["id"] for r in outbox if r["done_at"] is None]
    assert not left, f"deliveries never sent: {left}"
    items = {r["id"]: r for r in outbox}
    sent = [(outbox_id(e), e) for e in entries if outbox_id(e) is not None]
    strangers = [item for item, _ in sent if item not in items]
    assert not strangers, f"posts of deliveries the outbox never held: {strangers}"
    posted = {item for item, _ in sent}
    missing = [
        (r["id"], r["kind"])
        for r in outbox
        if r["kind"] in ALWAYS_POSTED
        and not payload_of(r).get("close_thread")
        and r["id"] not in posted
    ]
    assert not missing, f"deliveries marked done that Discord never got: {missing}"
    # …and each lane's posts reached Discord in the order of their outbox ids, whichever
    # process sent them, a resend repeating the post just before it at most.
    lanes: dict[str, list[int]] = {}
    for item, _ in sent:
        assert item is not None
        lanes.setdefault(items[item]["lane"], []).append(item)
    repeated = 0
    for lane, sequence in lanes.items():
        once, repeats = collapse([(lane, item) for item in sequence])
        ids = [int(item) for _, item in once if item is not None]
        assert ids == sorted(set(ids)), f"lane {lane} out of order: {ids}"
        repeated += len(repeats)

    senders = Counter(str(e["worker"]) for e in entries if e["kind"] != "timer")
    finished = sum(1 for g in games.values() if g["status"] == "finished")
    print(
        f"\nmulti-process test: {WORKERS} processes, {started} runs, {KILLS} kills;"
        f" {runs.moves} moves acknowledged, {runs.refused} refused (stale, mostly), in {len(games)}"
        f" games ({finished} finished); {sum(fired.values())} timers fired"
        f" ({by_workers} while playing, {len(unjournaled)} unjournaled); {len(outbox)}"
        f" deliveries, {len(sent)} posts by {len(senders)} processes, {repeated} sent again;"
        f" {torn} torn journal lines; {time.monotonic() - began:.1f} s"
    )
