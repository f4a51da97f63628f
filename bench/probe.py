"""``python -m bench.probe DATABASE``: start the bot as ``python -m bot`` does, on an existing
database, against SimCord instead of Discord, and report as one JSON line on stdout: the
seconds from the interpreter's start to ready, and resident memory when ready and after
every running game has been served once.

Run in its own process, so that its memory is the bot's (and SimCord's), not the harness's.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys

import simcord

import games
from bot.__main__ import open_database
from bot.wiring.app import GrimoireBot, create_bot
from bot.wiring.settings import Settings
from storage import GameStatus


def seconds_since_start() -> float:
    """How long this process has existed, interpreter start-up included (to 10 ms)."""
    with open("/proc/self/stat") as stat:
        # The command name may hold spaces; the fields after it are plain numbers.
        fields = stat.read().rsplit(")", 1)[1].split()
    started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
    with open("/proc/uptime") as uptime:
        return float(uptime.read().split()[0]) - started


def memory_kib() -> dict[str, int]:
    """Resident memory now and at its peak (``VmRSS``, ``VmHWM``), in KiB."""
    found = {}
    with open("/proc/self/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                found[key] = int(value.split()[0])
    return found


async def serve_every_game(bot: GrimoireBot) -> int:
    """Each running game read and answered once, as a player opening their turn panel."""
    served = 0
    for game_id in await bot.services.store.games.ids((GameStatus.ACTIVE,)):
        game = await bot.services.store.games.get(game_id)
        engine = games.get(game.game_key)
        assert game.state is not None
        seat = min(engine.to_act(engine.load(game.state)))
        user = game.user_at(seat)
        assert user is not None
        await bot.services.tables.panel(game_id, user)
        served += 1
    return served


async def run(url: str) -> dict[str, float | int]:
    """Start, measure, serve every running game, measure again."""
    if not await open_database(url):
        raise SystemExit(2)
    bot = create_bot(Settings(database_url=url, discord_token=None))
    async with simcord.run(bot) as env:
        try:
            ready = seconds_since_start()
            at_ready = memory_kib()
            served = await serve_every_game(bot)
            after = memory_kib()
            await env.settle()
        finally:
            # A store left open keeps its connection thread, and the process, alive.
            await bot.services.store.close()
    return {
        "ready_s": ready,
        "rss_ready_kib": at_ready["VmRSS"],
        "served": served,
        "rss_served_kib": after["VmRSS"],
        "rss_peak_kib": after["VmHWM"],
    }


if __name__ == "__main__":
    print(json.dumps(asyncio.run(run(sys.argv[1]))))
