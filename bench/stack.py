"""The whole bot, driven through SimCord: each kind of interaction a move takes, timed from
the member's action until the bot has answered and sent every post and DM it queued.

SimCord stands in for Discord inside the same process, so part of that time is SimCord's.
A sampling profiler splits the timed stretches by the code that was running, so the bot's
own cost per interaction can be told apart from the simulator's.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord

import games
from bench.sampling import Sampler
from bench.seeding import remove_database
from bench.stats import latency_summary
from bot import create_bot
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from storage import Game, GameStatus
from tests.bot.wakeups import wakeups_on_simcord_clock as _wakeups_on_clock

#: Virtual seconds between two moves: players are not throttled for clicking too fast.
_PAUSE = 2.0
#: The interactions timed, in the order a move meets them.
KINDS = ("autocomplete", "play", "turn", "click")
_MEMBERS = ("alice", "bob", "carol", "dave", "erin")


@dataclass
class _World:
    env: simcord.Env
    channel: simcord.ChannelHandle
    members: dict[int, simcord.MemberActor]
    rng: random.Random
    took: dict[str, list[float]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    sampler: Sampler | None = None
    """When set, each timed interaction (and nothing between them) is sampled."""

    @property
    def bot(self) -> GrimoireBot:
        bot = self.env.bot
        assert isinstance(bot, GrimoireBot)
        return bot

    def thread(self, game: Game) -> simcord.ChannelHandle:
        return next(t for t in self.channel.threads if t.id == game.thread_id)

    async def timed(self, kind: str, action: Any) -> Any:
        if self.sampler is None:
            started = time.perf_counter()
            result = await action
            self.took[kind].append(time.perf_counter() - started)
            return result
        with self.sampler:
            return await action


def _players(engine_key: str) -> int:
    engine = games.get(engine_key)
    return max(engine.min_players, min(3, engine.max_players))


async def _start(world: _World, key: str) -> int:
    """A game of ``key`` opened, joined and started by members, as in a channel."""
    people = list(world.members.values())[: _players(key)]
    await people[0].slash(world.channel, "game new", game=key)
    lobby = world.channel.last_message
    assert lobby is not None
    for member in people[1:]:
        await member.click(lobby, label="Join")
    await people[0].click(lobby, label="Start")
    started = await world.bot.services.store.games.in_channel(
        world.channel.id, (GameStatus.ACTIVE,)
    )
    return started[-1].id


async def _to_move(world: _World, game_id: int) -> tuple[Game, simcord.MemberActor, list[str]]:
    game = await world.bot.services.store.games.get(game_id)
    engine = games.get(game.game_key)
    assert game.state is not None
    state = engine.load(game.state)
    seat = world.rng.choice(sorted(engine.waiting_for(state) or engine.to_act(state)))
    user = game.user_at(seat)
    moves = [engine.notation(a) for a in engine.legal_actions(state, seat)]
    return game, world.members[user or 0], moves


async def _by_command(world: _World, game_id: int) -> None:
    """``/play`` as a member types it: the suggestions, then the command."""
    game, member, moves = await _to_move(world, game_id)
    move = world.rng.choice(moves)
    thread = world.thread(game)
    await world.timed("autocomplete", member.autocomplete(thread, "play", "move", move[:2]))
    await world.timed("play", member.slash(thread, "play", move=move))


async def _by_panel(world: _World, game_id: int) -> None:
    """``/turn`` opens the panel; one click (a button, or a pick in the menu) makes the move."""
    game, member, _ = await _to_move(world, game_id)
    opened = await world.timed("turn", member.slash(world.thread(game), "turn"))
    panel = opened.response
    assert panel is not None, "the turn panel did not open"
    parts = [part for row in panel.components for part in row["components"]]
    buttons = [p["custom_id"] for p in parts if p["custom_id"].startswith("grim:act:")]
    menus = [p for p in parts if p["custom_id"].startswith("grim:pick:")]
    if buttons:
        await world.timed("click", member.click(panel, custom_id=world.rng.choice(buttons)))
    else:
        menu = menus[0]
        value = world.rng.choice(menu["options"])["value"]
        await world.timed("click", member.select(panel, [value], custom_id=menu["custom_id"]))


async def _play(world: _World, moves: int) -> None:
    """``moves`` moves in each game, by command and by panel in turn; a game that ends is
    replaced by a new one of the same kind."""
    running = {key: await _start(world, key) for key in games.ENGINES}
    for _, key in itertools.product(range(moves), games.ENGINES):
        for how in (_by_command, _by_panel):
            game = await world.bot.services.store.games.get(running[key])
            if game.status is not GameStatus.ACTIVE:
                running[key] = await _start(world, key)
            await how(world, running[key])
            await world.env.advance_time(_PAUSE)


async def _world(env: simcord.Env, rng: random.Random) -> _World:
    guild = env.create_guild(name="Bench")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in _MEMBERS]
    return _World(env, channel, {m.id: m for m in members}, rng)


async def run(folder: Path, moves: int, progress: Callable[[str], None]) -> dict[str, Any]:
    """Per-interaction wall times over ``moves`` moves per game and kind, then a sampled
    pass of the same for the split between the bot and SimCord."""
    results: dict[str, Any] = {}
    for attempt in ("timed", "sampled"):
        progress(f"stack: {attempt} pass")
        path = folder / f"stack-{attempt}.sqlite3"
        remove_database(path)
        settings = Settings(database_url=f"sqlite:///{path}", discord_token=None)
        bot = create_bot(settings, seeds=itertools.count(1).__next__)
        # The outbox's held-back edits wake on SimCord's clock, which the players move: on
        # the wall clock each would hold the run for seconds between two timed interactions.
        async with simcord.run(bot) as env:
            with _wakeups_on_clock(env):
                world = await _world(env, random.Random(7))
                if attempt == "timed":
                    await _play(world, moves)
                    results = {kind: latency_summary(world.took[kind]) for kind in KINDS}
                else:
                    world.sampler = Sampler()
                    try:
                        await _play(world, moves)
                    finally:
                        world.sampler.stop()
                    results["time_share"] = world.sampler.shares()
                await env.settle()
                await world.bot.services.store.close()
    share = results["time_share"]
    own = 1.0 - share.get("simcord", 0.0)
    for kind in KINDS:
        results[kind]["bot_ms_estimate"] = results[kind]["mean_ms"] * own
    return results
