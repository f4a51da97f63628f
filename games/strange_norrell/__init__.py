"""Jonathan Strange & Mr Norrell: twelve years of English magic against the fairy."""

from games.strange_norrell.engine import StrangeNorrellEngine, StrangeNorrellOptions

#: The engine ``games`` registers: everything the rest of Grimoire knows of this game.
ENGINE = StrangeNorrellEngine()

__all__ = ["ENGINE", "StrangeNorrellEngine", "StrangeNorrellOptions"]
