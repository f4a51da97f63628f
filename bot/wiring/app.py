"""The Grimoire bot: discord.py wired to the service layer and the store."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.ai.pool import pool_size
from bot.ai.seats import AiPlayers, stand_in
from bot.ai.stand_ins import StandIns
from bot.clocks.dispatcher import TimerWorker
from bot.clocks.presence import Presence
from bot.clocks.substitutes import Substitutes
from bot.clocks.when_due import Clockwork
from bot.common.errors import admit, answer_error
from bot.common.locks import GameLocks
from bot.common.names import NameBook
from bot.delivery.worker import OutboxWorker
from bot.lobby.lobby import Lobbies
from bot.lobby.reopen import catch_up, repost_game
from bot.lobby.threads import open_game_thread
from bot.ops.operations import Operations
from bot.profiles.ratings import Ratings
from bot.replays.replays import Replays
from bot.tables.moves import Moves
from bot.tables.play import Tables
from bot.tables.withdrawals import Withdrawals
from bot.tournaments.service import Tournaments
from bot.undo.undo import Takebacks
from bot.web.server import WebServer
from bot.web.start import start_pages, stop_pages
from bot.wiring.command_sync import set_default_contexts, sync_if_changed
from bot.wiring.components import DYNAMIC_ITEMS
from bot.wiring.housekeeping import Housekeeping, bot_still_in
from bot.wiring.loops import Loops, in_background
from bot.wiring.pacing_http import pace_requests, pacer_for, rate_limit_trace
from bot.wiring.services import Services
from bot.wiring.settings import Settings
from bot.wiring.throttle import Throttle
from bot.words.i18n import reading_in
from bot.words.readers import Readers
from bot.words.translator import CatalogueTranslator
from storage import Game, GameStatus, Timer, TimerKind, open_store

log = logging.getLogger("grimoire")


#: How long, in seconds, rating a game or moving a tournament on may take (a round deals
#: its tables, opening a thread for each) before ``/healthz`` reports it stalled.
BACKGROUND_ALLOWED = 900.0

#: The cogs, each a discord.py extension with ``async def setup(bot)``, loaded at start-up.
INITIAL_EXTENSIONS = (
    "bot.tables.commands",
    "bot.tables.play_commands",
    "bot.cards.commands",
    "bot.cards.help",
    "bot.clocks.commands",
    "bot.tournaments.commands",
    "bot.profiles.commands",
    "bot.profiles.privacy",
)


class GrimoireTree(app_commands.CommandTree["GrimoireBot"]):
    """The command tree: floods are slowed down before a command runs; a refusal a command
    raises is answered with its reason, anything else with "Something went wrong…"."""

    async def interaction_check(self, interaction: discord.Interaction[GrimoireBot], /) -> bool:
        return await admit(interaction)

    async def on_error(
        self, interaction: discord.Interaction[GrimoireBot], error: app_commands.AppCommandError
    ) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await answer_error(interaction, cause)


class GrimoireBot(commands.Bot):
    """The bot. Built by :func:`create_bot`; opens its store and builds its services when it
    starts."""

    services: Services
    operations: Operations
    web: WebServer | None = None  # the web pages' server, when WEB_PORT is set

    def __init__(self, settings: Settings, *, seeds: Callable[[], int] | None = None) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads in the cache; no message content needed
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=GrimoireTree,
            allowed_mentions=discord.AllowedMentions.none(),
            http_trace=rate_limit_trace(),  # counts Discord's 429s
            **self._gateway_options(settings),
        )
        self.settings = settings
        self._seeds = seeds
        self._background: set[asyncio.Task[None]] = set()
        #: The background loops, for ``/healthz`` to say which one stalled.
        self.loops = Loops()

    @classmethod
    def _gateway_options(cls, settings: Settings) -> dict[str, Any]:
        """What discord.py needs to know of the gateway connection: nothing for one
        unsharded connection."""
        return {}

    async def setup_hook(self) -> None:
        self.services = services = await self._build_services()
        # Every rate-limited call from here on waits for its share of the token's budget.
        pace_requests(self.http, pacer_for(self.settings, services.store.budget))
        self.operations = await Operations.start(self)  # health, metrics and alerts
        self.web = await start_pages(self)  # the web pages, when WEB_PORT is set
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(CatalogueTranslator())  # the commands in every language
        for extension in INITIAL_EXTENSIONS:
            await self.load_extension(extension)
        # Deliveries and timers are leased, so every process may take its share of them.
        services.outbox.kick()  # whatever an earlier run queued and did not send
        await self._housekeeping.schedule()
        services.timers.kick()  # and the timers that fell due while it was away
        self.loops.watch(
            services.timers.supervisor, services.outbox.supervisor, services.ai.supervisor
        )
        if not self.settings.holds_first_shard:
            return  # the rest is done once, by the process holding shard 0
        await self._sync_commands()
        services.ai.resume(await services.store.games.to_resume())  # AI seats left waiting
        # Games that ended while the bot was down are rated, and tournaments carry on.
        self._in_background("tournaments", self._catch_up)

    async def _build_services(self) -> Services:
        """Open the store and build every service once, wired to each other."""
        now = discord.utils.utcnow
        store = await open_store(self.settings.database_url, clock=now)
        locks = GameLocks(store)  # the store's locks hold across processes
        names = NameBook(self)
        readers = Readers(store, self._preferred_locale)
        outbox = OutboxWorker(
            self,
            store,
            names,
            readers=readers,
            place_gone=self._thread_gone,
            catch_up=lambda game_id, missed: catch_up(store, locks, game_id, missed=missed),
        )
        lobbies = (
            Lobbies(store, locks, clock=now)
            if self._seeds is None
            else Lobbies(store, locks, seeds=self._seeds, clock=now)
        )
        moves = Moves(
            store,
            locks,
            delivered=self._changed,
            clock=now,
            # A silent or resigned player's move is the AI's; AI seats wake when it is theirs.
            chooser=stand_in(self.settings.ai_stand_in_level),
            moved=lambda game: self.services.ai.wake(game),
            # Ratings and tournaments hear of every game that ends, however it ended.
            finished=self.game_ended,
        )
        tables = Tables(moves)
        withdrawals, substitutes, stand_ins = (
            Withdrawals(moves),
            Substitutes(moves),
            StandIns(moves),
        )
        ai = AiPlayers(
            stand_ins,
            pause=self.settings.ai_pause_seconds,
            time_limit=self.settings.ai_time_limit_seconds,
            iterations=self.settings.ai_iterations,
            processes=pool_size(self.settings.ai_processes),
        )
        self._clockwork = Clockwork(
            store,
            stand_ins=stand_ins,
            withdrawals=withdrawals,
            substitutes=substitutes,
            clock=now,
        )
        self._housekeeping = Housekeeping(
            store,
            clock=now,
            grace=timedelta(days=self.settings.guild_data_grace_days),
            still_in=bot_still_in(self),
        )
        return Services(
            settings=self.settings,
            store=store,
            locks=locks,
            names=names,
            throttle=Throttle(),
            lobbies=lobbies,
            tables=tables,
            withdrawals=withdrawals,
            substitutes=substitutes,
            stand_ins=stand_ins,
            takebacks=Takebacks(store, locks, clock=now, delivered=self._changed),
            presence=Presence(store, locks, clock=now),
            ai=ai,
            tournaments=Tournaments(
                store,
                lobbies,
                stand_ins=stand_ins,
                withdrawals=withdrawals,
                open_thread=self._open_table_thread,
                delivered=self._changed,
                clock=now,
            ),
            ratings=Ratings(store),
            outbox=outbox,
            timers=TimerWorker(store, self._fire_timer, fired=outbox.kick),
            game_ended=self.game_ended,
            replays=Replays(store),
            readers=readers,
        )

    async def _catch_up(self) -> None:
        await self.services.ratings.catch_up()
        await self.wait_until_ready()  # a round dealt now opens threads: channels must be known
        await self.services.tournaments.resume()

    def _preferred_locale(self, guild_id: int) -> str | None:
        """A server's preferred locale, as Discord last told the bot (``None``: unknown)."""
        guild = self.get_guild(guild_id)
        return None if guild is None else str(guild.preferred_locale)

    def game_ended(self, game: Game) -> None:
        """A game finished or was called off: rate it, and move its tournament on (each on
        its own, so a failure in one does not stop the other)."""
        self._in_background("ratings", lambda: self.services.ratings.rate(game.id))
        self._in_background("tournaments", lambda: self.services.tournaments.game_finished(game.id))

    def _in_background(self, name: str, work: Callable[[], Awaitable[object]]) -> None:
        """Do ``work`` on its own until it is done: a failure is logged and tried again
        after a backoff (``bot.wiring.loops``), and touches nothing else. ``name`` is the loop
        ``/healthz`` names should it stall."""
        supervisor = self.loops.supervisor(name, log, allowed=BACKGROUND_ALLOWED)
        task = asyncio.create_task(in_background(supervisor, work))
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
        game = await self.services.store.games.get(game_id)
        if game.status is not GameStatus.ACTIVE or game.thread_id != channel_id:
            return
        channel = await self._channel(game.channel_id)
        if not isinstance(channel, discord.TextChannel):
            log.warning("Game %s lost its thread and its channel is gone too.", game_id)
            return
        thread_id = await open_game_thread(channel, games.get(game.game_key).title, game)
        if thread_id is None:
            log.warning("Game %s lost its thread and no new one may be opened.", game_id)
            return
        log.info("Game %s lost thread %s: moved to thread %s.", game_id, channel_id, thread_id)
        await repost_game(self.services.store, self.services.locks, game_id, thread_id=thread_id)

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
        with reading_in(await self.services.readers.server(game.guild_id)):
            return await open_game_thread(channel, title, game)

    async def _fire_timer(self, timer: Timer) -> None:
        """A timer fell due: a tournament's start, or a game's clock."""
        if timer.kind is TimerKind.TOURNAMENT_START:
            await self.services.tournaments.fire(timer)
        elif timer.kind is TimerKind.HOUSEKEEPING:
            await self._housekeeping.fire(timer)
        else:
            await self._clockwork.fire(timer)

    def _changed(self) -> None:
        """A game changed: send what it queued, and look again at the timers it set."""
        services = getattr(self, "services", None)
        if services is not None:
            services.changed()

    async def _sync_commands(self) -> None:
        set_default_contexts(self.tree)
        guild = None
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
        await sync_if_changed(self.tree, self.services.store, guild)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server: its data is kept for the grace period, then purged."""
        await self.services.store.privacy.guild_left(guild.id)
        log.info(
            "Removed from server %d: its data is purged in %s days unless the bot is back.",
            guild.id,
            self.settings.guild_data_grace_days,
        )

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Added to a server, perhaps again: whatever it had is kept."""
        if await self.services.store.privacy.guild_back(guild.id):
            log.info("Back in server %d: its data is kept.", guild.id)

    async def on_ready(self) -> None:
        log.info("Connected as %s; %d servers.", self.user, len(self.guilds))
        self.services.outbox.kick()

    async def close(self) -> None:
        if self.is_ready():  # work in flight finishes; work waiting for a connection never will
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.idle_background(), timeout=10)
        for task in list(self._background):
            task.cancel()
        operations = getattr(self, "operations", None)
        if operations is not None:
            await operations.close()
        web, self.web = self.web, None
        await stop_pages(web)
        services = getattr(self, "services", None)
        if services is not None:
            await _stop(services)
        await super().close()


