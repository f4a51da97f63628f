"""Grimoire's benchmarks: what a move costs and how many games one machine carries.

``python -m bench`` (or ``make bench``) measures the engines, the service layer on SQLite,
the whole bot driven through SimCord and the bot process itself, and writes
``bench/RESULTS.md`` and ``bench/results.json``. Nothing here runs in ``make test``.
"""
