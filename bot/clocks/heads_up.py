"""The heads-up a player may ask for (``/notify next:on``): a DM when the player before them
in seat order starts their turn, so they know theirs is coming. It is a DM, so it is not
sent inside their quiet hours (nor while they are away); it is of no use later."""

from __future__ import annotations

from datetime import datetime

import games
from bot.clocks.quiet_hours import quiet_window
from bot.common.announce import jump_link
from bot.common.posts import Post
from bot.common.text import user
from games.core.words import msg
from storage import Delivery, DeliveryKind, Game, Store


async def heads_up_deliveries(
    store: Store,
    game: Game,
    players: int,
    *,
    before: frozenset[int],
    after: frozenset[int],
    now: datetime,
) -> list[Delivery]:
    """The heads-up DMs once ``game`` waits for ``after`` where it waited for ``before``:
    for each seat whose turn just started, the next seat's player, when they asked for it,
    are not already on the move, and may be written to now."""
    resigned = game.resigned_seats()
    told: list[Delivery] = []
    for seat in sorted(after - before):
        following = (seat + 1) % players
        mover = game.user_at(seat)
        person = game.user_at(following)
        if person is None or mover is None or following in after or following in resigned:
            continue
        player = await store.prefs.player(person)
        if not player.heads_up or player.away(now) or quiet_window(player, now) is not None:
            continue
        title = games.get(game.game_key).title
        text = msg(
            "🔔 {who} is on the move in {b}{game}{/b} #{number}; you play after them. {link}",
            who=user(mover),
            game=title,
            number=game.id,
            link=jump_link(game),
        )
        post = Post(content=text, game_id=game.id)
        told.append(Delivery(DeliveryKind.DM, person, post.to_payload(), game_id=game.id))
    return told
