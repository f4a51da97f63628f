"""``python -m bot`` start-up: which mode runs, the database is prepared first, and a bad one
stops it."""

from __future__ import annotations

import asyncio
import errno
import logging
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

import bot.playground.runner
from bot import installed_version
from bot.__main__ import main
from bot.playground.options import PlaygroundOptions
from bot.wiring.settings import Settings
from storage import health
from tests.storage.damage import damage_games_page, games_database


@pytest.fixture
def playground_runs(monkeypatch: pytest.MonkeyPatch) -> list[PlaygroundOptions]:
    """Stands in for the playground's event loop, recording what it was asked to run."""
    runs: list[PlaygroundOptions] = []

    async def run(settings: Settings, options: PlaygroundOptions, **_: Any) -> int:
        runs.append(options)
        return 0

    monkeypatch.setattr(bot.playground.runner, "run_playground", run)
    return runs


@pytest.fixture
def no_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory with no .env, and no Grimoire settings in the environment."""
    monkeypatch.chdir(tmp_path)
    for name in ("DATABASE_URL", "DISCORD_TOKEN", "DEV_GUILD_ID"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def test_without_a_token_the_playground_runs_on_its_own_database(
    no_settings: Path, playground_runs: list[PlaygroundOptions], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="grimoire")
    assert main([]) == 0
    assert playground_runs == [PlaygroundOptions()]
    assert (no_settings / "data" / "playground.sqlite3").is_file()
    assert not (no_settings / "data" / "grimoire.sqlite3").exists()
    first = caplog.records[0].getMessage()
    assert first.startswith("Grimoire starting in the playground (no DISCORD_TOKEN)")
    assert "0 games to resume" in caplog.text


def test_the_playground_takes_its_options_from_the_command_line(
    no_settings: Path, playground_runs: list[PlaygroundOptions]
) -> None:
    db = no_settings / "elsewhere.sqlite3"
    assert main(["--port", "8800", "--members", "3", "--db", str(db)]) == 0
    assert playground_runs == [PlaygroundOptions(port=8800, members=3, db=db)]


def test_with_a_token_the_playground_runs_only_when_asked(
    no_settings: Path,
    playground_runs: list[PlaygroundOptions],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="grimoire")
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    assert main(["--playground"]) == 0
    assert len(playground_runs) == 1
    assert caplog.records[0].getMessage().startswith("Grimoire starting in the playground (--")
    assert "not-a-real-token" not in caplog.text


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        (["--members", "1"], "--members must be from 2 to 10"),
        (["--members", "11"], "--members must be from 2 to 10"),
        (["--port", "70000"], "--port must be from 0 to 65535"),
        (["--port", "http"], "invalid int value"),
    ],
)
def test_bad_options_are_refused_with_a_reason(
    no_settings: Path,
    playground_runs: list[PlaygroundOptions],
    capsys: pytest.CaptureFixture[str],
    arguments: list[str],
    complaint: str,
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(arguments)
    assert stopped.value.code == 2
    assert complaint in capsys.readouterr().err
    assert playground_runs == []


def test_without_simcord_the_playground_says_how_to_install_it(
    no_settings: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "aiohttp", None)  # as if it were not installed
    assert main([]) == 1
    assert "missing: aiohttp" in caplog.text
    assert "pip install -e '.[playground]'" in caplog.text
    assert "DISCORD_TOKEN" in caplog.text


def test_a_file_that_is_not_a_database_stops_start_up_naming_it(
    no_settings: Path, playground_runs: list[PlaygroundOptions], caplog: pytest.LogCaptureFixture
) -> None:
    notes = no_settings / "notes.txt"
    notes.write_text("shopping list")
    assert main(["--db", str(notes)]) == 2
    assert f"Cannot use the database {notes}" in caplog.text
    assert notes.read_text() == "shopping list"
    assert playground_runs == []


def test_a_damaged_database_stops_start_up_saying_what_to_do(
    no_settings: Path, playground_runs: list[PlaygroundOptions], caplog: pytest.LogCaptureFixture
) -> None:
    db = no_settings / "games.sqlite3"
    asyncio.run(games_database(db))
    damage_games_page(db)
    assert main(["--db", str(db)]) == 2
    assert f"Cannot use the database {db}: SQLite's integrity check found damage" in caplog.text
    assert "Restore a backup, or run `python -m storage check`" in caplog.text
    assert "Traceback" not in caplog.text
    assert playground_runs == []


def test_a_read_only_folder_stops_start_up_naming_it(
    no_settings: Path,
    playground_runs: list[PlaygroundOptions],
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def denied(folder: Path) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(health, "probe_folder", denied)
    db = no_settings / "data" / "games.sqlite3"
    assert main(["--db", str(db)]) == 2
    assert f"the folder {no_settings} is read-only (Permission denied)" in caplog.text
    assert not db.parent.exists()
    assert playground_runs == []


def test_on_discord_a_bad_database_stops_start_up_before_connecting(
    no_settings: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="grimoire")
    notes = no_settings / "notes.txt"
    notes.write_text("shopping list")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{notes}")
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    assert main([]) == 2
    assert caplog.records[0].getMessage() == (
        f"Grimoire {installed_version()} starting on Discord (DISCORD_TOKEN is set)."
    )
    assert "Connecting to Discord" not in caplog.text


def test_the_version_is_the_one_pyproject_declares(capsys: pytest.CaptureFixture[str]) -> None:
    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text("utf-8"))
    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out.strip() == f"Grimoire {project['project']['version']}"
