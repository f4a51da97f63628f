"""A game the bot no longer holds in memory is replayed from the snapshot kept at a post
before the version asked for, not from its first move, and says the same as a whole replay."""

from __future__ import annotations

import random

import games
from bot.common.locks import GameLocks
from bot.lobby.lobby import Lobbies
from bot.tables.play import Tables
from bot.tables.views import History, TableViews
from bot.undo.undo import Takebacks
from storage import Game, SqliteStore
from tests.bot.helpers import ALICE, BOB, CAROL, deal
from tests.storage.contract import FakeClock

PEOPLE = (ALICE, BOB, CAROL)


async def play_on(tables: Tables, game: Game, decisions: int, rng: random.Random) -> Game:
    """``decisions`` random legal decisions (never "back") by whoever the game waits on."""
    engine = games.get(game.game_key)
    for _ in range(decisions):
        game = await tables.moves.get(game.id)
        state = engine.load(game.state or "")
        seat = min(engine.waiting_for(state))
        moves = [engine.notation(a) for a in engine.legal_actions(state, seat)]
        await tables.play(game.id, PEOPLE[seat], rng.choice([m for m in moves if m != "back"]))
    return await tables.moves.get(game.id)


def said(views: TableViews, history: History, version: int) -> tuple[object, ...]:
    """What the post and each private view at ``version`` say."""
    post = views.post(history, history.post_at_or_before(version), board_at=version)
    private = [views.private(history, version, seat) for seat in range(len(history.game.seats))]
    return (post.text, post.pings, post.board, *((p.text, p.notify, p.own) for p in private))


async def test_a_game_not_remembered_is_replayed_from_its_latest_snapshot(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 3)
    game = await play_on(tables, game, 20, random.Random(3))
    whole = await TableViews(store).history(game.id)
    assert whole is not None
    posts = [v for v in range(1, game.version) if whole.is_post(v)]
    kept = TableViews(store)
    for version in posts[:-1]:  # as the thread's posts went out
        await kept.keep_snapshot(whole, version)

    fresh = TableViews(store)  # a bot restarted: nothing remembered
    resumed = await fresh.history_for(game.id, game.version)
    assert resumed is not None
    assert 0 < resumed.first <= posts[-2]  # not from the deal
    assert [m.waiting for m in resumed.moments] == [m.waiting for m in whole.moments]
    assert said(fresh, resumed, game.version) == said(fresh, whole, game.version)
    # The whole story, asked for (the panel's recap, the final post), is replayed whole.
    assert (await fresh.history(game.id)).first == 0  # type: ignore[union-attr]


async def test_a_snapshot_past_moves_taken_back_is_not_used(
    lobbies: Lobbies, tables: Tables, store: SqliteStore, locks: GameLocks, clock: FakeClock
) -> None:
    game = await deal(lobbies, "magnum-opus", 3)
    for who, text in zip(PEOPLE, ("keep star", "keep crow", "keep pelican"), strict=True):
        await tables.play(game.id, who, text)
    await tables.play(game.id, ALICE, "pick wolrad")
    whole = await TableViews(store).history(game.id)
    assert whole is not None
    await TableViews(store).keep_snapshot(whole, whole.game.version)
    await Takebacks(store, locks, clock=clock).undo(game.id, ALICE)
    assert (await tables.moves.get(game.id)).version < whole.game.version
    # What stood after the moves taken back is forgotten with them.
    assert await store.snapshots.latest(game.id, at_most=100) is None
    await tables.play(game.id, BOB, "pick wolrad")  # the same words, from another seat
    game = await tables.moves.get(game.id)
    resumed = await TableViews(store).history_for(game.id, game.version)
    replayed = await TableViews(store).history(game.id)
    assert resumed is not None
    assert replayed is not None
    assert resumed.first == 0
    last = resumed.moments[game.version].log
    assert [e.text for e in last] == [e.text for e in replayed.moments[game.version].log]


async def test_a_snapshot_of_other_moves_is_ignored(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    game = await play_on(tables, game, 6, random.Random(7))
    whole = await TableViews(store).history(game.id)
    assert whole is not None
    stale = History(whole.game, whole.engine, whole.moments, ((0, "not played"),) * 10)
    await store.snapshots.keep(game.id, 3, "not a snapshot")
    await TableViews(store).keep_snapshot(stale, 4)
    resumed = await TableViews(store).history_for(game.id, game.version)
    assert resumed is not None
    assert resumed.first == 0  # neither could be used: replayed from the deal
