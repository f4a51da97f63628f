"""Taking moves back in the service: a whole move of several decisions, the requests and
answers, and what is refused."""

from __future__ import annotations

import pytest

import games
from bot.common.locks import GameLocks
from bot.common.refusals import Refusal
from bot.lobby.lobby import Lobbies
from bot.tables.play import Tables
from bot.tables.withdrawals import Withdrawals
from bot.undo.undo import Takebacks
from storage import SqliteStore
from tests.bot.helpers import ALICE, BOB, CAROL, ERIN, deal, state_of
from tests.storage.contract import FakeClock


@pytest.fixture
def takebacks(store: SqliteStore, locks: GameLocks, clock: FakeClock) -> Takebacks:
    return Takebacks(store, locks, clock=clock)


@pytest.mark.usefixtures("every_step_asked")
async def test_a_move_of_several_decisions_is_taken_back_whole(
    lobbies: Lobbies, tables: Tables, takebacks: Takebacks, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    for user, move in ((ALICE, "move 1"), (BOB, "move 3")):
        await tables.play(game.id, user, move)
    before = await store.games.get(game.id)
    for step in ("cast mandrake", "add red", "power 1"):
        await tables.play(game.id, ALICE, step)
    assert (await store.games.get(game.id)).version == 5

    result = await takebacks.undo(game.id, ALICE)
    assert not result.done  # the spell's power brought something hidden to light
    assert result.reason == "it brought hidden information to light"
    request = await store.games.undo_request(game.id)
    assert request is not None
    assert (request.seat, request.version, request.to_version) == (0, 5, 2)
    assert (await takebacks.answer(game.id, BOB, version=5, approve=True)).undone
    after = await store.games.get(game.id)
    assert (after.version, after.state, after.to_act) == (2, before.state, before.to_act)
    assert [a.notation for a in await store.games.actions(game.id)] == ["move 1", "move 3"]
    engine = games.get("mandragora")
    assert engine.dump(state_of(after)) == before.state


@pytest.mark.usefixtures("every_step_asked")
async def test_decisions_partway_through_a_move_are_taken_back_at_once(
    lobbies: Lobbies, tables: Tables, takebacks: Takebacks, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    for user, move in ((ALICE, "move 1"), (BOB, "move 3")):
        await tables.play(game.id, user, move)
    before = await store.games.get(game.id)
    for step in ("cast mandrake", "add red"):
        await tables.play(game.id, ALICE, step)
    result = await takebacks.undo(game.id, ALICE)
    assert result.done
    assert (result.game.version, result.game.state) == (2, before.state)
    assert await store.games.undo_request(game.id) is None


async def test_only_a_player_with_a_move_may_ask(
    lobbies: Lobbies, tables: Tables, takebacks: Takebacks
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    with pytest.raises(Refusal, match="You have not made a move to take back"):
        await takebacks.undo(game.id, ALICE)
    with pytest.raises(Refusal, match="You are not playing in game"):
        await takebacks.undo(game.id, ERIN)
    await tables.play(game.id, ALICE, "move 1")
    await Withdrawals(tables.moves).resign(game.id, ALICE)
    with pytest.raises(Refusal, match="is not being played"):
        await takebacks.undo(game.id, ALICE)


async def test_answers_count_only_from_the_other_players_while_the_request_stands(
    lobbies: Lobbies, tables: Tables, takebacks: Takebacks, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 3)
    await tables.play(game.id, ALICE, "move 1")
    result = await takebacks.undo(game.id, ALICE)  # the restock drew a card
    assert not result.done
    assert result.asked == (BOB, CAROL)
    with pytest.raises(Refusal, match="Only the other players"):
        await takebacks.answer(game.id, ALICE, version=1, approve=True)
    with pytest.raises(Refusal, match="no longer open"):
        await takebacks.answer(game.id, BOB, version=0, approve=True)
    assert not (await takebacks.answer(game.id, BOB, version=1, approve=True)).undone
    await tables.play(game.id, BOB, "move 2")  # the game moved on: the request lapses
    with pytest.raises(Refusal, match="no longer open"):
        await takebacks.answer(game.id, CAROL, version=1, approve=True)
    assert (await store.games.get(game.id)).version == 2
