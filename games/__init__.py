"""Grimoire's rules engines, one package per game, behind the contract in ``games.core``.

>>> import games
>>> engine = games.get("mandragora")
>>> state = engine.new_game(players=3, seed=42)
>>> sorted(engine.to_act(state))
[0]
"""

from __future__ import annotations

from typing import Any

from games.core import Engine
from games.magic_spell import MagicSpellEngine
from games.magnum_opus import MagnumOpusEngine
from games.mandragora import MandragoraEngine
from games.marginalia import MarginaliaEngine
from games.strange_norrell import StrangeNorrellEngine

#: Every registered game, in the order menus list them. Adding a game is one line here.
_REGISTERED: list[Engine[Any, Any]] = [
    MandragoraEngine(),
    MagnumOpusEngine(),
    MagicSpellEngine(),
    MarginaliaEngine(),
    StrangeNorrellEngine(),
]
ENGINES: dict[str, Engine[Any, Any]] = {engine.key: engine for engine in _REGISTERED}


class UnknownGame(KeyError):
    """No game is registered under that key."""

    def __str__(self) -> str:
        return str(self.args[0])


def get(key: str) -> Engine[Any, Any]:
    """The engine registered under ``key`` (e.g. ``"mandragora"``)."""
    try:
        return ENGINES[key]
    except KeyError:
        known = ", ".join(sorted(ENGINES))
        raise UnknownGame(f"There is no game called “{key}”. Games: {known}.") from None
