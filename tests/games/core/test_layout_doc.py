"""``games/core/LAYOUT.md`` names everything a game package may hold: every member of the engine
contract, every module of every game package, every module of ``games.core``. A member or
module added without a word there fails here."""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

import pytest

import games
from games.core import Engine

CORE = Path(games.__file__).parent / "core"
LAYOUT = (CORE / "LAYOUT.md").read_text(encoding="utf-8")


def _named(name: str) -> bool:
    """Whether the page names ``name`` as code: `` `name` ``, `` `name(…)` `` or in a list
    of names such as `` `dump(state)`, `load(text)` ``."""
    return re.search(rf"`{re.escape(name)}[`(]", LAYOUT) is not None


def contract_members() -> list[str]:
    """Every member of ``Engine`` a game declares, overrides or calls: its public methods and
    class attributes, and the abstract ones a game must write (``_new_game``, ``_apply``)."""
    public = {name for name in vars(Engine) if not name.startswith("_")}
    annotated = set(inspect.get_annotations(Engine))
    return sorted(public | annotated | set(Engine.__abstractmethods__))


def required_members() -> list[str]:
    """The members with no default: abstract methods and class attributes without a value."""
    annotated = {name for name in inspect.get_annotations(Engine) if not hasattr(Engine, name)}
    return sorted(annotated | set(Engine.__abstractmethods__))


def game_modules() -> list[str]:
    """The file names of every module (and ``RULES.md``) in every registered game's package."""
    names: set[str] = set()
    for engine in games.ENGINES.values():
        package = Path(sys.modules[type(engine).__module__].__file__ or "").parent
        names |= {p.name for p in package.iterdir() if p.suffix in (".py", ".md")}
    return sorted(names)


def core_modules() -> list[str]:
    return sorted(p.name for p in CORE.glob("*.py") if p.name != "__init__.py")


@pytest.mark.parametrize("member", contract_members())
def test_every_member_of_the_contract_is_named(member: str) -> None:
    assert _named(member), f"games/core/LAYOUT.md does not say what Engine.{member} is"


def test_the_required_members_are_listed_as_required() -> None:
    start = LAYOUT.index("Required (")
    required = LAYOUT[start : LAYOUT.index("Optional, with the default", start)]
    listed = set(re.findall(r"`(\w+)`", required))
    assert listed == set(required_members())


@pytest.mark.parametrize("module", game_modules())
def test_every_module_of_a_game_package_is_named(module: str) -> None:
    assert _named(module), f"games/core/LAYOUT.md does not say what a game's {module} holds"


@pytest.mark.parametrize("module", core_modules())
def test_every_module_of_the_core_is_named(module: str) -> None:
    assert _named(module), f"games/core/LAYOUT.md does not say what games/core/{module} gives"


def test_the_lists_are_not_empty() -> None:
    """The introspection still finds what it looks for."""
    assert {"whole_moves", "action_label", "reveals", "key", "_apply"} <= set(contract_members())
    assert {"labels.py", "catalogue.py", "whole_moves.py", "RULES.md"} <= set(game_modules())
    assert "whole.py" not in game_modules(), "Magic Spell's whole moves are in whole_moves.py"
