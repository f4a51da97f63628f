"""What a lobby says about itself: whether its game will be rated (an AI seat makes it
practice, as the ratings service counts it) and, once full, that it is full and who starts."""

from __future__ import annotations

import dataclasses

import discord

from bot.profiles.ratings import is_rated
from storage import Game, GameStatus
from tests.bot.conftest import Table
from tests.bot.driving import open_lobby, stored

AI_PRACTICE = "Practice game (an AI seat): unrated"


def fresh(table: Table, message: discord.Message) -> discord.Message:
    return next(m for m in table.channel.history() if m.id == message.id)


def ratings_field(message: discord.Message) -> str:
    (embed,) = message.embeds
    (value,) = [str(f.value) for f in embed.fields if f.name == "Ratings"]
    assert not [f for f in embed.fields if f.name == "Rated"]
    return value


def finished(game: Game) -> Game:
    """The lobby's table as it would be once played to the end."""
    return dataclasses.replace(game, status=GameStatus.FINISHED, outcome="{}")


async def test_a_lobby_with_an_ai_seat_says_it_is_practice_as_the_ratings_do(
    table: Table,
) -> None:
    alice = table.members["alice"]
    lobby, game_id = await open_lobby(table, "alice", "mandragora")
    assert ratings_field(lobby) == "Rated"
    assert is_rated(finished(await stored(table, game_id)))

    added = await alice.select(lobby, ["easy"], custom_id=f"grim:lobby:ai:{game_id}")
    assert added.acknowledged
    lobby = fresh(table, lobby)
    assert ratings_field(lobby) == AI_PRACTICE
    assert not is_rated(finished(await stored(table, game_id)))

    removed = await alice.click(lobby, label="Remove AI")
    assert removed.acknowledged
    assert ratings_field(fresh(table, lobby)) == "Rated"
    assert is_rated(finished(await stored(table, game_id)))


async def test_a_table_marked_unrated_says_it_is_practice(table: Table) -> None:
    lobby, game_id = await open_lobby(table, "alice", "marginalia", rated=False)
    assert ratings_field(lobby) == "Practice game: unrated"
    assert not is_rated(finished(await stored(table, game_id)))


async def test_a_full_lobby_says_so_and_who_can_start_it(table: Table) -> None:
    bob = table.members["bob"]
    lobby, _ = await open_lobby(table, "alice", "marginalia")
    (embed,) = lobby.embeds
    assert embed.description is not None
    assert embed.description.startswith("Press **Join** to play.")

    await bob.click(lobby, label="Join")
    (embed,) = fresh(table, lobby).embeds
    assert embed.description == "**The table is full.** alice can press **Start** now."

    await bob.click(fresh(table, lobby), label="Leave")
    (embed,) = fresh(table, lobby).embeds
    assert embed.description is not None
    assert embed.description.startswith("Press **Join** to play.")
