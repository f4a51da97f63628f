"""Putting names to seats: Discord display names, fetched once and remembered."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from games.core.words import msg, pmsg
from storage import Game

#: The names AI seats go by, one for each seat a table can have (the largest seats five),
#: so that an AI seat is always called the same at its table and two are never confused.
AI_NAMES = ("Ada", "Basil", "Clio", "Dorian", "Esme")


def ai_name(seat: int, level: str | None = None) -> str:
    """The name of the AI player at engine ``seat``: "Ada — AI", with its level where it is
    known ("Ada — AI, normal")."""
    name = AI_NAMES[seat % len(AI_NAMES)]
    if level:
        return msg("{name} — AI, {level}", name=name, level=level_word(level))
    return msg("{name} — AI", name=name)


def level_word(level: str) -> str:
    """An AI level as a member reads it ("easy", "normal", "hard" in their language)."""
    match level:
        case "easy":
            return pmsg("AI level", "easy")
        case "normal":
            return pmsg("AI level", "normal")
        case "hard":
            return pmsg("AI level", "hard")
    return level


class NameBook:
    """Display names of users, looked up in the bot's cache and, failing that, over REST."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client
        self._names: dict[int, str] = {}
        self._users: dict[int, discord.User] = {}

    def remember(self, user: discord.abc.User) -> None:
        """Note a user's name as seen in an interaction (the freshest source)."""
        self._names[user.id] = user.display_name

    async def direct(self, user_id: int) -> discord.DMChannel:
        """The DM channel with ``user_id``: opened once (one request), without fetching the
        user first (which would cost another)."""
        return await self._client.create_dm(discord.Object(user_id))

    async def user(self, user_id: int) -> discord.User:
        """The user with that id, fetched once (the bot has no member cache to ask)."""
        found = self._client.get_user(user_id) or self._users.get(user_id)
        if found is None:
            found = await self._client.fetch_user(user_id)
            if len(self._users) > 10_000:
                self._users.clear()
            self._users[user_id] = found
        return found

    async def name(self, user_id: int) -> str:
        """The name to show for ``user_id``: "a former member" for one who erased their
        data (a negative id, which no Discord user has)."""
        if user_id < 0:
            return msg("a former member")
        if user_id in self._names:
            return self._names[user_id]
        try:
            user = await self.user(user_id)
        except discord.HTTPException:
            return msg("a member who left")
        self._names[user_id] = user.display_name
        return user.display_name

    async def names(self, user_ids: Sequence[int | None]) -> list[str]:
        """Names for a table's seats, in seat order; each AI player by its seat's name."""
        return [
            await self.name(u) if u is not None else ai_name(seat)
            for seat, u in enumerate(user_ids)
        ]


@dataclass(frozen=True, slots=True)
class LobbyNames:
    """How a lobby names its people: each seated player in joining order, and the host."""

    seated: tuple[str, ...]
    host: str


async def lobby_names(book: NameBook, game: Game) -> LobbyNames:
    """The names a lobby shows for ``game``: members by name, each AI player by the name of
    the seat it sits in, with its level ("Ada — AI, normal")."""
    seated = tuple(
        [
            await book.name(s.user_id) if s.user_id is not None else ai_name(i, s.ai_level)
            for i, s in enumerate(game.seats)
        ]
    )
    return LobbyNames(seated, await book.name(game.host_id))
