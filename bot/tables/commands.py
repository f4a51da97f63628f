"""``/game``: open a lobby, list games, read the log, export or replay a game, resign, abandon."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.clocks.commands import DEADLINE_OPTIONS, POLICY_OPTIONS
from bot.clocks.substitutes import substitute_answer
from bot.common.access import manages
from bot.common.announce import seat_users
from bot.common.finding import find_game, game_choices
from bot.common.names import ai_name
from bot.common.refusals import Refusal, StaleRequest
from bot.common.render import render
from bot.common.replies import post_with_buttons
from bot.drawing.embeds import lines_text, lobby_card
from bot.lobby.buttons import lobby_view
from bot.lobby.lobby import Seating
from bot.lobby.options import MAX_OPTIONS_TEXT, option_choices
from bot.lobby.requirements import requirements
from bot.replays.buttons import show as show_replay
from bot.replays.exports import export_files, export_game
from bot.replays.replays import PUBLIC
from bot.tables.confirm import ask, check_resign
from bot.tables.turn import game_buttons, game_link
from bot.words.i18n import in_public, localize
from games.core import Engine
from games.core.words import msg, nmsg, pmsg
from storage import Game, GameStatus

if TYPE_CHECKING:
    from bot.wiring.app import GrimoireBot
    from bot.wiring.services import Services


async def game_suggestions(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The games whose title or key holds what is typed, read from ``games.ENGINES`` when
    asked (not fixed choices synced at start-up), so a game registered later is offered."""
    needle = current.strip().lower()
    return [
        app_commands.Choice(
            name=localize(
                msg("{game} ({seats})", game=engine.title, seats=engine.seat_count_label())
            )[:100],
            value=engine.key,
        )
        for engine in games.ENGINES.values()
        if needle in engine.title.lower() or needle in engine.key
    ][:25]


def known_game(key: str) -> Engine[Any, Any]:
    """The game called ``key``; a key typed past the suggestions is refused by name."""
    try:
        return games.get(key)
    except games.UnknownGame as error:
        raise Refusal(error.args[0] if error.args else str(error)) from None


#: How many games ``/game list`` and ``/game mine`` show.
LISTED = 20

SEATING_CHOICES = [
    app_commands.Choice(name="in joining order", value=Seating.JOIN_ORDER.value),
    app_commands.Choice(name="shuffled", value=Seating.SHUFFLED.value),
]


