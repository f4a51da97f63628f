"""The bot with its web pages served on a free loopback port, in SimCord; and a client
that reads them as a browser would."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import discord
import pytest
import pytest_asyncio
import simcord
from multidict import CIMultiDict

from bot import create_bot
from bot.web.links import WebLinks
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from tests.bot.conftest import Table
from tests.bot.driving import bot_of


def web_settings(db: Path, **overrides: object) -> Settings:
    """Settings serving the pages on any free loopback port; AI seats act at once."""
    return Settings(
        database_url=f"sqlite:///{db}",
        discord_token=None,
        web_port=0,
        ai_pause_seconds=0,
        ai_iterations=20,
        **overrides,  # type: ignore[arg-type]
    )


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """The bot serving its web pages."""
    return create_bot(web_settings(db), seeds=itertools.count(1).__next__)


@pytest_asyncio.fixture(autouse=True)
async def closed_pages(simcord_env: simcord.Env) -> AsyncIterator[None]:
    """SimCord detaches the bot without closing it: its web server is closed here."""
    yield
    bot = simcord_env.bot
    if isinstance(bot, GrimoireBot):
        from bot.web.start import stop_pages

        await stop_pages(bot.web)


@dataclass(frozen=True)
class Fetched:
    """What a request got."""

    status: int
    text: str
    headers: Mapping[str, str]
    """Case-insensitive, as HTTP's."""


def links_of(table: Table) -> WebLinks:
    """The running bot's links."""
    web = bot_of(table).web
    assert web is not None
    return web.pages.links


async def fetch(table: Table, path: str, **headers: str) -> Fetched:
    """``GET path`` on the bot's web port."""
    web = bot_of(table).web
    assert web is not None
    assert web.port is not None
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{web.port}{path}", headers=headers) as response,
    ):
        body = await response.read()
        binary = response.content_type == "image/png"
        text = "" if binary else body.decode(errors="replace")
        return Fetched(response.status, text, CIMultiDict(response.headers))


def manager(table: Table) -> simcord.MemberActor:
    """A member with Manage Server."""
    role = table.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user("admin"), roles=[role])


async def pages_on(table: Table, on: bool = True) -> None:
    """``/settings web:on`` (or off) by a manager."""
    admin = manager(table)
    result = await admin.slash(table.channel, "settings", web="on" if on else "off")
    assert result.ephemeral, result
