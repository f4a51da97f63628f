"""A process that starts an AI search pool, says its workers' ids and waits to be killed:
``python -m tests.bot.ai.pool_owner``, for the test that its workers end with it."""

from __future__ import annotations

import asyncio

import games
from bot.ai.pool import SearchPool
from bot.ai.thinking import Search


async def main() -> None:
    """Start the workers, one search to be sure they run, then wait."""
    pool = SearchPool(2)
    engine = games.get("marginalia")
    state = engine.new_game(2, 1)
    seat = min(engine.to_act(state))
    await pool.think(
        Search(engine.key, engine.dump(state), seat, "easy", "s", 60.0, 10), timeout=60
    )
    print(" ".join(str(pid) for pid in pool.worker_ids()), flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main())
