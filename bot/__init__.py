"""Grimoire's Discord bot. ``create_bot(settings)`` builds it; ``python -m bot`` runs it."""

from __future__ import annotations

import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.wiring.app import GrimoireBot
    from bot.wiring.settings import Settings


#: The project file of a source checkout, beside the package.
_PROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def installed_version() -> str:
    """Grimoire's version, as ``pyproject.toml`` declares it: read from that file in a
    source checkout (an editable install's metadata may predate the last bump), otherwise
    from the installed package's metadata."""
    if _PROJECT.is_file():
        project = tomllib.loads(_PROJECT.read_text(encoding="utf-8")).get("project", {})
        if project.get("name") == "grimoire" and isinstance(project.get("version"), str):
            return str(project["version"])
    try:
        return version("grimoire")
    except PackageNotFoundError:
        return "unknown"


def create_bot(settings: Settings | None = None, **overrides: Any) -> GrimoireBot:
    """The configured bot, not yet started (see :func:`bot.wiring.app.create_bot`)."""
    from bot.wiring.app import create_bot as build

    return build(settings, **overrides)


__all__ = ["create_bot", "installed_version"]
