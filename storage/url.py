"""Reading ``DATABASE_URL``."""

from __future__ import annotations

from pathlib import Path

from storage.errors import UnsupportedDatabaseUrl

SQLITE_PREFIX = "sqlite:///"
POSTGRES_PREFIXES = ("postgresql://", "postgres://")
#: The query parameter choosing how many connections one process keeps to PostgreSQL.
POOL_SIZE = "pool_size"


def is_postgres(url: str) -> bool:
    """Whether ``url`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)."""
    return url.startswith(POSTGRES_PREFIXES)


def postgres_pool(url: str) -> tuple[str, int | None]:
    """A PostgreSQL URL without Grimoire's own ``pool_size`` parameter (which the server
    would not understand), and that size (``None`` when not given).

    >>> postgres_pool("postgresql://grimoire@db/grimoire?pool_size=4&sslmode=require")
    ('postgresql://grimoire@db/grimoire?sslmode=require', 4)
    >>> postgres_pool("postgres://grimoire@db/grimoire")
    ('postgres://grimoire@db/grimoire', None)
    """
    base, _, query = url.partition("?")
    kept, size = [], None
    for part in query.split("&") if query else []:
        name, _, value = part.partition("=")
        if name != POOL_SIZE:
            kept.append(part)
        elif not value.isdigit() or int(value) < 1:
            raise UnsupportedDatabaseUrl(
                f"DATABASE_URL's pool_size must be a whole number of connections, not {value!r}."
            )
        else:
            size = int(value)
    return (f"{base}?{'&'.join(kept)}" if kept else base), size


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
        what = (
            "is a PostgreSQL URL, not an SQLite one"
            if is_postgres(url)
            else f"names a “{scheme}” database, which is not supported"
        )
        raise UnsupportedDatabaseUrl(
            "DATABASE_URL must look like sqlite:///data/grimoire.sqlite3 or "
            f"postgresql://user:password@host:5432/database; {url.split('@')[-1]!r} {what}."
        )
    raw = url.removeprefix(SQLITE_PREFIX)
    if not raw or raw.endswith("/"):
        raise UnsupportedDatabaseUrl(f"DATABASE_URL {url!r} does not name a file.")
    path = Path(raw)
    if not path.is_absolute():
        path = (base or Path.cwd()) / path
    return path
