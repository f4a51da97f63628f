"""What ``python -m bot`` may be told about the playground."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: The port the page is served on unless ``--port`` says otherwise.
DEFAULT_PORT = 8765
DEFAULT_MEMBERS = 5
#: Members in the order they are created; ``--members N`` takes the first N.
MEMBER_NAMES = (
    "alice",
    "bob",
    "carol",
    "dave",
    "erin",
    "frank",
    "grace",
    "heidi",
    "ivan",
    "judy",
)
MIN_MEMBERS = 2
MAX_MEMBERS = len(MEMBER_NAMES)
DEFAULT_DB = Path("data/playground.sqlite3")


@dataclass(frozen=True, slots=True)
class PlaygroundOptions:
    """How to run the playground: the page's port (0 picks a free one), how many members
    the server has, the SQLite file its games are kept in, and the language it is played in."""

    port: int = DEFAULT_PORT
    members: int = DEFAULT_MEMBERS
    db: Path = DEFAULT_DB
    language: str | None = None
    """The language the server and its members read (``en``, ``fr``, ``de``): the server's
    preferred locale, and each member's choice until they make their own with ``/notify``;
    ``None``: English, as Discord's default."""

    @property
    def database_url(self) -> str:
        """The playground's database as a ``DATABASE_URL``."""
        return f"sqlite:///{self.db}"
