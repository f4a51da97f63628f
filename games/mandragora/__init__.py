"""Mandragora: send the assistant shopping, cast spells, keep clear of cursed scrolls."""

from games.mandragora.engine import MandragoraEngine, MandragoraOptions

#: The engine ``games`` registers: everything the rest of Grimoire knows of this game.
ENGINE = MandragoraEngine()

__all__ = ["ENGINE", "MandragoraEngine", "MandragoraOptions"]
