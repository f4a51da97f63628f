"""The optional parts of the engine contract, each told from the engine itself.

A test that runs over every game checks only what every engine must give (the required part
of ``games/core/engine.py``, listed in ``games/core/LAYOUT.md``). A test of an optional part
runs only on the engines that have it, chosen here by looking at the engine (what it
overrides or declares, or what it does), never by a list of game names: a sixth game that
adds the part is tested for it, and one that leaves it out is not asked for it.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Literal

from games.core import HANDS_REVEALED, Engine
from games.core.playout import random_playout

#: The name of an optional part, as tests ask for it.
Feature = Literal[
    "summary",
    "rules page",
    "policy",
    "picture",
    "views read back",
    "hidden information",
    "hands laid open",
]

#: Steps of a seeded random game searched for something hidden.
HIDDEN_SEARCH_STEPS = 40


def overrides(engine: Engine[Any, Any], member: str) -> bool:
    """Whether ``engine`` gives its own ``member`` rather than the contract's default."""
    return getattr(type(engine), member) is not getattr(Engine, member)


def rules_page(engine: Engine[Any, Any]) -> Path:
    """Where the game's ``RULES.md`` is, beside its engine's module (it may not exist)."""
    module = sys.modules[type(engine).__module__]
    assert module.__file__ is not None
    return Path(module.__file__).parent / "RULES.md"


def reads_views_back(engine: Engine[Any, Any]) -> bool:
    """Whether a view kept as JSON can be read back (``Engine.load_view``): the game declares
    ``view_type`` or its ``view`` names the model it returns."""
    players, options = engine.configurations()[0]
    view = engine.view(engine.new_game(players, 1, options), None)
    try:
        engine.load_view(view.model_dump(mode="json"))
    except TypeError:
        return False
    return True


@cache
def hides_information(engine: Engine[Any, Any]) -> bool:
    """Whether a running game keeps something from a seat: in a seeded random game, resampling
    what a seat cannot see (``Engine.determinize``) changes the state. What chance will do
    next counts: a game that deals or draws later hides its generator's state."""
    players, options = engine.configurations()[0]
    state = engine.new_game(players, 1, options)
    chooser = random.Random(1)
    for _ in range(HIDDEN_SEARCH_STEPS):
        if engine.outcome(state) is not None:
            return False
        dumped = engine.dump(state)
        for seat in range(players):
            if engine.dump(engine.determinize(state, seat, random.Random(seat))) != dumped:
                return True
        seat = chooser.choice(sorted(engine.to_act(state)))
        state = engine.apply(state, seat, chooser.choice(engine.legal_actions(state, seat))).state
    return False


@cache
def lays_hands_open(engine: Engine[Any, Any]) -> bool:
    """Whether a finished game's public board lays the players' hidden holdings open (a
    ``HANDS_REVEALED`` field)."""
    players, options = engine.configurations()[0]
    finished = random_playout(engine, players, 1, options).state
    board = engine.describe(engine.view(finished, None))
    return any(field.name == HANDS_REVEALED for field in board.fields)


#: How to tell whether an engine has each optional part.
FEATURES: dict[Feature, Callable[[Engine[Any, Any]], bool]] = {
    "summary": lambda engine: bool(engine.summary.strip()),
    "rules page": lambda engine: rules_page(engine).exists(),
    "policy": lambda engine: overrides(engine, "policy"),
    "picture": lambda engine: overrides(engine, "picture"),
    "views read back": reads_views_back,
    "hidden information": hides_information,
    "hands laid open": lays_hands_open,
}


def has(engine: Engine[Any, Any], *features: Feature) -> bool:
    """Whether ``engine`` has every one of ``features``."""
    return all(FEATURES[feature](engine) for feature in features)
