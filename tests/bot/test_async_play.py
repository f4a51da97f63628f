"""Asynchronous play through SimCord with simulated time: reminders and deadlines, vacations,
nudges, undo, digests, timers across a restart, and a game of several days in which one
player goes silent."""

from __future__ import annotations

import random

import pytest
import simcord

import games
from bot.ai.seats import stand_in
from storage import Game, GameStatus, TimerKind
from tests.bot.conftest import Table, make_bot
from tests.bot.driving import (
    bot_of,
    legal_moves,
    member_at,
    play_by_command,
    post_words,
    replies,
    start_game,
    stored,
)
from tests.bot.test_whole_game import assert_nothing_private_in_public

HOUR = 3600


def thread_text(table: Table, game: Game) -> str:
    """Everything posted in the game's thread, as a spectator reads it."""
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    return "\n".join(post_words(m) for m in thread.history(viewer=table.members["erin"]))


def dm_texts(member: simcord.MemberActor) -> list[str]:
    """The DMs the bot sent a member."""
    channel = member.user.dm_channel
    return [] if channel is None else [post_words(m) for m in channel.history()]


async def answer(result: simcord.InteractionResult) -> str:
    """The one private answer to a command."""
    assert result.ephemeral, result
    return "\n".join(replies(result))


# ---------------------------------------------------------------- deadlines
async def test_a_reminder_comes_before_the_deadline_and_then_the_table_plays_for_them(
    table: Table,
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="12h")
    game = await stored(table, game_id)
    seat = min(game.to_act)
    slow = member_at(table, game, seat)
    assert game.started_at is not None
    due = int(game.started_at.timestamp()) + 12 * HOUR
    assert f"⏰ Deadline: <t:{due}:f> (<t:{due}:R>)" in thread_text(table, game)
    lobby = next(m for m in table.channel.history() if m.embeds)
    clock = next(f.value for f in lobby.embeds[0].fields if f.name == "Turn clock")
    assert clock == (
        "12 h a move · reminders 1 h and 15 min before · a missed deadline: a pass or the AI's "
        "move · removed after 3 missed deadlines"
    )
    spectator = await table.members["erin"].slash(thread, "board")
    assert spectator.response is not None
    assert post_words(spectator.response) == f"⏰ Deadline: <t:{due}:f> (<t:{due}:R>)"

    await table.env.advance_time(11 * HOUR + 60)  # past the reminder an hour before
    reminders = [t for t in dm_texts(slow) if "is due" in t]
    assert len(reminders) == 1
    assert f"#{game_id}" in reminders[0]
    assert (await stored(table, game_id)).version == 0

    before = await stored(table, game_id)
    engine = games.get(before.game_key)
    assert before.state is not None
    ai_move = stand_in("normal")(engine, engine.load(before.state), seat, before)
    await table.env.advance_time(HOUR)
    game = await stored(table, game_id)
    assert game.version >= 1
    actions = await bot_of(table).services.store.games.actions(game_id)
    assert {a.seat for a in actions} == {seat}
    assert actions[0].notation == engine.notation(ai_move)  # the AI stood in for them
    assert [s.missed for s in game.in_seat_order()] == [1 if s == seat else 0 for s in (0, 1)]
    text = thread_text(table, game)
    assert f"⏰ <@{slow.id}> let the deadline pass. A move was made for them." in text
    told = [t for t in dm_texts(slow) if "so this move was made for you: `" in t]
    assert len(told) == 1
    assert actions[-1].notation in told[0]
    assert seat not in game.to_act
    # The next player's clock now runs: one deadline pending, for them.
    pending = await bot_of(table).services.store.timers.pending(game_id)
    assert [t.payload["seat"] for t in pending if t.kind is TimerKind.DEADLINE] == [1 - seat]


async def test_a_secret_pick_made_at_the_deadline_stays_secret(table: Table) -> None:
    _, game_id = await start_game(table, "magnum-opus", ["alice", "bob", "carol"], deadline="1h")
    game = await stored(table, game_id)
    for seat in (0, 1):
        game = await stored(table, game_id)
        await play_by_command(table, game, seat, (await legal_moves(table, game, seat))[0])
    before = thread_text(table, game)
    await table.env.advance_time(HOUR + 60)
    game = await stored(table, game_id)
    actions = await bot_of(table).services.store.games.actions(game_id)
    assert [a.seat for a in actions] == [0, 1, 2]
    carol = table.members["carol"]
    assert [t for t in dm_texts(carol) if f"`{actions[2].notation}`" in t]
    said = thread_text(table, game)[len(before) :]
    assert f"<@{carol.id}> let the deadline pass. A move was made for them." in said
    assert f"`{actions[2].notation}`" not in said
    await assert_nothing_private_in_public(table, game)


