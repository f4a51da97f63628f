"""The playground's simulated server: one guild, a ``#games`` channel and a few members.

SimCord hands out ids deterministically, so building the same world in the same order, before
the bot connects and before its clock moves, gives the same ids on every start. That is what
lets a saved playground database find its players again.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord
import simcord

from bot.playground.options import MAX_MEMBERS, MEMBER_NAMES, MIN_MEMBERS

GUILD_NAME = "Grimoire Playground"
BOT_NAME = "Grimoire"
CHANNEL_NAME = "games"
CHANNEL_TOPIC = "Open a game with /game new; read your DMs from the bot with /inbox."


@dataclass(frozen=True)
class World:
    """What the playground created in SimCord's Discord."""

    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    members: tuple[simcord.MemberActor, ...]


def build_world(env: simcord.Env, members: int, language: str | None = None) -> World:
    """The server, its ``#games`` channel and the first ``members`` members, always created
    in the same order so their ids are the same on every start; the server's preferred
    locale is ``language`` (English when ``None``)."""
    if not MIN_MEMBERS <= members <= MAX_MEMBERS:
        raise ValueError(f"the playground seats {MIN_MEMBERS} to {MAX_MEMBERS} members")
    env.backend.edit_bot_profile(BOT_NAME)
    guild = env.create_guild(name=GUILD_NAME, preferred_locale=language or "en-US")
    # The page shows one channel, so games are played in it rather than in threads: the
    # bot meets a channel where it may not open threads, as it can on Discord.
    channel = guild.create_text_channel(
        CHANNEL_NAME,
        topic=CHANNEL_TOPIC,
        overwrites={
            guild.default_role: discord.PermissionOverwrite(
                create_public_threads=False, create_private_threads=False
            )
        },
    )
    people = tuple(
        guild.add_member(env.create_user(name, global_name=name.capitalize()))
        for name in MEMBER_NAMES[:members]
    )
    return World(guild, channel, people)
