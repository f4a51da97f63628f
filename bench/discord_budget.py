"""Discord's budget: how many rate-limited requests a turn costs, over whole seeded games.

Discord allows a bot 50 rate-limited requests a second for every server it is in, shared by
all its processes; interaction responses and follow-ups (paths under ``/interactions/`` and
``/webhooks/``) are exempt. Each title is dealt to members in SimCord and played to its end
by ``/play`` and the turn panel in turn, a few virtual seconds apart as people play; every
request the bot makes is counted by route, with the bytes of the files it uploads. A turn is a
post of the game's thread (the start, someone new to act, the end): one token then carries
``50 / calls a turn`` turns a second across every server.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord
from simcord.http import router

import games
from bench.seeding import remove_database
from bot import create_bot
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from games.magic_spell.state import FEWEST_ROUNDS
from storage import Game, GameStatus
from tests.bot.wakeups import wakeups_on_simcord_clock

#: Discord's global rate limit, requests a second for one bot token.
GLOBAL_LIMIT = 50
#: Interaction responses and follow-ups: not counted against the global limit.
EXEMPT = ("/interactions/", "/webhooks/")
#: Virtual seconds between two decisions: people play, they do not machine-gun.
PAUSE = 1.5
#: Most decisions one game may take before the run gives up on it (a game that never ends).
MOST_DECISIONS = 3000
#: Options that end a game sooner where the default is long (Magic Spell's semester).
SHORT_GAMES = {"magic-spell": f"rounds={FEWEST_ROUNDS}"}
_MEMBERS = ("alice", "bob", "carol", "dave", "erin")


@dataclass
class Tally:
    """Every request the bot made while one game was played."""

    limited: Counter[str] = field(default_factory=Counter)
    exempt: int = 0
    uploaded: int = 0

    def count(self, method: str, path: str, files: Any) -> None:
        """One request: exempt, or rate-limited by its route; its files' bytes."""
        if path.startswith(EXEMPT):
            self.exempt += 1
            return
        self.limited[f"{method} {_route(path)}"] += 1
        for file in files or ():
            self.uploaded += _size(file)


@contextmanager
def tallied() -> Iterator[Tally]:
    """Count every request SimCord's Discord receives while the block runs."""
    tally = Tally()
    original: Callable[..., Any] = router.dispatch

    def dispatch(backend: Any, method: str, path: str, /, **kwargs: Any) -> Any:
        tally.count(method, path, kwargs.get("files"))
        return original(backend, method, path, **kwargs)

    router.dispatch = dispatch  # type: ignore[assignment]
    try:
        yield tally
    finally:
        router.dispatch = original


def _route(path: str) -> str:
    """A path with its ids replaced, to count calls by route."""
    return "/".join("{id}" if part.isdigit() else part for part in path.split("/"))


def _size(file: Any) -> int:
    """The bytes of one uploaded file, whatever shape the client hands it over in."""
    for name in ("data", "content", "bytes"):
        data = getattr(file, name, None)
        if isinstance(data, bytes | bytearray):
            return len(data)
    fp = getattr(file, "fp", None)
    if fp is not None and hasattr(fp, "getbuffer"):
        return len(fp.getbuffer())
    if isinstance(file, dict):
        for value in file.values():
            if isinstance(value, bytes | bytearray):
                return len(value)
    return 0


def players_of(key: str) -> int:
    """The people at a table of ``key``: three where the game seats three, else two."""
    engine = games.get(key)
    return max(engine.min_players, min(3, engine.max_players))


async def _deal(env: simcord.Env, channel: Any, members: list[Any], key: str) -> int:
    """A game of ``key`` opened, joined and started by members."""
    people = members[: players_of(key)]
    short = {"options": SHORT_GAMES[key]} if key in SHORT_GAMES else {}
    await people[0].slash(channel, "game new", game=key, **short)
    lobby = channel.last_message
    assert lobby is not None
    bot = env.bot
    assert isinstance(bot, GrimoireBot)
    game_id = (await bot.services.store.games.in_channel(channel.id))[-1].id
    for member in people[1:]:
        await member.click(lobby, custom_id=f"grim:lobby:join:{game_id}")
    fresh = next(m for m in channel.history() if m.id == lobby.id)
    await people[0].click(fresh, custom_id=f"grim:lobby:start:{game_id}")
    return game_id


