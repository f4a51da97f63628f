"""Shared steps for the service tests: dealing a game, reading what the outbox holds."""

from __future__ import annotations

import json
from typing import Any

import games
from bot.service.lobby import Lobbies, Seating
from bot.service.posts import Post
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


def thread_posts(items: list[OutboxItem]) -> list[Post]:
    """The thread posts among ``items``, read back as posts."""
    return [Post.from_payload(i.payload) for i in items if i.kind is DeliveryKind.THREAD_POST]


def dms(items: list[OutboxItem]) -> dict[int, Post]:
    """The DMs among ``items``, by recipient (at most one each)."""
    found: dict[int, Post] = {}
    for item in items:
        if item.kind is DeliveryKind.DM:
            assert item.target_id not in found, f"two DMs to {item.target_id}"
            found[item.target_id] = Post.from_payload(item.payload)
    return found


def text_of(payload: Any) -> str:
    """Everything a delivery carries, as one searchable text."""
    return json.dumps(payload, ensure_ascii=False, default=str)
