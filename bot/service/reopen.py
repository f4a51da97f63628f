"""Picking a running game up again where its messages are gone (a deleted thread, or the
playground's Discord rebuilt after a restart)."""

from __future__ import annotations

import games
from bot.service.announce import resume_deliveries
from bot.service.errors import Refusal
from bot.service.locks import GameLocks
from storage import Game, GameStatus, Store


async def repost_game(
    store: Store, locks: GameLocks, game_id: int, *, thread_id: int | None = None
) -> Game:
    """Post game ``game_id``'s board again with a ping for whoever must act, and DM each
    player their hand again. With ``thread_id`` the game is played in that thread from now
    on; without, where it was played."""
    async with locks(game_id):
        game = await store.games.get(game_id)
        if game.status is not GameStatus.ACTIVE or game.state is None:
            raise Refusal(f"Game #{game.id} is not being played.")
        engine = games.get(game.game_key)
        state = engine.load(game.state)
        if thread_id is not None:
            game = await store.games.set_messages(game_id, thread_id=thread_id)
        await store.outbox.enqueue(resume_deliveries(engine, game, state, game.to_act))
        return game
