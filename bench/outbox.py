"""A burst of moves drained by the outbox: how long it takes, and that no board is drawn twice.

Moves are made through the service (``Tables``) in many games while nothing is sent, as
when Discord is down or the bot is busy; then the real outbox worker sends everything to a
recording stand-in for Discord. Every board and private view the worker draws is counted by
the view it was drawn from (a game, a version and a reader give one view): drawing the same
one twice is the waste the living table avoids, so the count of repeats must be 0.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import discord

from bench.seeding import seed_database
from bench.service import _Driver
from bot.common.locks import GameLocks
from bot.delivery.worker import OutboxWorker
from bot.drawing import pictures
from bot.tables.moves import Moves
from bot.tables.play import Tables
from bot.tables.views import History, TableViews
from bot.words.readers import Readers
from storage import DeliveryKind, GameStatus, Store, open_store


class _Message:
    """A message the stand-in for Discord accepted."""

    _ids = itertools.count(1)

    def __init__(self, channel_id: int) -> None:
        self.id = next(self._ids)
        self.channel = discord.Object(channel_id)

    async def edit(self, **_: Any) -> None:
        return None

    async def fetch(self) -> _Message:
        """A post read back before it is stripped: laid out in components, no words."""
        return self

    @property
    def flags(self) -> discord.MessageFlags:
        return discord.MessageFlags(components_v2=True)

    @property
    def components(self) -> list[Any]:
        return []


class _Channel:
    def __init__(self, channel_id: int, sent: list[int]) -> None:
        self.id = channel_id
        self._sent = sent

    async def send(self, *_: Any, **__: Any) -> _Message:
        self._sent.append(self.id)
        return _Message(self.id)

    def get_partial_message(self, message_id: int) -> _Message:
        return _Message(self.id)


class _Discord:
    """Just what the outbox worker asks of a client, recording what is sent."""

    def __init__(self) -> None:
        self.sent: list[int] = []

    def get_partial_messageable(self, channel_id: int) -> _Channel:
        return _Channel(channel_id, self.sent)

    def get_channel(self, channel_id: int) -> _Channel:
        return _Channel(channel_id, self.sent)


class _Names:
    """Names for seats, and users to DM, without Discord."""

    def __init__(self, client: _Discord) -> None:
        self._client = client

    async def names(self, user_ids: Sequence[int | None]) -> list[str]:
        return [f"player {u}" if u is not None else "AI" for u in user_ids]

    async def user(self, user_id: int) -> _Channel:
        return _Channel(user_id, self._client.sent)

    async def direct(self, user_id: int) -> _Channel:
        return _Channel(user_id, self._client.sent)


async def _burst(store: Store, moves: int, rng: random.Random) -> int:
    """Make ``moves`` random moves through the service in the running games; how many."""
    running = await store.games.ids((GameStatus.ACTIVE,))
    playing = {g.id: g for g in await store.games.to_resume() if g.id in running}
    driver = _Driver(Tables(Moves(store, GameLocks(store))), playing, rng, set())
    made = 0
    while made < moves and driver.games:
        await driver.move(rng.choice(sorted(driver.games)))
        made += 1
    return made


async def run(folder: Path, scale: Any, progress: Callable[[str], None]) -> dict[str, Any]:
    """Drain a burst of ``scale.burst_moves`` moves; the figures of the drain."""
    path = folder / "outbox.sqlite3"
    progress(f"outbox: seeding {scale.active_games} games")
    await seed_database(path, finished=0, active=scale.active_games)
    store = await open_store(f"sqlite:///{path}")
    drawn: Counter[tuple[int, int, str]] = Counter()
    showing: list[tuple[int, int, str]] = [(0, 0, "")]
    real = (TableViews.post, TableViews.private, getattr(pictures, "attach_picture"))  # noqa: B009

    def post(views: TableViews, history: History, version: int, **kw: Any) -> Any:
        shown = kw.get("board_at")
        showing[0] = (history.game.id, version if shown is None else shown, "public")
        return real[0](views, history, version, **kw)

    def private(views: TableViews, history: History, version: int, seat: int) -> Any:
        showing[0] = (history.game.id, version, f"seat {seat}")
        return real[1](views, history, version, seat)

    async def counting(embed: discord.Embed, picture: Any, names: Any) -> None:
        drawn[showing[0]] += 1  # the board of this game, version and reader is drawn

    TableViews.post = post  # type: ignore[method-assign,assignment]
    TableViews.private = private  # type: ignore[method-assign,assignment]
    setattr(pictures, "attach_picture", counting)  # noqa: B010 (a benchmark's probe)
    try:
        await _drain(store, progress)  # whatever seeding queued is not part of the burst
        drawn.clear()
        progress(f"outbox: a burst of {scale.burst_moves} moves, nothing sent")
        made = await _burst(store, scale.burst_moves, random.Random(17))
        queued = await store.outbox.pending()
        kinds = Counter(item.kind for item in queued)
        progress(f"outbox: draining {len(queued)} deliveries")
        started = time.perf_counter()
        sent = await _drain(store, progress)
        took = time.perf_counter() - started
    finally:
        TableViews.post, TableViews.private = real[0], real[1]  # type: ignore[method-assign]
        setattr(pictures, "attach_picture", real[2])  # noqa: B010
        await store.close()
    repeats = sum(count - 1 for count in drawn.values() if count > 1)
    return {
        "moves": made,
        "queued": len(queued),
        "table_updates": kinds[DeliveryKind.TABLE],
        "view_updates": kinds[DeliveryKind.VIEW],
        "messages_sent": sent,
        "boards_drawn": sum(drawn.values()),
        "boards_drawn_twice": repeats,
        "drain_s": took,
        "deliveries_per_s": len(queued) / took if took else 0.0,
    }


async def _drain(store: Store, progress: Callable[[str], None]) -> int:
    """Run the real outbox worker against the stand-in until nothing waits; messages sent."""
    client = _Discord()
    readers = Readers(store, lambda guild_id: None)
    worker = OutboxWorker(client, store, _Names(client), readers=readers)  # type: ignore[arg-type]
    while await store.outbox.pending():
        worker.kick()
        await worker.idle()
    worker.stop()
    return len(client.sent)
