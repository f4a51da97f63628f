"""A game again: watching it move by move, and exporting it."""
