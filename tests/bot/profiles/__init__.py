"""Tests of :mod:`bot.profiles`."""
