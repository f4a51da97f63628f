"""What a post keeps so that its board's picture can be drawn when it is sent.

A post carries, as its :class:`~bot.common.posts.PostPicture`, the game and the very view its
board was made from, as JSON data; the bot reads it back and draws it
(``bot.drawing.pictures``). The picture thus shows exactly what the board's reader may see,
however long the post waits in the outbox.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

import games
from bot.common.posts import PostPicture
from games.core import Engine


def post_picture(
    engine: Engine[Any, Any], view: BaseModel, *, status: str | None = None
) -> PostPicture:
    """What lets a post's picture be drawn from ``view``; ``status`` (neutral text) replaces
    the picture's status line (how a game ended by resignation)."""
    return PostPicture(engine.key, view.model_dump(mode="json"), status)


def pictured_view(picture: PostPicture) -> tuple[Engine[Any, Any], BaseModel]:
    """The engine and the view a post's picture is drawn from.

    Raises ``ValueError`` when the view cannot be read (a game or format no longer known).
    """
    try:
        engine = games.get(picture.game_key)
        return engine, engine.load_view(picture.view)
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"unreadable picture view: {error}") from error
