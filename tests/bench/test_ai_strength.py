"""The strength runner: a stopped run resumes where it stopped, and the summary counts what
was played."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import ai_strength, balance
from bench.ai_strength import Match, load, run, strength_matches, strength_report, wilson


def _quick(keys: list[str], games: int) -> list[Match]:
    return list(strength_matches(keys, games, iterations=3, seconds=None))


def test_the_match_ups_cover_the_smallest_and_largest_tables_smallest_first() -> None:
    matches = _quick(["magnum-opus"], 2)
    assert [m.players for m in matches] == [2] * 6 + [5] * 6
    # One seat of the first level against the others, that seat moving round the table.
    assert {(m.levels[m.subject], m.seed % m.players == m.subject) for m in matches} == {
        ("hard", True),
        ("normal", True),
    }
    assert {m.levels.count(m.levels[m.subject]) for m in matches} == {1}


@pytest.mark.slow
def test_a_run_appends_each_game_and_a_second_run_plays_only_what_is_missing(
    tmp_path: Path,
) -> None:
    raw = tmp_path / "raw.jsonl"
    first = _quick(["marginalia"], 1)
    assert run(first, 1, raw, lambda: None) == len(first) == 3
    assert len(raw.read_text().splitlines()) == 3
    more = _quick(["marginalia"], 2)
    assert run(more, 1, raw, lambda: None) == 3
    records = load(raw)
    assert sorted((r.seed, r.levels) for r in records) == sorted((m.seed, m.levels) for m in more)
    # A line cut short by a stopped run is skipped, and the next run plays that game again.
    raw.write_text(raw.read_text() + '{"game": "marg')
    assert len(load(raw)) == 6


@pytest.mark.slow
def test_the_report_gives_each_match_up_its_score_and_interval(tmp_path: Path) -> None:
    raw = tmp_path / "raw.jsonl"
    run(_quick(["marginalia"], 2), 1, raw, lambda: None)
    text = strength_report(load(raw))
    assert text.count("| marginalia | 2p |") == 3
    assert "| hard | easy | 3 iterations | 2 |" in text


def test_wilson_interval() -> None:
    low, high = wilson(180, 200)
    assert low == pytest.approx(0.851, abs=0.001)
    assert high == pytest.approx(0.934, abs=0.001)
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.slow
def test_balance_self_play_is_reported_per_table(tmp_path: Path) -> None:
    raw = tmp_path / "raw.jsonl"
    matches = list(
        ai_strength.balance_matches(["strange-norrell"], 1, 3, None, only_levels=["normal"])
    )
    assert {m.levels[0] for m in matches} == {"normal"}
    run(matches, 1, raw, lambda: None)
    text = balance.report(load(raw), "strange-norrell")
    assert "fairy defeated in" in text
    assert text.count("| normal |") == len(matches)
