"""Magic Spell: weave letter tiles into unusual magic words, from memory of the laboratory."""

from games.magic_spell.engine import MagicSpellEngine, MagicSpellOptions

__all__ = ["MagicSpellEngine", "MagicSpellOptions"]
