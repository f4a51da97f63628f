"""Tests of :mod:`bot.tables`."""
