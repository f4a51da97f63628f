"""``/tournament`` through SimCord: sign-ups with buttons, the start dealing tables into threads,
a game finishing and the standings message updating itself, the organiser's powers."""

from __future__ import annotations

import discord
import pytest

from bot.tournaments.signup import TOURNAMENT_COLOUR
from storage import GameStatus, TournamentStatus
from tests.bot.conftest import Table, make_bot, open_to_everyone
from tests.bot.driving import abandon, bot_of, replies, resign


@pytest.fixture(autouse=True)
def _integrations(table: Table) -> None:
    """The server's admin lets every member have the organiser and manager commands
    (Integrations), so these tests reach the bot's own checks."""
    open_to_everyone(table.env, table.guild)


def _message(table: Table, message_id: int) -> discord.Message:
    return next(m for m in table.channel.history() if m.id == message_id)


def _text(message: discord.Message) -> str:
    return message.content + "".join(str(e.to_dict()) for e in message.embeds)


async def _create(table: Table, **options: object) -> tuple[discord.Message, int]:
    chosen = {"game": "marginalia", "format": "swiss", "rounds": 2, **options}
    chosen = {name: value for name, value in chosen.items() if value is not None}
    result = await table.members["alice"].slash(table.channel, "organise create", **chosen)
    assert result.acknowledged
    assert not result.ephemeral
    sheet = table.channel.last_message
    assert sheet is not None
    found = await bot_of(table).services.store.tournaments.in_guild(table.guild.id)
    return sheet, found[0].id


async def test_sign_up_start_a_result_and_the_standings_update(table: Table) -> None:
    sheet, tournament_id = await _create(table, name="Autumn Duel")
    assert "Autumn Duel" in _text(sheet)
    for name in ("bob", "carol"):
        joined = await table.members[name].click(_message(table, sheet.id), label="Join")
        assert joined.acknowledged
        assert not joined.ephemeral
    again = await table.members["bob"].click(_message(table, sheet.id), label="Join")
    assert again.ephemeral
    assert "already signed up" in replies(again)[0]
    sheet = _message(table, sheet.id)
    bot = bot_of(table)
    for name in ("alice", "bob", "carol"):
        assert f"<@{table.members[name].id}>" in _text(sheet)

    refused = await table.members["bob"].slash(table.channel, "organise start")
    assert refused.ephemeral
    assert "Only the organiser" in replies(refused)[0]
    started = await table.members["alice"].slash(table.channel, "organise start")
    assert started.ephemeral

    tournament = await bot.services.store.tournaments.get(tournament_id)
    assert (tournament.status, tournament.round) == (TournamentStatus.RUNNING, 1)
    game_table = next(t for t in tournament.tables_of(1) if not t.bye)
    assert game_table.game_id is not None
    game = await bot.services.store.games.get(game_table.game_id)
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    assert "Autumn Duel" in (thread.name or "")
    posted = " ".join(m.content for m in thread.history())
    assert "round 1, table 1" in posted
    for user in game_table.players:
        assert f"<@{user}>" in posted
    # The sign-up sheet became the standings: no buttons any more.
    sheet = _message(table, sheet.id)
    assert "Round 1 of 2" in _text(sheet)
    assert not sheet.components
    assert sheet.embeds[0].colour == TOURNAMENT_COLOUR
    announced = [m.content for m in table.channel.history() if "round 1 begins" in m.content]
    assert len(announced) == 1

    # A player resigns: the game ends, the winner's points show, round 2 is dealt.
    loser = next(m for m in table.members.values() if m.id == game_table.players[0])
    winner = game_table.players[1]
    resigned = await resign(loser, thread)
    assert resigned.response is not None
    assert resigned.response.ephemeral
    assert (await bot.services.store.games.get(game.id)).status is GameStatus.FINISHED
    tournament = await bot.services.store.tournaments.get(tournament_id)
    assert tournament.round == 2
    sheet = _message(table, sheet.id)
    standings = sheet.embeds[0].fields[0].value or ""
    assert standings.splitlines()[0].startswith(("🥇", "1."))
    assert f"<@{winner}> — **12** pts" in standings
    assert "Round 2 of 2" in _text(sheet)
    rated = await bot.services.store.ratings.of_players(table.guild.id, "marginalia", [winner])
    assert rated[winner].games == 1


async def test_organiser_commands_are_refused_to_others_and_explained(table: Table) -> None:
    _, tournament_id = await _create(table)
    for command in ("organise next", "organise cancel"):
        refused = await table.members["bob"].slash(table.channel, command)
        assert refused.ephemeral
        assert replies(refused)
    listed = await table.members["erin"].slash(table.channel, "tournament list")
    assert listed.ephemeral
    assert listed.response is not None
    assert f"#{tournament_id}" in str(listed.response.embeds[0].to_dict())
    cancelled = await table.members["alice"].slash(table.channel, "organise cancel")
    assert cancelled.ephemeral
    assert "called off" in replies(cancelled)[0]
    tournament = await bot_of(table).services.store.tournaments.get(tournament_id)
    assert tournament.status is TournamentStatus.CANCELLED


