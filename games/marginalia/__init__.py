"""Marginalia: a duel of drawings come alive in a manuscript's margins."""

from games.marginalia.engine import MarginaliaEngine, MarginaliaOptions

#: The engine ``games`` registers: everything the rest of Grimoire knows of this game.
ENGINE = MarginaliaEngine()

__all__ = ["ENGINE", "MarginaliaEngine", "MarginaliaOptions"]
