"""The end of a game as members see it: the final post (winner in the game's terms, places,
rating changes, length, moves, every hand laid open), one game-over DM each, Rematch and New
game, the question before resigning or abandoning, and How to play."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest
import simcord

import games
from bot.common.announce import private_fields
from bot.common.refusals import Refusal
from bot.lobby.lobby import REMATCH_OF
from bot.profiles.skill import FIRST_GAME_AMONG_NEWCOMERS, START, friendly
from bot.tables.confirm import ConfirmButton
from bot.tables.game_over import duration
from bot.tables.views import TableViews
from games.core import Outcome, render_seats
from storage import Game, GameStatus
from tests.bot.conftest import Table, make_bot
from tests.bot.delivery.test_worker import play_to_the_end
from tests.bot.driving import (
    abandon,
    answer_question,
    board_texts,
    bot_of,
    button_ids,
    member_at,
    open_lobby,
    post_text,
    post_words,
    replies,
    resign,
    start_game,
    stored,
)


# --------------------------------------------------------------------- helpers
def final_post(thread: simcord.ChannelHandle) -> discord.Message:
    return thread.history()[-1]


def over_dms(member: simcord.MemberActor) -> list[discord.Message]:
    """The DMs that told ``member`` a game is over."""
    channel = member.user.dm_channel
    assert channel is not None
    return [m for m in channel.history() if " is over in " in post_words(m)]


def board_status(message: discord.Message) -> str:
    """The board's description, right below its title."""
    texts = board_texts(message)
    heading = next(i for i, t in enumerate(texts) if t.startswith("### "))
    return texts[heading + 1]


def lobbies_in(table: Table) -> list[discord.Message]:
    """The lobby messages in the games channel, oldest first."""
    return [
        m for m in table.channel.history() if m.embeds and "· table #" in (m.embeds[0].title or "")
    ]


async def game_named(table: Table, game_id: int) -> Game:
    return await stored(table, game_id)


