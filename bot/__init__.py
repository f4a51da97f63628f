"""Grimoire's Discord bot. ``create_bot(settings)`` builds it; ``python -m bot`` runs it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.wiring.app import GrimoireBot
    from bot.wiring.settings import Settings


def create_bot(settings: Settings | None = None, **overrides: Any) -> GrimoireBot:
    """The configured bot, not yet started (see :func:`bot.wiring.app.create_bot`)."""
    from bot.wiring.app import create_bot as build

    return build(settings, **overrides)


__all__ = ["create_bot"]
