"""Outbox rows a bot wrote before posts' fields were typed, with what came along in one
``extra`` dictionary, are still delivered by the bot that replaced it: an undo request's
buttons, a reminder's ping when its DM is refused, an open seat's button, a tournament's
standings edited in its colour, a board's picture."""

from __future__ import annotations

from typing import Any

import games
from bot.common.announce import game_lane
from bot.common.posts import Post
from bot.drawing.picture_posts import post_picture
from bot.tournaments.signup import TOURNAMENT_COLOUR
from storage import Delivery, DeliveryKind
from tests.bot.conftest import Table
from tests.bot.driving import (
    board_texts,
    bot_of,
    button_ids,
    gallery_items,
    legal_moves,
    member_at,
    play_by_command,
    post_words,
    replies,
    start_game,
    stored,
)


def old_payload(content: str, *, game_id: int | None = None, **extra: Any) -> dict[str, Any]:
    """A post as the bot before the typed fields wrote it to its outbox."""
    return {
        "content": content,
        "boards": [],
        "seats": [],
        "pings": [],
        "turn_button": None,
        "close_thread": False,
        "game_id": game_id,
        "notice_channel_id": None,
        "extra": extra,
    }


async def send(table: Table, *deliveries: Delivery) -> None:
    """Queue ``deliveries`` as an older bot left them, and let this one send them."""
    await bot_of(table).services.store.outbox.enqueue(list(deliveries))
    await drain(table)


async def drain(table: Table) -> None:
    """Let the bot send what waits in its outbox (kicked from outside the bot's own work,
    which SimCord does not wait for by itself)."""
    outbox = bot_of(table).services.outbox
    outbox.kick()
    await outbox.idle()
    await table.env.settle()


async def test_an_old_undo_request_gets_its_buttons_and_is_settled_by_a_click(
    table: Table,
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    first = min(game.to_act)
    await play_by_command(table, game, first, (await legal_moves(table, game, first))[0])
    game = await stored(table, game_id)
    question = old_payload(
        "↩️ Someone asks to take back their last move.",
        game_id=game.id,
        undo_vote=[game.id, game.version],
    )
    store = bot_of(table).services.store
    await store.games.request_undo(
        game.id,
        seat=first,
        version=game.version,
        to_version=0,
        deliveries=[
            Delivery(
                DeliveryKind.THREAD_POST,
                thread.id,
                question,
                game_id=game.id,
                lane=game_lane(game.id),
            )
        ],
    )
    await drain(table)

    request = thread.history()[-1]
    assert request.content == question["content"]
    assert button_ids(request) == [
        f"grim:undo:yes:{game.id}:{game.version}",
        f"grim:undo:no:{game.id}:{game.version}",
    ]
    assert [m.message_id for m in await store.undo_messages.open(game.id)] == [request.id]

    (seat,) = game.to_act
    approved = await member_at(table, game, seat).click(request, label="Approve")
    assert "Everyone agreed" in "\n".join(replies(approved))
    assert (await stored(table, game.id)).version == 0
    assert await store.undo_messages.open(game.id) == []


async def test_an_old_reminder_pings_in_the_thread_when_its_dm_is_refused(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    bob = table.members["bob"]
    table.env.inject_error(
        "POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007, times=1
    )
    reminder = {
        **old_payload("⏰ Your move is due soon.", game_id=game_id, ping_instead="⏰ Due soon."),
        "notice_channel_id": thread.id,
    }
    await send(table, Delivery(DeliveryKind.DM, bob.id, reminder, game_id=game_id))

    ping = thread.history()[-1]
    assert ping.content == f"⏰ Due soon.\n<@{bob.id}>"
    assert [u.id for u in ping.mentions] == [bob.id]


async def test_an_old_open_seat_post_gets_its_button(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    news = old_payload("🪑 Seat 2 is open.", game_id=game_id, open_seat=[game_id, 1])
    await send(table, Delivery(DeliveryKind.THREAD_POST, thread.id, news, game_id=game_id))

    post = thread.history()[-1]
    assert post.content == "🪑 Seat 2 is open."
    assert button_ids(post) == [f"grim:take:{game_id}:1"]


async def test_an_old_standings_edit_rewrites_its_message_in_the_tournaments_colour(
    table: Table,
) -> None:
    await send(
        table, Delivery(DeliveryKind.THREAD_POST, table.channel.id, Post("Standings").to_payload())
    )
    standings = table.channel.history()[-1]
    engine = games.get("mandragora")
    board = engine.describe(engine.view(engine.new_game(2, 3), None))
    edit = {
        **old_payload("", message_id=standings.id, style="tournament"),
        "boards": [board.model_dump(mode="json")],
    }
    await send(table, Delivery(DeliveryKind.BOARD_EDIT, table.channel.id, edit))

    edited = next(m for m in table.channel.history() if m.id == standings.id)
    assert edited.content == ""
    assert [e.colour for e in edited.embeds] == [TOURNAMENT_COLOUR]
    assert edited.embeds[0].title == board.title


async def test_an_old_dm_draws_the_picture_it_carries(table: Table) -> None:
    engine = games.get("mandragora")
    view = engine.view(engine.new_game(2, 3), 0)
    alice = table.members["alice"]
    dm = {
        **old_payload("Your view", picture=post_picture(engine, view).to_payload()),
        "boards": [engine.describe(view).model_dump(mode="json")],
    }
    await send(table, Delivery(DeliveryKind.DM, alice.id, dm))

    (sent,) = alice.user.dm_channel.history()
    assert post_words(sent) == "Your view"
    (picture,) = sent.attachments
    assert picture.filename == "board.png"
    assert picture.description
    # Laid out, the picture large in its gallery, described in words.
    assert sent.embeds == []
    assert gallery_items(sent) == [(picture.url, picture.description)]
    assert board_texts(sent)
