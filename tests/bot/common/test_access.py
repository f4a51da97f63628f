"""A server's games stay its own: every command, suggestion, button and menu that names a game,
a tournament or a seat refuses a member of another server, a stranger in a DM and a member
who does not manage the table, privately, exactly as for a number that does not exist, and
changes nothing."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from discord import app_commands
from simcord.results import to_discord_message

from bot.common.access import NamesGame, NamesTournament
from bot.wiring.components import DYNAMIC_ITEMS
from storage import GameStatus
from tests.bot.conftest import Table, open_to_everyone
from tests.bot.driving import bot_of, open_lobby, replies, start_game

#: A game or tournament number nobody has: what "does not exist" reads like.


@pytest.fixture(autouse=True)
def _integrations(table: Table) -> None:
    """The server's admin lets every member have the organiser and manager commands
    (Integrations), so these tests reach the bot's own checks."""
    open_to_everyone(table.env, table.guild)


NOBODY_HAS = 987_654


@dataclass
class World:
    """Server A (the ``table`` fixture's) with a running game, a lobby and a tournament;
    server B, where Mallory manages, with a lobby of its own."""

    table: Table
    game_id: int
    lobby_id: int
    tournament_id: int
    elsewhere: simcord.ChannelHandle
    mallory: simcord.MemberActor
    mallorys_message: discord.Message


@pytest.fixture
async def world(table: Table) -> World:
    _, game_id = await start_game(table, "marginalia", ["alice", "bob"])
    _, lobby_id = await open_lobby(table, "carol", "mandragora")
    created = await table.members["dave"].slash(
        table.channel, "organise create", game="marginalia", format="swiss", rounds=2
    )
    assert created.acknowledged
    tournament_id = (await bot_of(table).services.store.tournaments.in_guild(table.guild.id))[0].id

    guild_b = table.env.create_guild(name="Elsewhere")
    channel_b = guild_b.create_text_channel("games")
    open_to_everyone(table.env, guild_b)
    admins = guild_b.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    mallory = guild_b.add_member(table.env.create_user("mallory"), roles=[admins])
    opened = await mallory.slash(channel_b, "game new", game="mandragora")
    assert opened.acknowledged
    message = channel_b.last_message
    assert message is not None
    return World(table, game_id, lobby_id, tournament_id, channel_b, mallory, message)


async def everything(world: World) -> tuple[Any, ...]:
    """What the store holds of server A's games and tournament, to show nothing changed."""
    store = bot_of(world.table).services.store
    found: list[Any] = []
    for game_id in (world.game_id, world.lobby_id):
        game = await store.games.get(game_id)
        actions = await store.games.actions(game_id)
        seats = tuple((s.user_id, s.seat, s.resigned_at, s.ai_level) for s in game.seats)
        found.append((game.status, game.version, game.settings, seats, len(actions)))
    tournament = await store.tournaments.get(world.tournament_id)
    found.append((tournament.status, tournament.round, tuple(tournament.entrants)))
    return tuple(found)


async def paced(world: World) -> None:
    """Let simulated time pass between attempts, so the flood guard (15 interactions in 10 s)
    does not answer in the bot's place."""
    await world.table.env.advance_time(2)


def private_text(result: simcord.InteractionResult) -> str:
    """The one private answer to an interaction."""
    assert result.acknowledged, result
    assert result.ephemeral, result
    return "\n".join(replies(result))


# ------------------------------------------------------------------ the commands, all of them
#: Values for the other required options of commands that name a game or a tournament.
OTHER_OPTIONS: dict[str, Any] = {"move": "pass"}


