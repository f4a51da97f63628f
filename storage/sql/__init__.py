"""The store's SQL, written once for both backends.

Each part of the store (``views``, ``prefs``, …) is one class here, written against a
:class:`~storage.sql.driver.Driver`: transactions that yield a
:class:`~storage.sql.driver.Session`, and a :class:`~storage.sql.dialect.Dialect` for the
few spellings that differ (how a time is stored, locking a row). Statements use ``?`` for
their parameters on both backends; the PostgreSQL session numbers them. What is really a
backend's own (connections and transactions, games' locks, leases, PostgreSQL's one-call
move, migrations) stays in ``storage/sqlite`` and ``storage/postgres``.
"""
