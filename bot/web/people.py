"""How the pages name people: by their name, unless they keep it off the web
(``/notify web_name:off``), then as "a player"; AI players by their seat's name."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable

from bot.common.names import ai_name
from bot.web.markup import Namer
from bot.words.i18n import localize
from games.core.words import msg
from storage import Game, Store

#: A member's display name, as the bot knows it.
NameSource = Callable[[int], Awaitable[str]]


def anonymous() -> str:
    """What the pages call a member who keeps their name off the web."""
    return msg("a player")


class WebNames:
    """Names for the pages, each member's choice read from the store."""

    def __init__(self, store: Store, name_of: NameSource) -> None:
        self._store = store
        self._name_of = name_of

    async def name(self, user_id: int) -> str:
        """``user_id``'s name on the web: "a player" when they keep it off."""
        if not (await self._store.prefs.player(user_id)).web_name:
            return anonymous()
        return await self._name_of(user_id)

    async def seats(self, game: Game) -> list[str]:
        """A game's players in seat order."""
        ordered = [s for s in game.in_seat_order() if s.seat is not None]
        return [
            ai_name(seat) if s.user_id is None else await self.name(s.user_id)
            for seat, s in enumerate(ordered)
        ]

    async def namer(self, seats: list[str], users: Iterable[int], language: str) -> Namer:
        """How a page in ``language`` names the seats and the members ``users``."""
        named = {user: await self.name(user) for user in set(users)}
        return Namer(
            seats=[localize(name, language) for name in seats],
            users={user: localize(name, language) for user, name in named.items()},
            language=language,
            someone=localize(anonymous(), language),
        )
