"""The playground's server is built the same way on every start."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.playground.options import MAX_MEMBERS, MEMBER_NAMES
from bot.playground.world import build_world


def ids_of_a_new_world(members: int) -> list[int]:
    env = simcord.Env(discord.Client(intents=discord.Intents.none()))
    world = build_world(env, members)
    return [world.guild.id, world.channel.id, *(member.user.id for member in world.members)]


def test_the_same_world_gets_the_same_ids_every_time() -> None:
    assert ids_of_a_new_world(5) == ids_of_a_new_world(5)
    assert len(set(ids_of_a_new_world(5))) == 7


def test_members_are_named_in_order() -> None:
    env = simcord.Env(discord.Client(intents=discord.Intents.none()))
    world = build_world(env, 3)
    assert [member.user.name for member in world.members] == list(MEMBER_NAMES[:3])
    assert world.channel.name == "games"


@pytest.mark.parametrize("members", [0, 1, MAX_MEMBERS + 1])
def test_a_member_count_out_of_range_is_refused(members: int) -> None:
    env = simcord.Env(discord.Client(intents=discord.Intents.none()))
    with pytest.raises(ValueError, match="2 to 10 members"):
        build_world(env, members)
