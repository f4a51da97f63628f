"""A throwaway PostgreSQL server, for the tests and the benchmarks: started from the Debian
package's binaries, on 127.0.0.1 and a free port, in a temporary folder; stopped and removed
at the end. Each user of it makes fresh empty databases on it.

As root the server runs as the ``postgres`` user (PostgreSQL refuses to run as root); as
anyone else, as that user. Without the binaries the tests that need it are skipped, unless
``GRIMOIRE_REQUIRE_POSTGRES=1`` (as in CI), where they fail instead; the benchmarks say so
and go on without it.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import count
from pathlib import Path

import asyncpg

REQUIRE = "GRIMOIRE_REQUIRE_POSTGRES"
#: The server's superuser; peers connect without a password (trust, on 127.0.0.1 only).
USER = "grimoire"
_numbers = count(1)


@dataclass(frozen=True)
class Server:
    """A running server."""

    port: int
    folder: Path

    def url(self, database: str = "postgres") -> str:
        """The URL of one database on the server."""
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    async def new_database(self) -> str:
        """A fresh empty database (copied from ``template0``); returns its URL."""
        name = f"test_{os.getpid()}_{next(_numbers)}"
        admin = await asyncpg.connect(self.url())
        try:
            # FILE_COPY: for a small template, copying its files beats writing it to the WAL.
            await admin.execute(f"CREATE DATABASE {name} TEMPLATE template0 STRATEGY FILE_COPY")
        finally:
            await admin.close()
        return self.url(name)

    async def drop_database(self, url: str) -> None:
        """Drop a test's database, closing whatever connections were left to it."""
        name = url.rsplit("/", 1)[1]
        admin = await asyncpg.connect(self.url())
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await admin.close()


def binaries() -> Path | None:
    """The newest installed PostgreSQL's ``bin`` folder, if any."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parent.parent.name),
    )
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _as_owner() -> list[str]:
    """The prefix that runs a command as the server's owner."""
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


@contextmanager
def running_server(bin_folder: Path, *, durable: bool = False) -> Iterator[Server]:
    """Start a server, yield it, and stop and remove it. Not ``durable`` (for tests), it
    never waits for the disk: a crash loses nothing that matters. ``durable`` (for
    measuring) it commits as a deployment's server does, flushed to disk."""
    folder = Path(tempfile.mkdtemp(prefix="grimoire-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    data, log = folder / "data", folder / "server.log"
    run = _as_owner()
    subprocess.run(
        [
            *run,
            str(bin_folder / "initdb"),
            "-D",
            str(data),
            "-U",
            USER,
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
            "--no-instructions",
        ],
        check=True,
        capture_output=True,
    )
    port = _free_port()
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=400"
    if not durable:
        options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    pg_ctl = str(bin_folder / "pg_ctl")
    started = subprocess.run(
        [*run, pg_ctl, "-D", str(data), "-o", options, "-l", str(log), "-w", "start"],
        capture_output=True,
        text=True,
    )
    try:
        if started.returncode != 0:
            detail = log.read_text() if log.exists() else started.stderr
            raise RuntimeError(f"PostgreSQL did not start:\n{detail}")
        yield Server(port, folder)
    finally:
        subprocess.run(
            [*run, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True
        )
        shutil.rmtree(folder, ignore_errors=True)
