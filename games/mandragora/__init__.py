"""Mandragora: send the assistant shopping, cast spells, keep clear of cursed scrolls."""

from games.mandragora.engine import MandragoraEngine, MandragoraOptions

__all__ = ["MandragoraEngine", "MandragoraOptions"]
