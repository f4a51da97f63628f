"""Picking a running game up again where its messages are gone (a deleted thread, or the
playground's Discord rebuilt after a restart), and standing in for a post Discord refused."""

from __future__ import annotations

import games
from bot.common.locks import GameLocks
from bot.common.refusals import Refusal
from bot.delivery.queued import table_deliveries
from games.core.words import msg
from storage import Game, GameStatus, Store


async def repost_game(
    store: Store, locks: GameLocks, game_id: int, *, thread_id: int | None = None
) -> Game:
    """Post game ``game_id``'s board again with a ping for whoever must act, and send each
    player their private view again. With ``thread_id`` the game is played in that thread
    from now on; without, where it was played."""
    async with locks(game_id):
        game = await store.games.get(game_id)
        if game.status is not GameStatus.ACTIVE or game.state is None:
            raise Refusal(msg("Game #{number} is not being played.", number=game.id))
        engine = games.get(game.game_key)
        if thread_id is not None:
            game = await store.games.set_messages(game_id, thread_id=thread_id)
        text = msg(
            "{b}{game}{/b} #{number} continues here, after move {move}.",
            game=engine.title,
            number=game.id,
            move=game.version,
        )
        await store.outbox.enqueue(
            table_deliveries(game, game.version, lines=False, notify=True, heading=text)
        )
        return game


async def catch_up(store: Store, locks: GameLocks, game_id: int, *, missed: str = "") -> None:
    """Queue a catch-up post in game ``game_id``'s thread for a post Discord refused for
    good: the text it carried (``missed``, public only), the current board and a ping for
    whoever must act. Taken under the game's lock so no move slips between the board read
    and the post queued. Nothing is posted for a lobby or a game without a state."""
    async with locks(game_id):
        game = await store.games.get(game_id)
        if game.state is None or game.status not in (GameStatus.ACTIVE, GameStatus.FINISHED):
            return
        await store.outbox.enqueue(table_deliveries(game, game.version, missed=missed))
