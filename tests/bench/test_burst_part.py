"""The burst part at its tiny scale: two pacers on one PostgreSQL bucket start a round's
tables without going over Discord's limit, posts before cosmetic edits; the refusals are
counted the way Discord would count them; and without PostgreSQL the part says so."""

from __future__ import annotations

from pathlib import Path

import pytest

import bench.burst
from bench.burst import DISCORD_LIMIT, global_429s
from bench.machine import describe_machine
from bench.report import markdown
from bench.scale import TINY
from bench.targets import MAX_GLOBAL_429, judge
from storage.postgres.throwaway import binaries


def test_the_51st_request_of_a_second_is_refused() -> None:
    assert global_429s([0.0] * DISCORD_LIMIT) == 0
    assert global_429s([0.0] * (DISCORD_LIMIT + 3)) == 3
    spread = [n * 0.0201 for n in range(3 * DISCORD_LIMIT)]  # just under 50 a second
    assert global_429s(spread) == 0
    assert global_429s([*spread[:DISCORD_LIMIT], 0.5]) == 1  # one too many that second


@pytest.mark.skipif(binaries() is None, reason="PostgreSQL is not installed")
async def test_a_tiny_round_keeps_to_discords_limit(tmp_path: Path) -> None:
    said: list[str] = []
    results = await bench.burst.run(tmp_path, TINY, said.append)
    assert results["tables"] == bench.burst.TABLES["tiny"]
    assert results["global_429"] <= MAX_GLOBAL_429
    assert results["busiest_second"] <= DISCORD_LIMIT
    assert results["cosmetic_before_last_post"] == 0
    # A board's first edit is dropped when it still waits as the second comes.
    assert 0 < results["edits_dropped"] <= results["tables"]
    assert results["posts_out_s"] <= results["drain_s"]
    run = {"machine": describe_machine(), "scale": "tiny", "command": "", "burst": results}
    assert [v.met for v in judge(run)] == [True]
    assert "## Burst: a round starting at once" in markdown(run, ())


async def test_without_postgresql_the_part_is_skipped_saying_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench.burst, "binaries", lambda: None)
    said: list[str] = []
    results = await bench.burst.run(tmp_path, TINY, said.append)
    assert "skipped" in results
    assert judge({"burst": results}) == []
    run = {"machine": describe_machine(), "scale": "tiny", "command": "", "burst": results}
    assert "Not measured: PostgreSQL is not installed" in markdown(run, ())
