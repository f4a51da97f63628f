"""The Grimoire bot: discord.py wired to the service layer and the store."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.cogs.clocks import ClockCommands
from bot.cogs.play import PlayCommands
from bot.cogs.ratings import RatingCommands
from bot.cogs.tables import TableCommands
from bot.cogs.tournaments import TournamentCommands
from bot.delivery import OutboxWorker
from bot.names import NameBook
from bot.replies import tell_failure
from bot.service.ai import AiPlayers, stand_in
from bot.service.clockwork import Clockwork
from bot.service.housekeeping import Housekeeping
from bot.service.lobby import Lobbies
from bot.service.locks import GameLocks
from bot.service.play import Tables
from bot.service.presence import Presence
from bot.service.ratings import Ratings
from bot.service.reopen import catch_up, repost_game
from bot.service.tournaments.service import Tournaments
from bot.service.undo import Takebacks
from bot.settings import Settings
from bot.throttle import Throttle
from bot.timers import TimerWorker
from bot.tournament_views import SignupButton
from bot.views import DYNAMIC_ITEMS, open_game_thread
from storage import Game, GameStatus, Store, Timer, TimerKind, open_store

log = logging.getLogger("grimoire")


class GrimoireTree(app_commands.CommandTree["GrimoireBot"]):
    """The command tree: an unexpected error is logged and the member told nothing changed."""

    async def on_error(
        self, interaction: discord.Interaction[GrimoireBot], error: app_commands.AppCommandError
    ) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await tell_failure(interaction, cause)


class GrimoireBot(commands.Bot):
    """The bot. Built by :func:`create_bot`; opens its store when it starts."""

    store: Store
    locks: GameLocks
    lobbies: Lobbies
    tables: Tables
    outbox: OutboxWorker
    timer_worker: TimerWorker
    takebacks: Takebacks
    presence: Presence
    ai: AiPlayers
    tournaments: Tournaments
    ratings: Ratings

    def __init__(self, settings: Settings, *, seeds: Callable[[], int] | None = None) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads in the cache; no message content needed
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=GrimoireTree,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self._seeds = seeds
        self.throttle = Throttle()
        self.names = NameBook(self)
        self._background: set[asyncio.Task[None]] = set()

    async def setup_hook(self) -> None:
        self.store = await open_store(self.settings.database_url, clock=discord.utils.utcnow)
        self.locks = locks = GameLocks()
        self.outbox = OutboxWorker(
            self,
            self.store,
            self.names,
            place_gone=self._thread_gone,
            catch_up=lambda game_id, missed: catch_up(self.store, locks, game_id, missed=missed),
        )
        self.lobbies = (
            Lobbies(self.store, locks, clock=discord.utils.utcnow)
            if self._seeds is None
            else Lobbies(self.store, locks, seeds=self._seeds, clock=discord.utils.utcnow)
        )
        self.tables = Tables(
            self.store,
            locks,
            delivered=self._changed,
            clock=discord.utils.utcnow,
            # A silent or resigned player's move is the AI's; AI seats wake when it is theirs.
            chooser=stand_in(self.settings.ai_stand_in_level),
            moved=lambda game: self.ai.wake(game),
            # Ratings and tournaments hear of every game that ends, however it ended.
            finished=self.game_ended,
        )
        self.ai = AiPlayers(
            self.tables,
            pause=self.settings.ai_pause_seconds,
            time_limit=self.settings.ai_time_limit_seconds,
            iterations=self.settings.ai_iterations,
        )
        self._setup_clocks(locks)
        self.ratings = Ratings(self.store)
        self.tournaments = Tournaments(
            self.store,
            self.lobbies,
            self.tables,
            open_thread=self._open_table_thread,
            delivered=self._changed,
            clock=discord.utils.utcnow,
        )
        self.add_dynamic_items(*DYNAMIC_ITEMS, SignupButton)
        await self.add_cog(TableCommands(self))
        await self.add_cog(PlayCommands(self))
        await self.add_cog(ClockCommands(self))
        await self.add_cog(TournamentCommands(self))
        await self.add_cog(RatingCommands(self))
        await self._sync_commands()
        self.outbox.kick()  # whatever an earlier run queued and did not send
        await self._housekeeping.schedule()
        self.timer_worker.kick()  # and the timers that fell due while it was away
        self.ai.resume(await self.store.games.to_resume())  # AI seats left waiting
        # Games that ended while the bot was down are rated, and tournaments carry on.
        self._in_background(self._catch_up())

    async def _catch_up(self) -> None:
        await self.ratings.catch_up()
        await self.wait_until_ready()  # a round dealt now opens threads: channels must be known
        await self.tournaments.resume()

    def game_ended(self, game: Game) -> None:
        """A game finished or was called off: rate it, and move its tournament on (each on
        its own, so a failure in one does not stop the other)."""
        self._in_background(self.ratings.rate(game.id))
        self._in_background(self.tournaments.game_finished(game.id))

    def _in_background(self, work: Coroutine[Any, Any, object]) -> None:
        """Run ``work`` on its own; an error in it is logged and touches nothing else."""

        async def guarded() -> None:
            try:
                await work
            except Exception:
                log.exception("Background work failed.")

        task = asyncio.create_task(guarded())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def idle_background(self) -> None:
        """Wait for rating and tournament work in flight (tests, an orderly shutdown)."""
        while self._background:
            await asyncio.gather(*self._background, return_exceptions=True)

    async def _thread_gone(self, game_id: int, channel_id: int) -> None:
        """A running game's thread was deleted: open a new one in the game's channel and post
        the board there again (hands by DM too). Nothing happens for a game that has moved
        already, is over, or cannot have a thread any more."""
        game = await self.store.games.get(game_id)
        if game.status is not GameStatus.ACTIVE or game.thread_id != channel_id:
            return
        channel = await self._channel(game.channel_id)
        if not isinstance(channel, discord.TextChannel):
            log.warning("Game %s lost its thread and its channel is gone too.", game_id)
            return
        thread_id = await open_game_thread(channel, self.title_of(game), game)
        if thread_id is None:
            log.warning("Game %s lost its thread and no new one may be opened.", game_id)
            return
        log.info("Game %s lost thread %s: moved to thread %s.", game_id, channel_id, thread_id)
        await repost_game(self.store, self.locks, game_id, thread_id=thread_id)

    async def _channel(self, channel_id: int) -> object:
        """A channel from the cache, or from Discord (before the cache is filled); ``None``
        when it is gone or out of reach."""
        found = self.get_channel(channel_id)
        if found is not None:
            return found
        try:
            return await self.fetch_channel(channel_id)
        except discord.HTTPException:
            return None

    async def _open_table_thread(self, game: Game, title: str) -> int | None:
        channel = await self._channel(game.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return None
        return await open_game_thread(channel, title, game)

    def _setup_clocks(self, locks: GameLocks) -> None:
        """Turn clocks, reminders, digests, vacations, nudges and take-backs."""
        now = discord.utils.utcnow
        clockwork = Clockwork(self.store, self.tables, clock=now)
        self._clockwork = clockwork
        self._housekeeping = Housekeeping(self.store, clock=now)
        self.timer_worker = TimerWorker(self.store, self._fire_timer, fired=self.outbox.kick)
        self.takebacks = Takebacks(self.store, locks, clock=now, delivered=self._changed)
        self.presence = Presence(self.store, clock=now)

    async def _fire_timer(self, timer: Timer) -> None:
        """A timer fell due: a tournament's start, or a game's clock."""
        if timer.kind is TimerKind.TOURNAMENT_START:
            await self.tournaments.fire(timer)
        elif timer.kind is TimerKind.HOUSEKEEPING:
            await self._housekeeping.fire(timer)
        else:
            await self._clockwork.fire(timer)

    def _changed(self) -> None:
        """A game changed: send what it queued, and look again at the timers it set."""
        self.outbox.kick()
        timers = getattr(self, "timer_worker", None)
        if timers is not None:
            timers.kick()

    async def _sync_commands(self) -> None:
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("Synced %d slash commands.", len(synced))

    async def on_ready(self) -> None:
        log.info("Connected as %s; %d servers.", self.user, len(self.guilds))
        self.outbox.kick()

    @staticmethod
    def title_of(game: Game) -> str:
        """The title of the game a table plays."""
        return games.get(game.game_key).title

    async def close(self) -> None:
        if self.is_ready():  # work in flight finishes; work waiting for a connection never will
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.idle_background(), timeout=10)
        for task in list(self._background):
            task.cancel()
        ai = getattr(self, "ai", None)
        if ai is not None:
            ai.stop()
        timers = getattr(self, "timer_worker", None)
        if timers is not None:
            # A timer half-fired is fired again at the next start; let it finish instead.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(timers.idle(), timeout=10)
            timers.stop()
        outbox = getattr(self, "outbox", None)
        if outbox is not None:
            # Let a send in flight be marked done, or the next start would send it again.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(outbox.idle(), timeout=10)
            outbox.stop()
        store = getattr(self, "store", None)
        if store is not None:
            await store.close()
        await super().close()


def create_bot(
    settings: Settings | None = None,
    *,
    seeds: Callable[[], int] | None = None,
    **overrides: Any,
) -> GrimoireBot:
    """The configured bot, not yet started: ``await bot.start(token)`` runs it.

    ``seeds`` replaces the source of new games' seeds (for reproducible tests and scripts).
    """
    return GrimoireBot(settings or Settings(**overrides), seeds=seeds)
