"""What can befall the tests' throwaway PostgreSQL server while a store is connected to it:
a restart (orderly, or after a crash) and a hang (every server process stopped)."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager, suppress

import asyncpg

from tests.storage.postgres_server import Server, binaries


def _as_owner() -> list[str]:
    """The prefix that runs a command as the server's owner (as the throwaway server does)."""
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


async def restart(server: Server, *, crash: bool = False) -> None:
    """Restart the server and wait until it accepts connections again. ``crash``: stop it
    as a crash would (``immediate``: no shutdown checkpoint, recovery at the start), after
    a checkpoint, since the tests' server does not wait for the disk.

    ``pg_ctl`` runs without yielding to the event loop, so a store's pooled connections do
    not see the server go, just as they would not behind a proxy or a network that lost
    them: they are stale when next used."""
    if crash:
        admin = await asyncpg.connect(server.url())
        try:
            await admin.execute("CHECKPOINT")
        finally:
            await admin.close()
    folder = binaries()
    assert folder is not None
    data, log = server.folder / "data", server.folder / "server.log"
    mode = "immediate" if crash else "fast"
    pg_ctl = [*_as_owner(), str(folder / "pg_ctl"), "-D", str(data), "-l", str(log)]
    done = subprocess.run([*pg_ctl, "-m", mode, "-w", "restart"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def server_processes(server: Server) -> list[int]:
    """The postmaster's process id and its children's."""
    postmaster = int((server.folder / "data" / "postmaster.pid").read_text().split()[0])
    children = subprocess.run(
        ["pgrep", "-P", str(postmaster)], capture_output=True, text=True
    ).stdout.split()
    return [postmaster, *map(int, children)]


@contextmanager
def hung(server: Server) -> Iterator[None]:
    """Within the block, every process of the server is stopped (SIGSTOP): connections
    stay open and nothing answers. They are let go on (SIGCONT) whatever happens."""
    stopped: list[int] = []
    try:
        for pid in server_processes(server):
            os.kill(pid, signal.SIGSTOP)
            stopped.append(pid)
        yield
    finally:
        for pid in stopped:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
