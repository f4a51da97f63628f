"""``python -m bot`` without a token: the playground as a person starts it, driven over HTTP
through the page's own protocol, then stopped with Ctrl+C."""

from __future__ import annotations

import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

from tests.bot.playground.preview_client import PreviewClient

pytestmark = pytest.mark.slow

#: Generous: the first start imports discord.py, SimCord and every engine on a busy machine.
START_TIMEOUT = 120.0
STOP_TIMEOUT = 60.0
URL = re.compile(r"http://127\.0\.0\.1:\d+/#\S+")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Running:
    """The playground process with its output read line by line as it comes."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        assert process.stdout is not None
        threading.Thread(target=self._read, args=(process.stdout,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line)

    def wait_for(self, pattern: re.Pattern[str]) -> re.Match[str]:
        while True:
            try:
                line = self.lines.get(timeout=START_TIMEOUT)
            except queue.Empty:
                pytest.fail(f"no line matching {pattern}; output so far:\n{''.join(self.seen)}")
            self.seen.append(line)
            if match := pattern.search(line):
                return match

    def rest(self) -> str:
        while not self.lines.empty():
            self.seen.append(self.lines.get())
        return "".join(self.seen)


@pytest.fixture
def playground(tmp_path: Path) -> Iterator[tuple[Running, int, Path]]:
    port = free_port()
    db = tmp_path / "playground.sqlite3"
    environment = {**os.environ, "DISCORD_TOKEN": "", "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "--port", str(port), "--members", "3", "--db", str(db)],
        cwd=tmp_path,  # no .env here: nothing of a developer's own settings leaks in
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    running = Running(process)
    try:
        yield running, port, db
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_without_a_token_the_playground_serves_the_bot_and_stops_cleanly(
    playground: tuple[Running, int, Path],
) -> None:
    running, port, db = playground
    first = running.wait_for(re.compile(r"\S"))
    assert "Grimoire starting in the playground (no DISCORD_TOKEN)" in first.string
    url = running.wait_for(URL).group(0)
    assert url.startswith(f"http://127.0.0.1:{port}/#")
    running.wait_for(re.compile(r"DISCORD_TOKEN in \.env"))

    client = PreviewClient(url)
    assert "<html" in client.index().lower()
    page = client.open_as()
    viewers = {viewer["username"]: int(viewer["id"]) for viewer in page["viewers"]}
    assert list(viewers) == ["alice", "bob", "carol"]
    client.open_as(viewers["alice"])
    result = client.run_command("game new", {"game": "mandragora"})
    assert not result["rejected"], result
    assert "Mandragora · table #1" in client.embed_titles()

    running.process.send_signal(signal.SIGINT)
    assert running.process.wait(timeout=STOP_TIMEOUT) == 0
    output = running.rest()
    assert "Stopping the playground." in output
    assert "Traceback" not in output
    assert db.is_file()  # the lobby is kept for the next start
