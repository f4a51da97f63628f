"""Tests of :mod:`bot.delivery.worker`."""
