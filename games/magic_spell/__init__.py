"""Magic Spell: weave letter tiles into unusual magic words, from memory of the laboratory."""

from games.magic_spell.engine import MagicSpellEngine, MagicSpellOptions

#: The engine ``games`` registers: everything the rest of Grimoire knows of this game.
ENGINE = MagicSpellEngine()

__all__ = ["ENGINE", "MagicSpellEngine", "MagicSpellOptions"]
