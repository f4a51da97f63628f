"""SHARD_COUNT and SHARD_IDS: read and checked with the other settings, and the bot is built
with the shards they name (or unsharded, as before, without them)."""

from __future__ import annotations

import itertools
import logging
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.ext import commands
from pydantic import ValidationError

import bot.playground.runner
from bot.__main__ import main
from bot.wiring.app import GrimoireBot, ShardedGrimoireBot, create_bot
from bot.wiring.settings import Settings, parse_shard_ids, settings_problems
from storage import GameStatus
from tests.bot.conftest import Table
from tests.bot.driving import board_texts, bot_of, gallery_urls, post_words, start_game, stored

SETTINGS = ("DATABASE_URL", "DISCORD_TOKEN", "DEV_GUILD_ID", "SHARD_COUNT", "SHARD_IDS")


@pytest.fixture
def environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """A working directory with no .env and no Grimoire settings in the environment: each
    test sets the ones it is about."""
    monkeypatch.chdir(tmp_path)
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def settings_from(environment: pytest.MonkeyPatch, **values: str) -> Settings:
    for name, value in values.items():
        environment.setenv(name, value)
    return Settings(_env_file=None)


@pytest.mark.parametrize(
    ("text", "shard_ids"),
    [
        ("0", (0,)),
        ("0,1", (0, 1)),
        ("0-3", (0, 1, 2, 3)),
        ("4-5,0", (4, 5, 0)),
        (" 2 , 6 - 7 ", (2, 6, 7)),
    ],
)
def test_shard_ids_are_numbers_and_ranges(text: str, shard_ids: tuple[int, ...]) -> None:
    assert parse_shard_ids(text) == shard_ids


def test_without_shard_settings_the_bot_is_unsharded(environment: pytest.MonkeyPatch) -> None:
    settings = settings_from(environment)
    assert settings.shard_count is None
    assert settings.shard_ids is None
    built = create_bot(settings)
    assert type(built) is GrimoireBot
    assert not isinstance(built, commands.AutoShardedBot)
    assert built.shard_count is None


def test_a_process_is_built_with_the_shards_it_names(environment: pytest.MonkeyPatch) -> None:
    settings = settings_from(environment, SHARD_COUNT="4", SHARD_IDS="2-3")
    assert (settings.shard_count, settings.shard_ids) == (4, (2, 3))
    built = create_bot(settings)
    assert isinstance(built, ShardedGrimoireBot)
    assert isinstance(built, commands.AutoShardedBot)
    assert built.shard_count == 4
    assert built.shard_ids == [2, 3]
    # The sharded bot is still Grimoire: same commands tree, same settings.
    assert isinstance(built, GrimoireBot)
    assert built.settings is settings


def test_a_shard_count_alone_connects_every_shard(environment: pytest.MonkeyPatch) -> None:
    built = create_bot(settings_from(environment, SHARD_COUNT="3"))
    assert isinstance(built, commands.AutoShardedBot)
    assert built.shard_count == 3
    assert built.shard_ids is None  # discord.py then launches shards 0, 1 and 2


@pytest.mark.parametrize(
    ("values", "problem"),
    [
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT: Input should be greater than or equal to 1"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT: Input should be a valid integer"),
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        (
            {"SHARD_COUNT": "4", "SHARD_IDS": "2,4"},
            "SHARD_IDS names shard 4, but with SHARD_COUNT=4 the shards are 0 to 3",
        ),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-2,1"}, "SHARD_IDS names shard 1 twice"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "SHARD_IDS: the range 3-1 goes backwards"),
        (
            {"SHARD_COUNT": "4", "SHARD_IDS": "-1"},
            "SHARD_IDS: '-1' is not a shard number or a range such as 0-3",
        ),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,,1"}, "SHARD_IDS: an empty entry between commas"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "[0, 1]"}, "SHARD_IDS: '[0' is not a shard number"),
    ],
)
def test_bad_shard_settings_are_refused_saying_why(
    environment: pytest.MonkeyPatch, values: dict[str, str], problem: str
) -> None:
    with pytest.raises(ValidationError) as refused:
        settings_from(environment, **values)
    problems = settings_problems(refused.value)
    assert len(problems) == 1
    assert problems[0].startswith(problem)


def test_start_up_stops_on_a_bad_shard_setting_before_opening_anything(
    environment: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    environment.setenv("DISCORD_TOKEN", "not-a-real-token")
    environment.setenv("SHARD_COUNT", "2")
    environment.setenv("SHARD_IDS", "1-2")
    assert main([]) == 4
    assert "Setting not valid: SHARD_IDS names shard 2, but with SHARD_COUNT=2" in caplog.text
    assert "not-a-real-token" not in caplog.text
    assert not (tmp_path / "data").exists()


def test_on_discord_the_process_connects_as_its_shards(
    environment: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="grimoire")
    ran: list[discord.Client] = []

    def run(client: discord.Client, token: str, **_: Any) -> None:
        ran.append(client)

    environment.setattr(discord.Client, "run", run)
    environment.setenv("DISCORD_TOKEN", "not-a-real-token")
    environment.setenv("SHARD_COUNT", "4")
    environment.setenv("SHARD_IDS", "0,1")
    assert main([]) == 0
    [client] = ran
    assert isinstance(client, commands.AutoShardedBot)
    assert (client.shard_count, client.shard_ids) == (4, [0, 1])
    assert "Connecting to Discord as shards 0, 1 of 4." in caplog.text


def test_the_playground_runs_unsharded_whatever_the_shard_settings(
    environment: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="grimoire")
    given: list[Settings] = []

    async def run(settings: Settings, options: object, **_: Any) -> int:
        given.append(settings)
        return 0

    environment.setattr(bot.playground.runner, "run_playground", run)
    environment.setenv("SHARD_COUNT", "2")
    environment.setenv("SHARD_IDS", "1")
    assert main([]) == 0
    [settings] = given
    assert (settings.shard_count, settings.shard_ids) == (None, None)
    assert type(create_bot(settings)) is GrimoireBot
    assert "SHARD_COUNT and SHARD_IDS are ignored" in caplog.text


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """The bot as shards 0 and 1 of 2, run by SimCord (which has no gateway to shard: what
    this shows is that the sharded bot is wired like the unsharded one)."""
    return create_bot(
        Settings(_env_file=None, database_url=f"sqlite:///{db}", shard_count=2, shard_ids=(0, 1)),
        seeds=itertools.count(1).__next__,
    )


async def test_a_sharded_bot_runs_a_game_like_the_unsharded_one(table: Table) -> None:
    assert isinstance(bot_of(table), ShardedGrimoireBot)
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    assert game.status is GameStatus.ACTIVE
    assert "begins" in post_words(thread.history()[0])
    for name in ("alice", "bob"):
        dms = table.members[name].user.dm_channel
        assert dms is not None
        # Each player's own board, with its picture (which shows the hand).
        assert any(
            "Your score if the game ended now" in "\n".join(board_texts(m)) and gallery_urls(m)
            for m in dms.history()
        )
