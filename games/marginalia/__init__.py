"""Marginalia: a duel of drawings come alive in a manuscript's margins."""

from games.marginalia.engine import MarginaliaEngine, MarginaliaOptions

__all__ = ["MarginaliaEngine", "MarginaliaOptions"]
