"""The playground in process: games played in #games, DMs read with /inbox, and everything
picked up again after a restart on the same database file."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import discord

from bot.playground.options import PlaygroundOptions
from bot.playground.runner import Playground, banner
from bot.wiring.settings import Settings
from storage import GameStatus
from tests.bot.conftest import Table
from tests.bot.driving import (
    board_texts,
    gallery_items,
    has_board,
    legal_moves,
    member_at,
    open_lobby,
    post_text,
    post_words,
    replies,
    stored,
)


def playground(db: Path) -> Playground:
    return Playground(Settings(_env_file=None), PlaygroundOptions(port=0, db=db))


def table_of(ground: Playground, db: Path) -> Table:
    world = ground.world
    members = {member.user.name: member for member in world.members}
    return Table(ground.env, world.guild, world.channel, members, db)


async def start(table: Table, game: str, players: list[str]) -> int:
    lobby, game_id = await open_lobby(table, players[0], game)
    for name in players[1:]:
        await table.members[name].click(lobby, label="Join")
    started = await table.members[players[0]].click(lobby, label="Start")
    assert started.acknowledged, started
    return game_id


def board_posts(table: Table, text: str) -> list[discord.Message]:
    return [m for m in table.channel.history() if text in post_words(m)]


async def test_games_are_played_in_the_channel_the_page_shows(tmp_path: Path) -> None:
    db = tmp_path / "playground.sqlite3"
    async with playground(db) as ground:
        table = table_of(ground, db)
        game_id = await start(table, "marginalia", ["alice", "bob"])
        await ground.env.settle()
        game = await stored(table, game_id)
        assert game.thread_id is None
        assert table.channel.threads == []
        assert board_posts(table, "**Marginalia** begins!")


async def test_inbox_shows_a_member_their_own_dms_and_nobody_else(tmp_path: Path) -> None:
    db = tmp_path / "playground.sqlite3"
    async with playground(db) as ground:
        table = table_of(ground, db)
        await start(table, "marginalia", ["alice", "bob"])
        await ground.env.settle()
        bob = table.members["bob"]
        dm = bob.user.dm_channel.history()[-1]

        shown = await bob.slash(table.channel, "inbox")

        assert shown.ephemeral
        assert shown.response is not None
        # The copy reads as the DM does: its words, its board's texts, its picture large.
        assert post_text(shown.response).startswith("-# DM from Grimoire")
        assert "Your hand in **Marginalia** #1" in post_text(shown.response)
        assert board_texts(dm)
        assert set(board_texts(dm)) <= set(board_texts(shown.response))
        assert shown.response.embeds == []
        (picture,) = shown.response.attachments  # the picture comes along
        (sent,) = dm.attachments
        assert picture.filename == "board.png"
        assert await picture.read() == await sent.read()
        # Shown from the file sent with the copy, with the DM's alt text.
        assert gallery_items(shown.response) == [(picture.url, sent.description)]
        carol_sees = table.channel.history(viewer=table.members["carol"])
        assert all("Your hand" not in post_text(m) for m in carol_sees)
        nothing = await table.members["carol"].slash(table.channel, "inbox")
        assert replies(nothing) == ["Grimoire has not sent you any DMs yet."]


async def test_a_restart_brings_back_the_same_world_its_games_and_lobbies(
    tmp_path: Path,
) -> None:
    db = tmp_path / "playground.sqlite3"
    async with playground(db) as ground:
        table = table_of(ground, db)
        ids = [table.guild.id, table.channel.id, *(m.id for m in table.members.values())]
        game_id = await start(table, "marginalia", ["alice", "bob"])
        _, lobby_id = await open_lobby(table, "carol", "mandragora")
        await ground.env.settle()
        before = await stored(table, game_id)

    async with playground(db) as ground:
        table = table_of(ground, db)
        assert [table.guild.id, table.channel.id, *(m.id for m in table.members.values())] == ids
        game = await stored(table, game_id)
        assert game.version == before.version
        assert game.state == before.state

        # The running game's board is posted again, pinging whoever must act…
        (seat,) = game.to_act
        mover = member_at(table, game, seat)
        (resumed,) = board_posts(table, f"#{game_id} continues here, after move 0")
        assert mover.mention in post_words(resumed)
        assert has_board(resumed)
        # …each player has their hand again…
        for player in ("alice", "bob"):
            (hand,) = table.members[player].user.dm_channel.history()
            assert "Your hand in **Marginalia**" in post_words(hand)
        # …and play goes on.
        move = (await legal_moves(table, game, seat))[0]
        played = await mover.slash(table.channel, "play", move=move, game=game_id)
        assert played.ephemeral
        assert (await stored(table, game_id)).version == 1

        # The open lobby is posted again, and its buttons work.
        lobby = next(
            m
            for m in table.channel.history()
            if m.embeds and f"table #{lobby_id}" in str(m.embeds[0].title)
        )
        joined = await table.members["dave"].click(lobby, label="Join")
        assert joined.acknowledged, joined
        lobby_game = await stored(table, lobby_id)
        assert lobby_game.status is GameStatus.LOBBY
        assert lobby_game.lobby_message_id == lobby.id
        assert lobby_game.seated(table.members["dave"].id)


async def test_a_playground_in_french_is_a_french_server_whose_members_read_french(
    tmp_path: Path,
) -> None:
    db = tmp_path / "playground.sqlite3"
    options = PlaygroundOptions(port=0, db=db, language="fr")
    async with Playground(Settings(_env_file=None), options) as ground:
        table = table_of(ground, db)
        guild = ground.bot.get_guild(ground.world.guild.id)
        assert guild is not None
        assert str(guild.preferred_locale) == "fr"
        prefs = ground.bot.services.store.prefs
        for member in ground.world.members:
            assert (await prefs.player(member.id)).language == "fr"
        refused = await table.members["alice"].slash(table.channel, "play", move="move 1")
        assert "Vous ne jouez aucune partie" in "\n".join(replies(refused))


async def test_the_playground_serves_its_games_web_pages(tmp_path: Path) -> None:
    db = tmp_path / "playground.sqlite3"
    async with playground(db) as ground:
        table = table_of(ground, db)
        game_id = await start(table, "marginalia", ["alice", "bob"])
        await ground.env.settle()
        assert ground.pages_url is not None
        assert ground.pages_url in banner("http://page", ground.world, ground.pages_url)
        web = ground.bot.web
        assert web is not None
        url = web.pages.links.game_url(game_id)
        assert url.startswith(ground.pages_url)
        async with aiohttp.ClientSession() as session, session.get(url) as response:
            assert response.status == 200
            assert "Marginalia" in await response.text()
        posts = [m for m in table.channel.history() if "begins!" in post_words(m)]
        links = [
            getattr(item, "url", None)
            for message in posts
            for row in message.components
            for item in _all(row)
        ]
        assert url in links


def _all(component: object) -> list[object]:
    found = [component]
    for child in getattr(component, "children", []) or []:
        found += _all(child)
    return found
