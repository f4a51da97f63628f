"""The games tests run over, with every seat count and variant, as pytest parameters.

``CONTRACT_*`` are what a test that runs over every game uses: every registered engine and the
throwaway game the tests define (``tests/games/tiny_game``), which declares only what the
contract requires. A test of an optional part of the contract runs over ``engines_having`` or
``configurations_having`` instead: the same engines, kept when they have the part
(``tests.games.features``). ``tests/games/test_a_minimal_game.py`` checks that every test
over every game is one or the other.

The throwaway game is never registered for the whole session: a test that has it as a
parameter finds it in ``games.ENGINES`` while it runs (``tests/games/conftest.py``).
``CONFIGURATIONS`` and ``ENGINES`` hold the registered games alone, for the bot's tests,
which play games the bot finds registered.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest
from pydantic import BaseModel

import games
from games.core import Engine
from tests.games import tiny_game
from tests.games.features import Feature, has


def configuration_id(engine: Engine[Any, Any], players: int, options: BaseModel) -> str:
    """``mandragora-4p-teams``: the game, the seats, and each option that is switched on."""
    switched = [k for k, v in options.model_dump().items() if v not in (False, None)]
    return f"{engine.key}-{players}p" + "".join(f"-{k}" for k in switched)


def configurations_of(engines: Iterable[Engine[Any, Any]]) -> list[Any]:  # pytest.param values
    """``(engine, players, options)`` for every configuration of ``engines``."""
    return [
        pytest.param(engine, players, options, id=configuration_id(engine, players, options))
        for engine in engines
        for players, options in engine.configurations()
    ]


def engines_of(engines: Iterable[Engine[Any, Any]]) -> list[Any]:  # pytest.param values
    """Each of ``engines`` once, named by its key."""
    return [pytest.param(engine, id=engine.key) for engine in engines]


#: The registered games alone (what the bot plays).
CONFIGURATIONS = configurations_of(games.ENGINES.values())
ENGINES = engines_of(games.ENGINES.values())

#: Games that live only in the tests, registered while a test that has one runs.
TEST_ENGINES: list[Engine[Any, Any]] = [tiny_game.ENGINE]

#: Every game: the registered ones and the throwaway test game.
CONTRACT_ENGINES: list[Engine[Any, Any]] = [*games.ENGINES.values(), *TEST_ENGINES]
CONTRACT_CONFIGURATIONS = configurations_of(CONTRACT_ENGINES)
CONTRACT_ENGINE_PARAMS = engines_of(CONTRACT_ENGINES)


class Selected(list[Any]):
    """pytest parameters for the games that have every one of ``features``: what a test of an
    optional part runs over. It remembers the features it was chosen by, so that a test over
    it can be told from one over every game."""

    def __init__(self, features: tuple[Feature, ...], params: Iterable[Any]) -> None:
        super().__init__(params)
        self.features = features


def having(*features: Feature) -> list[Engine[Any, Any]]:
    """The games (of ``CONTRACT_ENGINES``) that have every one of ``features``."""
    return [engine for engine in CONTRACT_ENGINES if has(engine, *features)]


def engines_having(*features: Feature) -> Selected:
    """Each game that has every one of ``features``, once, named by its key."""
    return Selected(features, engines_of(having(*features)))


def configurations_having(*features: Feature) -> Selected:
    """Every configuration of each game that has every one of ``features``."""
    return Selected(features, configurations_of(having(*features)))
