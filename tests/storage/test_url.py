"""Reading DATABASE_URL."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import UnsupportedDatabaseUrl, open_store, sqlite_path


def test_relative_paths_are_taken_from_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert sqlite_path("sqlite:///data/grimoire.sqlite3") == tmp_path / "data/grimoire.sqlite3"


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("mysql://db/grimoire", "“mysql” database, which is not supported"),
        ("postgresql://db/grimoire", "is a PostgreSQL URL, not an SQLite one"),
        ("grimoire.sqlite3", "must look like sqlite:///"),
        ("sqlite:///", "does not name a file"),
        ("sqlite:///data/", "does not name a file"),
    ],
)
def test_urls_that_name_no_sqlite_file_are_refused(url: str, message: str) -> None:
    with pytest.raises(UnsupportedDatabaseUrl, match=message):
        sqlite_path(url)


async def test_open_store_creates_the_folder_of_the_default_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    async with await open_store("sqlite:///data/grimoire.sqlite3") as store:
        assert store.path == tmp_path / "data" / "grimoire.sqlite3"
    assert (tmp_path / "data" / "grimoire.sqlite3").is_file()
