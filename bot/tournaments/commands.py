"""``/tournament``: what every member does (follow the standings, leave, list), and
``/organise``: what organisers do (create, start, force a round, drop a player, cancel,
export).

``/organise`` carries Discord's default permissions (Manage Events), so members do not see it
until a server's admin lets a role or a channel have it (Server Settings → Integrations);
the code still checks every action: start, next, drop, cancel and export are for the
tournament's organiser or a member who manages the server, whoever Discord showed them to."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.clocks.commands import DEADLINE_OPTIONS
from bot.common.access import manages, reachable_tournament
from bot.common.refusals import Refusal
from bot.common.replies import post_with_buttons
from bot.drawing.embeds import board_embed
from bot.lobby.options import MAX_OPTIONS_TEXT
from bot.lobby.requirements import requirements
from bot.tables.commands import game_suggestions, variant_suggestions
from bot.tournaments.boards import listing_board, name_of
from bot.tournaments.export import tournament_archive
from bot.tournaments.formats import MAX_NAME, MAX_ROUNDS
from bot.tournaments.signup import TOURNAMENT_COLOUR, signup_embed, signup_view
from bot.words.i18n import in_public, localize, localized_board
from games.core.words import msg, pmsg
from storage import Tournament, TournamentStatus

if TYPE_CHECKING:
    from bot.wiring.app import GrimoireBot
    from bot.wiring.services import Services

#: A tournament's status in the suggestions of its ``tournament:`` option.
STATUS_WORDS = {
    TournamentStatus.SIGNUP: pmsg("tournament status", "signup"),
    TournamentStatus.RUNNING: pmsg("tournament status", "running"),
    TournamentStatus.FINISHED: pmsg("tournament status", "finished"),
    TournamentStatus.CANCELLED: pmsg("tournament status", "cancelled"),
}

#: Who sees ``/organise`` until a server's admin says otherwise: members who may manage the
#: server's events (administrators always do).
ORGANISER_PERMISSIONS = discord.Permissions(manage_events=True)

FORMAT_CHOICES = [
    app_commands.Choice(name="Swiss (tables by standing)", value="swiss"),
    app_commands.Choice(name="round-robin (everyone meets everyone)", value="round-robin"),
    app_commands.Choice(name="knockout (winners go on)", value="knockout"),
]


class TournamentCommands(commands.Cog):
    """Server-hosted tournaments."""

    tournament = app_commands.Group(
        name="tournament", description="Follow this server's tournaments.", guild_only=True
    )
    organise = app_commands.Group(
        name="organise",
        description="Organisers: create and run this server's tournaments.",
        guild_only=True,
        default_permissions=ORGANISER_PERMISSIONS,
    )

    def __init__(self, services: Services) -> None:
        self.services = services

    @organise.command(name="create", description="Open sign-ups for a tournament here.")
    @app_commands.describe(
        game="Which game is played.",
        format="How rounds are made.",
        rounds="How many rounds (Swiss: 3 or more by default; knockouts decide their own).",
        deadline="Time per move in its games (24h when left out).",
        tables="Players per table, e.g. 3-4 (the game's seat counts by default).",
        name="The tournament's name.",
        options="The game's variant options at every table, e.g. teams=true (see suggestions).",
        starts_in="Start by itself after this long, e.g. 7d (the organiser starts it if left out).",
        substitutes="Whether a seat a player leaves may be taken by someone new (no by default).",
        min_reliability="Only members who made at least this % of their moves in time may join.",
        min_games="Only members with at least this many finished games here may join.",
    )
    @app_commands.choices(format=FORMAT_CHOICES, deadline=DEADLINE_OPTIONS)
    @app_commands.autocomplete(game=game_suggestions)
    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str,
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
        deadline: str | None = None,
        tables: app_commands.Range[str, 1, 10] | None = None,
        name: app_commands.Range[str, 1, MAX_NAME] | None = None,
        options: app_commands.Range[str, 0, MAX_OPTIONS_TEXT] | None = None,
        starts_in: app_commands.Range[str, 1, 20] | None = None,
        substitutes: bool = False,
        min_reliability: app_commands.Range[int, 1, 100] | None = None,
        min_games: app_commands.Range[int, 1, 1000] | None = None,
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal(msg("Tournaments are run in a server channel."))
        if isinstance(interaction.channel, discord.Thread):
            raise Refusal(msg("Open a tournament in a channel, not a thread."))
        created = await self.services.tournaments.create(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            organiser_id=interaction.user.id,
            game_key=game,
            tournament_format=format,
            rounds=rounds,
            tables=tables,
            deadline=deadline,
            name=name,
            options=options,
            starts_in=starts_in,
            substitutes=substitutes,
            requirements=requirements(min_reliability, min_games),
        )
        with in_public():  # the sign-up sheet is everyone's: in the server's language
            message_id = await post_with_buttons(
                interaction, signup_embed(created), signup_view(created)
            )
        await self.services.store.tournaments.set_message(created.id, message_id=message_id)

    @create.autocomplete("options")
    async def _options(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return variant_suggestions(interaction, current)

    @organise.command(name="start", description="Close the sign-ups and start round 1.")
    @app_commands.describe(tournament="Which tournament (this server's only open one if left out).")
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        found = await self._find(interaction, tournament)
        await interaction.response.defer(ephemeral=True, thinking=True)
        started = await self.services.tournaments.start(
            found.id, interaction.user.id, is_admin=await manages(interaction, found.guild_id)
        )
        self._kick()
        text = msg(
            "**{name}** has started: round {round} is being dealt.",
            name=name_of(started),
            round=started.round,
        )
        await interaction.followup.send(localize(text), ephemeral=True)

    @tournament.command(name="standings", description="The standings and the round's tables.")
    @app_commands.describe(tournament="Which tournament (this server's only open one if left out).")
    async def standings(
        self, interaction: discord.Interaction, tournament: int | None = None
    ) -> None:
        found = await self._find(interaction, tournament, any_status=True)
        if found.status is TournamentStatus.SIGNUP:
            await interaction.response.send_message(embed=signup_embed(found), ephemeral=True)
            return
        board = await self.services.tournaments.standings_board(found)
        embed = board_embed(localized_board(board), ())
        embed.colour = TOURNAMENT_COLOUR
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @tournament.command(name="drop", description="Leave a tournament.")
    @app_commands.describe(tournament="Which tournament (this server's only open one if left out).")
    async def drop(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._drop(interaction, tournament, None)

    @organise.command(name="drop", description="Organisers: drop a player from a tournament.")
    @app_commands.describe(
        player="The player to drop.",
        tournament="Which tournament (this server's only open one if left out).",
    )
    async def drop_player(
        self,
        interaction: discord.Interaction,
        player: discord.Member,
        tournament: int | None = None,
    ) -> None:
        await self._drop(interaction, tournament, player)

    async def _drop(
        self,
        interaction: discord.Interaction,
        tournament: int | None,
        player: discord.Member | None,
    ) -> None:
        found = await self._find(interaction, tournament)
        who = player.id if player is not None else interaction.user.id
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.services.tournaments.drop(
            found.id,
            who,
            by=interaction.user.id,
            is_admin=await manages(interaction, found.guild_id),
        )
        self._kick()
        if who == interaction.user.id:
            text = msg("You left **{name}**.", name=name_of(found))
        else:
            text = msg("<@{player}> was dropped from **{name}**.", player=who, name=name_of(found))
        await interaction.followup.send(localize(text), ephemeral=True)

    @organise.command(
        name="next", description="Organisers: finish this round's games now and go on."
    )
    @app_commands.describe(tournament="Which tournament (this server's only open one if left out).")
    async def next_round(
        self, interaction: discord.Interaction, tournament: int | None = None
    ) -> None:
        found = await self._find(interaction, tournament)
        await interaction.response.defer(ephemeral=True, thinking=True)
        moved = await self.services.tournaments.next_round(
            found.id, interaction.user.id, is_admin=await manages(interaction, found.guild_id)
        )
        self._kick()
        if moved.status is TournamentStatus.FINISHED:
            text = msg(
                "Round {round} was settled and **{name}** is over.",
                round=found.round,
                name=name_of(moved),
            )
        else:
            text = msg(
                "Round {round} was settled; round {next} is being dealt.",
                round=found.round,
                next=moved.round,
            )
        await interaction.followup.send(localize(text), ephemeral=True)

    @organise.command(name="cancel", description="Organisers: call a tournament off.")
    @app_commands.describe(tournament="Which tournament (this server's only open one if left out).")
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        found = await self._find(interaction, tournament)
        cancelled = await self.services.tournaments.cancel(
            found.id, interaction.user.id, is_admin=await manages(interaction, found.guild_id)
        )
        self._kick()
        await interaction.response.send_message(
            localize(msg("**{name}** is called off.", name=name_of(cancelled))), ephemeral=True
        )

    @organise.command(
        name="export", description="Organisers: download the tables, results and every game."
    )
    @app_commands.describe(tournament="Which tournament (this server's latest if left out).")
    async def export(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        found = await self._find(interaction, tournament, any_status=True)
        if found.organiser_id != interaction.user.id and not await manages(
            interaction, found.guild_id
        ):
            raise Refusal(msg("Only the organiser or a server manager can export a tournament."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        archive = await tournament_archive(self.services.store, found, self.services.names.names)
        text = msg(
            "**{name}**: tables, results, points and standings as CSV, and every "
            "game as JSON with its story.",
            name=name_of(found),
        )
        await interaction.followup.send(
            localize(text),
            file=discord.File(io.BytesIO(archive), filename=f"tournament-{found.id}.zip"),
            ephemeral=True,
        )

    @tournament.command(name="list", description="This server's tournaments.")
    async def list_tournaments(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        found = await self.services.tournaments.listing(interaction.guild_id)
        embed = board_embed(localized_board(listing_board(found[:30])), ())
        embed.colour = TOURNAMENT_COLOUR
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @start.autocomplete("tournament")
    @standings.autocomplete("tournament")
    @drop.autocomplete("tournament")
    @drop_player.autocomplete("tournament")
    @next_round.autocomplete("tournament")
    @cancel.autocomplete("tournament")
    @export.autocomplete("tournament")
    async def _tournaments(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        if interaction.guild_id is None:
            return []
        found = await self.services.store.tournaments.in_guild(interaction.guild_id)
        needle = current.strip().lstrip("#").lower()
        choices = []
        for t in found:
            label = localize(
                msg(
                    "#{number} {name} ({status})",
                    number=t.id,
                    name=name_of(t),
                    status=STATUS_WORDS[t.status],
                )
            )
            if needle in label.lower():
                choices.append(app_commands.Choice(name=label[:100], value=t.id))
        return choices[:25]

    async def _find(
        self,
        interaction: discord.Interaction,
        tournament_id: int | None,
        *,
        any_status: bool = False,
    ) -> Tournament:
        if interaction.guild_id is None:
            raise Refusal(msg("Tournaments are run in a server."))
        if tournament_id is not None:
            return await reachable_tournament(interaction, tournament_id)
        if any_status:
            listed = await self.services.tournaments.listing(interaction.guild_id)
            open_ones = [
                t for t in listed if t.status in (TournamentStatus.SIGNUP, TournamentStatus.RUNNING)
            ]
            if not open_ones and listed:
                return listed[0]  # the latest, finished: its final standings
        return await self.services.tournaments.find(interaction.guild_id, None)

    def _kick(self) -> None:
        self.services.outbox.kick()
        self.services.timers.kick()


async def setup(bot: GrimoireBot) -> None:
    """Load the cog (a discord.py extension)."""
    await bot.add_cog(TournamentCommands(bot.services))
