"""Contract: racing writers. Exactly one of several moves on the same version wins."""

from __future__ import annotations

import asyncio
import random

from storage import Game, GameNotActive, GameStatus, Store, VersionConflict
from tests.storage.contract import StoreFactory
from tests.storage.tables import new_lobby, next_move, play, record, started_game

RACERS = 50


async def _race(stores: list[Store], game: Game) -> list[BaseException | Game]:
    rng = random.Random(8)
    moves = [next_move(game, rng) for _ in stores]

    return await asyncio.gather(
        *(record(store, game, move) for store, move in zip(stores, moves, strict=True)),
        return_exceptions=True,
    )


class ConcurrencyContract:
    """What every store does under concurrent writes."""

    async def test_fifty_racers_on_one_connection_one_wins(self, store: Store) -> None:
        game = await started_game(store)
        results = await _race([store] * RACERS, game)
        await self._check_exactly_one_won(store, game, results)

    async def test_fifty_racers_on_their_own_connections_one_wins(
        self, store: Store, open_store: StoreFactory
    ) -> None:
        game = await started_game(store)
        stores = [await open_store() for _ in range(RACERS)]
        results = await _race(stores, game)
        await self._check_exactly_one_won(store, game, results)

    async def _check_exactly_one_won(
        self, store: Store, game: Game, results: list[BaseException | Game]
    ) -> None:
        winners = [r for r in results if isinstance(r, Game)]
        conflicts = [r for r in results if isinstance(r, VersionConflict)]
        assert len(winners) == 1
        assert len(conflicts) == RACERS - 1
        assert [a.seq for a in await store.games.actions(game.id)] == [1]
        assert await store.games.get(game.id) == winners[0]

    async def test_players_racing_through_a_whole_game_leave_a_log_without_gaps(
        self, store: Store
    ) -> None:
        game = await started_game(store, (11, 12, 13))

        async def player(seed: int) -> int:
            rng, conflicts = random.Random(seed), 0
            while True:
                current = await store.games.get(game.id)
                if current.status is not GameStatus.ACTIVE:
                    return conflicts
                try:
                    await play(store, current, rng)
                except VersionConflict:
                    conflicts += 1
                except GameNotActive:
                    return conflicts  # someone else's move ended it meanwhile

        conflicts = await asyncio.gather(*(player(seed) for seed in range(8)))
        final = await store.games.get(game.id)
        assert final.status is GameStatus.FINISHED
        assert [a.seq for a in await store.games.actions(game.id)] == list(
            range(1, final.version + 1)
        )
        assert sum(conflicts) > 0

    async def test_racing_for_the_last_seats_never_overfills_a_lobby(
        self, store: Store, open_store: StoreFactory
    ) -> None:
        lobby = await new_lobby(store)
        stores = [await open_store() for _ in range(10)]
        results = await asyncio.gather(
            *(s.games.join(lobby.id, user_id=100 + i, max_seats=4) for i, s in enumerate(stores)),
            return_exceptions=True,
        )
        assert sum(isinstance(r, Game) for r in results) == 4
        assert len((await store.games.get(lobby.id)).seats) == 4
