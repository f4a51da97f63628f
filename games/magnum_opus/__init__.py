"""Magnum Opus: court the Characters of Prague for the ingredients of your Great Work."""

from games.magnum_opus.engine import MagnumOpusEngine, MagnumOpusOptions

__all__ = ["MagnumOpusEngine", "MagnumOpusOptions"]
