"""A Grimoire bot on a real SQLite file, run against SimCord's in-memory Discord; and the
services alone on a real SQLite file, with a clock the test moves and a fixed seed."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio
import simcord

import games
from bot import create_bot
from bot.common.locks import GameLocks
from bot.common.refusals import Refusal
from bot.lobby.lobby import Lobbies
from bot.tables.moves import Moves
from bot.tables.play import Tables
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from storage import SqliteStore
from tests.bot.wakeups import wakeups_on_simcord_clock
from tests.storage.contract import FakeClock


def make_bot(db: Path) -> GrimoireBot:
    """A fresh bot on the database file ``db``, dealing games from fixed seeds (1, 2, …), so a
    test plays the same games on every run."""
    return create_bot(
        Settings(database_url=f"sqlite:///{db}", discord_token=None),
        seeds=itertools.count(1).__next__,
    )


@dataclass
class Table:
    """A server with a #games channel, its members, and the running environment."""

    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    members: dict[str, simcord.MemberActor]
    db: Path


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "grimoire.sqlite3"


#: How long SimCord waits, on the wall clock, for the bot to finish what an action started:
#: a hang detector, generous for a busy machine. The bot's retries and timers do not count
#: against it: they wake up only when ``advance_time`` reaches them
#: (``tests/bot/wakeups.py``).
SETTLE_TIMEOUT = 60.0


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """The bot the ``simcord_env`` fixture runs."""
    return make_bot(db)


@pytest_asyncio.fixture
async def simcord_env(simcord_bot: GrimoireBot) -> AsyncIterator[simcord.Env]:
    """SimCord's environment around the bot; at the end every bot it ran (a restart makes a
    new one) has its health port and database closed, so nothing outlives the test."""
    env = simcord.Env(simcord_bot, settle_timeout=SETTLE_TIMEOUT)
    with wakeups_on_simcord_clock(env):
        await env.start()
        bots = [simcord_bot]
        try:
            yield env
            if env.bot is not None and env.bot not in bots:
                bots.append(env.bot)  # type: ignore[arg-type]
        finally:
            await env.shutdown()
        for bot in bots:
            operations = getattr(bot, "operations", None)
            if operations is not None:
                await operations.close()
            services = getattr(bot, "services", None)
            store = services.store if services is not None else None
            if store is not None:
                await store.close()
        if env.check_errors:  # as SimCord's own fixture: errors a test acknowledged are not
            raise_unanswered(env)  # raised again


def is_refusal(error: BaseException) -> bool:
    """Whether ``error`` is a refusal a command raised: the command tree's error handler
    answers it with its reason, and SimCord records every error that reaches that handler."""
    return isinstance(getattr(error, "original", error), Refusal)


def raise_unanswered(env: simcord.Env) -> None:
    """Raise the first error the test did not acknowledge (``env.errors``), refusals aside."""
    unexpected = [e for e in env._errors[env._errors_acknowledged :] if not is_refusal(e)]
    if unexpected:
        raise unexpected[0]


@pytest.fixture
def table(simcord_env: simcord.Env, db: Path) -> Table:
    """One server with #games and five members, the bot running."""
    guild = simcord_env.create_guild(name="Tabletop")
    channel = guild.create_text_channel("games")
    members = {
        name: guild.add_member(simcord_env.create_user(name))
        for name in ("alice", "bob", "carol", "dave", "erin")
    }
    return Table(simcord_env, guild, channel, members, db)


#: The seed every game dealt by the ``lobbies`` fixture is started with.
SEED = 7


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(tmp_path: Path, clock: FakeClock) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "g.sqlite3", clock=clock)
    yield opened
    await opened.close()


@pytest.fixture
def locks(store: SqliteStore) -> GameLocks:
    return GameLocks(store)


@pytest.fixture
def lobbies(store: SqliteStore, locks: GameLocks, clock: FakeClock) -> Lobbies:
    return Lobbies(store, locks, seeds=lambda: SEED, clock=clock)


@pytest.fixture
def moves(store: SqliteStore, locks: GameLocks, clock: FakeClock) -> Moves:
    return Moves(store, locks, clock=clock)


@pytest.fixture
def tables(moves: Moves) -> Tables:
    return Tables(moves)


@pytest.fixture
def every_step_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision asked of its player, even one with a single possible answer: for tests
    of moves made step by step, and of seeded games whose moves were recorded that way."""
    for engine in games.ENGINES.values():
        monkeypatch.setattr(type(engine), "automatic", lambda *_: None)


def open_to_everyone(env: simcord.Env, guild: simcord.GuildHandle, *names: str) -> None:
    """As a server's admin does under Server Settings → Integrations: let every member have
    the commands ``names`` (by default the organiser and manager ones, which Discord hides
    from members), so a test reaches the bot's own checks of who may do what."""
    for name in names or ("settings", "organise"):
        command = env.backend.find_command(name, guild.id)
        assert command is not None, name
        guild.set_command_permissions(int(command["id"]), {guild.default_role: True})
