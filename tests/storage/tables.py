"""Real Mandragora games driven through a store, for storage tests."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import games
from storage import Delivery, Game, Store

ENGINE = games.get("mandragora")
GUILD = 1
CHANNEL = 100


async def new_lobby(store: Store, *, host_id: int = 10, channel_id: int = 2) -> Game:
    """An empty Mandragora lobby."""
    return await store.games.create_lobby(
        game_key=ENGINE.key, guild_id=GUILD, channel_id=channel_id, host_id=host_id, options={}
    )


async def started_game(
    store: Store, users: Sequence[int] = (11, 12), *, seed: int = 7, channel_id: int = CHANNEL
) -> Game:
    """A Mandragora game with ``users`` seated in order, started."""
    lobby = await store.games.create_lobby(
        game_key=ENGINE.key, guild_id=GUILD, channel_id=channel_id, host_id=users[0], options={}
    )
    for user in users:
        await store.games.join(lobby.id, user_id=user, max_seats=ENGINE.max_players)
    state = ENGINE.new_game(len(users), seed)
    return await store.games.start(
        lobby.id,
        seed=seed,
        seat_order=list(range(len(users))),
        state=ENGINE.dump(state),
        to_act=ENGINE.to_act(state),
    )


@dataclass(frozen=True)
class Move:
    """A move worked out by the engine, ready to record."""

    seat: int
    notation: str
    state: str
    to_act: frozenset[int]
    outcome: str | None


def next_move(game: Game, rng: random.Random) -> Move:
    """A random legal move in ``game``'s stored state."""
    assert game.state is not None
    state: Any = ENGINE.load(game.state)
    seat = rng.choice(sorted(ENGINE.to_act(state)))
    action = rng.choice(ENGINE.legal_actions(state, seat))
    after = ENGINE.apply(state, seat, action).state
    outcome = ENGINE.outcome(after)
    return Move(
        seat=seat,
        notation=ENGINE.notation(action),
        state=ENGINE.dump(after),
        to_act=ENGINE.to_act(after),
        outcome=None if outcome is None else json.dumps(outcome.model_dump(mode="json")),
    )


async def play(
    store: Store, game: Game, rng: random.Random, deliveries: Sequence[Delivery] = ()
) -> Game:
    """Record one random legal move."""
    return await record(store, game, next_move(game, rng), deliveries)


async def record(store: Store, game: Game, move: Move, deliveries: Sequence[Delivery] = ()) -> Game:
    """Record ``move`` as made on ``game`` as it was."""
    return await store.games.record_move(
        game.id,
        expected_version=game.version,
        seat=move.seat,
        notation=move.notation,
        state=move.state,
        to_act=move.to_act,
        outcome=move.outcome,
        deliveries=deliveries,
    )