def naming_commands(bot: discord.Client) -> list[tuple[str, set[str]]]:
    """Every slash command with a ``game`` or ``tournament`` number option, by its full name,
    with the names of those options."""
    tree = bot.tree  # type: ignore[attr-defined]
    found: list[tuple[str, set[str]]] = []

    def walk(command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> None:
        if isinstance(command, app_commands.Group):
            for child in command.commands:
                walk(child)
            return
        numbered = {
            p.name
            for p in command.parameters
            if p.name in ("game", "tournament") and p.type is discord.AppCommandOptionType.integer
        }
        if numbered:
            found.append((command.qualified_name, numbered))

    for command in tree.get_commands():
        if isinstance(command, app_commands.Command | app_commands.Group):
            walk(command)
    return found


def options_for(
    bot: discord.Client, name: str, numbered: set[str], value: int, world: World
) -> dict[str, Any]:
    """The options of an attempt on ``name`` naming ``value``, with every other required
    option filled in (a new command with an unknown required option fails here, by name)."""
    command = bot.tree.get_command(name.split()[0])  # type: ignore[attr-defined]
    for part in name.split()[1:]:
        command = command.get_command(part)
    chosen: dict[str, Any] = {}
    for parameter in command.parameters:
        if parameter.name in numbered:
            chosen[parameter.name] = value
        elif parameter.name == "seat":
            chosen["seat"] = 1
        elif parameter.name == "player":
            chosen["player"] = world.mallory  # a member of the server the attempt is made in
        elif parameter.required:
            assert parameter.name in OTHER_OPTIONS, f"/{name}: give {parameter.name} a value"
            chosen[parameter.name] = OTHER_OPTIONS[parameter.name]
    return chosen


def target_of(world: World, numbered: set[str]) -> int:
    return world.tournament_id if "tournament" in numbered else world.game_id


async def test_every_command_naming_a_game_refuses_another_servers_member(world: World) -> None:
    bot = bot_of(world.table)
    attempted = naming_commands(bot)
    assert {"game log", "game export", "game abandon", "game sub", "play"} <= {
        n for n, _ in attempted
    }
    before = await everything(world)
    for name, numbered in attempted:
        target = target_of(world, numbered)
        await paced(world)
        missing = await world.mallory.slash(
            world.elsewhere, name, **options_for(bot, name, numbered, NOBODY_HAS, world)
        )
        tried = await world.mallory.slash(
            world.elsewhere, name, **options_for(bot, name, numbered, target, world)
        )
        expected = private_text(missing).replace(str(NOBODY_HAS), str(target))
        assert private_text(tried) == expected, name
        assert "no game" in expected or "no tournament" in expected, (name, expected)
        assert await everything(world) == before, name


async def test_every_command_naming_a_game_refuses_a_stranger_in_a_dm(world: World) -> None:
    bot = bot_of(world.table)
    in_dms = set(world.mallory.user.available_commands())
    attempted = [(n, numbered) for n, numbered in naming_commands(bot) if n in in_dms]
    assert {"game log", "game export", "game replay", "game abandon", "game sub"} <= {
        n for n, _ in attempted
    }
    before = await everything(world)
    for name, numbered in attempted:
        target = target_of(world, numbered)
        await paced(world)
        missing = await world.mallory.user.slash(
            name, **options_for(bot, name, numbered, NOBODY_HAS, world)
        )
        tried = await world.mallory.user.slash(
            name, **options_for(bot, name, numbered, target, world)
        )
        expected = private_text(missing).replace(str(NOBODY_HAS), str(target))
        assert private_text(tried) == expected, name
        assert await everything(world) == before, name


async def test_a_players_own_game_is_reached_from_a_dm(world: World) -> None:
    alice = world.table.members["alice"]
    result = await alice.user.slash("game log", game=world.game_id)
    assert f"#{world.game_id} — log" in private_text(result)


async def test_suggestions_offer_only_this_servers_games(world: World) -> None:
    table = world.table
    alice = table.members["alice"]
    guild_b_seat = world.elsewhere  # alice joins server B too, and a lobby there
    alice_in_b = world.mallory.guild.add_member(alice.user)
    lobby_b = world.mallorys_message
    joined = await alice_in_b.click(lobby_b, label="Join")
    assert joined.acknowledged

    def numbers(choices: list[dict[str, Any]]) -> set[int]:
        return {int(c["value"]) for c in choices}

    here = numbers(await alice.autocomplete(table.channel, "game log", "game", ""))
    there = numbers(await alice_in_b.autocomplete(guild_b_seat, "game log", "game", ""))
    anywhere = numbers(await alice.user.autocomplete("game log", "game", ""))
    assert world.game_id in here
    assert world.game_id not in there
    assert there  # server B's lobby, which she joined
    assert here.isdisjoint(there)
    assert here | there == anywhere
    tournaments = await world.mallory.autocomplete(
        world.elsewhere, "tournament standings", "tournament", ""
    )
    assert tournaments == []


# ------------------------------------------------------------------ buttons and menus
#: An example custom id of every component that names a game or a tournament: ``{n}`` is
#: the number. A new such component must be added here, or the test below fails.
CRAFTED: dict[str, str] = {
    "LobbyButton": "grim:lobby:cancel:{n}",
    "LobbyAiSelect": "grim:lobby:ai:{n}",
    "UndoVote": "grim:undo:yes:{n}:1",
    "TurnButtonItem": "grim:turn:{n}:1",
    "PanelChoice": "grim:act:{n}:1:0",
    "PanelSelect": "grim:pick:{n}:1:0",
    "PanelPage": "grim:page:{n}:1:1:0:s",
    "WholeMoveSelect": "grim:whole:{n}:1:0",
    "BoardButton": "grim:board:{n}",
    "SignupButton": "grim:tour:leave:{n}",
    "GameOverButton": "grim:over:rematch:{n}",
    "ConfirmButton": "grim:sure:abandon:{n}:{user}",
    "ReplayStep": "grim:rp:first:{n}:1:a",
    "ReplayMoveSelect": "grim:rpm:{n}:1:s0",
    "ReplayViewSelect": "grim:rpv:{n}:1",
    "WatchAgainButton": "grim:rpw:{n}",
    "TakeSeatButton": "grim:take:{n}:1",
}


def naming_items() -> list[type[discord.ui.DynamicItem[Any]]]:
    """Every registered component whose custom id carries a game or a tournament."""
    return [
        item
        for item in DYNAMIC_ITEMS
        if r"(?P<game>\d+)" in item.__discord_ui_compiled_template__.pattern
        or r"(?P<tournament>\d+)" in item.__discord_ui_compiled_template__.pattern
    ]


def test_every_component_naming_a_game_is_checked() -> None:
    for item in naming_items():
        assert item.__name__ in CRAFTED, f"add an example custom id of {item.__name__}"
        example = CRAFTED[item.__name__].format(n=7, user=1)
        assert item.__discord_ui_compiled_template__.fullmatch(example), item.__name__


async def test_a_forged_click_on_another_servers_game_is_refused(world: World) -> None:
    """Discord only sends custom ids the bot put on a message; should one naming server A's
    game ever reach a member of server B (or a stranger's DM), the click is refused as for a
    game that does not exist."""
    before = await everything(world)
    env = world.table.env
    bot_user = bot_of(world.table).user
    assert bot_user is not None
    dm_channel = world.mallory.user.dm_channel
    for item in naming_items():
        names_tournament = r"(?P<tournament>\d+)" in item.__discord_ui_compiled_template__.pattern
        target = world.tournament_id if names_tournament else world.game_id
        custom_id = CRAFTED[item.__name__].format(n=target, user=world.mallory.id)
        is_select = "Select" in item.__name__
        for actor, channel_id in (
            (world.mallory, world.elsewhere.id),
            (world.mallory.user, dm_channel.id),
        ):
            planted = plant(env, channel_id, bot_user.id, custom_id, is_select=is_select)
            await paced(world)
            if is_select:
                result = await actor.select(planted, ["0"], custom_id=custom_id)
            else:
                result = await actor.click(planted, custom_id=custom_id)
            kind = "tournament" if names_tournament else "game"
            text = private_text(result)
            assert text.startswith(f"There is no {kind} #{target}"), (item.__name__, text)
            assert await everything(world) == before, item.__name__


def plant(
    env: simcord.Env, channel_id: int, author_id: int, custom_id: str, *, is_select: bool
) -> discord.Message:
    """A message from the bot in ``channel_id`` carrying one component with ``custom_id``."""
    if is_select:
        component: dict[str, Any] = {
            "type": 3,
            "custom_id": custom_id,
            "options": [{"label": "first", "value": "0"}],
        }
    else:
        component = {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}
    stored = env.backend.create_message(
        channel_id, author_id, "", components=[{"type": 1, "components": [component]}]
    )
    return to_discord_message(env, stored)


def test_the_component_protocols_see_the_numbers() -> None:
    from bot.lobby.buttons import LobbyButton
    from bot.tournaments.signup import SignupButton

    assert isinstance(LobbyButton("join", 3), NamesGame)
    assert isinstance(SignupButton("join", 3), NamesTournament)


# ------------------------------------------------------------------ managing a table
async def test_a_member_who_does_not_manage_the_server_cannot_call_off_or_open_seats(
    world: World,
) -> None:
    table = world.table
    erin = table.members["erin"]  # a member of server A, not the host, no Manage Server
    thread = next(t for t in table.channel.threads if f"#{world.game_id}" in (t.name or ""))
    before = await everything(world)
    attempts: list[tuple[simcord.ChannelHandle, str, dict[str, Any]]] = [
        (thread, "game abandon", {}),
        (table.channel, "game abandon", {"game": world.lobby_id}),
        (thread, "game sub", {"seat": 1}),
        (table.channel, "organise cancel", {"tournament": world.tournament_id}),
        (table.channel, "organise start", {"tournament": world.tournament_id}),
        (table.channel, "organise next", {"tournament": world.tournament_id}),
        (table.channel, "organise export", {"tournament": world.tournament_id}),
        (table.channel, "settings", {"deadline": "1h"}),
    ]
    for where, name, options in attempts:
        await paced(world)
        result = await erin.slash(where, name, **options)
        text = private_text(result)
        assert "manag" in text or "organiser" in text or "host" in text, (name, text)
        assert await everything(world) == before, name
    assert await bot_of(table).services.store.prefs.server(table.guild.id) == {}


async def test_managing_another_server_gives_no_power_over_this_ones_games(world: World) -> None:
    """Mallory manages server B and sits in a lobby of server A: from a DM, where her
    permissions in B are all the interaction could show, she still cannot call it off."""
    table = world.table
    mallory_in_a = table.guild.add_member(world.mallory.user)
    lobby = next(
        m
        for m in table.channel.history()
        if m.embeds and f"#{world.lobby_id}" in str(m.embeds[0].to_dict())
    )
    joined = await mallory_in_a.click(lobby, label="Join")
    assert joined.acknowledged
    before = await everything(world)
    result = await world.mallory.user.slash("game abandon", game=world.lobby_id)
    assert private_text(result) == "Only the host or a server manager can call this game off."
    assert await everything(world) == before


async def test_a_manager_of_the_games_server_can_call_it_off_from_a_dm(world: World) -> None:
    table = world.table
    role = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = table.guild.add_member(table.env.create_user("moderator"), roles=[role])
    lobby = next(
        m
        for m in table.channel.history()
        if m.embeds and f"#{world.lobby_id}" in str(m.embeds[0].to_dict())
    )
    joined = await mod.click(lobby, label="Join")
    assert joined.acknowledged
    asked = await mod.user.slash("game abandon", game=world.lobby_id)
    assert asked.ephemeral
    question = asked.response
    assert question is not None
    done = await mod.user.click(question, label="Abandon")
    assert done.response is not None
    assert done.response.content == f"Game #{world.lobby_id} is called off."
    game = await bot_of(table).services.store.games.get(world.lobby_id)
    assert game.status is GameStatus.CANCELLED


# ------------------------------------------------------------------ one path, kept one
#: Reads of a game or a tournament by number, or of a member's games, that skip
#: ``bot.common.access``.
BYPASSES = re.compile(
    r"\b(?:store\.games\.(?:get|of_user|by_thread)|tables\.(?:get|in_thread)"
    r"|(?:store\.)?tournaments\.get)\("
)
#: ``/game mine`` lists the caller's own games in every server, on purpose, and ``/game new``
#: asks whether it is used in a game's thread (to refuse it there).
ALLOWED = {
    ("bot/tables/commands.py", "store.games.of_user("),
    ("bot/tables/commands.py", "tables.in_thread("),
}


def test_commands_find_games_only_through_the_access_layer() -> None:
    """Commands reach games through ``bot.common.access`` (or ``bot.common.finding``, built on
    it); components are checked before they act, whatever they read after."""
    root = Path(__file__).parents[3]
    commands = [*sorted((root / "bot").glob("*/commands.py")), root / "bot/tables/play_commands.py"]
    assert len(commands) >= 6
    found = [
        (path.relative_to(root).as_posix(), match.group(0))
        for path in commands
        for match in BYPASSES.finditer(path.read_text())
    ]
    assert [f for f in found if f not in ALLOWED] == []


async def test_a_player_who_left_their_seat_still_reaches_the_game_from_a_dm(
    world: World,
) -> None:
    table = world.table
    thread = next(t for t in table.channel.threads if f"#{world.game_id}" in (t.name or ""))
    left = await table.members["bob"].slash(thread, "game sub")
    assert left.ephemeral
    game = await bot_of(table).services.store.games.get(world.game_id)
    assert not game.seated(table.members["bob"].id)
    result = await table.members["bob"].user.slash("game log", game=world.game_id)
    assert f"#{world.game_id} — log" in private_text(result)
    stranger = await table.members["erin"].user.slash("game log", game=world.game_id)
    assert private_text(stranger) == f"There is no game #{world.game_id}."
