"""The web pages under load: a game page's first byte with 100 games being played, and how
soon an open page shows a move.

100 games of every title (ten in the tiny run) are dealt on an SQLite file and played some
moves in; the pages are served by the bot's own web server (``bot.web.server``) on a
loopback port and read by an HTTP client in the same process. Then, round after round, one
game moves (through the service, as a member's move would) and pages of games taken at
random are requested, as readers with pages open would: most show a game as it was (their
page is cached), some the game that just moved (written again). Each request is timed from
its start to its response's headers: the first byte. The update delay is the time from a
move's return to the moved game's version answered and its page read again, plus the
longest wait of a page's poll (``bot.web.assets.POLL_MS``).

    .venv/bin/python -m bench --only web
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp

import games
from bench.scale import SCALES, Scale
from bench.stats import latency_summary, percentile
from bot.common.locks import GameLocks
from bot.lobby.lobby import Lobbies, Seating
from bot.replays.replays import Replays
from bot.tables.moves import Moves
from bot.tables.play import Tables
from bot.web.assets import POLL_MS
from bot.web.limits import RateLimits
from bot.web.links import WebLinks
from bot.web.pages import WebPages
from bot.web.people import WebNames
from bot.web.server import WebServer
from games.core import BACK
from storage import Game, GameStatus, SqliteStore

GUILD = 1
FIRST_USER = 10_000
#: Moves each game is played in before the measure, and reads per move during it.
OPENING_MOVES = 12
READS_PER_MOVE = 9


async def _name(user_id: int) -> str:
    return f"Member {user_id}"


async def _english(_: int) -> str:
    return "en"


def _move(game: Game, rng: random.Random) -> tuple[int, str] | None:
    engine = games.get(game.game_key)
    assert game.state is not None
    state = engine.load(game.state)
    waiting = sorted(engine.waiting_for(state))
    if not waiting:
        return None
    seat = rng.choice(waiting)
    legal = [a for a in engine.legal_actions(state, seat) if engine.notation(a) != BACK]
    user = game.user_at(seat)
    if user is None or not legal:
        return None
    return user, engine.notation(rng.choice(legal))


async def run(workdir: Path, scale: Scale, say: Callable[[str], None]) -> dict[str, Any]:
    """The measures, as the report writes them."""
    store = await SqliteStore.open(workdir / "web.sqlite3")
    try:
        return await _measure(store, scale, say)
    finally:
        await store.close()


async def _measure(store: SqliteStore, scale: Scale, say: Callable[[str], None]) -> dict[str, Any]:
    rng = random.Random(42)
    locks = GameLocks(store)
    lobbies = Lobbies(store, locks, seeds=lambda: rng.randrange(1, 2**31))
    tables = Tables(Moves(store, locks))
    await store.prefs.set_server(GUILD, {"web": True})
    keys = sorted(games.ENGINES)
    running: list[Game] = []
    for number in range(scale.web_games):
        engine = games.get(keys[number % len(keys)])
        players = max(engine.min_players, 3) if engine.max_players >= 3 else engine.min_players
        users = [FIRST_USER + number * 10 + seat for seat in range(players)]
        game = await lobbies.open(
            game_key=engine.key,
            options=None,
            seating=Seating.JOIN_ORDER,
            guild_id=GUILD,
            channel_id=2,
            host_id=users[0],
        )
        for user in users[1:]:
            game = await lobbies.join(game.id, user)
        running.append(await lobbies.start(game.id, users[0], thread_id=3 + number))
    say(f"web: {scale.web_games} games dealt; playing {OPENING_MOVES} moves in each")
    for index, game in enumerate(running):
        for _ in range(OPENING_MOVES):
            running[index] = game = await _play(tables, game, rng)
    links = WebLinks(b"bench", "http://127.0.0.1")
    pages = WebPages(store, links, WebNames(store, _name), _english, Replays(store))
    # One client stands for every reader here: it is not held to one reader's bucket.
    server = WebServer(pages, limits=RateLimits(burst=1e9, per_second=1e9))
    await server.start("127.0.0.1", 0)
    base = f"http://127.0.0.1:{server.port}"
    first_bytes: list[float] = []
    after_move: list[float] = []
    polls: list[float] = []
    updates: list[float] = []
    rounds = scale.web_rounds
    try:
        async with aiohttp.ClientSession() as session:

            async def get(path: str) -> tuple[float, bytes]:
                started = time.perf_counter()
                async with session.get(base + path) as response:
                    first = time.perf_counter() - started
                    body = await response.read()
                    assert response.status == 200, (path, response.status)
                return first, body

            for game in running:  # every page read once: the readers' pages are open
                await get(links.path("g", str(game.id)))
            say(f"web: {rounds} rounds of a move and {READS_PER_MOVE} page reads")
            for _ in range(rounds):
                index = rng.randrange(len(running))
                moved = await _play(tables, running[index], rng)
                running[index] = moved
                page = links.path("g", str(moved.id))
                moved_at = time.perf_counter()
                poll, _ = await get(f"{page}/version.json")
                first, _ = await get(page)
                updates.append(time.perf_counter() - moved_at)
                polls.append(poll)
                after_move.append(first)
                first_bytes.append(first)
                for _ in range(READS_PER_MOVE - 1):
                    other = running[rng.randrange(len(running))]
                    first, _ = await get(links.path("g", str(other.id)))
                    first_bytes.append(first)
    finally:
        await server.close()
    update_ms = 1000 * percentile(updates, 0.95)
    return {
        "games": scale.web_games,
        "rounds": rounds,
        "first_byte": {
            **latency_summary(first_bytes),
            "p95_ms": 1000 * percentile(first_bytes, 0.95),
        },
        "after_move": {
            **latency_summary(after_move),
            "p95_ms": 1000 * percentile(after_move, 0.95),
        },
        "poll": {**latency_summary(polls), "p95_ms": 1000 * percentile(polls, 0.95)},
        "update_p95_ms": update_ms,
        "update_worst_s": (POLL_MS + update_ms) / 1000,
        "poll_ms": POLL_MS,
    }


async def _play(tables: Tables, game: Game, rng: random.Random) -> Game:
    """One random move of a running game (a finished one is left as it is)."""
    if game.status is not GameStatus.ACTIVE:
        return game
    chosen = _move(game, rng)
    if chosen is None:
        return game
    user, notation = chosen
    return (await tables.play(game.id, user, notation)).game


if __name__ == "__main__":
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        scale = SCALES["quick" if "--quick" in sys.argv else "full"]
        found = asyncio.run(run(Path(folder), scale, print))
    print(found)
