"""Tests of :mod:`bot.undo`."""
