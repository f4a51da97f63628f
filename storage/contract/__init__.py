"""The store contract, one module per part of the store: :mod:`~storage.contract.games`,
:mod:`~storage.contract.outbox`, :mod:`~storage.contract.timers`,
:mod:`~storage.contract.prefs`, :mod:`~storage.contract.tournaments` and
:mod:`~storage.contract.ratings`. :class:`storage.store.Store` puts them together."""
