"""Every registered game, played to its end through the real bot and SimCord: the bot knows
no game, so each must work by registering its engine alone.

Moves alternate between ``/play`` (with its autocomplete) and the turn panel; simultaneous
decisions are made in a random order; nothing written for some seats only ever shows in public.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

import games
from bot import create_bot
from bot.tables.views import TableViews
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from games.core import render_seats
from storage import Game, GameStatus
from storage.replay import check_replay
from tests.bot.conftest import Table
from tests.bot.driving import (
    bot_of,
    button_ids,
    check_moved,
    choose_in_panel,
    everything_visible_in_guild,
    has_board,
    legal_moves,
    member_at,
    play_by_command,
    post_words,
    start_game,
    stored,
)
from tests.games.tiny_game import registered

pytestmark = pytest.mark.slow

PLAYERS = ["alice", "bob", "carol", "dave"]


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """A bot dealing games from fixed seeds, so each game below is always the same."""
    return create_bot(Settings(database_url=f"sqlite:///{db}"), seeds=itertools.count(21).__next__)


async def by_panel(table: Table, game: Game, seat: int, move: str) -> None:
    """The move through the panel ``/turn`` opens."""
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    opened = await member_at(table, game, seat).slash(thread, "turn")
    await choose_in_panel(table, game, seat, move, opened)


async def make_move(table: Table, game: Game, seat: int, move: str, step: int) -> Game:
    """One move by the member at ``seat``; returns the stored game after it."""
    if step % 3 == 2:
        await by_panel(table, game, seat, move)
    else:
        await play_by_command(table, game, seat, move)
    after = await check_moved(table, game, seat, move)
    await table.env.advance_time(1)
    return after


def choose(rng: random.Random, moves: list[str]) -> str:
    """A random move, never "back" (which can go round in circles)."""
    return rng.choice([m for m in moves if m != "back"])


async def finish(table: Table, game: Game, rng: random.Random, limit: int = 3000) -> Game:
    """Play random legal moves, waited-for seats in a random order, to the end."""
    for step in range(limit):
        if game.status is not GameStatus.ACTIVE:
            return game
        seat = rng.choice(sorted(game.to_act))
        game = await make_move(
            table, game, seat, choose(rng, await legal_moves(table, game, seat)), step
        )
    raise AssertionError(f"game #{game.id} did not end in {limit} moves")


async def check_the_end(table: Table, game: Game) -> None:
    """Finished, replayable, every post delivered, the final post ranked, nothing secret shown."""
    assert game.status is GameStatus.FINISHED
    assert game.outcome is not None
    bot = bot_of(table)
    assert (await check_replay(bot.services.store, game.id)).matches
    assert await bot.services.store.outbox.pending() == []
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    final = thread.history()[-1]
    assert "The game is over." in post_words(final)
    assert button_ids(final) == [
        f"grim:over:rematch:{game.id}",
        f"grim:over:new:{game.id}",
        f"grim:rpw:{game.id}",
        f"grim:rules:{game.game_key}",
    ]
    engine = games.get(game.game_key)
    assert game.seed is not None
    state = engine.new_game(len(game.seats), game.seed, game.options)
    names = [member_at(table, game, s).name for s in range(len(game.seats))]
    secret: set[str] = set()
    for action in await bot.services.store.games.actions(game.id):
        move = engine.parse(state, action.seat, action.notation)
        transition = engine.apply(state, action.seat, move)
        state = transition.state
        secret |= {render_seats(e.text, names) for e in transition.log if e.audience is not None}
    public = "\n".join(everything_visible_in_guild(table))
    assert [line for line in secret if line in public] == []
    await check_the_counts(table, game)


async def check_the_counts(table: Table, game: Game) -> None:
    """The living table's promise, counted over the whole game: at most one public post per
    turn on average (the start and the end aside) and at most one DM per player per turn of
    theirs (the deal and the game over aside), with one live board at the end."""
    history = await TableViews(bot_of(table).services.store).history(game.id)
    assert history is not None
    final = len(history.moments) - 1
    turns = [v for v in range(1, final) if history.joined(v)]
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    posts = thread.history()
    assert len(posts) - 2 <= len(turns), (len(posts), len(turns))
    assert [m for m in posts[:-1] if button_ids(m)] == [], "live buttons: the newest post's"
    # Once the game is over, nothing to play: only Rematch, New game, Watch again and How to
    # play.
    assert [b.split(":")[1] for b in button_ids(posts[-1])] == ["over", "over", "rpw", "rules"]
    assert [m for m in posts[:-1] if has_board(m)] == [], "one board: the newest post's"
    for seat in range(len(game.seats)):
        member = member_at(table, game, seat)
        theirs = [v for v in turns if seat in history.joined(v)]
        dms = member.user.dm_channel.history()
        assert len(dms) - 2 <= len(theirs), (member.name, len(dms), len(theirs))
        # Older private messages stay as they were, a record of each turn: no buttons.
        assert [m for m in dms[:-1] if button_ids(m)] == [], "no button but on the newest"
    print(
        f"{game.game_key}: {len(posts)} posts for {len(turns)} turns over {final} moves; DMs "
        + ", ".join(
            f"{member_at(table, game, s).name} "
            f"{len(member_at(table, game, s).user.dm_channel.history())}"
            for s in range(len(game.seats))
        )
    )


async def test_magnum_opus_three_players_pick_at_once_and_nothing_shows_early(
    table: Table,
) -> None:
    thread, game_id = await start_game(table, "magnum-opus", PLAYERS[:3])
    game = await stored(table, game_id)
    rng = random.Random(4)
    orders: set[tuple[int, ...]] = set()
    round_order: list[int] = []
    for step in itertools.count():
        if game.status is not GameStatus.ACTIVE:
            break
        assert step < 2000
        waiting = sorted(game.to_act)
        seat = rng.choice(waiting)
        move = choose(rng, await legal_moves(table, game, seat))
        seen_before = len(thread.history())
        game = await make_move(table, game, seat, move, step)
        if move.startswith("pick "):
            round_order.append(seat)
            others_still_to_pick = bool(game.to_act - {seat}) and len(waiting) > 1
            if others_still_to_pick and game.to_act:
                card = move.removeprefix("pick ")
                new_posts = [post_words(m).lower() for m in thread.history()[seen_before:]]
                assert all(card not in text for text in new_posts), (card, new_posts)
            if len(waiting) == 1:
                orders.add(tuple(round_order))
                round_order = []
    assert len(orders) > 1, "picks should have arrived in different orders"
    await check_the_end(table, game)


async def test_magic_spell_with_a_trade_between_turns(table: Table) -> None:
    # The shortest semester: the trade is what this game is for, and it still ends whole.
    thread, game_id = await start_game(table, "magic-spell", PLAYERS[:3], options="rounds=10")
    game = await stored(table, game_id)
    rng = random.Random(5)
    for step in range(6):
        seat = min(game.to_act)
        move = choose(rng, await legal_moves(table, game, seat))
        game = await make_move(table, game, seat, move, step)
    current = min(game.to_act)
    proposer, partner = [s for s in range(3) if s != current]
    offer = f"trade with {partner + 1}"
    assert offer in await legal_moves(table, game, proposer), "students between turns may trade"
    step = 100
    game = await make_move(table, game, proposer, offer, step)
    while (moves := await legal_moves(table, game, proposer)) and not any(
        m.startswith(("trade with", "withdraw")) for m in moves
    ):
        step += 1
        # Ask for a homework spell of the partner's choosing, which they can always give.
        move = "for homework" if "for homework" in moves else choose(rng, moves)
        game = await make_move(table, game, proposer, move, step)
    accept = f"accept {proposer + 1}"
    assert accept in await legal_moves(table, game, partner)
    posts_before = len(thread.history())
    game = await make_move(table, game, partner, accept, step + 1)
    while (moves := await legal_moves(table, game, partner)) and any(
        m.startswith("give ") for m in moves
    ):
        step += 1
        game = await make_move(table, game, partner, choose(rng, moves), step)
    # A trade between turns makes no post of its own: the next post, when the game waits on
    # someone new, tells it with the moves around it.
    assert len(thread.history()) == posts_before
    waiting = game.to_act
    while game.to_act <= waiting and game.status is GameStatus.ACTIVE:
        step += 1
        seat = min(game.to_act)
        game = await make_move(
            table, game, seat, choose(rng, await legal_moves(table, game, seat)), step
        )
    told = " ".join(post_words(m) for m in thread.history()[posts_before:]).lower()
    assert "accept" in told or "trade" in told, told
    await check_the_end(table, await finish(table, game, rng))


async def test_marginalia_whole_duel(table: Table) -> None:
    _, game_id = await start_game(table, "marginalia", PLAYERS[:2])
    game = await finish(table, await stored(table, game_id), random.Random(6))
    await check_the_end(table, game)


async def test_strange_and_norrell_whole_game(table: Table) -> None:
    _, game_id = await start_game(table, "strange-norrell", PLAYERS[:2])
    game = await finish(table, await stored(table, game_id), random.Random(7))
    await check_the_end(table, game)


async def test_a_game_with_only_the_contract_whole_game(table: Table) -> None:
    """Stones (``tests/games/tiny_game``) has nothing but the engine contract: no summary,
    picture, cards or AI rules of thumb. It is played like the others and meets the same
    promises at its end."""
    with registered() as stones:
        _, game_id = await start_game(table, stones.key, PLAYERS[:2])
        game = await finish(table, await stored(table, game_id), random.Random(8))
        await check_the_end(table, game)
