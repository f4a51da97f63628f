"""Clicks per typical turn in every game, over seeded whole games (``turn_clicks``), held to
their targets; and the table in the README is what they measure.

A typical turn is the median turn: at most :data:`TARGET` clicks, :data:`TARGETS` for a game
whose turn is longer by nature (a Strange & Norrell turn is an action, visits, magic and its
end, each a move of its own)."""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable
from pathlib import Path

import pytest

import games
from tests.bot.tables.turn_clicks import ENOUGH_TURNS, percentile_90, turn_clicks

pytestmark = pytest.mark.slow

README = Path(__file__).parents[3] / "README.md"
#: The clicks a typical turn may take, in every game but those of :data:`TARGETS`.
TARGET = 4
TARGETS = {"strange-norrell": 5}
#: The README's table starts after this heading.
HEADING = "### Clicks per turn"


@pytest.fixture(scope="module")
def measured() -> dict[str, list[int]]:
    return {key: turn_clicks(engine) for key, engine in games.ENGINES.items()}


def table(measured: dict[str, list[int]]) -> list[str]:
    """The README's rows: each game's median and 90th percentile, in menu order."""
    return [
        f"| {games.get(key).title} | {statistics.median(clicks):g} | {percentile_90(clicks):g} |"
        for key, clicks in measured.items()
    ]


def test_every_game_is_measured_over_enough_turns(measured: dict[str, list[int]]) -> None:
    assert set(measured) >= {
        "mandragora",
        "magnum-opus",
        "magic-spell",
        "marginalia",
        "strange-norrell",
    }
    for key, clicks in measured.items():
        assert len(clicks) >= ENOUGH_TURNS, key
        assert min(clicks) >= 1, key


def test_a_typical_turn_meets_its_target_in_every_game(
    measured: dict[str, list[int]], clicks_report: Callable[[str], None]
) -> None:
    for key, clicks in measured.items():
        clicks_report(
            f"{key}: {len(clicks)} turns, median {statistics.median(clicks)}, "
            f"90th percentile {percentile_90(clicks)}, most {max(clicks)}"
        )
    for key, clicks in measured.items():
        assert statistics.median(clicks) <= TARGETS.get(key, TARGET), (key, clicks)


def test_the_readme_table_is_what_the_games_measure(measured: dict[str, list[int]]) -> None:
    text = README.read_text(encoding="utf-8")
    assert HEADING in text
    section = text.split(HEADING, 1)[1].split("\n## ", 1)[0]
    rows = [
        line for line in section.splitlines() if re.match(r"\| .* \| [\d.]+ \| [\d.]+ \|$", line)
    ]
    assert rows == table(measured), "\n".join(table(measured))
