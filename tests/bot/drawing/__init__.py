"""Tests of :mod:`bot.drawing`."""
