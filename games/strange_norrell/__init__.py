"""Jonathan Strange & Mr Norrell: twelve years of English magic against the fairy."""

from games.strange_norrell.engine import StrangeNorrellEngine, StrangeNorrellOptions

__all__ = ["StrangeNorrellEngine", "StrangeNorrellOptions"]
