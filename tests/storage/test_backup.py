"""``python -m storage backup``: a consistent copy of a live database, which ``storage check``
accepts once restored."""

from __future__ import annotations

import asyncio
import random
import shutil
import sqlite3
import subprocess
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from storage import Delivery, DeliveryKind, GameStatus, SqliteStore
from storage.__main__ import main
from storage.backup import BackupFailed, backup, pg_dump
from storage.postgres.store import PostgresStore
from tests.storage.postgres_server import Server
from tests.storage.tables import play, started_game


async def played_games(store: SqliteStore | PostgresStore) -> list[int]:
    """Two games with moves: one over, one running."""
    rng = random.Random(3)
    first = await started_game(store)
    while first.status is GameStatus.ACTIVE:
        first = await play(store, first, rng)
    second = await started_game(store, (21, 22, 23))
    for _ in range(4):
        second = await play(store, second, rng)
    return [first.id, second.id]


def pair(number: int) -> list[Delivery]:
    """Two deliveries queued in one transaction: a consistent copy has both or neither."""
    return [Delivery(DeliveryKind.DM, number, {"n": number}) for _ in range(2)]


async def test_a_backup_taken_while_the_bot_writes_is_consistent_and_restores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    live = tmp_path / "live.sqlite3"
    async with await SqliteStore.open(live) as store:
        games = await played_games(store)
        writing = True
        written = 0

        async def writer() -> None:
            nonlocal written
            while writing:
                await store.outbox.enqueue(pair(written))
                written += 1

        task = asyncio.create_task(writer())
        while written < 20:
            await asyncio.sleep(0.01)
        copies = [
            await asyncio.to_thread(backup, f"sqlite:///{live}", tmp_path / f"b{n}.sqlite3")
            for n in range(3)
        ]
        writing = False
        await task
    assert written > 20
    for made in copies:
        assert not made.path.with_name(made.path.name + "-wal").exists()  # one whole file
        restored = tmp_path / "restored" / made.path.name
        restored.parent.mkdir(exist_ok=True)
        shutil.copy(made.path, restored)
        async with await SqliteStore.open(restored) as copy:
            waiting = len(await copy.outbox.pending())
            assert waiting % 2 == 0  # never half a transaction
            assert waiting >= 40  # everything written before the backup began
            assert await copy.games.ids([GameStatus.ACTIVE, GameStatus.FINISHED]) == games
        capsys.readouterr()
        assert await asyncio.to_thread(main, ["check", f"sqlite:///{restored}"]) == 0
        out = capsys.readouterr().out
        assert "2 games checked, 0 mismatched." in out


async def test_the_command_backs_up_into_a_folder_and_keeps_the_newest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    live = tmp_path / "live.sqlite3"
    async with await SqliteStore.open(live) as store:
        await played_games(store)
    folder = tmp_path / "backups"
    folder.mkdir()
    url = f"sqlite:///{live}"
    moments = iter(datetime(2026, 11, 20, 3, 15, tzinfo=UTC) + timedelta(days=n) for n in range(4))
    made = [backup(url, folder, keep=2, now=lambda: next(moments)) for _ in range(3)]
    assert [m.path.name for m in made] == [
        "grimoire-20261120-031500.sqlite3",
        "grimoire-20261121-031500.sqlite3",
        "grimoire-20261122-031500.sqlite3",
    ]
    assert made[2].removed == (made[0].path,)
    assert sorted(p.name for p in folder.iterdir()) == [m.path.name for m in made[1:]]

    assert await asyncio.to_thread(main, ["backup", str(folder), "--url", url, "--keep", "2"]) == 0
    out = capsys.readouterr().out
    assert f"Backed up to {folder}/grimoire-" in out
    assert "Removed the older backup" in out
    assert "python -m storage check sqlite:///" in out
    assert len(list(folder.iterdir())) == 2


def test_a_backup_never_overwrites_and_needs_a_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "taken.sqlite3"
    taken.write_text("an earlier backup")
    live = tmp_path / "live.sqlite3"
    asyncio.run(_empty_database(live))
    assert main(["backup", str(taken), "--url", f"sqlite:///{live}"]) == 2
    assert "exists already" in capsys.readouterr().err
    assert taken.read_text() == "an earlier backup"
    assert main(["backup", str(tmp_path / "b.sqlite3"), "--url", f"sqlite:///{tmp_path}/none"]) == 2
    assert "no database there" in capsys.readouterr().err
    assert not (tmp_path / "b.sqlite3").exists()
    assert not (tmp_path / "none").exists()
    with pytest.raises(BackupFailed, match="needs a folder"):
        backup(f"sqlite:///{live}", tmp_path / "c.sqlite3", keep=3)
    assert sorted(p.name for p in tmp_path.iterdir() if "partial" in p.name) == []


async def _empty_database(path: Path) -> None:
    async with await SqliteStore.open(path):
        pass


@pytest.mark.slow
async def test_a_postgres_backup_restores_and_checks(
    postgres_server: Server, postgres_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if pg_dump() is None:
        pytest.skip("pg_dump is not installed")
    async with await PostgresStore.open(postgres_url, pool_size=2) as store:
        games = await played_games(store)
    dump = tmp_path / "grimoire.dump"
    assert await asyncio.to_thread(main, ["backup", str(dump), "--url", postgres_url]) == 0
    assert dump.stat().st_size > 0
    restored = await postgres_server.new_database()
    try:
        pg_restore = Path(str(pg_dump())).with_name("pg_restore")
        subprocess.run(
            [str(pg_restore), "--no-owner", f"--dbname={restored}", str(dump)],
            check=True,
            capture_output=True,
        )
        capsys.readouterr()
        assert await asyncio.to_thread(main, ["check", restored]) == 0
        assert "2 games checked, 0 mismatched." in capsys.readouterr().out
        async with await PostgresStore.open(restored, pool_size=2) as copy:
            assert await copy.games.ids([GameStatus.ACTIVE, GameStatus.FINISHED]) == games
    finally:
        await postgres_server.drop_database(restored)


def test_a_write_in_progress_is_left_out_and_does_not_hold_the_backup_up(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    asyncio.run(_empty_database(live))
    writer = sqlite3.connect(live, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")  # the bot, in the middle of a move
        writer.execute(
            "INSERT INTO outbox (kind, target_id, lane, payload, created_at, available_at)"
            " VALUES ('dm', 1, '1', '{}', 0, 0)"
        )
        made = backup(f"sqlite:///{live}", tmp_path / "during.sqlite3")
        writer.execute("COMMIT")
    finally:
        writer.close()
    with closing(sqlite3.connect(made.path)) as copy:
        assert copy.execute("SELECT count(*) FROM outbox").fetchone() == (0,)
    with closing(sqlite3.connect(live)) as original:
        assert original.execute("SELECT count(*) FROM outbox").fetchone() == (1,)
