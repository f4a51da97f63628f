"""Running the playground: build the world, start the bot in it, serve the page, wait."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Self

import simcord

from bot.playground.inbox import Inbox
from bot.playground.options import PlaygroundOptions
from bot.playground.resume import resume_games
from bot.playground.world import World, build_world
from bot.web.links import WEB_SETTING, installed
from bot.web.start import stop_pages
from bot.wiring.app import GrimoireBot, create_bot
from bot.wiring.settings import Settings

log = logging.getLogger("grimoire.playground")

#: How long a click in the page may wait for the bot to finish answering it, in seconds.
SETTLE_TIMEOUT = 10.0
#: How often, in seconds, the clock catches up with the wall clock while the page is served,
#: so deadlines, reminders and cooldowns come due without anyone clicking.
TICK = 1.0
#: The page's relative times ("in 2 hours") are redrawn at least this often, in seconds.
REDRAW_EVERY = 60.0

#: Where the playground reads the time of day; tests give it a clock of their own.
WallClock = Callable[[], datetime]


def wall_clock() -> datetime:
    """The time of day, which the playground's Discord keeps up with."""
    return datetime.now(UTC)


class PortUnavailable(Exception):
    """The page cannot be served on the port asked for."""


class Playground:
    """The bot running in SimCord's Discord, its world built and its saved games picked up:
    ``async with Playground(settings, options) as playground: ...``. The page is served by
    :meth:`serve`."""

    def __init__(
        self,
        settings: Settings,
        options: PlaygroundOptions,
        *,
        seeds: Callable[[], int] | None = None,
        clock: WallClock = wall_clock,
        tick: float = TICK,
    ) -> None:
        self.options = options
        self.settings = settings.model_copy(
            update={
                "database_url": options.database_url,
                "discord_token": None,
                "dev_guild_id": None,
                # The web pages beside the page, on any free port unless WEB_PORT says.
                "web_port": 0 if settings.web_port is None else settings.web_port,
            }
        )
        self.bot: GrimoireBot = create_bot(self.settings, seeds=seeds)
        self.env = simcord.Env(self.bot, check_errors=False, settle_timeout=SETTLE_TIMEOUT)
        # The world first, while SimCord's clock still stands at its start: the same ids as
        # on every earlier start. Then the clock moves to the wall clock, so the bot's times
        # go on from what the database already holds.
        self.world: World = build_world(self.env, options.members, options.language)
        self._clock = clock
        self._tick = tick
        behind = self._behind()
        if behind > 0:
            self.env.backend.clock.advance(behind)  # nothing runs yet: no timer to fire
        # SimCord's clock stands still unless moved, and a page's click and a catch-up must
        # not run at once (SimCord runs one operation at a time): this lock takes turns.
        self._keeping_time = asyncio.Lock()

    async def __aenter__(self) -> Self:
        await self.bot.add_cog(Inbox(self.bot))
        # The bot picks its games up itself once connected, so it does so on its own clock
        # and its own tasks, as it would on Discord.
        self.bot.add_listener(self._resume, "on_ready")
        await self.env.start()
        try:
            await self.env.settle()
        except BaseException:
            await self.__aexit__(None, None, None)
            raise
        return self

    async def _resume(self) -> None:
        self.bot.remove_listener(self._resume, "on_ready")  # a reconnection resumes nothing
        await self._speak(self.options.language)
        # The playground's server shows its games on the web unless told otherwise.
        prefs = self.bot.services.store.prefs
        await prefs.server_setting_once(self.world.guild.id, WEB_SETTING, True)
        await resume_games(self.bot, self.world.guild.id, self.world.channel.id)

    async def _speak(self, language: str | None) -> None:
        """Every member reads ``language`` unless they chose their own (SimCord's members
        all have an English client; ``/notify language:`` in the page changes one's)."""
        if language is None:
            return
        prefs = self.bot.services.store.prefs
        for member in self.world.members:
            if (await prefs.player(member.id)).language is None:
                await prefs.set_choices(member.id, {"language": language})

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        log.info("Stopping the playground.")
        try:
            await self.env.shutdown()
        finally:
            # SimCord detaches the bot without closing what it opened: close the health
            # port and the database, or its connection thread keeps the process alive.
            operations = getattr(self.bot, "operations", None)
            if operations is not None:
                await operations.close()
            await stop_pages(self.bot.web)
            services = getattr(self.bot, "services", None)
            store = services.store if services is not None else None
            if store is not None:
                await store.close()

    @property
    def pages_url(self) -> str | None:
        """Where the web pages are served (``None``: not served)."""
        links = installed()
        return None if self.bot.web is None or links is None else links.base_url

    def _behind(self) -> float:
        return (self._clock() - self.env.now()).total_seconds()

    async def keep_time(self) -> None:
        """Move SimCord's clock up to the wall clock, firing every timer that came due on the
        way (deadlines, reminders, ``/away`` ending) and letting cooldowns run out."""
        behind = self._behind()
        if behind <= 0:
            return
        try:
            await self.env.advance_time(behind)
        except TimeoutError:
            # The bot is still busy with what came due; the clock has moved as far as it
            # could, and the next catch-up goes on from there.
            log.warning("The bot was still busy when the clock caught up with the wall clock.")

    async def serve(self, until: asyncio.Event, ready: Callable[[str], None]) -> None:
        """Serve the page on 127.0.0.1 until ``until`` is set or the page ends the session;
        ``ready`` is given the page's address (with its access token) once it is served.

        While it is served the clock follows the wall clock: it catches up before each
        action of the page and every :data:`TICK` seconds in between."""
        preview = self.env.preview(
            self.world.channel,
            viewers=list(self.world.members),
            layout="channel",
            port=self.options.port,
        )
        try:
            await preview.__aenter__()
        except simcord.SetupError as error:
            raise PortUnavailable(str(error)) from error
        self._catch_up_before_each_action(preview)
        ticking = asyncio.create_task(self._follow_wall_clock(preview))
        try:
            ready(preview.url)
            closed = asyncio.create_task(preview.wait_closed())
            stopped = asyncio.create_task(until.wait())
            await asyncio.wait({closed, stopped}, return_when=asyncio.FIRST_COMPLETED)
            for task in (closed, stopped):
                task.cancel()
        finally:
            ticking.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ticking
            await preview.close()

    def _catch_up_before_each_action(self, preview: simcord.Preview) -> None:
        # Every click, command and keystroke of the page reaches SimCord through the
        # preview's one action handler (simcord 3.x): wrapped, the clock shows the time of
        # day when the bot handles it, whatever the page did since the last tick.
        handle = preview._action

        async def action(context_id: str | None, body: Any) -> dict[str, Any]:
            async with self._keeping_time:
                await self.keep_time()
                return await handle(context_id, body)

        preview._action = action  # type: ignore[method-assign]

    async def _follow_wall_clock(self, preview: simcord.Preview) -> None:
        while True:
            await asyncio.sleep(self._tick)
            async with self._keeping_time:
                try:
                    await self._tick_once(preview)
                except Exception:  # the next tick, or the next click, tries again
                    log.exception("The playground's clock could not catch up.")

    async def _tick_once(self, preview: simcord.Preview) -> None:
        happened = len(self.env.backend.transcript)
        await self.keep_time()
        stale = (self.env.now() - preview.capture_time).total_seconds()
        # Republishing moves the page to a new revision, and a click sent against the old
        # one is turned away: only when the bot did something, or when the page's relative
        # times have grown stale.
        if len(self.env.backend.transcript) > happened or stale >= REDRAW_EVERY:
            await preview.refresh()


