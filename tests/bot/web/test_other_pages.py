"""A tournament's page and a player's page, linked from the tournament sheet and from
``/profile`` when the server has its pages on; the rate limit every client is held to."""

from __future__ import annotations

import re

import discord

from bot.web.limits import RateLimits, retry_after
from storage import TournamentStatus
from tests.bot.conftest import Table, open_to_everyone
from tests.bot.driving import bot_of, resign
from tests.bot.web.conftest import fetch, links_of, pages_on


def _sheet(table: Table, message_id: int) -> discord.Message:
    return next(m for m in table.channel.history() if m.id == message_id)


def _path(url: str) -> str:
    return "/" + url.split("/", 3)[3]


async def test_a_tournament_and_its_players_have_pages(table: Table) -> None:
    await pages_on(table)
    bot = bot_of(table)
    open_to_everyone(table.env, table.guild, "organise")  # alice runs the tournament
    created = await table.members["alice"].slash(
        table.channel, "organise create", game="marginalia", format="knockout", name="Cup"
    )
    assert created.acknowledged
    (tournament,) = await bot.services.store.tournaments.in_guild(table.guild.id)
    sheet_id = tournament.message_id
    assert sheet_id is not None
    await table.members["bob"].click(_sheet(table, sheet_id), label="Join")
    await table.members["alice"].slash(table.channel, "organise start")
    await bot.services.outbox.idle()
    url = links_of(table).tournament_url(tournament.id)
    sheet = _sheet(table, sheet_id)
    assert url in str(sheet.embeds[0].to_dict())
    page = await fetch(table, _path(url))
    assert page.status == 200
    assert "Cup" in page.text
    assert "How points and tiebreaks are counted" in page.text
    assert "alice" in page.text
    assert "bob" in page.text
    tournament = await bot.services.store.tournaments.get(tournament.id)
    (final,) = tournament.tables_of(1)
    assert final.game_id is not None
    game_page = links_of(table).path("g", str(final.game_id))
    assert f'href="{game_page}"' in page.text
    assert (await fetch(table, game_page)).status == 200

    game = await bot.services.store.games.get(final.game_id)
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    await resign(table.members["bob"], thread)
    tournament = await bot.services.store.tournaments.get(tournament.id)
    assert tournament.status is TournamentStatus.FINISHED

    profile = await table.members["bob"].slash(
        table.channel, "profile", member=table.members["alice"]
    )
    assert profile.response is not None
    shown = profile.response.embeds[0].to_dict()
    player_url = links_of(table).player_url(table.guild.id, table.members["alice"].id)
    assert shown.get("url") == player_url
    player = await fetch(table, _path(player_url))
    assert player.status == 200
    assert "alice" in player.text
    assert re.search(r"<h1>[^<]*alice", player.text)

    result = await table.members["alice"].slash(table.channel, "notify", web_name="off")
    assert result.ephemeral
    assert "alice" not in (await fetch(table, _path(player_url))).text
    assert "alice" not in (await fetch(table, _path(url))).text

    await pages_on(table, on=False)
    assert (await fetch(table, _path(url))).status == 404
    assert (await fetch(table, _path(player_url))).status == 404
    again = await table.members["bob"].slash(
        table.channel, "profile", member=table.members["alice"]
    )
    assert again.response is not None
    assert "url" not in again.response.embeds[0].to_dict()


def test_a_client_is_held_to_its_bucket_and_told_when_to_come_back() -> None:
    now = [0.0]
    limits = RateLimits(burst=3, per_second=0.5, clock=lambda: now[0])
    assert [limits.take("a") for _ in range(3)] == [0, 0, 0]
    wait = limits.take("a")
    assert wait == 2.0
    assert retry_after(wait) == "2"
    assert limits.take("b") == 0  # another client has its own bucket
    now[0] += 2.0
    assert limits.take("a") == 0


async def test_too_many_requests_are_answered_429_with_retry_after(table: Table) -> None:
    web = bot_of(table).web
    assert web is not None
    web._limits = RateLimits(burst=2, per_second=0.01)
    assert (await fetch(table, "/web.css")).status == 200
    assert (await fetch(table, "/web.css")).status == 200
    refused = await fetch(table, "/web.css")
    assert refused.status == 429
    assert int(refused.headers["Retry-After"]) >= 1
