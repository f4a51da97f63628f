"""Reading ``DATABASE_URL``."""

from __future__ import annotations

from pathlib import Path

from storage.errors import UnsupportedDatabaseUrl

SQLITE_PREFIX = "sqlite:///"


def sqlite_path(url: str, *, base: Path | None = None) -> Path:
    """The file a ``sqlite:///`` URL names, relative paths taken from ``base`` (the working
    directory by default).

    >>> sqlite_path("sqlite:///data/grimoire.sqlite3", base=Path("/srv/bot"))
    PosixPath('/srv/bot/data/grimoire.sqlite3')
    >>> sqlite_path("sqlite:////var/lib/grimoire.sqlite3")
    PosixPath('/var/lib/grimoire.sqlite3')
    """
    if not url.startswith(SQLITE_PREFIX):
        scheme = url.split(":", 1)[0] if ":" in url else url
        raise UnsupportedDatabaseUrl(
            f"DATABASE_URL must look like sqlite:///data/grimoire.sqlite3; "
            f"“{scheme}” databases are not supported in this version."
        )
    raw = url.removeprefix(SQLITE_PREFIX)
    if not raw or raw.endswith("/"):
        raise UnsupportedDatabaseUrl(f"DATABASE_URL {url!r} does not name a file.")
    path = Path(raw)
    if not path.is_absolute():
        path = (base or Path.cwd()) / path
    return path
