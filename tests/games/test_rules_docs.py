"""Each game's RULES.md, where it has one beside its engine, stays true to the test suite it
cites."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from games.core import Engine
from tests.games.configurations import engines_having
from tests.games.features import rules_page

ROOT = Path(__file__).resolve().parents[2]


def _defined_tests() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names |= set(re.findall(r"^(?:async )?def (test_\w+)", path.read_text(), re.MULTILINE))
    return names


@pytest.mark.parametrize("engine", engines_having("rules page"))
def test_rules_page_cites_only_tests_that_exist(engine: Engine[Any, Any]) -> None:
    text = rules_page(engine).read_text()
    assert "## Rule decisions" in text
    cited = set(re.findall(r"::(test_\w+)", text))
    assert cited, "the rules page maps rules to tests"
    assert sorted(cited - _defined_tests()) == []
