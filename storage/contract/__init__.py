"""The store contract, one module per part of the store: :mod:`~storage.contract.games`,
:mod:`~storage.contract.outbox`, :mod:`~storage.contract.timers`,
:mod:`~storage.contract.prefs`, :mod:`~storage.contract.tournaments`,
:mod:`~storage.contract.ratings`, :mod:`~storage.contract.views` and
:mod:`~storage.contract.locks` (each game's lock). :class:`storage.store.Store` puts them
together."""
