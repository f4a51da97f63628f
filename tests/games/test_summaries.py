"""Each game's one-screen rules summary (``Engine.summary``), shown by ``/rules game:<key>``."""

from __future__ import annotations

import re

import pytest

import games
from games.core.engine import normalize_notation

KEYS = sorted(games.ENGINES)


@pytest.mark.parametrize("key", KEYS)
def test_summary_is_written_and_fits_one_screen(key: str) -> None:
    summary = games.get(key).summary
    assert summary.strip(), f"{key} has no summary"
    assert len(summary) <= 1500
    assert 6 <= len(summary.splitlines()) <= 12


@pytest.mark.parametrize("key", KEYS)
def test_summary_opens_with_the_seat_range(key: str) -> None:
    engine = games.get(key)
    first_line = engine.summary.splitlines()[0]
    numbers = set(re.findall(r"\d+", first_line))
    assert {str(engine.min_players), str(engine.max_players)} <= numbers


@pytest.mark.parametrize("key", KEYS)
def test_summary_examples_are_moves_in_the_games_notation(key: str) -> None:
    engine = games.get(key)
    examples = re.findall(r"`([^`]+)`", engine.summary)
    assert len(examples) >= 2, "a summary shows a few moves as players type them"
    for text in examples:
        action = engine.parse_syntax(normalize_notation(text))
        assert action is not None, f"{text!r} is not {engine.title} notation"
        assert engine.notation(action) == normalize_notation(text)
