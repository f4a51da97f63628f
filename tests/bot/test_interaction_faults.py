"""Every interaction gets an answer, even when our side fails: a database fault, a timeout or
a bug behind a command, a button or a menu is answered privately with "Something went wrong…;
nothing was changed" and an error id that the log line carries too."""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import Callable
from typing import Any

import pytest
import simcord

from bot.common.replies import SOMETHING_WENT_WRONG
from storage import GameStatus
from tests.bot.conftest import Table
from tests.bot.driving import (
    bot_of,
    legal_moves,
    member_at,
    open_lobby,
    replies,
    start_game,
    stored,
)

ERROR_ID = re.compile(r"\(error ([0-9a-f]{8})\)")


def disk_fault() -> BaseException:
    return sqlite3.OperationalError("disk I/O error")


def timeout() -> BaseException:
    return TimeoutError()


def bug() -> BaseException:
    return KeyError("seat")


FAULTS = [disk_fault, timeout, bug]


def broken(error: Callable[[], BaseException]) -> Callable[..., Any]:
    """A store method that fails with ``error``."""

    async def fail(*_: Any, **__: Any) -> Any:
        raise error()

    return fail


def assert_told_something_went_wrong(
    result: simcord.InteractionResult, caplog: pytest.LogCaptureFixture
) -> None:
    """The member, and only they, were told; the error id is in the log line."""
    assert result.acknowledged, result
    answers = [answer for answer in replies(result) if answer]  # a deferral has no text
    assert len(answers) == 1, answers
    assert answers[0].startswith(SOMETHING_WENT_WRONG), answers
    found = ERROR_ID.search(answers[0])
    assert found is not None, answers
    logged = [r for r in caplog.records if found[1] in r.getMessage()]
    assert len(logged) == 1, caplog.text
    assert logged[0].levelno == logging.ERROR
    assert logged[0].exc_info is not None
    last = result.followups[-1] if result.followups else result.response
    assert last is not None
    assert last.ephemeral, result


@pytest.mark.parametrize("fault", FAULTS, ids=lambda f: f.__name__)
async def test_a_fault_behind_a_lobby_button_is_answered_and_changes_nothing(
    table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, fault: Any
) -> None:
    lobby, game_id = await open_lobby(table, "alice", "marginalia")
    before = await stored(table, game_id)
    monkeypatch.setattr(bot_of(table).services.store.games, "join", broken(fault))
    with caplog.at_level(logging.ERROR):
        result = await table.members["bob"].click(lobby, label="Join")
    assert_told_something_went_wrong(result, caplog)
    assert await stored(table, game_id) == before


@pytest.mark.parametrize("fault", FAULTS, ids=lambda f: f.__name__)
async def test_a_fault_behind_start_is_answered_after_the_deferral(
    table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, fault: Any
) -> None:
    lobby, game_id = await open_lobby(table, "alice", "marginalia")
    await table.members["bob"].click(lobby, label="Join")
    lobby = next(m for m in table.channel.history() if m.id == lobby.id)
    monkeypatch.setattr(bot_of(table).services.store.games, "start", broken(fault))
    with caplog.at_level(logging.ERROR):
        result = await table.members["alice"].click(lobby, label="Start")
    assert_told_something_went_wrong(result, caplog)
    assert (await stored(table, game_id)).status is GameStatus.LOBBY
    assert table.channel.threads == []  # the thread opened for it was deleted


@pytest.mark.parametrize("fault", FAULTS, ids=lambda f: f.__name__)
async def test_a_fault_behind_play_is_answered_and_records_no_move(
    table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, fault: Any
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    monkeypatch.setattr(bot_of(table).services.store.games, "record_move", broken(fault))
    with caplog.at_level(logging.ERROR):
        result = await table.members["alice"].slash(thread, "play", move="move 1")
    assert_told_something_went_wrong(result, caplog)
    assert (await stored(table, game_id)).version == 0
    # A command's failure reaches the command tree's error handler, where SimCord sees it.
    assert [type(getattr(e, "original", e)) for e in table.env.errors] == [type(fault())]


@pytest.mark.parametrize("fault", FAULTS, ids=lambda f: f.__name__)
async def test_a_fault_behind_a_move_in_the_turn_panel_is_answered(
    table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, fault: Any
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    board = thread.history()[-1]
    member = member_at(table, game, 0)
    opened = await member.click(board, custom_id=f"grim:turn:{game_id}:0")
    assert opened.response is not None
    moves = await legal_moves(table, game, 0)
    monkeypatch.setattr(bot_of(table).services.store.games, "record_move", broken(fault))
    ids = [c["custom_id"] for row in opened.response.components for c in row["components"]]
    with caplog.at_level(logging.ERROR):
        if f"grim:act:{game_id}:0:0" in ids:
            result = await member.click(opened.response, custom_id=f"grim:act:{game_id}:0:0")
        else:
            result = await member.select(
                opened.response, ["0"], custom_id=f"grim:pick:{game_id}:0:0"
            )
    assert moves
    assert_told_something_went_wrong(result, caplog)
    assert (await stored(table, game_id)).version == 0


async def test_a_fault_while_reading_the_game_is_answered_on_the_turn_button(
    table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    board = thread.history()[-1]
    monkeypatch.setattr(bot_of(table).services.store.games, "get", broken(disk_fault))
    with caplog.at_level(logging.ERROR):
        result = await table.members["alice"].click(board, custom_id=f"grim:turn:{game_id}:0")
    assert_told_something_went_wrong(result, caplog)
