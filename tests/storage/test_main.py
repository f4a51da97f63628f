"""``python -m storage check``, ``migrate`` and ``purge-guild``."""

from __future__ import annotations

import asyncio
import errno
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from storage import GameStatus, SqliteStore, health
from storage.__main__ import main
from storage.migrate import latest_version
from tests.storage.damage import damage_games_page, games_database
from tests.storage.tables import play, started_game


async def _two_games(path: Path) -> tuple[int, int]:
    async with await SqliteStore.open(path) as store:
        first = await started_game(store)
        second = await started_game(store, (21, 22, 23))
        rng = random.Random(4)
        while first.status is GameStatus.ACTIVE:
            first = await play(store, first, rng)
        for _ in range(5):
            second = await play(store, second, rng)
        async with store.database.transaction() as db:
            await db.execute("UPDATE games SET state = ? WHERE id = ?", (first.state, second.id))
        return first.id, second.id


def test_check_replays_every_game_and_reports_mismatches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.sqlite3"
    first, second = asyncio.run(_two_games(path))
    url = f"sqlite:///{path}"
    status = main(["check", "--url", url])
    out = capsys.readouterr().out
    assert status == 1
    assert f"game #{first}: " in out
    assert "ok" in out.splitlines()[0]
    assert f"game #{second}: 5 moves, MISMATCH: the replayed state differs" in out
    assert "2 games checked, 1 mismatched." in out
    assert main(["check", "--url", url, "--game", str(first)]) == 0
    # The URL may also be given plainly, as after a copy.
    assert main(["check", url, "--game", str(first)]) == 0


def test_check_names_an_unusable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("not a database")
    assert main(["check", "--url", f"sqlite:///{path}"]) == 2
    assert str(path) in capsys.readouterr().err


# ------------------------------------------------------------------ files that are not fine
def test_check_reports_damage_and_replays_every_game_it_can_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.sqlite3"
    ids = asyncio.run(games_database(path))
    lost = damage_games_page(path)
    before = path.read_bytes()
    status = main(["check", "--url", f"sqlite:///{path}"])
    captured = capsys.readouterr()
    assert status == 1
    assert "Traceback" not in captured.out + captured.err
    complaint = captured.err.splitlines()
    assert len(complaint) == 2
    assert complaint[0].startswith(f"The database {path} is damaged: SQLite's integrity check")
    assert "Restore a backup" in complaint[1]
    assert "damage: database disk image is malformed" in captured.out
    for each in ids:
        expected = "could not be read (database disk image is malformed)" if each in lost else "ok"
        assert f"game #{each}: " in captured.out
        line = next(ln for ln in captured.out.splitlines() if ln.startswith(f"game #{each}: "))
        assert line.endswith(expected), line
    assert f"{len(ids)} games checked, 0 mismatched, {len(lost)} could not be read." in (
        captured.out
    )
    assert path.read_bytes() == before


def test_check_lists_what_the_integrity_check_found(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.sqlite3"
    asyncio.run(games_database(path))
    damage_games_page(path, at=3, garbage=b"\x00\x01")
    assert main(["check", "--url", f"sqlite:///{path}"]) == 1
    captured = capsys.readouterr()
    problems = [ln for ln in captured.out.splitlines() if ln.startswith("damage: ")]
    assert problems
    assert any("page" in problem for problem in problems)
    assert "Traceback" not in captured.err


@pytest.mark.slow
def test_check_on_a_damaged_file_run_as_a_command_prints_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    asyncio.run(games_database(path))
    damage_games_page(path)
    done = subprocess.run(
        [sys.executable, "-m", "storage", "check", "--url", f"sqlite:///{path}"],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).parents[2],
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stderr.startswith(f"The database {path} is damaged")


@pytest.mark.parametrize(
    ("make", "complaint"),
    [
        (lambda path: None, "there is no database there"),
        (lambda path: path.touch(), "there is no database there"),
    ],
    ids=["missing", "empty"],
)
def test_check_names_a_file_it_cannot_check_in_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    make: Callable[[Path], None],
    complaint: str,
) -> None:
    path = tmp_path / "games.sqlite3"
    make(path)
    existed = path.exists()
    assert main(["check", "--url", f"sqlite:///{path}"]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"Cannot use the database {path}: {complaint}")
    assert len(captured.err.splitlines()) == 1
    assert "Traceback" not in captured.out + captured.err
    assert path.exists() == existed


def test_check_names_a_read_only_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.sqlite3"
    asyncio.run(games_database(path, games=1))

    def denied(where: Path) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(health, "probe_file", denied)
    assert main(["check", "--url", f"sqlite:///{path}"]) == 2
    err = capsys.readouterr().err
    assert f"the file {path} is read-only (Permission denied)" in err
    assert len(err.splitlines()) == 1


def test_migrate_brings_a_database_to_the_schema_and_says_which(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "new.sqlite3"
    assert main(["migrate", "--url", f"sqlite:///{path}"]) == 0
    assert capsys.readouterr().out == (f"The database {path} is at schema {latest_version()}.\n")


def test_purge_guild_removes_one_servers_games_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.sqlite3"
    asyncio.run(_two_games(path))  # both in server 1 (tests.storage.tables.GUILD)
    url = f"sqlite:///{path}"
    assert main(["purge-guild", "2", "--url", url]) == 0
    assert capsys.readouterr().out == "Nothing was kept of server 2.\n"
    assert main(["purge-guild", "1", "--url", url]) == 0
    said = capsys.readouterr().out
    assert said.startswith("Server 1 purged: ")
    assert "games 2" in said
    assert main(["check", "--url", url]) == 0

    async def left() -> list[int]:
        async with await SqliteStore.open(path) as store:
            return await store.games.ids(list(GameStatus))

    assert asyncio.run(left()) == []
