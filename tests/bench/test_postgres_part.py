"""The PostgreSQL part of the benchmarks says so and measures nothing without PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest

import bench.postgres
from bench.machine import describe_machine
from bench.report import markdown
from bench.scale import TINY


async def test_without_postgresql_the_part_is_skipped_saying_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench.postgres, "binaries", lambda: None)
    said: list[str] = []
    results = await bench.postgres.run(tmp_path, TINY, said.append)
    assert results == {
        "skipped": "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)"
    }
    assert said == [f"postgres: skipped: {results['skipped']}"]
    assert list(tmp_path.iterdir()) == []  # nothing seeded
    run = {"machine": describe_machine(), "scale": "tiny", "command": "", "postgres": results}
    page = markdown(run, ())
    assert "## Service: moves on PostgreSQL\n\nNot measured: PostgreSQL is not installed" in page
