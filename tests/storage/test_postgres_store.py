"""The store contract, run against the PostgreSQL store on a throwaway server; and what only
PostgreSQL does: migrating once under a lock, refusing a newer or a stranger's database, and
several processes leasing outbox items and timers from one database."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from datetime import timedelta

import asyncpg
import pytest

import storage.__main__ as storage_main
from storage import (
    Delivery,
    DeliveryKind,
    ForeignDatabase,
    GameStatus,
    NewTimer,
    SchemaTooNew,
    TimerKind,
    UnsupportedDatabaseUrl,
)
from storage import (
    open_store as open_url,
)
from storage.__main__ import main
from storage.migrate import Migration, latest_version
from storage.postgres import migrate as pg_migrate
from storage.postgres.leases import TIMER_LEASE
from storage.postgres.store import PostgresStore
from storage.url import postgres_pool
from tests.storage.contract import FakeClock, StoreFactory
from tests.storage.contract.async_play import AsyncPlayContract
from tests.storage.contract.budget import RequestBudgetContract
from tests.storage.contract.concurrency import ConcurrencyContract
from tests.storage.contract.games import GameStoreContract
from tests.storage.contract.locks import GameLockContract
from tests.storage.contract.outbox import OutboxContract
from tests.storage.contract.privacy import PrivacyContract
from tests.storage.contract.profiles import ProfilesContract
from tests.storage.contract.profiles import _Tables as ProfileTables
from tests.storage.contract.snapshots import GameSnapshotsContract
from tests.storage.contract.stats import StatsContract
from tests.storage.contract.timers import TimersContract
from tests.storage.contract.tournaments import TournamentContract
from tests.storage.contract.undo_messages import UndoMessagesContract
from tests.storage.contract.views import PrivateViewsContract
from tests.storage.postgres_server import Server
from tests.storage.tables import play, started_game

pytestmark = pytest.mark.slow

LEASE = timedelta(seconds=30)


@pytest.fixture
async def open_store(postgres_url: str, clock: FakeClock) -> AsyncIterator[StoreFactory]:
    """Opens further stores (each its own pool) on the test's database, as other processes
    would; small pools, as fifty of them may be open at once."""
    opened: list[PostgresStore] = []

    async def opener() -> PostgresStore:
        store = await PostgresStore.open(postgres_url, clock=clock, pool_size=3)
        opened.append(store)
        return store

    yield opener
    for store in opened:
        await store.close()


@pytest.fixture
async def store(open_store: StoreFactory) -> PostgresStore:
    store = await open_store()
    assert isinstance(store, PostgresStore)
    return store


class TestPostgresPrivacy(PrivacyContract):
    """PostgreSQL: a member's data shown and erased, servers the bot left purged."""


class TestPostgresGames(GameStoreContract):
    """PostgreSQL games, seats and the action log."""


class TestPostgresOutbox(OutboxContract):
    """PostgreSQL outbox."""


class TestPostgresTimers(TimersContract):
    """PostgreSQL timers."""


class TestPostgresConcurrency(ConcurrencyContract):
    """PostgreSQL under concurrent writers."""


class TestPostgresGameLocks(GameLockContract):
    """PostgreSQL games' locks."""


class TestPostgresStats(StatsContract):
    """PostgreSQL reads for monitoring."""


class TestPostgresAsyncPlay(AsyncPlayContract):
    """PostgreSQL clocks, nudges, undo and preferences."""


class TestPostgresTournaments(TournamentContract):
    """PostgreSQL tournaments and ratings."""


class TestPostgresProfiles(ProfilesContract):
    """PostgreSQL profiles and server statistics."""


class TestPostgresGameSnapshots(GameSnapshotsContract):
    """PostgreSQL games as they stood at some versions."""


class TestPostgresPrivateViews(PrivateViewsContract):
    """PostgreSQL private views and out-of-date updates."""


class TestPostgresUndoMessages(UndoMessagesContract):
    """PostgreSQL undo requests' messages."""


class TestPostgresRequestBudget(RequestBudgetContract):
    """PostgreSQL's budget of Discord requests, shared by every process."""


# ------------------------------------------------------------------ migrations
async def _tables(url: str) -> set[str]:
    connection = await asyncpg.connect(url)
    try:
        found = await connection.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
        )
    finally:
        await connection.close()
    return {row["tablename"] for row in found}


