"""AI seats' turns cannot die: a turn that fails with the database out of reach is logged
once and tried again after a backoff, and the AI seat moves once the database is back."""

from __future__ import annotations

import logging
import sqlite3
from datetime import timedelta

import pytest

from bot.ai.seats import AiPlayers
from bot.ai.stand_ins import StandIns
from bot.common.locks import GameLocks
from bot.lobby.lobby import Lobbies
from bot.tables.moves import Moves
from bot.tables.play import AiTurn, Tables
from bot.wiring.loops import Supervisor
from storage import SqliteStore
from tests.bot.ai.test_seats import _until_ai_moves, lobby_with_ai
from tests.bot.helpers import ALICE, THREAD


async def test_an_ai_turn_failing_for_a_while_is_tried_again_until_it_moves(
    lobbies: Lobbies, store: SqliteStore, locks: GameLocks, caplog: pytest.LogCaptureFixture
) -> None:
    tables = Tables(Moves(store, locks))
    stand_ins = StandIns(tables.moves)
    outage = 3
    real_turn = stand_ins.ai_turn

    async def flaky_turn(game_id: int) -> AiTurn | None:
        nonlocal outage
        if outage:
            outage -= 1
            raise sqlite3.OperationalError("database is locked")
        return await real_turn(game_id)

    stand_ins.ai_turn = flaky_turn  # type: ignore[method-assign]
    tiny = timedelta(milliseconds=1)
    supervisor = Supervisor(
        "AI seats",
        logging.getLogger("grimoire.ai"),
        first=tiny,
        longest_transient=2 * tiny,
        longest_unexpected=2 * tiny,
    )
    ai = AiPlayers(stand_ins, pause=0, iterations=5, supervisor=supervisor)
    try:
        game = await lobby_with_ai(lobbies, "marginalia", ["easy"])
        game = await lobbies.start(game.id, ALICE, thread_id=THREAD)
        await _until_ai_moves(tables, ai, game)  # Alice's moves until the AI seat's turn
    finally:
        ai.stop()
    assert outage == 0
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1
    assert getattr(errors[0], "error_id", None)
    assert supervisor.problem() is None
