"""Putting names to seats: Discord display names, fetched once and remembered."""

from __future__ import annotations

from collections.abc import Sequence

import discord

AI_NAME = "🤖 AI player"


class NameBook:
    """Display names of users, looked up in the bot's cache and, failing that, over REST."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client
        self._names: dict[int, str] = {}
        self._users: dict[int, discord.User] = {}

    def remember(self, user: discord.abc.User) -> None:
        """Note a user's name as seen in an interaction (the freshest source)."""
        self._names[user.id] = user.display_name

    async def user(self, user_id: int) -> discord.User:
        """The user with that id, fetched once (the bot has no member cache to ask)."""
        found = self._client.get_user(user_id) or self._users.get(user_id)
        if found is None:
            found = await self._client.fetch_user(user_id)
            if len(self._users) > 10_000:
                self._users.clear()
            self._users[user_id] = found
        return found

    async def name(self, user_id: int | None) -> str:
        """The name to show for ``user_id`` (an AI player for ``None``)."""
        if user_id is None:
            return AI_NAME
        if user_id in self._names:
            return self._names[user_id]
        try:
            user = await self.user(user_id)
        except discord.HTTPException:
            return f"player {user_id}"
        self._names[user_id] = user.display_name
        return user.display_name

    async def names(self, user_ids: Sequence[int | None]) -> list[str]:
        """Names for a table's seats, in seat order; AI players are told apart by seat."""
        return [
            await self.name(u) if u is not None else f"{AI_NAME} {seat + 1}"
            for seat, u in enumerate(user_ids)
        ]
