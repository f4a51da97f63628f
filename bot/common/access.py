"""Who may reach which game and tournament: the one path every command, suggestion, button
and menu takes to find them.

A game belongs to its server. In a server, only that server's games are found, suggested or
acted on, and another server's game answers exactly as a number that does not exist would.
In a DM or a group DM, a member reaches only the games they have or had a seat at (running
or finished: their replays and exports stay theirs; one who left their seat to a substitute
still reaches what a spectator sees). Whether a member *manages* a table is read
from their permissions in the game's own server, never in the place the interaction came
from. Tournaments are run in servers, so they are reached only from their own server.

Commands find games through :func:`reachable_game` and :func:`reachable_games`; buttons and
menus whose custom id names a game or a tournament are checked by :func:`authorize_item`
before they act (``bot.common.errors.Guarded`` calls it), so a new component cannot forget it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import discord

from bot.clocks.substitutes import leavers
from bot.common.refusals import Refusal
from bot.wiring.services import services_of
from games.core.words import msg
from storage import Game, GameStatus, Tournament
from storage.errors import GameNotFound, TournamentNotFound

log = logging.getLogger(__name__)


def no_such_game(game_id: int) -> Refusal:
    """The answer for a game that does not exist *or* is out of the caller's reach: the two
    must read the same, so that numbers cannot be probed."""
    return Refusal(msg("There is no game #{number}.", number=game_id))


def no_such_tournament(tournament_id: int) -> Refusal:
    """As :func:`no_such_game`, for tournaments."""
    return Refusal(msg("There is no tournament #{number} on this server.", number=tournament_id))


@dataclass(frozen=True, slots=True)
class Caller:
    """Who asks, and from where: a server (``guild_id``) or a DM (``None``)."""

    user_id: int
    guild_id: int | None

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Caller:
        """The caller of an interaction."""
        return cls(interaction.user.id, interaction.guild_id)

    def reaches(self, game: Game) -> bool:
        """Whether this caller may find ``game`` at all (what they then see of it is the
        services' business: a player's secrets, a spectator's view)."""
        if self.guild_id is not None:
            return game.guild_id == self.guild_id
        return game.seated(self.user_id) or self.user_id in leavers(game)

    def reaches_tournament(self, tournament: Tournament) -> bool:
        """Whether this caller may find ``tournament``: only from its own server."""
        return self.guild_id is not None and tournament.guild_id == self.guild_id


async def reachable_game(interaction: discord.Interaction, game_id: int) -> Game:
    """The game ``game_id``, if the caller may reach it; otherwise the same refusal as for a
    number that does not exist."""
    try:
        game = await services_of(interaction).store.games.get(game_id)
    except GameNotFound:
        raise no_such_game(game_id) from None
    if not Caller.of(interaction).reaches(game):
        raise no_such_game(game_id)
    return game


async def reachable_games(
    interaction: discord.Interaction, statuses: Sequence[GameStatus] | None = None
) -> list[Game]:
    """The caller's own games (their seats) that they may reach from here: in a server, that
    server's only; in a DM, all of them."""
    store = services_of(interaction).store
    user = interaction.user.id
    mine = await (
        store.games.of_user(user) if statuses is None else store.games.of_user(user, statuses)
    )
    caller = Caller.of(interaction)
    return [game for game in mine if caller.reaches(game)]


async def thread_game(interaction: discord.Interaction) -> Game | None:
    """The game played in the thread ``interaction`` comes from, if it comes from one (and,
    as everything found here, only if the caller may reach it)."""
    channel = interaction.channel
    if not isinstance(channel, discord.Thread):
        return None
    game = await services_of(interaction).tables.in_thread(channel.id)
    if game is None or not Caller.of(interaction).reaches(game):
        return None
    return game


async def reachable_tournament(interaction: discord.Interaction, tournament_id: int) -> Tournament:
    """The tournament ``tournament_id``, if it is run in the caller's server; otherwise the
    same refusal as for a number that does not exist."""
    try:
        tournament = await services_of(interaction).store.tournaments.get(tournament_id)
    except TournamentNotFound:
        raise no_such_tournament(tournament_id) from None
    if not Caller.of(interaction).reaches_tournament(tournament):
        raise no_such_tournament(tournament_id)
    return tournament


async def manages(interaction: discord.Interaction, guild_id: int | None) -> bool:
    """Whether the caller has Manage Server in ``guild_id`` (a game's or a tournament's own
    server), wherever the interaction comes from."""
    if guild_id is None:
        return False
    if interaction.guild_id == guild_id and isinstance(interaction.user, discord.Member):
        return interaction.user.guild_permissions.manage_guild
    member = await _member_in(interaction.client, guild_id, interaction.user.id)
    return member is not None and member.guild_permissions.manage_guild


async def _member_in(client: discord.Client, guild_id: int, user_id: int) -> discord.Member | None:
    """``user_id`` as a member of ``guild_id``, from the cache or from Discord; ``None`` when
    they are not a member, or the server is out of the bot's reach."""
    guild = client.get_guild(guild_id)
    if guild is None:
        return None
    member = guild.get_member(user_id)
    if member is not None:
        return member
    try:
        return await guild.fetch_member(user_id)
    except discord.NotFound:
        return None
    except discord.HTTPException as error:  # unknown, so not a manager: refuse, never grant
        log.warning("Could not read member %s of server %s: %s", user_id, guild_id, error)
        return None


@runtime_checkable
class NamesGame(Protocol):
    """A button or a menu whose custom id names a game."""

    game_id: int


@runtime_checkable
class NamesTournament(Protocol):
    """A button or a menu whose custom id names a tournament."""

    tournament_id: int


async def authorize_item(interaction: discord.Interaction, item: object) -> None:
    """Refuse a click or a choice on a component that names a game or a tournament out of the
    caller's reach, exactly as a missing one would be refused."""
    if isinstance(item, NamesGame) and isinstance(item.game_id, int):
        await reachable_game(interaction, item.game_id)
    if isinstance(item, NamesTournament) and isinstance(item.tournament_id, int):
        await reachable_tournament(interaction, item.tournament_id)
