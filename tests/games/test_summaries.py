"""The one-screen rules summary (``Engine.summary``) of each game that writes one, shown by
``/rules game:<key>``. The summary is optional: a game without one is shown by its title and
seat range."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.core import Engine
from games.core.engine import normalize_notation
from tests.games.configurations import engines_having

SUMMARIZED = engines_having("summary")


@pytest.mark.parametrize("engine", SUMMARIZED)
def test_summary_fits_one_screen(engine: Engine[Any, Any]) -> None:
    assert len(engine.summary) <= 1500
    assert 6 <= len(engine.summary.splitlines()) <= 12


@pytest.mark.parametrize("engine", SUMMARIZED)
def test_summary_opens_with_the_seat_range(engine: Engine[Any, Any]) -> None:
    first_line = engine.summary.splitlines()[0]
    numbers = set(re.findall(r"\d+", first_line))
    assert {str(engine.min_players), str(engine.max_players)} <= numbers


@pytest.mark.parametrize("engine", SUMMARIZED)
def test_summary_examples_are_moves_in_the_games_notation(engine: Engine[Any, Any]) -> None:
    examples = re.findall(r"`([^`]+)`", engine.summary)
    assert len(examples) >= 2, "a summary shows a few moves as players type them"
    for text in examples:
        action = engine.parse_syntax(normalize_notation(text))
        assert action is not None, f"{text!r} is not {engine.title} notation"
        assert engine.notation(action) == normalize_notation(text)
