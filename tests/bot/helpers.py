"""Shared steps for the service tests: dealing a game, reading what the outbox holds."""

from __future__ import annotations

import json
from typing import Any

import games
from bot.clocks.turn_clock import deadline_line, deadlines_by_seat
from bot.common.announce import seat_users
from bot.common.posts import Post, TurnButton
from bot.common.posts import text_of as said_text
from bot.lobby.lobby import Lobbies, Seating
from bot.tables.views import TableViews
from storage import DeliveryKind, Game, OutboxItem, Store

CHANNEL = 500
GUILD = 400
THREAD = 900

ALICE, BOB, CAROL, DAVE, ERIN = 101, 102, 103, 104, 105
PLAYERS = (ALICE, BOB, CAROL, DAVE, ERIN)


async def deal(
    lobbies: Lobbies,
    game_key: str,
    players: int,
    *,
    options: str | None = None,
    seating: Seating = Seating.JOIN_ORDER,
    thread_id: int | None = THREAD,
) -> Game:
    """A lobby hosted by Alice, joined by the next ``players - 1`` people, started."""
    users = PLAYERS[:players]
    game = await lobbies.open(
        game_key=game_key,
        options=options,
        seating=seating,
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=users[0],
    )
    for user in users[1:]:
        game = await lobbies.join(game.id, user)
    return await lobbies.start(game.id, users[0], thread_id=thread_id)


def state_of(game: Game) -> Any:
    """The engine state of a stored game."""
    assert game.state is not None
    return games.get(game.game_key).load(game.state)


async def pending(store: Store, game_id: int | None = None) -> list[OutboxItem]:
    """The deliveries waiting in the outbox (of one game)."""
    items = await store.outbox.pending()
    return [i for i in items if game_id is None or i.game_id == game_id]


async def new_items(store: Store, seen: list[OutboxItem]) -> list[OutboxItem]:
    """The deliveries queued since ``seen`` was read."""
    old = {i.id for i in seen}
    return [i for i in await store.outbox.pending() if i.id not in old]


async def thread_posts(store: Store, items: list[OutboxItem]) -> list[Post]:
    """The thread posts among ``items``, read back as posts: plain notices as queued, and a
    game's table updates that make a post of their own, worked out as the bot sends them
    (an update that only edits the newest board is no post)."""
    views = TableViews(store)
    posts: list[Post] = []
    for item in items:
        if item.kind is DeliveryKind.THREAD_POST:
            posts.append(Post.from_payload(item.payload))
        elif item.kind is DeliveryKind.TABLE and item.game_id is not None:
            history = await views.history(item.game_id)
            assert history is not None
            version = int(item.payload["version"])
            if not (item.payload.get("post") or history.is_post(version)):
                continue
            pending = await store.timers.pending(item.game_id)
            shown = views.post(
                history,
                version,
                footer=deadline_line(deadlines_by_seat(pending).values()),  # as when sent
                lines=bool(item.payload.get("lines", True)),
                missed=_text(item.payload.get("missed")),
                heading=_text(item.payload.get("heading")),
            )
            game = history.game
            posts.append(
                Post(
                    content=shown.text,
                    boards=(shown.board,),
                    seats=seat_users(game),
                    pings=shown.pings,
                    turn_button=None if shown.final else TurnButton(game.id, version),
                    game_id=game.id,
                    picture=shown.picture,
                )
            )
    return posts


async def dms(store: Store, items: list[OutboxItem]) -> dict[int, Post]:
    """The new private messages among ``items``, by recipient (the latest each): plain DMs as
    queued, and private view updates that are news to their reader (an update that only
    edits the reader's private message is none)."""
    views = TableViews(store)
    found: dict[int, Post] = {}
    for item in items:
        if item.kind is DeliveryKind.DM:
            found[item.target_id] = Post.from_payload(item.payload)
        elif item.kind is DeliveryKind.VIEW and item.game_id is not None:
            history = await views.history(item.game_id)
            assert history is not None
            seat = history.game.seat_of(item.target_id)
            assert seat is not None
            update = views.private(history, int(item.payload["version"]), seat)
            if update.notify or item.payload.get("notify"):
                found[item.target_id] = Post(
                    content=update.text, boards=(update.board,), picture=update.picture
                )
    return found


def text_of(payload: Any) -> str:
    """Everything a delivery carries, as one searchable text."""
    return json.dumps(payload, ensure_ascii=False, default=str)


def _text(data: Any) -> str | None:
    """A text of an outbox row as the worker reads it (a message kept as one)."""
    return None if data is None else said_text(data)
