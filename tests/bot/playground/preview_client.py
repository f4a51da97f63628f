"""A small client of SimCord Preview's page protocol, as the page's own script speaks it:
open a page as a member, list the commands, run one, read what the member sees."""

from __future__ import annotations

import itertools
import json
import urllib.request
from typing import Any


class PreviewClient:
    """Talks to one Preview page over HTTP, given the URL the playground printed."""

    def __init__(self, url: str) -> None:
        self.base, _, self.capability = url.partition("/#")
        self._sequence = itertools.count(1)
        self.page: dict[str, Any] = {}

    def _call(self, method: str, path: str, body: object | None = None) -> Any:
        headers = {"X-Simcord-Capability": self.capability, "Content-Type": "application/json"}
        if self.page:
            headers["X-Simcord-Context"] = self.page["context"]["id"]
        request = urllib.request.Request(
            self.base + path,
            data=None if body is None else json.dumps(body).encode(),
            headers=headers,
            method=method,
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)

    def index(self) -> str:
        """The page itself, as a browser first loads it."""
        with urllib.request.urlopen(self.base + "/", timeout=30) as response:
            return str(response.read().decode())

    def open_as(self, viewer_id: int | None = None) -> dict[str, Any]:
        """Open a page viewing the channel as one member (by default, the first)."""
        self.page = {}
        body = {} if viewer_id is None else {"viewer_id": str(viewer_id)}
        self.page = self._call("POST", "/api/pages", body)
        self._sequence = itertools.count(1)  # each page numbers its own actions
        return self.page

    def state(self) -> dict[str, Any]:
        """The page as it is now."""
        self.page = self._call("GET", "/api/state")
        return self.page

    def run_command(self, invocation: str, options: dict[str, Any]) -> dict[str, Any]:
        """Run a slash command from the page's composer, e.g. ``("game new", {...})``."""
        catalog = self._call("GET", "/api/commands")
        entry = next(e for e in catalog["entries"] if e["invocation"] == invocation)
        page = self.state()
        number = next(self._sequence)
        return dict(
            self._call(
                "POST",
                "/api/action",
                {
                    "protocol_version": 3,
                    "sequence": number,
                    "request_id": f"request-{number}",
                    "generation": page["context"]["generation"],
                    "bot_generation": page["botGeneration"],
                    "published_revision": page["publishedRevision"],
                    "kind": "run_command",
                    "command_id": entry["commandId"],
                    "path": entry["path"],
                    "schema_fingerprint": entry["schemaFingerprint"],
                    "options": options,
                },
            )
        )

    def embed_titles(self) -> list[str]:
        """The titles of every embed the member sees in the channel, oldest first."""
        page = self.state()
        messages = [page["messages"][key] for key in page["messages"]]
        return [embed.get("title", "") for m in messages for embed in m.get("embeds", [])]