async def test_the_sign_up_buttons_work_after_a_restart(table: Table) -> None:
    sheet, tournament_id = await _create(table)
    await table.env.restart_bot(make_bot(table.db))
    joined = await table.members["dave"].click(_message(table, sheet.id), label="Join")
    assert joined.acknowledged
    tournament = await bot_of(table).services.store.tournaments.get(tournament_id)
    assert table.members["dave"].id in tournament.active()


async def test_leaderboard_and_profile(table: Table) -> None:
    _, tournament_id = await _create(table, format="knockout", rounds=None)
    await table.members["bob"].click(_message_by_id(table), label="Join")
    await table.members["alice"].slash(table.channel, "organise start")
    bot = bot_of(table)
    tournament = await bot.services.store.tournaments.get(tournament_id)
    (final,) = tournament.tables_of(1)
    assert final.game_id is not None
    game = await bot.services.store.games.get(final.game_id)
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    await resign(table.members["bob"], thread)
    tournament = await bot.services.store.tournaments.get(tournament_id)
    assert tournament.status is TournamentStatus.FINISHED
    assert tournament.champion_id == table.members["alice"].id
    assert "Congratulations" in " ".join(m.content for m in table.channel.history())

    board = await table.members["erin"].slash(table.channel, "leaderboard", game="marginalia")
    assert board.ephemeral
    assert board.response is not None
    text = str(board.response.embeds[0].to_dict())
    alice, bob = "alice", "bob"  # their display names
    assert "<@" not in text, "the leaderboard names its players: mentions do not render there"
    assert text.index(alice) < text.index(bob)
    profile = await table.members["bob"].slash(
        table.channel, "profile", member=table.members["alice"]
    )
    assert profile.response is not None
    shown = profile.response.embeds[0].to_dict()
    fields = {f["name"]: f["value"] for f in shown.get("fields", [])}
    assert fields["Games finished"] == "1"
    assert fields["Wins"] == "1"
    assert fields["Favourite game"] == "Marginalia"
    assert "1 rated, 1 won" in fields["Marginalia"]


def _message_by_id(table: Table) -> discord.Message:
    sheet = table.channel.last_message
    assert sheet is not None
    return sheet


async def test_a_result_the_bot_missed_is_counted_when_it_starts_again(table: Table) -> None:
    sheet, tournament_id = await _create(table)
    for name in ("bob", "carol", "dave"):
        await table.members[name].click(_message(table, sheet.id), label="Join")
    await table.members["alice"].slash(table.channel, "organise start")
    bot = bot_of(table)
    tournament = await bot.services.store.tournaments.get(tournament_id)
    first = tournament.tables_of(1)[0]
    assert first.game_id is not None
    game = await bot.services.store.games.get(first.game_id)
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    # As if the process died between the game's last move and what follows it: nothing
    # hears of the end, and nothing is sent (the final post would rate the game).
    bot.services.tables.moves.finished = lambda game: None
    bot.services.outbox.kick = lambda: None  # type: ignore[method-assign]
    loser = next(m for m in table.members.values() if m.id == first.players[0])
    await resign(loser, thread)
    assert (await bot.services.store.games.get(game.id)).status is GameStatus.FINISHED
    assert await bot.services.store.ratings.unrated() == [game.id]

    await table.env.restart_bot(make_bot(table.db))
    bot = bot_of(table)
    assert await bot.services.store.ratings.unrated() == []
    sheet = _message(table, sheet.id)
    assert f"<@{first.players[1]}> — **12** pts" in (sheet.embeds[0].fields[0].value or "")
    # The other table's game is still running, so round 1 goes on.
    assert (await bot.services.store.tournaments.get(tournament_id)).round == 1


async def test_a_table_called_off_counts_as_played_and_the_round_moves_on(table: Table) -> None:
    sheet, tournament_id = await _create(table)
    await table.members["bob"].click(_message(table, sheet.id), label="Join")
    await table.members["alice"].slash(table.channel, "organise start")
    bot = bot_of(table)
    (only,) = (await bot.services.store.tournaments.get(tournament_id)).tables_of(1)
    assert only.game_id is not None
    game = await bot.services.store.games.get(only.game_id)
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    abandoned = await abandon(table.members["alice"], thread)
    assert "called off" in replies(abandoned)[0]
    tournament = await bot.services.store.tournaments.get(tournament_id)
    assert tournament.round == 2
    sheet = _message(table, sheet.id)
    assert "0** pts" in (sheet.embeds[0].fields[0].value or "")


async def test_a_tournament_starts_by_itself_when_its_sign_ups_close(table: Table) -> None:
    sheet, tournament_id = await _create(table, starts_in="2h")
    assert "Starts by itself" in _text(sheet)
    await table.members["bob"].click(_message(table, sheet.id), label="Join")
    await table.env.advance_time(2 * 3600 + 5)
    tournament = await bot_of(table).services.store.tournaments.get(tournament_id)
    assert (tournament.status, tournament.round) == (TournamentStatus.RUNNING, 1)
    assert any("round 1 begins" in m.content for m in table.channel.history())
    assert "Round 1 of 2" in _text(_message(table, sheet.id))
