"""The PostgreSQL implementation of the store, for several processes on one database."""
