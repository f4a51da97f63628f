"""Tests of :mod:`bot.ai`."""