def banner(url: str, world: World, pages: str | None = None) -> str:
    """What the playground prints when its page is ready: hard to miss, with the way to
    real Discord underneath."""
    names = ", ".join(member.user.name for member in world.members)
    rule = "=" * 78
    return "\n".join(
        [
            rule,
            "  Grimoire playground is running: open this page in your browser",
            "",
            f"  {url}",
            "",
            f"  Server {world.guild.name!r}, channel #{world.channel.name}, members: {names}.",
            *(
                [f"  Web pages on {pages}: each board's Open in browser button leads there."]
                if pages
                else []
            ),
            '  Switch "Viewing as" to play each seat; /inbox shows that member\'s DMs.',
            "  Stop with Ctrl+C: games are kept and picked up at the next start.",
            "  To play on real Discord instead, put DISCORD_TOKEN in .env",
            "  (see docs/discord-setup.md) and run `make run` again.",
            rule,
        ]
    )


def _print(text: str) -> None:
    print(text, flush=True)


async def run_playground(
    settings: Settings,
    options: PlaygroundOptions,
    *,
    stop: asyncio.Event | None = None,
    show: Callable[[str], None] = _print,
) -> int:
    """Run the playground until ``stop`` is set (by default: until SIGINT or SIGTERM);
    returns the exit status (3 when the port is taken)."""
    stop = stop or _stop_on_signals()
    async with Playground(settings, options) as playground:
        try:
            pages = playground.pages_url
            await playground.serve(stop, lambda url: show(banner(url, playground.world, pages)))
        except PortUnavailable as error:
            log.error(
                "The playground's page cannot be served on port %s (%s): choose another with"
                " --port, or --port 0 for any free port.",
                options.port,
                error,
            )
            return 3
    return 0


def _stop_on_signals() -> asyncio.Event:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # not on every platform
            loop.add_signal_handler(number, stop.set)
    return stop
