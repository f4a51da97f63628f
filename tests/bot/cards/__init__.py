"""Tests of :mod:`bot.cards`."""
