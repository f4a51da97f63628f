"""The SQLite implementation of the store."""
