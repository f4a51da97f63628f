"""Delivering what the bot posts: closed DMs, Discord failures and retries, order, game over.

Everything the bot says about a game goes out through the outbox; these tests break Discord
(SimCord's ``inject_error``) under it and check what members end up seeing.
"""

from __future__ import annotations

import discord
import pytest
import simcord

import games
from bot.common.announce import private_fields
from bot.delivery.queued import BOARD_EDIT_DELAY
from games.core import BACK, Outcome
from storage import DeliveryKind, DeliveryNotFound, GameStatus, OutboxItem
from tests.bot.conftest import Table
from tests.bot.driving import (
    board_fields,
    board_texts,
    bot_of,
    button_ids,
    has_board,
    legal_moves,
    member_at,
    post_words,
    replies,
    start_game,
    stored,
)

#: The first retry of a failed delivery waits this long (then 10 s, 20 s, …).
FIRST_RETRY = 5.0


async def close_store(bot: discord.Client) -> None:
    """Close the database of a bot SimCord has detached (SimCord never calls ``close()``).

    A store left open keeps aiosqlite's worker thread, which is not a daemon, alive until the
    garbage collector happens to free the connection; when it has not by the end of the run,
    the interpreter waits for that thread forever at exit.
    """
    services = getattr(bot, "services", None)
    store = services.store if services is not None else None
    if store is not None:
        await store.close()


# --------------------------------------------------------------------- helpers
def answer_of(result: simcord.InteractionResult) -> str:
    """Everything the bot answered an interaction with, response and follow-ups."""
    return "\n".join(replies(result))


async def all_outbox_items(table: Table) -> list[OutboxItem]:
    """Every delivery ever queued, waiting, done or given up, in queue order."""
    outbox = bot_of(table).services.store.outbox
    items: list[OutboxItem] = []
    item_id = 1
    while True:
        try:
            items.append(await outbox.get(item_id))
        except DeliveryNotFound:
            return items
        item_id += 1


def posts_to(table: Table, channel_id: int) -> int:
    """How many times the bot asked Discord to post in ``channel_id`` (failed calls count)."""
    path = f"/channels/{channel_id}/messages"
    return sum(1 for r in table.env.http_requests if r.method == "POST" and r.path == path)


async def private_view_values(
    table: Table, game_id: int, seat: int, *, worded: bool = False
) -> list[str]:
    """The texts of what only ``seat`` may see of its board now (its hand, its score…); with
    ``worded``, only those its text keeps beside a picture."""
    game = await stored(table, game_id)
    engine = games.get(game.game_key)
    assert game.state is not None
    fields = private_fields(engine, engine.load(game.state), seat)
    if worded:
        fields = tuple(f for f in fields if not getattr(f, "pictured", False))
    values = [str(getattr(f, "value", "")) for f in fields]
    assert values, fields
    assert all(values), fields
    return values


def heal(table: Table, path: str) -> None:
    """Stop failing the REST calls an earlier ``inject_error(..., times=None)`` breaks."""
    faults = table.env.backend.faults
    faults[:] = [f for f in faults if f["path"] != path]


def due_in(table: Table, item: OutboxItem) -> float:
    """Seconds until a waiting delivery may be tried again."""
    return max(0.0, (item.available_at - table.env.now()).total_seconds())


async def play(table: Table, thread: simcord.ChannelHandle, name: str, move: str) -> str:
    """``/play move`` by ``name`` in the game's thread; the bot's answer, which must be a
    success."""
    result = await table.members[name].slash(thread, "play", move=move)
    assert result.acknowledged, result
    assert result.ephemeral, result
    text = answer_of(result)
    assert text.startswith(f"✔ `{move}`"), text
    return text


