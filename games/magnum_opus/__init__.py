"""Magnum Opus: court the Characters of Prague for the ingredients of your Great Work."""

from games.magnum_opus.engine import MagnumOpusEngine, MagnumOpusOptions

#: The engine ``games`` registers: everything the rest of Grimoire knows of this game.
ENGINE = MagnumOpusEngine()

__all__ = ["ENGINE", "MagnumOpusEngine", "MagnumOpusOptions"]
