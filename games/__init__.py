"""Grimoire's rules engines, one package per game, behind the contract in ``games.core``.

>>> import games
>>> engine = games.get("mandragora")
>>> state = engine.new_game(players=3, seed=42)
>>> sorted(engine.to_act(state))
[0]

Every game package here (``games/<game>/``) exposes its engine as ``ENGINE`` and is found
when ``games`` is first imported; nothing outside the package lists it. An engine that lives
elsewhere joins with :func:`register`. ``games/core/LAYOUT.md`` describes a game package.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from games.core import Engine
from games.core.words import msg

#: Every registered game, by key, in the order menus list them (``Engine.menu_position``,
#: then title). Always this same dict, so code that reads it at the time of use sees games
#: registered later.
ENGINES: dict[str, Engine[Any, Any]] = {}

#: Packages of ``games`` that hold shared code rather than a game.
_SHARED = frozenset({"core", "ai", "export"})


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
        raise UnknownGame(
            msg("There is no game called “{game}”. Games: {games}.", game=key, games=known)
        ) from None


def register(engine: Engine[Any, Any]) -> Engine[Any, Any]:
    """Add ``engine`` to ``ENGINES`` in its menu place and return it; registering the same
    engine again changes nothing. Another engine under a key already taken is refused with
    ``ValueError``, so two games can never answer to one key."""
    known = ENGINES.get(engine.key)
    if known is engine:
        return engine
    if known is not None:
        raise ValueError(f"The game key “{engine.key}” is taken by {known.title}.")
    ordered = sorted([*ENGINES.values(), engine], key=lambda e: (e.menu_position, e.title))
    ENGINES.clear()
    ENGINES.update((e.key, e) for e in ordered)
    return engine


def unregister(key: str) -> None:
    """Take the game ``key`` out of ``ENGINES`` (nothing happens when it is not there): for
    tests that register a game of their own and leave the registry as they found it."""
    ENGINES.pop(key, None)


def _discover() -> None:
    """Register the ``ENGINE`` of every game package beside this file, in name order (menus
    then sort them by position). A package without one is a mistake worth stopping for: its
    game would silently be missing from every menu."""
    for found in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not found.ispkg or found.name in _SHARED or found.name.startswith("_"):
            continue
        package = importlib.import_module(f"{__name__}.{found.name}")
        engine = getattr(package, "ENGINE", None)
        if not isinstance(engine, Engine):
            raise TypeError(f"games/{found.name}/__init__.py must set ENGINE to its engine.")
        register(engine)


_discover()
