"""Records random Mandragora moves into a database until it is killed.

Run by ``test_crash_safety``: ``python -m tests.storage.crash_writer DB SEED``. After each
commit returns it prints ``committed <game> <version>``; those moves must survive the kill.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

from storage import Delivery, DeliveryKind, GameStatus, SqliteStore
from tests.storage.tables import play, started_game

TABLES = 3


async def write_until_killed(path: Path, seed: int) -> None:
    """Keep a few games going, one recorded move at a time, forever."""
    rng = random.Random(seed)
    store = await SqliteStore.open(path)
    active = [g for g in await store.games.to_resume() if g.status is GameStatus.ACTIVE]
    while True:
        while len(active) < TABLES:
            users = rng.sample(range(100, 200), rng.randint(2, 4))
            active.append(await started_game(store, users, seed=rng.randrange(2**31)))
        index = rng.randrange(len(active))
        game = active[index]
        notice = Delivery(DeliveryKind.THREAD_POST, game.id, {"move": game.version + 1})
        game = await play(store, game, rng, deliveries=[notice])
        print(f"committed {game.id} {game.version}", flush=True)
        if game.status is GameStatus.ACTIVE:
            active[index] = game
        else:
            del active[index]


if __name__ == "__main__":
    asyncio.run(write_until_killed(Path(sys.argv[1]), int(sys.argv[2])))