#: The columns schemas after 12 add to tables a game's moves read and write (schema 13).
LATER_COLUMNS_ADDED = "ALTER TABLE games ADD COLUMN board_post text"
LATER_COLUMNS_DROPPED = "ALTER TABLE games DROP COLUMN board_post"


async def _alter(url: str, sql: str) -> None:
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


async def _version(url: str) -> int:
    connection = await asyncpg.connect(url)
    try:
        return int(await connection.fetchval("SELECT version FROM grimoire_schema"))
    finally:
        await connection.close()


async def test_open_store_serves_postgresql_urls_and_migrates_to_the_latest_schema(
    postgres_url: str,
) -> None:
    for url in (postgres_url, postgres_url.replace("postgresql://", "postgres://", 1)):
        async with await open_url(url + "?pool_size=2") as store:
            assert isinstance(store, PostgresStore)
            assert store.database.pool.get_max_size() == 2
    assert await _version(postgres_url) == latest_version()
    assert {"games", "seats", "actions", "outbox", "timers", "rating_changes"} <= await _tables(
        postgres_url
    )


def test_the_pool_size_is_taken_out_of_the_url_and_checked() -> None:
    assert postgres_pool("postgresql://u@h/db?pool_size=7") == ("postgresql://u@h/db", 7)
    with pytest.raises(UnsupportedDatabaseUrl, match="pool_size"):
        postgres_pool("postgresql://u@h/db?pool_size=many")


def test_both_backends_number_their_migrations_alike() -> None:
    assert [m.version for m in pg_migrate.migrations()] == list(range(1, latest_version() + 1))


