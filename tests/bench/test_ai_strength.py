"""The strength runner: a stopped run resumes where it stopped, and the summary counts what
was played."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import ai_strength, balance
from bench.ai_strength import TARGETS, Match, load, needed, run, strength_matches, wilson
from bench.strength_report import Record, settled, strength_report, verdict


def _quick(keys: list[str], games: int) -> list[Match]:
    return list(strength_matches(keys, games, iterations=3))


def test_the_match_ups_cover_the_smallest_and_largest_tables_seed_by_seed() -> None:
    matches = _quick(["magnum-opus"], 2)
    assert [m.players for m in matches] == [2] * 3 + [5] * 3 + [2] * 3 + [5] * 3
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
    records = load(raw)
    assert {(r.iterations, r.seconds, r.ended, r.closed_turns) for r in records} == {
        (3, None, True, 0)
    }
    assert all(r.cpu_seconds > 0 for r in records)
    text = strength_report(records, TARGETS, needed)
    assert text.count("| marginalia | 2p |") == 3
    assert "| hard | easy | 3 | 2 |" in text
    assert "running (2 of 200)" in text


def test_a_verdict_needs_the_full_count_or_an_interval_wholly_on_one_side() -> None:
    assert verdict([1.0] * 10, 0.9, 200) == "running (10 of 200)"
    assert verdict([1.0] * 60, 0.9, 200) == "above (stopped early)"
    assert verdict([0.0] * 60, 0.6, 200) == "below (stopped early)"
    assert verdict([1.0] * 45 + [0.0] * 15, 0.7, 200) == "running (60 of 200)"
    assert verdict([1.0] * 150 + [0.0] * 50, 0.7, 200) == "met"
    assert verdict([1.0] * 130 + [0.5] * 10 + [0.0] * 60, 0.7, 200) == "not met"
    assert settled([1.0] * 39, 0.5) is None  # too few games to stop, however sure


def test_a_game_whose_rules_of_thumb_changed_counts_only_its_newer_records() -> None:
    from bench.strength_report import AI_VERSION, ai_version

    assert ai_version("mandragora") == AI_VERSION
    assert ai_version("marginalia") > AI_VERSION


def test_a_run_may_keep_to_some_match_ups() -> None:
    matches = list(strength_matches(["mandragora"], 3, 200, ["normal/easy"]))
    assert {(m.levels[m.subject], len(set(m.levels))) for m in matches} == {("normal", 2)}
    assert len(matches) == 6


def test_magic_spells_hard_match_ups_are_shorter_and_at_its_default_semester() -> None:
    matches = list(strength_matches(["magic-spell"], 200, iterations=200))
    hard = [m for m in matches if m.levels[m.subject] == "hard"]
    assert {m.iterations for m in hard} == {100}
    assert max(m.seed for m in hard) == 59
    assert {m.iterations for m in matches if m not in hard} == {200}
    assert all("rounds" not in m.options for m in matches)


def test_games_measured_by_time_or_by_an_older_ai_are_left_out(tmp_path: Path) -> None:
    raw = tmp_path / "raw.jsonl"
    old = '{"game": "marginalia", "players": 2, "options": {}, "seed": 0, '
    old += '"levels": ["hard", "easy"], "subject": 0, "iterations": 20000, "seconds": 2.0, '
    old += '"scores": [1, 0], "winners": [0], "actions": 9, "turns": 5, "notes": {}, '
    old += '"wall_seconds": 1.0, "slowest_decision": 0.5}'
    raw.write_text(old + "\n" + old.replace('"seconds": 2.0', '"seconds": null') + "\n")
    assert load(raw) == []
    assert len(load(raw, every=True)) == 2
    assert all(isinstance(r, Record) for r in load(raw, every=True))


def test_wilson_interval() -> None:
    low, high = wilson(180, 200)
    assert low == pytest.approx(0.851, abs=0.001)
    assert high == pytest.approx(0.934, abs=0.001)
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.slow
def test_balance_self_play_is_reported_per_table(tmp_path: Path) -> None:
    raw = tmp_path / "raw.jsonl"
    matches = list(ai_strength.balance_matches(["strange-norrell"], 1, 3, only_levels=["normal"]))
    assert {m.levels[0] for m in matches} == {"normal"}
    run(matches, 1, raw, lambda: None)
    text = balance.report(load(raw), "strange-norrell")
    assert "fairy defeated in" in text
    assert text.count("| normal |") == len(matches)
