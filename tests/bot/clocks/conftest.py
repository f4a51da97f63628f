"""What the clocks' tests share: the service that acts on timers when they fall due."""

from __future__ import annotations

import pytest

from bot.ai.stand_ins import StandIns
from bot.clocks.substitutes import Substitutes
from bot.clocks.when_due import Clockwork
from bot.tables.play import Tables
from bot.tables.withdrawals import Withdrawals
from storage import SqliteStore
from tests.storage.contract import FakeClock


@pytest.fixture
def clockwork(store: SqliteStore, tables: Tables, clock: FakeClock) -> Clockwork:
    """Timers acted on with the tables' own moves, on the fake clock."""
    return Clockwork(
        store,
        stand_ins=StandIns(tables.moves),
        withdrawals=Withdrawals(tables.moves),
        substitutes=Substitutes(tables.moves),
        clock=clock,
    )
