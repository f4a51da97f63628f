"""The tests' throwaway PostgreSQL server: the same helper the benchmarks use
(``storage/postgres/throwaway.py``)."""

from storage.postgres.throwaway import REQUIRE, USER, Server, binaries, running_server

__all__ = ["REQUIRE", "USER", "Server", "binaries", "running_server"]
