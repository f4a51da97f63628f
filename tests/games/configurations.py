"""Every registered engine with every seat count and variant, as pytest parameters."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

import games
from games.core import Engine


def configuration_id(engine: Engine[Any, Any], players: int, options: BaseModel) -> str:
    """``mandragora-4p-teams``: the game, the seats, and each option that is switched on."""
    switched = [k for k, v in options.model_dump().items() if v not in (False, None)]
    return f"{engine.key}-{players}p" + "".join(f"-{k}" for k in switched)


CONFIGURATIONS = [
    pytest.param(engine, players, options, id=configuration_id(engine, players, options))
    for engine in games.ENGINES.values()
    for players, options in engine.configurations()
]

ENGINES = [pytest.param(engine, id=key) for key, engine in games.ENGINES.items()]
