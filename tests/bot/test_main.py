"""``python -m bot`` start-up: the database is prepared first, and a bad one stops it."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.__main__ import main


def test_start_up_creates_the_database_in_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="grimoire")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main() == 1
    assert (tmp_path / "data" / "grimoire.sqlite3").is_file()
    assert "0 games to resume" in caplog.text
    assert "DISCORD_TOKEN is not set" in caplog.text


def test_a_file_that_is_not_a_database_stops_start_up_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{notes}")
    assert main() == 2
    assert f"Cannot use the database {notes}" in caplog.text
    assert notes.read_text() == "shopping list"