async def _decide(
    members: dict[int, Any], channel: Any, game: Game, rng: random.Random, n: int
) -> None:
    """One decision by a member the game waits on: by ``/play``, or by the turn panel."""
    engine = games.get(game.game_key)
    assert game.state is not None
    state = engine.load(game.state)
    seat = rng.choice(sorted(s for s in game.to_act if game.user_at(s) is not None))
    member = members[game.user_at(seat) or 0]
    thread = next(t for t in channel.threads if t.id == game.thread_id)
    moves = [engine.notation(a) for a in engine.legal_actions(state, seat)]
    moves = [m for m in moves if m != "back"] or moves
    if n % 2 == 0:
        await member.slash(thread, "play", move=rng.choice(moves))
        return
    opened = await member.slash(thread, "turn")
    panel = opened.response
    assert panel is not None, "the turn panel did not open"
    parts = [part for row in panel.components for part in row.get("components", ())]
    buttons = [p["custom_id"] for p in parts if p.get("custom_id", "").startswith("grim:act:")]
    menus = [p for p in parts if p.get("custom_id", "").startswith("grim:pick:")]
    if buttons:
        await member.click(panel, custom_id=rng.choice(buttons))
    elif menus:
        value = rng.choice(menus[0]["options"])["value"]
        await member.select(panel, [value], custom_id=menus[0]["custom_id"])
    else:
        await member.slash(thread, "play", move=rng.choice(moves))


async def play_whole_game(env: simcord.Env, key: str, seed: int) -> dict[str, Any]:
    """One game of ``key`` dealt and played to its end; what it cost in requests."""
    guild = env.create_guild(name=f"Budget {key}")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(f"{name}-{key}")) for name in _MEMBERS]
    bot = env.bot
    assert isinstance(bot, GrimoireBot)
    store = bot.services.store
    rng = random.Random(seed)
    with tallied() as tally:
        game_id = await _deal(env, channel, members, key)
        for n in itertools.count():
            await bot.services.ai.idle()
            await env.settle()
            game = await store.games.get(game_id)
            if game.status is not GameStatus.ACTIVE or n >= MOST_DECISIONS:
                break
            await _decide({m.id: m for m in members}, channel, game, rng, n)
            await env.advance_time(PAUSE)
        await env.advance_time(60)  # anything held back goes out
        await env.settle()
    game = await store.games.get(game_id)
    thread = game.thread_id
    limited = sum(tally.limited.values())
    posts = sum(
        1
        for request in env.http_requests
        if request.method == "POST" and request.path == f"/channels/{thread}/messages"
    )
    turns = max(posts, 1)
    return {
        "title": games.get(key).title,
        "players": players_of(key),
        "decisions": game.version,
        "turns": posts,
        "limited": limited,
        "exempt": tally.exempt,
        "per_turn": limited / turns,
        "per_decision": limited / max(game.version, 1),
        "uploaded_kib_per_turn": tally.uploaded / 1024 / turns,
        "turns_per_s_per_token": GLOBAL_LIMIT * turns / max(limited, 1),
        "routes": dict(tally.limited.most_common()),
        "finished": game.status is GameStatus.FINISHED,
    }


async def run(
    folder: Path, progress: Callable[[str], None], *, keys: list[str] | None = None
) -> dict[str, Any]:
    """Whole games of every title (or of ``keys``), each on a fresh bot and database."""
    rows = []
    for n, key in enumerate(keys or sorted(games.ENGINES)):
        progress(f"discord budget: {key}")
        path = folder / f"budget-{key}.sqlite3"
        remove_database(path)
        settings = Settings(
            database_url=f"sqlite:///{path}",
            discord_token=None,
            ai_pause_seconds=0,
            ai_iterations=10,
        )
        bot = create_bot(settings, seeds=itertools.count(31 + n).__next__)
        env = simcord.Env(bot, settle_timeout=60.0)
        # The outbox's held-back edits wake on SimCord's clock, which the players move.
        with wakeups_on_simcord_clock(env):
            await env.start()
            try:
                rows.append(await play_whole_game(env, key, seed=len(key)))
                await env.settle()
            finally:
                await env.shutdown()
                await bot.services.store.close()
    limited = sum(r["limited"] for r in rows)
    turns = sum(r["turns"] for r in rows)
    return {
        "games": rows,
        "per_turn": limited / max(turns, 1),
        "worst_per_turn": max(r["per_turn"] for r in rows),
        "turns_per_s_per_token": GLOBAL_LIMIT * turns / max(limited, 1),
    }