# ------------------------------------------------------------- DMs refused
async def test_closed_dms_give_one_notice_in_the_thread_and_hand_still_works(
    table: Table,
) -> None:
    bob = table.members["bob"]
    # The DM channel exists in SimCord as soon as it is asked for; the bot's
    # POST /users/@me/channels returns this same channel, so the fault hits only bob's DMs.
    bob_dm = bob.user.dm_channel
    table.env.inject_error(
        "POST",
        f"/channels/{bob_dm.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )

    thread, game_id = await start_game(table, "mandragora", ["alice", "bob", "carol"])

    game = await stored(table, game_id)
    assert game.status is GameStatus.ACTIVE
    assert game.version == 0
    assert game.seat_of(bob.id) == 1

    # The thread: the first board, then exactly one notice about bob, revealing nothing.
    history = thread.history()
    assert len(history) == 2, [m.content for m in history]
    board, notice = history
    assert post_words(board).startswith("**Mandragora** begins!")
    assert notice.content == (
        f"I could not send <@{bob.id}> their private view: their DMs are closed."
        " Use `/hand` in this thread to see it."
    )
    assert notice.embeds == []
    assert notice.components == []
    bob_secrets = await private_view_values(table, game_id, seat=1)
    for secret in bob_secrets:
        assert secret not in notice.content

    # The others got their hands by DM; bob got nothing.
    for name in ("alice", "carol"):
        dms = table.members[name].user.dm_channel.history()
        assert [post_words(m) for m in dms] == [
            f"Your hand in **Mandragora** #{game_id} in <#{thread.id}>."
            " Use `/hand` to see it again."
        ]
        # The hand is in the picture; the text keeps the score it would make.
        assert dms[0].attachments
        assert "Your score if the game ended now" in "\n".join(board_texts(dms[0]))
    assert bob_dm.history() == []

    # Bob's DM was given up at the first refusal, with Discord's reason kept.
    items = await all_outbox_items(table)
    to_bob = [i for i in items if i.kind is DeliveryKind.VIEW and i.target_id == bob.id]
    assert len(to_bob) == 1
    assert to_bob[0].attempts == 1
    assert to_bob[0].failed_at is not None
    assert to_bob[0].done_at is None
    assert "50007" in (to_bob[0].last_error or "") or "Cannot send" in (to_bob[0].last_error or "")
    assert await bot_of(table).services.store.outbox.pending() == []

    # …and never tried again, however long we wait.
    assert posts_to(table, bob_dm.id) == 1
    await table.env.advance_time(3 * 3600)
    assert posts_to(table, bob_dm.id) == 1
    assert len(thread.history()) == 2

    # /hand shows bob his private view, to him alone.
    result = await bob.slash(thread, "hand")
    assert result.acknowledged, result
    assert result.ephemeral, result
    assert result.response is not None
    hand = board_fields(result.response)
    # What the picture shows (the hand) is in the picture; the rest of his secrets in words.
    assert result.response.attachments
    for secret in await private_view_values(table, game_id, seat=1, worded=True):
        assert secret in hand.values(), (secret, hand)
    seen_by_alice = [m.id for m in thread.history(viewer=table.members["alice"])]
    assert result.response.id not in seen_by_alice


async def test_a_later_refused_dm_does_not_repeat_the_notice(table: Table) -> None:
    bob = table.members["bob"]
    bob_dm = bob.user.dm_channel
    table.env.inject_error(
        "POST", f"/channels/{bob_dm.id}/messages", status=403, code=50007, times=None
    )
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    await play(table, thread, "alice", "move 1")
    await play(table, thread, "bob", "move 1")  # bob takes a card: his hand changes

    items = await all_outbox_items(table)
    to_bob = [i for i in items if i.kind is DeliveryKind.VIEW and i.target_id == bob.id]
    assert len(to_bob) == 3, to_bob  # the start, his turn and his own move: all given up
    assert all(i.failed_at is not None and i.attempts == 1 for i in to_bob)
    notices = [m for m in thread.history() if "could not send" in m.content]
    assert len(notices) == 1
    assert (await stored(table, game_id)).version == 2


# ----------------------------------------------------- a failed board post
async def test_a_board_post_that_fails_is_retried_once_after_the_delay(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    outbox = bot_of(table).services.store.outbox
    assert await outbox.pending() == []
    assert len(thread.history()) == 1
    posts_before = posts_to(table, thread.id)

    table.env.inject_error("POST", f"/channels/{thread.id}/messages", status=500, times=1)
    await play(table, thread, "alice", "move 1")

    # The move counts at once, whatever Discord did with the board.
    game = await stored(table, game_id)
    assert game.version == 1
    assert game.to_act == frozenset({1})
    actions = await bot_of(table).services.store.games.actions(game_id)
    assert [(a.seq, a.seat, a.notation) for a in actions] == [(1, 0, "move 1")]

    # The board did not go out; it waits in the outbox for its retry.
    assert len(thread.history()) == 1
    assert posts_to(table, thread.id) == posts_before + 1
    waiting = await outbox.pending()
    assert len(waiting) == 1, waiting
    item = waiting[0]
    assert item.kind is DeliveryKind.TABLE
    assert item.target_id == thread.id
    assert item.attempts == 1
    assert (item.last_error or "").startswith("500")
    delay = (item.available_at - table.env.now()).total_seconds()
    assert abs(delay - FIRST_RETRY) < 0.5, delay

    # Not before its time…
    await table.env.advance_time(FIRST_RETRY - 1)
    assert len(thread.history()) == 1
    assert posts_to(table, thread.id) == posts_before + 1

    # …then exactly once.
    await table.env.advance_time(10 - (FIRST_RETRY - 1))
    history = thread.history()
    assert len(history) == 2
    assert post_words(history[1]).startswith("alice sends the assistant")
    assert button_ids(history[1]) == [f"grim:turn:{game_id}:1", "grim:rules:mandragora"]
    assert posts_to(table, thread.id) == posts_before + 2
    assert await outbox.pending() == []
    await table.env.advance_time(120)
    assert len(thread.history()) == 2
    assert posts_to(table, thread.id) == posts_before + 2


@pytest.mark.slow
async def test_posts_keep_move_order_when_the_first_one_fails(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    outbox = bot_of(table).services.store.outbox

    # The thread refuses posts until healed, so that however often the first board is
    # retried meanwhile, it is still waiting when the second move is made.
    path = f"/channels/{thread.id}/messages"
    table.env.inject_error("POST", path, status=500, times=None)
    await play(table, thread, "alice", "move 1")
    await play(table, thread, "bob", "move 2")

    # Bob's board never overtook alice's, nor was it even tried while hers waits.
    assert len(thread.history()) == 1
    waiting = await outbox.pending()
    assert [i.target_id for i in waiting] == [thread.id, thread.id]
    assert [i.payload["version"] for i in waiting] == [1, 2]
    assert waiting[0].attempts >= 1
    assert waiting[1].attempts == 0

    heal(table, path)
    await table.env.advance_time(due_in(table, waiting[0]) + 1)
    history = thread.history()
    assert len(history) == 3, [m.content for m in history]
    assert post_words(history[1]).startswith("alice sends the assistant")
    assert post_words(history[2]).startswith("bob sends the assistant")
    # One live board: the newest post's. Alice's post went out in words only, since bob's
    # was waiting right behind it, and the start lost its board and button.
    assert button_ids(history[0]) == []
    assert not has_board(history[0])
    assert button_ids(history[1]) == []
    assert not has_board(history[1])
    assert button_ids(history[2]) == [f"grim:turn:{game_id}:2", "grim:rules:mandragora"]
    assert has_board(history[2])
    assert await outbox.pending() == []
    assert (await stored(table, game_id)).version == 2


# ----------------------------------------------------------------- game over
async def play_to_the_end(
    table: Table, thread: simcord.ChannelHandle, game_id: int, limit: int = 200
) -> list[str]:
    """Play the first legal move (never "back") of whoever is to act until the game ends;
    slowly enough that the throttle never steps in. Returns the moves made."""
    made: list[str] = []
    for _ in range(limit):
        game = await stored(table, game_id)
        if game.status is not GameStatus.ACTIVE:
            return made
        seat = min(game.to_act)
        moves = [m for m in await legal_moves(table, game, seat) if m != BACK]
        member = member_at(table, game, seat)
        result = await member.slash(thread, "play", move=moves[0])
        assert answer_of(result).startswith(f"✔ `{moves[0]}`"), answer_of(result)
        assert (await stored(table, game_id)).version == game.version + 1
        made.append(moves[0])
        await table.env.advance_time(1.5)
    raise AssertionError(f"game #{game_id} did not end in {limit} moves")


@pytest.mark.slow
async def test_the_end_of_a_game_posts_the_ranking_and_closes_the_thread(
    table: Table,
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    made = await play_to_the_end(table, thread, game_id)

    game = await stored(table, game_id)
    assert game.status is GameStatus.FINISHED
    assert game.version == len(made)
    assert game.outcome is not None
    outcome = Outcome.model_validate_json(game.outcome)
    names = {0: "alice", 1: "bob"}
    medals = {1: "🥇 1st", 2: "🥈 2nd"}
    assert game.state is not None
    engine = games.get("mandragora")
    # Each player's result in the game's own terms: points, and the spells that break ties.
    results = engine.results(engine.load(game.state), outcome)
    assert all(f"{outcome.scores[s]} points" in results[s] for s in range(2))
    ranking = [
        f"{medals[outcome.ranks[s]]}: {names[s]} — {results[s]}"
        for s in sorted(range(2), key=lambda s: (outcome.ranks[s], s))
    ]

    assert await bot_of(table).services.store.outbox.pending() == []
    final = thread.history()[-1]
    assert "**The game is over.**" in post_words(final)
    assert "\n".join(ranking) in post_words(final), post_words(final)
    assert [b.split(":")[1:3] for b in button_ids(final)] == [
        ["over", "rematch"],
        ["over", "new"],
        ["rpw", str(game.id)],
        ["rules", "mandragora"],
    ]
    assert "The game is over" not in "".join(post_words(m) for m in thread.history()[:-1])

    # Closed: archived and locked, as Discord has it (discord.py drops archived threads
    # from its cache, so the bot's cache has nothing to say).
    metadata = table.env.backend.channels[thread.id].thread_metadata
    assert metadata is not None
    assert metadata.archived is True
    assert metadata.locked is True

    # And the game takes no more moves.
    result = await table.members["alice"].slash(table.channel, "play", move="move 1", game=game_id)
    assert answer_of(result) == f"Game #{game_id} is over."
    assert (await stored(table, game_id)).version == len(made)


@pytest.mark.slow
async def test_a_failure_to_close_the_thread_is_retried(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    # Play up to the last move, then make Discord fail the thread's closing once.
    for _ in range(200):
        game = await stored(table, game_id)
        seat = min(game.to_act)
        move = next(m for m in await legal_moves(table, game, seat) if m != BACK)
        engine = games.get(game.game_key)
        assert game.state is not None
        state = engine.load(game.state)
        action = engine.parse(state, seat, move)
        if engine.outcome(engine.apply(state, seat, action).state) is not None:
            break
        await play(table, thread, member_at(table, game, seat).name, move)
        await table.env.advance_time(1.5)
    else:
        raise AssertionError("the game did not come to its last move")
    table.env.inject_error("PATCH", f"/channels/{thread.id}", status=500, times=1)
    await play(table, thread, member_at(table, game, seat).name, move)

    assert (await stored(table, game_id)).status is GameStatus.FINISHED
    assert "**The game is over.**" in post_words(thread.history()[-1])
    await table.env.advance_time(3600)
    metadata = table.env.backend.channels[thread.id].thread_metadata
    assert metadata is not None
    assert (metadata.archived, metadata.locked) == (True, True)
    last = post_words(thread.history()[-1])
    assert [post_words(m) for m in thread.history()].count(last) == 1


# ------------------------------------------------------------- a thread deleted
async def test_a_game_whose_thread_was_deleted_moves_to_a_new_thread(table: Table) -> None:
    thread, game_id = await start_game(table, "marginalia", ["alice", "bob"])
    # A moderator deleted the thread: Discord answers every post to it "Unknown Channel".
    table.env.inject_error(
        "POST",
        f"/channels/{thread.id}/messages",
        status=404,
        code=10003,
        message="Unknown Channel",
        times=None,
    )
    moved = await stored(table, game_id)
    for _ in range(10):  # until a move posts something in the thread
        seat = sorted(moved.to_act)[0]
        move = (await legal_moves(table, moved, seat))[0]
        mover = member_at(table, moved, seat)
        result = await mover.slash(table.channel, "play", move=move, game=game_id)
        assert result.ephemeral
        moved = await stored(table, game_id)
        if moved.thread_id != thread.id:
            break
    assert moved.thread_id not in (None, thread.id)
    new_thread = next(t for t in table.channel.threads if t.id == moved.thread_id)
    posted = [post_words(m) for m in new_thread.history()]
    assert any(f"#{game_id} continues here, after move {moved.version}" in p for p in posted)
    waiting = [moved.user_at(s) for s in sorted(moved.to_act)]
    assert any(f"<@{waiting[0]}>" in p for p in posted)
    # Nothing of the old thread's lost posts is retried: the new thread has the board now
    # (board edits of the turn, made unnecessary by the post, are dropped once due).
    await table.env.advance_time(BOARD_EDIT_DELAY)
    assert await bot_of(table).services.store.outbox.pending() == []