async def _stop(services: Services) -> None:
    """Stop the workers, letting what is in flight finish, and close the store."""
    services.ai.stop()
    # A timer half-fired is fired again at the next start; let it finish instead.
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(services.timers.idle(), timeout=10)
    services.timers.stop()
    # Let a send in flight be marked done, or the next start would send it again.
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(services.outbox.idle(), timeout=10)
    services.outbox.stop()
    await services.store.close()


class ShardedGrimoireBot(GrimoireBot, commands.AutoShardedBot):
    """The bot as some or all of ``SHARD_COUNT`` shards: the ``SHARD_IDS`` shards, or every
    shard when ``SHARD_IDS`` is not set, each its own gateway connection in this process.

    Several processes can share the shards of one bot because no game state lives in a
    process: every game, delivery and timer is in the shared database, so any process may
    answer any interaction and send any post. Discord delivers the interactions of a server
    to the shard that holds the server, and those from direct messages to shard 0, so the
    process holding shard 0 is the one that serves DMs.
    """

    @classmethod
    def _gateway_options(cls, settings: Settings) -> dict[str, Any]:
        shard_ids = None if settings.shard_ids is None else list(settings.shard_ids)
        return {"shard_count": settings.shard_count, "shard_ids": shard_ids}


def create_bot(
    settings: Settings | None = None,
    *,
    seeds: Callable[[], int] | None = None,
    **overrides: Any,
) -> GrimoireBot:
    """The configured bot, not yet started: ``await bot.start(token)`` runs it.

    ``seeds`` replaces the source of new games' seeds (for reproducible tests and scripts).
    With ``SHARD_COUNT`` set it is a :class:`ShardedGrimoireBot`.
    """
    settings = settings or Settings(**overrides)
    kind = ShardedGrimoireBot if settings.sharded else GrimoireBot
    return kind(settings, seeds=seeds)
