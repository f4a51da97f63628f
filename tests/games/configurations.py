"""Every registered engine with every seat count and variant, as pytest parameters.

``CONTRACT_*`` add the throwaway game the tests define (``tests/games/tiny_game``) for the
suites that check the engine contract itself: it is never registered for the whole session,
so suites pinned to the real games (golden playthroughs, pictures) leave it out.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest
from pydantic import BaseModel

import games
from games.core import Engine
from tests.games import tiny_game


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


CONFIGURATIONS = configurations_of(games.ENGINES.values())
ENGINES = engines_of(games.ENGINES.values())

#: The registered games and the throwaway test game.
CONTRACT_ENGINES: list[Engine[Any, Any]] = [*games.ENGINES.values(), tiny_game.ENGINE]
CONTRACT_CONFIGURATIONS = configurations_of(CONTRACT_ENGINES)
CONTRACT_ENGINE_PARAMS = engines_of(CONTRACT_ENGINES)
