"""The services the bot's cogs and components use, built once at start-up.

A cog receives the one :class:`Services` object in its constructor instead of reaching
through the bot for what it needs; a component (a button or a menu, made anew from its custom
id on every click) finds it with :func:`services_of`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import discord

if TYPE_CHECKING:  # only types here: components import this module, and the services them
    from bot.ai.seats import AiPlayers
    from bot.ai.stand_ins import StandIns
    from bot.clocks.dispatcher import TimerWorker
    from bot.clocks.presence import Presence
    from bot.clocks.substitutes import Substitutes
    from bot.common.locks import GameLocks
    from bot.common.names import NameBook
    from bot.delivery.worker import OutboxWorker
    from bot.lobby.lobby import Lobbies
    from bot.profiles.ratings import Ratings
    from bot.replays.replays import Replays
    from bot.tables.play import Tables
    from bot.tables.withdrawals import Withdrawals
    from bot.tournaments.service import Tournaments
    from bot.undo.undo import Takebacks
    from bot.wiring.app import GrimoireBot
    from bot.wiring.settings import Settings
    from bot.wiring.throttle import Throttle
    from bot.words.readers import Readers
    from storage import Game, Store


@dataclass(frozen=True, slots=True)
class Services:
    """Everything a command or a button works with."""

    settings: Settings
    store: Store
    locks: GameLocks
    names: NameBook
    throttle: Throttle
    lobbies: Lobbies
    tables: Tables
    withdrawals: Withdrawals
    substitutes: Substitutes
    stand_ins: StandIns
    takebacks: Takebacks
    presence: Presence
    ai: AiPlayers
    tournaments: Tournaments
    ratings: Ratings
    outbox: OutboxWorker
    timers: TimerWorker
    game_ended: Callable[[Game], None]
    """Rates a game that ended and moves its tournament on (in the background)."""
    replays: Replays
    readers: Readers
    """Frames of games watched again (``/game replay``), cached."""

    def changed(self, game: Game | None = None) -> None:
        """A game changed: send what it queued, look again at the timers it set, and let
        an AI seat play if the game now waits on one."""
        self.outbox.kick()
        self.timers.kick()
        if game is not None:
            self.ai.wake(game)


def services_of(interaction: discord.Interaction) -> Services:
    """The services of the bot an interaction arrived at."""
    return cast("GrimoireBot", interaction.client).services
