"""A sixth game touches only its own package, and a minimal one proves it.

Stones (``tests/games/tiny_game``) declares only what the engine contract requires. Every test
here that runs over every registered game runs over Stones too (so the rest of the suite
proves it passes them); a test of an optional part of the contract runs over the games that
have that part, chosen from the engines themselves (``tests.games.features``), which leaves
Stones out wherever it lacks the part.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import games
from games.core import Engine
from tests.games import tiny_game
from tests.games.configurations import Selected, having
from tests.games.features import FEATURES, has

TINY = tiny_game.ENGINE
HERE = Path(__file__).parent
#: What ``pytest.param`` makes: a parameter set with its id and marks.
PARAMETER_SET = type(pytest.param())


def required_members() -> set[str]:
    """What every game must declare: the abstract methods and the class attributes the
    contract names without a default."""
    annotated = {name for name in inspect.get_annotations(Engine) if not hasattr(Engine, name)}
    return annotated | set(Engine.__abstractmethods__)


def declared_members(engine_type: type[Engine[Any, Any]]) -> set[str]:
    """The members ``engine_type`` and its bases below ``Engine`` declare."""
    below = engine_type.__mro__[: engine_type.__mro__.index(Engine)]
    return {
        name
        for cls in below
        for name in vars(cls)
        if not (name.startswith("__") and name.endswith("__")) and name != "_abc_impl"
    }


def test_the_tiny_game_declares_only_what_the_contract_requires() -> None:
    assert declared_members(type(TINY)) == required_members()
    # The one optional part it has comes from the contract itself: its views are read back
    # as the model its ``view`` is annotated to return.
    assert [feature for feature in FEATURES if has(TINY, feature)] == ["views read back"]


def _test_modules() -> Iterator[ModuleType]:
    """Every test module under ``tests/games``, imported as pytest imports it."""
    for path in sorted(HERE.rglob("test_*.py")):
        parts = path.relative_to(HERE.parents[1]).with_suffix("").parts
        yield importlib.import_module(".".join(parts))


def _parametrizations() -> Iterator[tuple[str, Iterable[Any]]]:
    """``(module::test, argvalues)`` for every parametrization of every test under
    ``tests/games``."""
    for module in _test_modules():
        for name, function in vars(module).items():
            if not name.startswith("test_") or not callable(function):
                continue
            for mark in getattr(function, "pytestmark", []):
                if mark.name == "parametrize":
                    argvalues = mark.args[1] if len(mark.args) > 1 else mark.kwargs["argvalues"]
                    yield f"{module.__name__}::{name}", argvalues


def _games_in(argvalues: Iterable[Any]) -> set[str]:
    """The keys of the games a parametrization runs over, as engines or as keys."""
    keys = {*games.ENGINES, TINY.key}
    found: set[str] = set()
    for value in argvalues:
        if isinstance(value, PARAMETER_SET):
            values = value.values
        else:
            values = value if isinstance(value, tuple) else (value,)
        for item in values:
            if isinstance(item, Engine):
                found.add(item.key)
            elif isinstance(item, str) and item in keys:
                found.add(item)
    return found


def test_every_test_over_every_game_runs_the_tiny_game_too() -> None:
    every_game: list[str] = []
    optional: list[str] = []
    for test, argvalues in _parametrizations():
        ran = _games_in(argvalues)
        if isinstance(argvalues, Selected):
            expected = {engine.key for engine in having(*argvalues.features)}
            assert ran == expected, f"{test} runs over the games with {argvalues.features}"
            optional.append(test)
        elif ran >= set(games.ENGINES):
            assert TINY.key in ran, (
                f"{test} runs over every registered game but not over {TINY.title}: run it over "
                "CONTRACT_* if it checks what every game must give, or over engines_having() "
                "or configurations_having() if it checks an optional part"
            )
            every_game.append(test)
    assert "tests.games.test_conformance::test_every_step_keeps_the_contract" in every_game
    assert "tests.games.ai.test_legal::test_every_choice_is_legal" in every_game
    assert "tests.games.test_pictures::test_pictures_match_their_golden_images" in optional
