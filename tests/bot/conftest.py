"""A Grimoire bot on a real SQLite file, run against SimCord's in-memory Discord."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
import simcord

from bot import create_bot
from bot.app import GrimoireBot
from bot.settings import Settings


def make_bot(db: Path) -> GrimoireBot:
    """A fresh bot on the database file ``db``."""
    return create_bot(Settings(database_url=f"sqlite:///{db}", discord_token=None))


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


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """The bot SimCord's ``simcord_env`` fixture runs."""
    return make_bot(db)


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
