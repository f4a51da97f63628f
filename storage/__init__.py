"""Game storage: the action log, deliveries and timers in SQLite."""
