"""Each game's RULES.md stays true to the test suite it cites."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games

ROOT = Path(__file__).resolve().parents[2]


def _defined_tests() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names |= set(re.findall(r"^(?:async )?def (test_\w+)", path.read_text(), re.MULTILINE))
    return names


@pytest.mark.parametrize("key", sorted(games.ENGINES))
def test_rules_page_cites_only_tests_that_exist(key: str) -> None:
    page = ROOT / "games" / key.replace("-", "_") / "RULES.md"
    assert page.exists(), f"{key} has no RULES.md"
    text = page.read_text()
    assert "## Rule decisions" in text
    cited = set(re.findall(r"::(test_\w+)", text))
    assert cited, "the rules page maps rules to tests"
    assert sorted(cited - _defined_tests()) == []
