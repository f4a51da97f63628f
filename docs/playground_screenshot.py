"""Take the README's picture of the playground: a game under way, seen as one member.

    .venv/bin/python docs/playground_screenshot.py docs/images/playground.png

Plays the opening moves of a seeded game in the playground (on a throw-away database), then
photographs the page with headless Chromium (``apt-get install chromium``).
"""

from __future__ import annotations

import asyncio
import itertools
import subprocess
import sys
import tempfile
from pathlib import Path

import games
from bot.playground.options import PlaygroundOptions
from bot.playground.runner import Playground
from bot.wiring.settings import Settings

CHROMIUM = [
    "chromium",
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
    "--window-size=1200,1700",
    "--virtual-time-budget=8000",
]


async def photograph(out: Path) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        options = PlaygroundOptions(port=0, db=Path(scratch) / "playground.sqlite3")
        seeds = itertools.count(7).__next__
        ground = Playground(Settings(_env_file=None), options, seeds=seeds)
        async with ground:
            alice, bob, carol = ground.world.members[:3]
            channel = ground.world.channel
            await alice.slash(channel, "game new", game="mandragora")
            lobby = channel.last_message
            assert lobby is not None
            for member in (bob, carol):
                await member.click(lobby, label="Join")
            await alice.click(lobby, label="Start")
            game = (await ground.bot.services.store.games.in_channel(channel.id))[-1]
            engine = games.get(game.game_key)
            members = {m.user.id: m for m in ground.world.members}
            for _ in range(4):
                game = await ground.bot.services.store.games.get(game.id)
                assert game.state is not None
                state = engine.load(game.state)
                seat = min(game.to_act)
                move = engine.notation(engine.legal_actions(state, seat)[0])
                player = members[game.user_at(seat) or 0]
                await player.slash(channel, "play", move=move, game=game.id)
            await ground.env.settle()
            stop = asyncio.Event()
            urls: list[str] = []
            serving = asyncio.create_task(ground.serve(stop, urls.append))
            while not urls:
                await asyncio.sleep(0.1)
            url = urls[0]
            with tempfile.TemporaryDirectory() as profile:
                await asyncio.to_thread(
                    subprocess.run,
                    [*CHROMIUM, f"--user-data-dir={profile}", f"--screenshot={out}", url],
                    check=True,
                    capture_output=True,
                )
            stop.set()
            await serving


if __name__ == "__main__":
    asyncio.run(photograph(Path(sys.argv[1] if len(sys.argv) > 1 else "playground.png")))