async def test_a_reminder_to_closed_dms_is_a_ping_in_the_thread(table: Table) -> None:
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="1h")
    game = await stored(table, game_id)
    slow = member_at(table, game, min(game.to_act))
    assert game.started_at is not None
    deadline = int(game.started_at.timestamp()) + 3600
    assert slow.user.dm_channel is not None
    table.env.inject_error(
        "POST", f"/channels/{slow.user.dm_channel.id}/messages", status=403, code=50007, times=None
    )
    await table.env.advance_time(45 * 60 + 30)  # the reminder 15 minutes before
    text = thread_text(table, game)
    assert f"⏰ Your move is due <t:{deadline}:R> (<t:{deadline}:f>).\n<@{slow.id}>" in text
    assert (await stored(table, game_id)).version == 0


@pytest.mark.slow
async def test_a_player_who_keeps_missing_deadlines_is_removed_and_the_other_side_wins(
    table: Table,
) -> None:
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="1h")
    game = await stored(table, game_id)
    silent = member_at(table, game, 0)
    talker = member_at(table, game, 1)
    rng = random.Random(5)
    for _ in range(200):
        game = await stored(table, game_id)
        if game.status is not GameStatus.ACTIVE:
            break
        if 1 in game.to_act:
            moves = [m for m in await legal_moves(table, game, 1) if m != "back"]
            await play_by_command(table, game, 1, rng.choice(moves))
        else:
            await table.env.advance_time(HOUR + 30)
    game = await stored(table, game_id)
    assert game.status is GameStatus.FINISHED
    assert game.resigned_seats() == frozenset({0})
    assert game.in_seat_order()[0].missed == 3
    text = thread_text(table, game)
    assert text.count(f"<@{silent.id}> let the deadline pass") == 3
    assert f"<@{silent.id}> is removed from the game after 3 missed deadlines." in text
    assert "The game is over." in text
    # The final post and board say how it ended: not a resignation, a removal.
    assert f"{silent.name} was removed after missed deadlines — {talker.name} wins." in text
    assert await bot_of(table).services.store.timers.pending(game_id) == []
    await assert_nothing_private_in_public(table, game)


async def test_a_table_that_only_waits_says_so_once(table: Table) -> None:
    _, game_id = await start_game(
        table, "mandragora", ["alice", "bob"], deadline="1h", on_timeout="wait"
    )
    await table.env.advance_time(3 * HOUR)
    game = await stored(table, game_id)
    assert game.version == 0
    assert thread_text(table, game).count("the game waits for them") == 1


# ---------------------------------------------------------------- vacations
@pytest.mark.slow
async def test_a_vacation_pauses_the_clock_in_every_game(table: Table) -> None:
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="12h")
    game = await stored(table, game_id)
    away = member_at(table, game, min(game.to_act))
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)

    refused = await away.slash(thread, "away", duration="20d")
    assert "too long" in await answer(refused)
    gone = await away.slash(thread, "away", duration="2d")
    assert "paused until" in await answer(gone)
    assert f"<@{away.id}> is away until" in thread_text(table, game)

    await table.env.advance_time(13 * HOUR)  # the first deadline passes while away
    assert (await stored(table, game_id)).version == 0
    assert not [t for t in dm_texts(away) if "is due" in t]
    await table.env.advance_time(46 * HOUR)  # back after 2 days; a fresh 12 hours from then
    assert (await stored(table, game_id)).version == 0
    assert [t for t in dm_texts(away) if "is due" in t]  # reminded once back
    await table.env.advance_time(2 * HOUR)
    game = await stored(table, game_id)
    assert game.version >= 1
    assert "let the deadline pass" in thread_text(table, game)


async def test_coming_back_early_ends_the_vacation(table: Table) -> None:
    alice = table.members["alice"]
    not_away = await alice.slash(table.channel, "away", duration="off")
    assert "not away" in await answer(not_away)
    await alice.slash(table.channel, "away", duration="1d")
    back = await alice.slash(table.channel, "away", duration="off")
    assert "Welcome back" in await answer(back)
    assert (await bot_of(table).services.store.prefs.player(alice.id)).away_until is None


