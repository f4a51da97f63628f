"""The store contract, run against the SQLite store."""

from __future__ import annotations

import pytest

from tests.storage.contract.async_play import AsyncPlayContract
from tests.storage.contract.budget import RequestBudgetContract
from tests.storage.contract.concurrency import ConcurrencyContract
from tests.storage.contract.games import GameStoreContract
from tests.storage.contract.locks import GameLockContract
from tests.storage.contract.outbox import OutboxContract
from tests.storage.contract.privacy import PrivacyContract
from tests.storage.contract.profiles import ProfilesContract
from tests.storage.contract.snapshots import GameSnapshotsContract
from tests.storage.contract.stats import StatsContract
from tests.storage.contract.timers import TimersContract
from tests.storage.contract.tournaments import TournamentContract
from tests.storage.contract.undo_messages import UndoMessagesContract
from tests.storage.contract.views import PrivateViewsContract


class TestSqlitePrivacy(PrivacyContract):
    """SQLite: a member's data shown and erased, servers the bot left purged."""


class TestSqliteGames(GameStoreContract):
    """SQLite games, seats and the action log."""


class TestSqliteOutbox(OutboxContract):
    """SQLite outbox."""


class TestSqliteTimers(TimersContract):
    """SQLite timers."""


@pytest.mark.slow
class TestSqliteConcurrency(ConcurrencyContract):
    """SQLite under concurrent writers."""


class TestSqliteGameLocks(GameLockContract):
    """SQLite games' locks."""


class TestSqliteAsyncPlay(AsyncPlayContract):
    """SQLite clocks, nudges, undo and preferences."""


class TestSqliteTournaments(TournamentContract):
    """SQLite tournaments and ratings."""


class TestSqliteProfiles(ProfilesContract):
    """SQLite profiles and server statistics."""


class TestSqliteGameSnapshots(GameSnapshotsContract):
    """SQLite games as they stood at some versions."""


class TestSqlitePrivateViews(PrivateViewsContract):
    """SQLite private views and out-of-date updates."""


class TestSqliteUndoMessages(UndoMessagesContract):
    """SQLite undo requests' messages."""


class TestSqliteRequestBudget(RequestBudgetContract):
    """SQLite's budget of Discord requests."""


class TestSqliteStats(StatsContract):
    """SQLite reads for monitoring."""