# ------------------------------------------------------------- a game by score
@pytest.mark.slow
async def test_a_game_played_to_its_end_says_it_all_and_tells_everyone_once(
    table: Table,
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    await play_to_the_end(table, thread, game_id)
    await bot_of(table).idle_background()
    game = await stored(table, game_id)
    assert game.status is GameStatus.FINISHED
    assert game.outcome is not None
    outcome = Outcome.model_validate_json(game.outcome)
    engine = games.get("mandragora")
    names = [member_at(table, game, s).name for s in range(2)]
    final = final_post(thread)
    words = post_words(final)

    # The winner in the game's own terms, then the places.
    (winner,) = outcome.winners
    loser = 1 - winner
    assert words.count("**The game is over.**") == 1
    assert game.state is not None
    results = engine.results(engine.load(game.state), outcome)
    assert results[winner].startswith(f"{outcome.scores[winner]} points, ")  # and spells cast
    assert (
        f"**The game is over.** {names[winner]} wins with {outcome.scores[winner]} points.\n"
        f"🥇 1st: {names[winner]} — {results[winner]}\n"
        f"🥈 2nd: {names[loser]} — {results[loser]}\n"
    ) in words, words
    # Each player's rating change on the scale leaderboards show: both were newcomers, who
    # start at 1500, and a first game moves them gently.
    ratings = await bot_of(table).services.store.ratings.of_players(
        table.guild.id, "mandragora", [m.id for m in table.members.values()]
    )
    after = [friendly(ratings[member_at(table, game, s).id].ordinal) for s in range(2)]
    assert after[winner] > START > after[loser]
    assert all(abs(a - START) <= FIRST_GAME_AMONG_NEWCOMERS for a in after)
    moved = [f"{names[s]} 1500 → {after[s]} ({after[s] - 1500:+d})" for s in range(2)]
    assert f"**Ratings**: {moved[0]} · {moved[1]}\n" in words, words
    # How long, and how many moves (a move of several decisions counts once).
    assert game.started_at is not None
    assert game.finished_at is not None
    took = duration(game.started_at, game.finished_at)
    history = await TableViews(bot_of(table).services.store).history(game_id)
    assert history is not None
    line = words.splitlines()[-1]
    assert line.startswith(f"Played in {took}, "), line
    made = int(line.removeprefix(f"Played in {took}, ").split()[0])
    assert 0 < made <= game.version
    # Every hand laid open, each under its player's name; never before the end.
    text = post_text(final)
    assert "**Hands revealed**" in text
    end = history.moments[-1].state
    hands = [private_fields(engine, end, s) for s in range(2)]
    for seat, fields in enumerate(hands):
        assert fields, "a Mandragora hand is secret"
        for field in fields:
            shown = render_seats(field.value, names)
            assert f"**{names[seat]}**\nHand: {shown}" in text, text
    earlier = "\n".join(post_text(m) for m in thread.history()[:-1])
    assert "Hands revealed" not in earlier
    for fields in hands:
        assert all(render_seats(f.value, names) not in earlier for f in fields)
    # Rematch, New game, Watch again, How to play; no turn to take.
    assert button_ids(final) == [
        f"grim:over:rematch:{game_id}",
        f"grim:over:new:{game_id}",
        f"grim:rpw:{game_id}",
        "grim:rules:mandragora",
    ]
    # One game-over DM each, the newest, with the result and the way to the thread.
    for seat in range(2):
        member = member_at(table, game, seat)
        (told,) = over_dms(member)
        assert told.id == member.user.dm_channel.history()[-1].id
        place = "1st" if seat == winner else "2nd"
        assert post_words(told).startswith(
            f"**Mandragora** #{game_id} is over in <#{thread.id}>. {names[winner]} wins with "
            f"{outcome.scores[winner]} points. You finished {place}."
        ), post_words(told)


def test_a_length_reads_as_people_say_it() -> None:
    start = datetime(2026, 1, 1, 12, 0)
    assert duration(start, datetime(2026, 1, 1, 12, 0, 40)) == "under a minute"
    assert duration(start, datetime(2026, 1, 1, 12, 1)) == "1 minute"
    assert duration(start, datetime(2026, 1, 1, 15, 5)) == "3 hours 5 minutes"
    assert duration(start, datetime(2026, 1, 3, 16, 59)) == "2 days 4 hours"


# ------------------------------------------------------------ by resignation
async def test_a_resignation_ends_the_duel_the_board_says_so_and_a_rematch_is_one_lobby(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob, erin = (table.members[n] for n in ("alice", "bob", "erin"))
    engine = games.get("strange-norrell")
    drawn = engine.picture
    statuses: list[str | None] = []

    def picture(view: Any, names: Any = None, *, status: str | None = None) -> bytes | None:
        statuses.append(status)
        return drawn(view, names, status=status)

    monkeypatch.setattr(engine, "picture", picture)
    thread, game_id = await start_game(
        table, "strange-norrell", ["alice", "bob"], options="experienced=true", rated=False
    )
    running = post_text(thread.history()[-1])
    assert "Hands revealed" not in running

    result = await resign(bob, thread)

    assert replies(result) == [f"You resigned from game #{game_id}."]
    final = final_post(thread)
    words = post_words(final)
    assert words.startswith("**The game is over.** bob resigned — alice wins.\n"), words
    assert "\n🥇 1st: alice\n🥈 2nd: bob (resigned)\n" in words
    assert "Practice game, unrated." in words
    assert "Played in under a minute, 0 moves." in words
    # Not "alice's turn": how it ended, in the board's words and its picture's.
    assert board_status(final) == "bob resigned — alice wins."
    assert statuses[-1] == "bob resigned — alice wins."
    assert None in statuses[:-1]  # while the game ran, the picture said whose turn it was
    assert "**Hands revealed**" in post_text(final)
    for member in (alice, bob):
        (told,) = over_dms(member)
        assert "bob resigned — alice wins." in post_words(told)

    # Someone who did not play may not ask for the rematch.
    refused = await erin.click(final, label="Rematch")
    assert replies(refused) == [f"Only the players of game #{game_id} can ask for its rematch."]
    assert len(lobbies_in(table)) == 1
    # Alice asks: one lobby, the same seats in the same order, the same options.
    made = await alice.click(final, label="Rematch")
    lobbies = lobbies_in(table)
    assert len(lobbies) == 2
    lobby = lobbies[-1]
    rematch = (await bot_of(table).services.store.games.in_channel(table.channel.id))[-1]
    old = await stored(table, game_id)
    assert rematch.status is GameStatus.LOBBY
    assert rematch.settings[REMATCH_OF] == game_id
    assert [s.user_id for s in rematch.seats] == [s.user_id for s in old.in_seat_order()]
    assert rematch.options == old.options
    assert rematch.options["experienced"] is True
    assert rematch.settings["rated"] is False
    assert rematch.host_id == alice.id
    assert f"<@{bob.id}>" in lobby.content
    assert replies(made) == [
        f"Rematch: lobby #{rematch.id} in <#{table.channel.id}>. Press Start there when "
        "everyone is ready."
    ]
    # A second click, by anyone at the table, points to it and makes nothing.
    again = await bob.click(final, label="Rematch")
    assert replies(again) == [
        f"This game already has its rematch: lobby #{rematch.id} in <#{table.channel.id}>."
    ]
    assert len(lobbies_in(table)) == 2
    # The lobby works as any other: Start deals the rematch.
    await alice.click(lobby, label="Start")
    assert (await stored(table, rematch.id)).status is GameStatus.ACTIVE


async def test_new_game_opens_a_lobby_of_the_same_game_with_default_options(
    table: Table,
) -> None:
    erin = table.members["erin"]
    thread, game_id = await start_game(
        table, "strange-norrell", ["alice", "bob"], options="experienced=true"
    )
    await resign(table.members["alice"], thread)

    made = await erin.click(final_post(thread), label="New game")

    fresh = (await bot_of(table).services.store.games.in_channel(table.channel.id))[-1]
    assert fresh.id != game_id
    assert fresh.game_key == "strange-norrell"
    assert fresh.host_id == erin.id
    assert [s.user_id for s in fresh.seats] == [erin.id]
    assert fresh.options == games.get("strange-norrell").Options().model_dump(mode="json")
    assert REMATCH_OF not in fresh.settings
    assert replies(made)[0].startswith(f"New game: lobby #{fresh.id} in <#{table.channel.id}>.")


# ------------------------------------------------------------------- abandoned
@pytest.mark.slow
async def test_an_abandoned_game_shows_it_was_called_off_and_its_rematch_keeps_the_ai(
    table: Table,
) -> None:
    alice, bob = table.members["alice"], table.members["bob"]
    lobby, game_id = await open_lobby(table, "alice", "mandragora")
    await bob.click(lobby, label="Join")
    lobby = next(m for m in table.channel.history() if m.id == lobby.id)
    await alice.select(lobby, ["easy"], custom_id=f"grim:lobby:ai:{game_id}")
    lobby = next(m for m in table.channel.history() if m.id == lobby.id)
    await alice.click(lobby, label="Start")
    thread = next(t for t in table.channel.threads if f"#{game_id}" in (t.name or ""))

    result = await abandon(alice, thread)

    assert replies(result) == [f"Game #{game_id} is called off."]
    final = final_post(thread)
    words = post_words(final)
    assert words.startswith(
        "**The game is over.** The game was called off: no result.\n"
        "No result, so no rating changes.\nPlayed in under a minute, "
    ), words
    assert board_status(final) == "The game was called off: no result."
    assert "**Hands revealed**" in post_text(final)
    for member in (alice, bob):
        (told,) = over_dms(member)
        assert "The game was called off: no result." in post_words(told)

    await bob.click(final, label="Rematch")
    rematch = (await bot_of(table).services.store.games.in_channel(table.channel.id))[-1]
    old = await stored(table, game_id)
    assert [(s.user_id, s.ai_level) for s in rematch.seats] == [
        (s.user_id, s.ai_level) for s in old.in_seat_order()
    ]
    assert any(s.ai_level == "easy" for s in rematch.seats)
    assert rematch.host_id == bob.id


@pytest.mark.slow
async def test_a_practice_game_with_an_ai_says_it_is_unrated(table: Table) -> None:
    alice = table.members["alice"]
    lobby, game_id = await open_lobby(table, "alice", "marginalia")
    await alice.select(lobby, ["easy"], custom_id=f"grim:lobby:ai:{game_id}")
    lobby = next(m for m in table.channel.history() if m.id == lobby.id)
    await alice.click(lobby, label="Start")
    thread = next(t for t in table.channel.threads if f"#{game_id}" in (t.name or ""))

    await resign(alice, thread)

    words = post_words(final_post(thread))
    assert "Practice game (an AI seat), unrated." in words
    assert "Ratings" not in words


# ---------------------------------------------------------- asking before acting
async def test_keep_playing_changes_nothing_and_a_late_answer_is_told_the_game_is_over(
    table: Table,
) -> None:
    alice, bob = table.members["alice"], table.members["bob"]
    thread, game_id = await start_game(table, "marginalia", ["alice", "bob"])
    before = await stored(table, game_id)
    seen = len(thread.history())

    asked = await alice.slash(thread, "game resign")

    question = asked.response
    assert question is not None
    assert question.ephemeral
    assert question.content == "Resign from **Marginalia** #1? You cannot take this back."
    assert [c.label for row in question.message.components for c in row.children] == [  # type: ignore[union-attr]
        "Resign",
        "Keep playing",
    ]
    kept = await alice.click(question, label="Keep playing")
    assert replies(kept) == ["Nothing was changed: the game goes on."]
    assert await stored(table, game_id) == before
    assert len(thread.history()) == seen

    # Asked again; bob resigns meanwhile and the game is over: the answer is told so.
    asked = await alice.slash(thread, "game resign")
    await resign(bob, thread)
    late = await alice.click(asked.response, label="Resign")  # type: ignore[arg-type]
    assert replies(late)[-1] == f"Game #{game_id} is over."
    game = await stored(table, game_id)
    assert game.seat_of(alice.id) not in game.resigned_seats()


async def test_only_the_member_asked_may_answer() -> None:
    """An answer's custom id names the member asked. Discord shows the question to them
    alone, so another member's click can only be crafted: it is refused before anything is
    looked up, let alone changed."""
    button = ConfirmButton("resign", 7, 101)
    crafted = cast("discord.Interaction", SimpleNamespace(user=SimpleNamespace(id=102)))
    with pytest.raises(Refusal, match="asked of someone else; nothing was changed"):
        await button.act(crafted)


async def test_abandon_asks_first_and_refuses_at_once_who_may_not(table: Table) -> None:
    alice, bob = table.members["alice"], table.members["bob"]
    thread, game_id = await start_game(table, "marginalia", ["alice", "bob"])

    refused = await bob.slash(thread, "game abandon")
    assert replies(refused) == ["Only the host or a server manager can call this game off."]
    asked = await answer_question(alice, thread, "game abandon", "Keep playing")
    assert replies(asked) == ["Nothing was changed: the game goes on."]
    assert (await stored(table, game_id)).status is GameStatus.ACTIVE


# ----------------------------------------------------------------- how to play
async def test_how_to_play_on_the_lobby_and_the_board_answers_privately(table: Table) -> None:
    erin = table.members["erin"]
    engine = games.get("marginalia")
    lobby, _ = await open_lobby(table, "alice", "marginalia")

    from_lobby = await erin.click(lobby, label="How to play")

    assert from_lobby.response is not None
    assert from_lobby.response.ephemeral
    (embed,) = from_lobby.response.message.embeds
    assert embed.title == "Marginalia — rules in brief"
    assert embed.description == engine.summary

    thread, _ = await start_game(table, "marginalia", ["alice", "bob"])
    board = thread.history()[-1]
    assert [b.split(":")[1] for b in button_ids(board)] == ["turn", "rules"]
    from_board = await erin.click(board, label="How to play")
    assert from_board.response is not None
    assert from_board.response.ephemeral
    assert from_board.response.message.embeds[0].description == engine.summary


async def test_the_final_posts_buttons_work_after_a_restart(table: Table) -> None:
    alice = table.members["alice"]
    thread, game_id = await start_game(table, "marginalia", ["alice", "bob"])
    await resign(table.members["bob"], thread)
    final = final_post(thread)

    await table.env.restart_bot(make_bot(table.db))

    rules = await alice.click(final, label="How to play")
    assert rules.response is not None
    assert rules.response.message.embeds[0].title == "Marginalia — rules in brief"
    await alice.click(final, label="Rematch")
    rematch = (await bot_of(table).services.store.games.in_channel(table.channel.id))[-1]
    assert rematch.settings[REMATCH_OF] == game_id
