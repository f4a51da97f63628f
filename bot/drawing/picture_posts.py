"""What a post keeps so that its board's picture can be drawn when it is sent.

A post carries, in its ``extra``, the game and the very view its board was made from, as JSON
data; the bot reads it back and draws it (``bot.drawing.pictures``). The picture thus shows exactly
what the board's reader may see, however long the post waits in the outbox.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

import games
from games.core import Engine

#: The key under which a post's ``extra`` carries the view to draw.
EXTRA_KEY = "picture"


def picture_extra(
    engine: Engine[Any, Any], view: BaseModel, *, status: str | None = None
) -> dict[str, Any]:
    """The ``extra`` entries that let a post's picture be drawn from ``view``; ``status``
    (neutral text) replaces the picture's status line (how a game ended by resignation)."""
    spec: dict[str, Any] = {"game": engine.key, "view": view.model_dump(mode="json")}
    if status is not None:
        spec["status"] = status
    return {EXTRA_KEY: spec}


def pictured_status(extra: Mapping[str, Any]) -> str | None:
    """The status line a post's picture shows instead of its own, if any (neutral text)."""
    spec = extra.get(EXTRA_KEY)
    status = spec.get("status") if isinstance(spec, Mapping) else None
    return status if isinstance(status, str) else None


def pictured_view(extra: Mapping[str, Any]) -> tuple[Engine[Any, Any], BaseModel] | None:
    """The engine and view a post's ``extra`` carries, or ``None`` when it carries none.

    Raises ``ValueError`` when the view cannot be read (a game or format no longer known).
    """
    spec = extra.get(EXTRA_KEY)
    if not isinstance(spec, Mapping):
        return None
    try:
        engine = games.get(str(spec["game"]))
        return engine, engine.load_view(spec["view"])
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"unreadable picture view: {error}") from error
