"""Tests of :mod:`bot.wiring`."""
