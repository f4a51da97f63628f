"""Whose language a text is read in, from what members and managers chose.

A member's private texts: their ``/notify language:`` choice, else their Discord client's
language (the interaction's, or the last one seen for a DM sent later), else their server's.
A server's public texts: its ``/settings language:`` choice, else its preferred locale when
Grimoire speaks it, else English (``bot.words.languages``).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.words.languages import private_language, public_language
from storage import OutboxItem, Store
from storage.errors import GameNotFound

#: A server's preferred locale as Discord gives it (``None`` when the bot cannot see it).
PreferredLocale = Callable[[int], str | None]


class Readers:
    """The languages of a server and of its members, read from the store when asked."""

    def __init__(self, store: Store, preferred_locale: PreferredLocale) -> None:
        self._store = store
        self._preferred = preferred_locale
        #: The client locale last written for each member by this process, so that an
        #: interaction reads and writes nothing more when it has not changed.
        self._remembered: dict[int, str] = {}

    async def server(self, guild_id: int | None, preferred: str | None = None) -> str:
        """The language of ``guild_id``'s public posts (``preferred``: its preferred locale,
        when the caller knows it)."""
        if guild_id is None:
            return public_language(None, preferred)
        settings = await self._store.prefs.server(guild_id)
        choice = settings.get("language")
        return public_language(
            choice if isinstance(choice, str) else None,
            preferred if preferred is not None else self._preferred(guild_id),
        )

    async def member(
        self,
        user_id: int,
        *,
        guild_id: int | None = None,
        client_locale: str | None = None,
        server_language: str | None = None,
    ) -> str:
        """The language ``user_id`` reads privately: given their client's locale (in an
        interaction) or the one last seen (for a DM)."""
        player = await self._store.prefs.player(user_id)
        choice = player.language
        seen = client_locale or player.client_locale
        if server_language is None and not (choice or seen):
            server_language = await self.server(guild_id)
        return private_language(choice, seen, server_language)

    async def remember_client_locale(self, user_id: int, locale: str) -> None:
        """Keep the language a member's Discord client speaks, for the DMs sent them outside
        an interaction (written only when it changed)."""
        if self._remembered.get(user_id) == locale:
            return
        player = await self._store.prefs.player(user_id)
        if player.client_locale != locale:
            await self._store.prefs.set_choices(user_id, {"client_locale": locale})
        self._remembered[user_id] = locale

    async def of_delivery(
        self, item: OutboxItem, *, private: bool, channel_guild: Callable[[int], int | None]
    ) -> str:
        """The language an outbox item is read in: its reader's for a DM or a private view
        (``private``), its server's for everything a table or a channel sees
        (``channel_guild`` finds the server of a channel that belongs to no game)."""
        guild_id = await self.game_server(item.game_id)
        if private:
            return await self.member(item.target_id, guild_id=guild_id)
        if guild_id is None:
            guild_id = channel_guild(item.target_id)
        return await self.server(guild_id)

    async def game_server(self, game_id: int | None) -> int | None:
        """The server a game is played in (``None``: none known)."""
        if game_id is None:
            return None
        try:
            return (await self._store.games.get(game_id)).guild_id
        except GameNotFound:
            return None