# ---------------------------------------------------------------- nudges
async def test_nudging_pings_the_slow_player_at_most_once_every_four_hours(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    slow = member_at(table, game, min(game.to_act))
    other = member_at(table, game, 1 - min(game.to_act))

    first = await other.slash(thread, "game nudge")
    assert await answer(first) == f"You nudged <@{slow.id}>."
    nudge = thread.history()[-1]
    assert nudge.content.startswith(f"👋 <@{other.id}> nudges <@{slow.id}>")
    assert slow.id in [u.id for u in nudge.mentions]

    again = await other.slash(thread, "game nudge")
    assert "you can nudge again" in await answer(again)
    own = await slow.slash(thread, "game nudge")
    assert "Nobody else is keeping this game waiting." in await answer(own)
    outsider = await table.members["erin"].slash(thread, "game nudge")
    assert "Only the players of this game can nudge." in await answer(outsider)
    assert thread_text(table, game).count("nudges") == 1

    await table.env.advance_time(4 * HOUR)
    later = await other.slash(thread, "game nudge")
    assert "You nudged" in await answer(later)
    assert thread_text(table, game).count("nudges") == 2


# ---------------------------------------------------------------- undo
async def test_a_move_that_revealed_nothing_is_taken_back_at_once(table: Table) -> None:
    thread, game_id = await start_game(table, "magnum-opus", ["alice", "bob", "carol"])
    alice = table.members["alice"]
    game = await stored(table, game_id)
    pick = (await legal_moves(table, game, 0))[0]
    await play_by_command(table, game, 0, pick)
    assert (await stored(table, game_id)).version == 1

    undone = await alice.slash(thread, "game undo")
    assert "Your last move is taken back." in await answer(undone)
    game = await stored(table, game_id)
    assert (game.version, game.to_act) == (0, frozenset({0, 1, 2}))
    assert await bot_of(table).services.store.games.actions(game_id) == []
    assert f"<@{alice.id}> took back their last move" in thread_text(table, game)

    nothing = await table.members["bob"].slash(thread, "game undo")
    assert "You have not made a move to take back." in await answer(nothing)


async def test_after_others_moved_an_undo_needs_everyone_elses_approval(table: Table) -> None:
    thread, game_id = await start_game(table, "magnum-opus", ["alice", "bob", "carol"])
    alice, bob, carol = (table.members[n] for n in ("alice", "bob", "carol"))
    game = await stored(table, game_id)
    await play_by_command(table, game, 0, (await legal_moves(table, game, 0))[0])
    game = await stored(table, game_id)
    await play_by_command(table, game, 1, (await legal_moves(table, game, 1))[0])

    asked = await alice.slash(thread, "game undo")
    assert "The other players were asked to approve." in await answer(asked)
    request = thread.history()[-1]
    assert "other players have moved since" in request.content
    assert "asks to take back their last move" in request.content

    meddler = await alice.click(request, label="Approve")
    assert "Only the other players" in await answer(meddler)
    first = await bob.click(request, label="Approve")
    assert "waiting for the others" in await answer(first)
    assert (await stored(table, game_id)).version == 2
    await table.env.restart_bot(make_bot(table.db))  # the request and its buttons survive
    last = await carol.click(request, label="Approve")
    assert "Everyone agreed" in await answer(last)
    game = await stored(table, game_id)
    assert game.version == 0
    assert await bot_of(table).services.store.games.actions(game_id) == []
    settled = next(m for m in thread.history() if m.id == request.id)
    assert settled.content.endswith("✅ Everyone agreed: the move is taken back.")
    assert settled.components == []  # nothing left to click


async def test_a_refused_undo_leaves_the_game_as_it_was(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    first = min(game.to_act)
    await play_by_command(table, game, first, (await legal_moves(table, game, first))[0])
    mover = member_at(table, game, first)
    other = member_at(table, game, 1 - first)

    asked = await mover.slash(thread, "game undo")  # the restock drew a card: revealing
    assert "hidden information" in await answer(asked)
    refused = await other.click(thread.history()[-1], label="Refuse")
    assert "the move stands" in await answer(refused)
    assert (await stored(table, game_id)).version == 1
    assert f"<@{other.id}> refused" in thread_text(table, game)
    assert await bot_of(table).services.store.games.undo_request(game_id) is None


# ---------------------------------------------------------------- digest
async def test_the_daily_digest_lists_a_players_turns_until_they_opt_out(table: Table) -> None:
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="none")
    game = await stored(table, game_id)
    waiting = member_at(table, game, min(game.to_act))
    idle = member_at(table, game, 1 - min(game.to_act))

    await table.env.advance_time(24 * HOUR + 60)
    digests = [t for t in dm_texts(waiting) if t.startswith("Your turn in 1 game:")]
    assert len(digests) == 1
    assert f"#{game_id}" in digests[0]
    assert f"/{game.thread_id}" in digests[0]
    assert not [t for t in dm_texts(idle) if t.startswith("Your turn in")]

    off = await waiting.slash(table.channel, "notify", digest="off")
    assert "daily digest: **off**" in await answer(off)
    await table.env.advance_time(24 * HOUR)
    assert len([t for t in dm_texts(waiting) if t.startswith("Your turn in")]) == 1


# ---------------------------------------------------------------- restarts
async def test_a_deadline_that_fell_due_while_the_bot_was_down_fires_once_at_start_up(
    table: Table,
) -> None:
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="1h")
    game = await stored(table, game_id)
    slow = member_at(table, game, min(game.to_act))

    bot_of(table).services.timers.stop()  # as if the bot had gone down
    await table.env.advance_time(2 * HOUR)
    assert (await stored(table, game_id)).version == 0

    await table.env.restart_bot(make_bot(table.db))
    game = await stored(table, game_id)
    assert game.version >= 1
    assert thread_text(table, game).count(f"<@{slow.id}> let the deadline pass") == 1
    await table.env.advance_time(30 * 60)
    assert thread_text(table, game).count(f"<@{slow.id}> let the deadline pass") == 1
    assert [s.missed for s in game.in_seat_order()].count(1) == 1


