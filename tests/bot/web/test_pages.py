"""A game's web page through a real HTTP client while SimCord plays the game: off until a
manager turns the server's pages on, signed addresses, live versions, the replay once it
has ended, names kept off the web, and another server's games out of reach."""

from __future__ import annotations

import json
import re

from bot.web.links import WebLinks
from tests.bot.conftest import Table, open_to_everyone
from tests.bot.driving import (
    bot_of,
    legal_moves,
    member_at,
    play_by_command,
    resign,
    start_game,
    stored,
)
from tests.bot.web.conftest import fetch, links_of, manager, pages_on


def path_of(url: str) -> str:
    """The path of a full address."""
    return "/" + url.split("/", 3)[3]


async def test_a_game_has_a_page_only_once_its_server_turns_pages_on(table: Table) -> None:
    _thread, game_id = await start_game(table, "marginalia", ["alice", "bob"])
    page = path_of(links_of(table).game_url(game_id))
    assert (await fetch(table, page)).status == 404
    await pages_on(table)
    shown = await fetch(table, page)
    assert shown.status == 200, shown.text
    assert '<html lang="en">' in shown.text
    assert "<title>Marginalia #" in shown.text
    assert "<h1>" in shown.text
    images = re.findall(r"<img [^>]*>", shown.text)
    assert images
    assert all('alt="' in img and 'alt=""' not in img for img in images)
    assert shown.headers["Cache-Control"] == "no-cache"
    assert shown.headers["Referrer-Policy"] == "no-referrer"
    again = await fetch(table, page, **{"If-None-Match": shown.headers["ETag"]})
    assert again.status == 304
    picture = re.search(r'src="([^"]+\.png)"', shown.text)
    assert picture is not None
    drawn = await fetch(table, picture.group(1))
    assert (drawn.status, drawn.headers["Content-Type"]) == (200, "image/png")

    await pages_on(table, on=False)
    assert (await fetch(table, page)).status == 404
    assert (await fetch(table, picture.group(1))).status == 404


async def test_the_page_follows_the_game_and_the_board_post_links_to_it(table: Table) -> None:
    await pages_on(table)
    thread, game_id = await start_game(table, "marginalia", ["alice", "bob"])
    links = links_of(table)
    page = path_of(links.game_url(game_id))
    before = json.loads((await fetch(table, f"{page}/version.json")).text)["version"]
    game = await stored(table, game_id)
    seat = min(game.to_act)
    await play_by_command(table, game, seat, (await legal_moves(table, game, seat))[0])
    await bot_of(table).services.outbox.idle()
    after = json.loads((await fetch(table, f"{page}/version.json")).text)["version"]
    assert after != before
    shown = await fetch(table, page)
    assert f'data-version="{after}"' in shown.text
    urls = [
        getattr(item, "url", None)
        for message in thread.history()
        for row in message.components
        for item in _walk(row)
    ]
    assert links.game_url(game_id) in urls


def _walk(component: object) -> list[object]:
    found = [component]
    for child in getattr(component, "children", []) or []:
        found += _walk(child)
    return found


async def test_tampered_and_foreign_addresses_are_plain_404s(table: Table) -> None:
    await pages_on(table)
    _, game_id = await start_game(table, "marginalia", ["alice", "bob"])
    links = links_of(table)
    signed = links.sign("g", str(game_id))
    assert (await fetch(table, f"/g/{signed}")).status == 200
    ident, mac = signed.split("-", 1)
    flipped = mac[:-1] + ("A" if mac[-1] != "A" else "B")
    other = WebLinks(b"another secret", links.base_url).sign("g", str(game_id))
    for wrong in (
        f"/g/{ident}-{flipped}",
        f"/g/{int(ident) + 1}-{mac}",
        f"/g/{ident}",
        f"/g/{other}",
        f"/t/{signed}",
        f"/p/{signed}",
        f"/g/{signed}/picture/999.png",
        f"/g/{signed}/export.json",  # only once the game has ended
        "/g/",
        "/",
        "/admin",
    ):
        answer = await fetch(table, wrong)
        assert answer.status == 404, wrong
        assert answer.text == "Not found.\n", wrong


async def test_another_servers_game_is_out_of_reach(table: Table) -> None:
    await pages_on(table)
    elsewhere = table.env.create_guild(name="Elsewhere")
    channel = elsewhere.create_text_channel("games")
    ann = elsewhere.add_member(table.env.create_user("ann"))
    ben = elsewhere.add_member(table.env.create_user("ben"))
    await ann.slash(channel, "game new", game="marginalia")
    lobby = channel.last_message
    assert lobby is not None
    await ben.click(lobby, label="Join")
    await ann.click(next(m for m in channel.history() if m.id == lobby.id), label="Start")
    games_there = await bot_of(table).services.store.games.in_channel(channel.id)
    page = path_of(links_of(table).game_url(games_there[-1].id))
    assert (await fetch(table, page)).status == 404


async def test_a_member_keeps_their_name_off_the_web(table: Table) -> None:
    await pages_on(table)
    _, game_id = await start_game(table, "marginalia", ["alice", "bob"])
    page = path_of(links_of(table).game_url(game_id))
    assert "bob" in (await fetch(table, page)).text
    result = await table.members["bob"].slash(table.channel, "notify", web_name="off")
    assert result.ephemeral
    shown = (await fetch(table, page)).text
    assert "bob" not in shown
    assert "a player" in shown
    assert "alice" in shown


async def test_an_ended_game_is_stepped_through_with_every_hand_and_downloaded(
    table: Table,
) -> None:
    await pages_on(table)
    thread, game_id = await start_game(table, "marginalia", ["alice", "bob"])
    game = await stored(table, game_id)
    seat = min(game.to_act)
    await play_by_command(table, game, seat, (await legal_moves(table, game, seat))[0])
    game = await stored(table, game_id)
    await resign(member_at(table, game, 0), thread)
    await bot_of(table).services.outbox.idle()
    page = path_of(links_of(table).game_url(game_id))
    shown = await fetch(table, page)
    assert shown.status == 200
    assert "data-live" not in shown.text
    assert 'id="replay"' in shown.text
    first = await fetch(table, f"{page}?move=0")
    assert "move 0" in first.text.lower() or "deal" in first.text.lower()
    assert first.text != shown.text
    exported = await fetch(table, f"{page}/export.json")
    assert exported.status == 200
    assert json.loads(exported.text)["game_id"] == game_id
    story = await fetch(table, f"{page}/story.txt")
    assert story.status == 200
    assert story.headers["Content-Disposition"].startswith("attachment")


async def test_settings_web_is_for_managers(table: Table) -> None:
    open_to_everyone(table.env, table.guild, "settings")  # as an admin may, in Integrations
    result = await table.members["alice"].slash(table.channel, "settings", web="on")
    assert result.ephemeral
    assert not (await bot_of(table).services.store.prefs.server(table.guild.id)).get("web")
    admin = manager(table)
    answer = await admin.slash(table.channel, "settings", web="on")
    assert answer.ephemeral
    assert (await bot_of(table).services.store.prefs.server(table.guild.id)).get("web") is True
