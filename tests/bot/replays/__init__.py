"""Tests of :mod:`bot.replays`."""