async def test_a_failing_migration_leaves_the_database_as_it_was(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = Migration(latest_version() + 1, "V999__broken", "CREATE TABLE half (id int); SELEC;")
    steps = (*pg_migrate.migrations(), broken)
    monkeypatch.setattr(pg_migrate, "migrations", lambda: steps)
    monkeypatch.setattr(pg_migrate, "latest_version", lambda: broken.version)
    with pytest.raises(asyncpg.PostgresSyntaxError):
        await PostgresStore.open(postgres_url)
    # One transaction: not even the first six steps stayed.
    assert await _tables(postgres_url) == set()


async def test_stores_starting_together_migrate_once(postgres_url: str) -> None:
    stores = await asyncio.gather(*(PostgresStore.open(postgres_url) for _ in range(4)))
    for store in stores:
        await store.close()
    connection = await asyncpg.connect(postgres_url)
    try:
        assert await connection.fetchval("SELECT count(*) FROM grimoire_schema") == 1
    finally:
        await connection.close()
    assert await _version(postgres_url) == latest_version()


async def test_a_newer_schema_is_refused_and_left_alone(postgres_url: str) -> None:
    (await PostgresStore.open(postgres_url)).database.pool.terminate()
    connection = await asyncpg.connect(postgres_url)
    try:
        await connection.execute("UPDATE grimoire_schema SET version = version + 1")
    finally:
        await connection.close()
    with pytest.raises(SchemaTooNew, match="newer version of Grimoire") as refused:
        await PostgresStore.open(postgres_url)
    message = str(refused.value)
    assert f"schema {latest_version() + 1}; this version knows schemas up to" in message
    assert message.startswith(f"Cannot use the database {postgres_url}: it was written by")
    assert message.endswith("Upgrade Grimoire to open it. Nothing was changed.")
    assert await _version(postgres_url) == latest_version() + 1


async def test_another_applications_database_is_refused_and_left_alone(
    postgres_url: str,
) -> None:
    connection = await asyncpg.connect(postgres_url)
    try:
        await connection.execute("CREATE TABLE invoices (id int)")
    finally:
        await connection.close()
    with pytest.raises(ForeignDatabase, match="another application's tables"):
        await PostgresStore.open(postgres_url)
    assert await _tables(postgres_url) == {"invoices"}


async def test_a_password_never_shows_in_the_name_of_the_database(postgres_url: str) -> None:
    with_password = postgres_url.replace("grimoire@", "grimoire:hunter2@", 1)
    async with await PostgresStore.open(with_password) as store:
        assert "hunter2" not in store.path
        assert store.path == postgres_url


# ------------------------------------------------------------------ several processes
def _dm(user: int, text: str) -> Delivery:
    return Delivery(DeliveryKind.DM, user, {"text": text})


async def test_two_processes_never_claim_the_same_delivery(
    store: PostgresStore, open_store: StoreFactory
) -> None:
    other = await open_store()
    await store.outbox.enqueue([_dm(user, f"m{n}") for user in range(40) for n in range(3)])
    taken: dict[int, str] = {}

    async def worker(name: str, source: PostgresStore) -> None:
        while True:
            claimed = await source.outbox.claim(worker=name, limit=7, lease=LEASE)
            if not claimed and not await source.outbox.pending():
                return
            for item in claimed:
                assert item.id not in taken, f"{item.id} went to {taken[item.id]} and {name}"
                taken[item.id] = name
                await source.outbox.mark_done(item.id)

    assert isinstance(other, PostgresStore)
    await asyncio.gather(
        *(worker(f"a{n}", store) for n in range(3)), *(worker(f"b{n}", other) for n in range(3))
    )
    assert len(taken) == 120
    assert {name[0] for name in taken.values()} == {"a", "b"}


async def test_a_lane_goes_out_in_order_across_processes(
    store: PostgresStore, open_store: StoreFactory
) -> None:
    other = await open_store()
    first, second, third = await store.outbox.enqueue([_dm(1, "a"), _dm(1, "b"), _dm(1, "c")])
    (got,) = await store.outbox.claim(worker="a", lease=LEASE)
    assert got.id == first
    # The earlier item is leased, not done: the rest of its lane waits, in every process.
    assert await other.outbox.claim(worker="b", lease=LEASE) == []
    await store.outbox.mark_done(first)
    assert [i.id for i in await other.outbox.claim(worker="b", lease=LEASE)] == [second]
    assert await store.outbox.claim(worker="a", lease=LEASE) == []
    await other.outbox.mark_done(second)
    assert [i.id for i in await store.outbox.claim(worker="a", lease=LEASE)] == [third]


async def test_a_delivery_whose_lease_ran_out_is_claimed_by_another_process(
    store: PostgresStore, open_store: StoreFactory, clock: FakeClock
) -> None:
    other = await open_store()
    (item_id,) = await store.outbox.enqueue([_dm(1, "a")])
    await store.outbox.claim(worker="crashed", lease=LEASE)
    assert await other.outbox.claim(worker="b", lease=LEASE) == []
    clock.advance(LEASE)
    (again,) = await other.outbox.claim(worker="b", lease=LEASE)
    assert (again.id, again.claimed_by, again.attempts) == (item_id, "b", 2)


async def test_two_processes_never_get_the_same_due_timer(
    store: PostgresStore, open_store: StoreFactory, clock: FakeClock
) -> None:
    other = await open_store()
    assert isinstance(other, PostgresStore)
    ids = await store.timers.schedule(
        [NewTimer(TimerKind.DIGEST, clock() + timedelta(minutes=n)) for n in range(30)]
    )
    clock.advance(timedelta(hours=1))
    sources = [store, other] * 6
    results = await asyncio.gather(*(source.timers.due(limit=4) for source in sources))
    # A store may be handed its own leased timers again (it asks before handling them); a
    # timer one store holds never goes to the other.
    handed = {id(source): set[int]() for source in sources}
    for source, batch in zip(sources, results, strict=True):
        handed[id(source)] |= {timer.id for timer in batch}
    assert not handed[id(store)] & handed[id(other)]
    assert handed[id(store)] | handed[id(other)] <= set(ids)
    mine = [t.id for t in await store.timers.due(limit=50)]
    theirs = [t.id for t in await other.timers.due(limit=50)]
    assert not set(mine) & set(theirs)
    assert sorted(mine + theirs) == sorted(ids)


async def test_a_timer_whose_lease_ran_out_goes_to_another_process(
    store: PostgresStore, open_store: StoreFactory, clock: FakeClock
) -> None:
    other = await open_store()
    (timer_id,) = await store.timers.schedule([NewTimer(TimerKind.DEADLINE, clock())])
    assert [t.id for t in await store.timers.due()] == [timer_id]
    assert [t.id for t in await store.timers.due()] == [timer_id]  # still this process's
    assert await other.timers.due() == []
    clock.advance(TIMER_LEASE)
    assert [t.id for t in await other.timers.due()] == [timer_id]
    assert await store.timers.due() == []
    assert await other.timers.mark_fired(timer_id)
    clock.advance(TIMER_LEASE * 2)
    assert await store.timers.due() == []
    assert await other.timers.due() == []


# ------------------------------------------------------------------ python -m storage check
async def test_check_replays_every_game_of_a_postgresql_database(
    store: PostgresStore, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(4)
    first = await started_game(store)
    second = await started_game(store, (21, 22, 23))
    for _ in range(3):
        first = await play(store, first, rng)
        second = await play(store, second, rng)
    async with store.database.transaction() as db:
        await db.execute("UPDATE games SET state = $1 WHERE id = $2", first.state, second.id)
    status = await asyncio.to_thread(main, ["check", "--url", postgres_url])
    out = capsys.readouterr().out
    assert status == 1
    assert "integrity: not applicable to PostgreSQL" in out
    assert f"game #{first.id}: 3 moves, ok" in out
    assert f"game #{second.id}: 3 moves, MISMATCH: the replayed state differs" in out
    assert "2 games checked, 1 mismatched." in out
    only_first = ["check", "--url", postgres_url, "--game", str(first.id)]
    assert await asyncio.to_thread(main, only_first) == 0


async def test_check_refuses_an_empty_postgresql_database_and_creates_nothing(
    postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert await asyncio.to_thread(main, ["check", "--url", postgres_url]) == 2
    assert "holds no Grimoire games yet" in capsys.readouterr().err
    assert await _tables(postgres_url) == set()


async def test_an_unreachable_server_is_said_in_one_line(
    postgres_server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = postgres_server.url("no_such_database")
    assert await asyncio.to_thread(main, ["check", "--url", missing]) == 2
    assert "cannot connect to it" in capsys.readouterr().err


async def test_schema_12_counts_the_first_turn_of_games_already_finished(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch, clock: FakeClock
) -> None:
    """Three games finished under schema 11, which counted whether seat 0 won: Bob (seat 1)
    began the first and won it, Alice began the second and lost it, and the third opened
    with both choosing at once. Schema 12 reads the first turn of each again."""
    steps = pg_migrate.migrations()[:11]
    with monkeypatch.context() as schema_11:
        schema_11.setattr(pg_migrate, "migrations", lambda: steps)
        schema_11.setattr(pg_migrate, "latest_version", lambda: 11)
        old = await PostgresStore.open(postgres_url, clock=clock)
        # Today's code reads columns later schemas add: lend them for the games played, and
        # take them away again, so the database is left at schema 11 as it was.
        await _alter(postgres_url, LATER_COLUMNS_ADDED)
        try:
            tables = ProfileTables(old, clock)
            for first, ranks in (({1}, [2, 1]), ({0}, [2, 1]), ({0, 1}, [1, 2])):
                game = await tables.start("marginalia", [1, 2], first)
                tables.wait(1)
                game = await tables.move(game, min(first), {1 - min(first)})
                tables.wait(1)
                await tables.move(game, 1 - min(first), set(), ranks=ranks)
            assert await _version(postgres_url) == 11
        finally:
            await old.close()
            await _alter(postgres_url, LATER_COLUMNS_DROPPED)
    store = await PostgresStore.open(postgres_url, clock=clock)
    try:
        (marginalia,) = (await store.profiles.server(1)).seat_advantage
        assert (marginalia.games, marginalia.first_won) == (2, 1)
        found = await store.database.read(
            "SELECT game_id, first_seat, first_won FROM results ORDER BY game_id"
        )
        assert [(r["first_seat"], r["first_won"]) for r in found] == [
            (1, 1),
            (0, 0),
            (None, None),
        ]
    finally:
        await store.close()
    assert await _version(postgres_url) == latest_version()


async def test_purge_guild_and_migrate_work_on_postgresql(
    postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert await storage_main.migrate(postgres_url) == 0
    async with await open_url(postgres_url) as store:
        game = await started_game(store)
    assert await storage_main.purge_guild(postgres_url, 1) == 0
    assert "games 1" in capsys.readouterr().out
    async with await open_url(postgres_url) as store:
        assert await store.games.in_guild(1) == []
        assert await store.games.ids(list(GameStatus)) == []
    assert game.id