class GameCommands(commands.Cog):
    """Lobbies and whole games."""

    game = app_commands.Group(name="game", description="Start, find and manage games.")

    def __init__(self, services: Services, client: discord.Client) -> None:
        self.services = services
        self.client = client

    @game.command(name="new", description="Open a lobby for a game in this channel.")
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game to play.",
        options="The game's variant options, e.g. teams=true (see the suggestions).",
        seating="Seat order at the start: joining order, or shuffled.",
        deadline="Time per move (the server's default when left out).",
        on_timeout="What happens at a missed deadline (the server's default when left out).",
        rated="Whether the result counts for the server's ratings (yes by default).",
        min_reliability="Only members who made at least this % of their moves in time may join.",
        min_games="Only members with at least this many finished games here may join.",
    )
    @app_commands.choices(
        seating=SEATING_CHOICES,
        deadline=DEADLINE_OPTIONS,
        on_timeout=POLICY_OPTIONS,
    )
    @app_commands.autocomplete(game=game_suggestions)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        options: app_commands.Range[str, 0, MAX_OPTIONS_TEXT] | None = None,
        seating: str = Seating.JOIN_ORDER.value,
        deadline: str | None = None,
        on_timeout: str | None = None,
        rated: bool = True,
        min_reliability: app_commands.Range[int, 1, 100] | None = None,
        min_games: app_commands.Range[int, 1, 1000] | None = None,
    ) -> None:
        if interaction.channel_id is None:
            raise Refusal(msg("Open a lobby in a server channel."))
        if await self.services.tables.in_thread(interaction.channel_id) is not None:
            raise Refusal(msg("This thread belongs to a game: open a lobby in a channel."))
        lobby = await self.services.lobbies.open(
            game_key=game,
            options=options,
            seating=Seating(seating),
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            deadline=deadline,
            policy=on_timeout,
            rated=rated,
            requirements=requirements(min_reliability, min_games),
        )
        with in_public():  # the lobby is everyone's: in the server's language
            embed = await lobby_card(lobby, self.services.names)
            message_id = await post_with_buttons(interaction, embed, lobby_view(lobby))
        await self.services.store.games.set_messages(lobby.id, lobby_message_id=message_id)

    @new.autocomplete("options")
    async def _options(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return variant_suggestions(interaction, current)

    @game.command(name="log", description="The game's story so far (your own secrets included).")
    @app_commands.describe(game="Which game (implied inside its thread).")
    async def log(self, interaction: discord.Interaction, game: int | None = None) -> None:
        found = await find_game(self.services, interaction, game)
        _, lines = await self.services.tables.log(found.id, interaction.user.id)
        names = await self.services.names.names(seat_users(found))
        title = games.get(found.game_key).title
        text = (
            lines_text(lines, names, limit=1800)
            if lines
            else localize(msg("Nothing has happened yet."))
        )
        head = localize(msg("**{game}** #{id} — log", game=title, id=found.id))
        await interaction.response.send_message(f"{head}\n{text}", ephemeral=True)

    @game.command(name="export", description="Download a game: its moves as JSON, and its story.")
    @app_commands.describe(game="Which game (implied inside its thread).")
    async def export(self, interaction: discord.Interaction, game: int | None = None) -> None:
        found = await find_game(self.services, interaction, game)
        names = await self.services.names.names(seat_users(found))
        await interaction.response.defer(ephemeral=True, thinking=True)
        export = await export_game(self.services.store, found, interaction.user.id, names)
        files = export_files(export)
        note = (
            msg(
                "Everything is in it: the deal and every move, enough to check the game or watch "
                "it again move by move; the story file reads as plain text."
            )
            if export.complete
            else msg(
                "The game is still running, so this holds only what you can know of it "
                "(no seed, and other players' moves as you saw them); export it again once it "
                "is over for the whole game."
            )
        )
        title = games.get(found.game_key).title
        said = nmsg(
            "**{game}** #{id}, {n} move. {note}",
            "**{game}** #{id}, {n} moves. {note}",
            len(export.moves),
            game=title,
            id=found.id,
            note=note,
        )
        await interaction.followup.send(
            localize(said),
            files=[
                discord.File(io.BytesIO(files.document.encode()), filename=f"{files.name}.json"),
                discord.File(io.BytesIO(files.story.encode()), filename=f"{files.name}.txt"),
            ],
            ephemeral=True,
        )

    @game.command(name="replay", description="Watch a game again, move by move.")
    @app_commands.describe(
        game="Which game (implied inside its thread).",
        move="Start at this move (0 is the deal; the latest when left out).",
    )
    async def replay(
        self,
        interaction: discord.Interaction,
        game: int | None = None,
        move: app_commands.Range[int, 0, None] | None = None,
    ) -> None:
        found = await find_game(self.services, interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await show_replay(interaction, found.id, move, PUBLIC, edit=False)

    @game.command(name="resign", description="Give up a game you are playing.")
    @app_commands.describe(game="Which game (implied inside its thread).")
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        found = await find_game(self.services, interaction, game)
        check_resign(self.services, found, interaction.user.id)
        await ask(interaction, found, "resign")  # the answer's button resigns

    @game.command(name="nudge", description="Remind a slow player that the table waits for them.")
    @app_commands.describe(game="Which game (implied inside its thread).")
    async def nudge(self, interaction: discord.Interaction, game: int | None = None) -> None:
        found = await find_game(self.services, interaction, game)
        pinged = await self.services.presence.nudge(found, interaction.user.id)
        self.services.outbox.kick()
        names = ", ".join(f"<@{u}>" for u in pinged)
        await interaction.response.send_message(
            localize(msg("You nudged {names}.", names=names)), ephemeral=True
        )

    @game.command(name="undo", description="Take back your last move (or ask the table to).")
    @app_commands.describe(game="Which game (implied inside its thread).")
    async def undo(self, interaction: discord.Interaction, game: int | None = None) -> None:
        found = await find_game(self.services, interaction, game)
        try:
            result = await self.services.takebacks.undo(found.id, interaction.user.id)
        except StaleRequest:
            raise Refusal(msg("Someone moved at the same moment; nothing was changed.")) from None
        self.services.outbox.kick()
        self.services.timers.kick()
        if result.done:
            self.services.ai.wake(result.game)
            text = msg("Your last move is taken back.")
        else:
            text = msg(
                "That move cannot simply be taken back: {reason}. "
                "The other players were asked to approve.",
                reason=result.reason,
            )
        await interaction.response.send_message(render(localize(text)), ephemeral=True)

    @game.command(name="sub", description="Leave your seat to a substitute, or open a seat.")
    @app_commands.describe(
        seat="Another player's seat to open (its host, or a server manager); yours if left out.",
        game="Which game (implied inside its thread).",
    )
    async def sub(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 8] | None = None,
        game: int | None = None,
    ) -> None:
        found = await find_game(self.services, interaction, game)
        opened = await self.services.substitutes.ask_substitute(
            found.id,
            interaction.user.id,
            seat=seat,
            manager=await manages(interaction, found.guild_id),
        )
        self.services.changed(opened)
        holder = found.user_at(seat - 1) if seat is not None else None
        said = await self.services.names.name(holder) if holder is not None else ""
        await interaction.response.send_message(substitute_answer(seat, said), ephemeral=True)

    @game.command(name="abandon", description="Call a game off (its host, or a server manager).")
    @app_commands.describe(game="Which game (implied inside its thread).")
    async def abandon(self, interaction: discord.Interaction, game: int | None = None) -> None:
        found = await find_game(self.services, interaction, game)
        self.services.lobbies.check_can_cancel(
            found, interaction.user.id, is_admin=await manages(interaction, found.guild_id)
        )
        await ask(interaction, found, "abandon")  # the answer's button calls it off

    @game.command(name="list", description="This server's lobbies and running games.")
    @app_commands.guild_only()
    async def list_games(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        found = await self.services.store.games.in_guild(interaction.guild_id)
        lines = [localize(await self._line(g, interaction.user.id)) for g in found[:LISTED]]
        more = (
            "\n" + localize(nmsg("…and {n} more.", "…and {n} more.", len(found) - LISTED))
            if len(found) > LISTED
            else ""
        )
        text = "\n".join(lines) or localize(msg("No open games here. Start one with `/game new`."))
        await self._send_list(interaction, text[:1900] + more, found[:LISTED])

    @game.command(name="mine", description="Your games in every server, and where it is your turn.")
    async def mine(self, interaction: discord.Interaction) -> None:
        found = await self.services.store.games.of_user(interaction.user.id)
        lines = [localize(await self._line(g, interaction.user.id)) for g in found[:LISTED]]
        text = "\n".join(lines) or localize(
            msg("You are not in any game. Start one with `/game new`.")
        )
        await self._send_list(interaction, text[:1900], found[:LISTED])

    async def _send_list(
        self, interaction: discord.Interaction, text: str, listed: list[Game]
    ) -> None:
        """A list of games, privately, with buttons to go to each and to play where it is
        the member's turn."""
        view, with_buttons = game_buttons(listed, interaction.user.id)
        if 0 < with_buttons < len(listed):
            some = nmsg(
                "-# Buttons for {n} of these games; the links above reach all.",
                "-# Buttons for {n} of these games; the links above reach all.",
                with_buttons,
            )
            text += "\n" + localize(some)
        await interaction.response.send_message(
            text, view=view or discord.utils.MISSING, ephemeral=True
        )

    async def _line(self, game: Game, user_id: int) -> str:
        title = games.get(game.game_key).title
        place = game_link(game)
        if game.status is GameStatus.LOBBY:
            engine = games.get(game.game_key)
            seated = f"{len(game.seats)}/{engine.max_players}"
            return msg(
                "#{id} **{game}** — lobby, {seated} seated · {place}",
                id=game.id,
                game=title,
                seated=seated,
                place=place,
            )
        seat = game.seat_of(user_id)
        if seat is not None and seat in game.to_act:
            return msg(
                "#{id} **{game}** — **your turn** · {place}", id=game.id, game=title, place=place
            )
        names = ", ".join(
            [
                ai_name(seat) if user is None else await self.services.names.name(user)
                for seat, user in ((s, _user(game, s)) for s in sorted(game.to_act))
            ]
        ) or pmsg("waiting for", "nobody")
        return msg(
            "#{id} **{game}** — move {version}, waiting for {names} · {place}",
            id=game.id,
            game=title,
            version=game.version,
            names=names,
            place=place,
        )

    @log.autocomplete("game")
    @export.autocomplete("game")
    @replay.autocomplete("game")
    @resign.autocomplete("game")
    @nudge.autocomplete("game")
    @sub.autocomplete("game")
    @undo.autocomplete("game")
    @abandon.autocomplete("game")
    async def _games(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await game_choices(self.services, interaction, current)


def variant_suggestions(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The variant options of the game chosen in the same command, filtered by what is typed."""
    key = getattr(interaction.namespace, "game", None)
    if key not in games.ENGINES:
        return []
    texts = option_choices(games.get(key))
    needle = current.strip().lower()
    return [app_commands.Choice(name=t[:100], value=t[:100]) for t in texts if needle in t][:25]


def _user(game: Game, seat: int) -> int | None:
    return seat_users(game)[seat] if seat < len(game.seats) else None


async def setup(bot: GrimoireBot) -> None:
    """Load the cog (a discord.py extension)."""
    await bot.add_cog(GameCommands(bot.services, bot))
