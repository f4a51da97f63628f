"""Tests of :mod:`bot.clocks`."""
