"""Tests of :mod:`bot.lobby`."""
