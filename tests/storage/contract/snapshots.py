"""Contract: games as they stood at some versions."""

from __future__ import annotations

from storage import Store
from tests.storage.tables import new_lobby


class GameSnapshotsContract:
    """Any store keeps a game's snapshots by version, finds the latest one up to a version,
    and forgets those past a version moves were taken back to."""

    async def test_the_latest_snapshot_up_to_a_version_is_found(self, store: Store) -> None:
        game = await new_lobby(store)
        other = await new_lobby(store)
        assert await store.snapshots.latest(game.id, at_most=10) is None
        await store.snapshots.keep(game.id, 3, "three")
        await store.snapshots.keep(game.id, 7, "seven")
        await store.snapshots.keep(other.id, 5, "elsewhere")
        assert await store.snapshots.latest(game.id, at_most=10) == (7, "seven")
        assert await store.snapshots.latest(game.id, at_most=6) == (3, "three")
        assert await store.snapshots.latest(game.id, at_most=2) is None
        await store.snapshots.keep(game.id, 7, "seven again")
        assert await store.snapshots.latest(game.id, at_most=7) == (7, "seven again")

    async def test_snapshots_past_a_version_are_forgotten(self, store: Store) -> None:
        game = await new_lobby(store)
        for version in (2, 4, 6):
            await store.snapshots.keep(game.id, version, str(version))
        await store.snapshots.forget_after(game.id, 4)
        assert await store.snapshots.latest(game.id, at_most=10) == (4, "4")
