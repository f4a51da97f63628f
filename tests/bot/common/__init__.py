"""Tests of :mod:`bot.common`."""