async def test_clocks_pending_at_a_restart_run_on_in_the_new_bot(table: Table) -> None:
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="1h")
    game = await stored(table, game_id)
    slow = member_at(table, game, min(game.to_act))
    await table.env.advance_time(20 * 60)
    await table.env.restart_bot(make_bot(table.db))
    await table.env.advance_time(30 * 60)  # the reminder 15 minutes before
    assert len([t for t in dm_texts(slow) if "is due" in t]) == 1
    assert (await stored(table, game_id)).version == 0
    await table.env.advance_time(15 * 60)
    game = await stored(table, game_id)
    assert game.version >= 1
    assert thread_text(table, game).count(f"<@{slow.id}> let the deadline pass") == 1


# ---------------------------------------------------------------- days of play
@pytest.mark.slow
async def test_three_days_of_play_with_one_player_gone_silent_reach_the_end(
    table: Table,
) -> None:
    _, game_id = await start_game(table, "mandragora", ["alice", "bob", "carol"], deadline="12h")
    game = await stored(table, game_id)
    silent = table.members["carol"]
    silent_seat = game.seat_of(silent.id)
    rng = random.Random(8)
    for _ in range(1500):
        game = await stored(table, game_id)
        if game.status is not GameStatus.ACTIVE:
            break
        active = sorted(s for s in game.to_act if s != silent_seat)
        if not active:
            await table.env.advance_time(HOUR)
            continue
        await table.env.advance_time(rng.randint(1, 120) * 60)  # people answer when they can
        game = await stored(table, game_id)
        seat = rng.choice(sorted(s for s in game.to_act if s != silent_seat) or [-1])
        if seat < 0 or game.status is not GameStatus.ACTIVE:
            continue
        moves = [m for m in await legal_moves(table, game, seat) if m != "back"]
        await play_by_command(table, game, seat, rng.choice(moves))
    game = await stored(table, game_id)
    assert game.status is GameStatus.FINISHED
    assert game.finished_at is not None
    assert game.started_at is not None
    assert (game.finished_at - game.started_at).days >= 3
    assert silent_seat in game.resigned_seats()
    text = thread_text(table, game)
    assert text.count(f"<@{silent.id}> let the deadline pass") == 3
    assert "The game is over." in text
    assert await bot_of(table).services.store.timers.pending(game_id) == []
    await assert_nothing_private_in_public(table, game)
