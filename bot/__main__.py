"""``python -m bot``: start Grimoire."""

from __future__ import annotations

import asyncio
import logging
import sys

import games
from bot.settings import Settings
from storage import OPEN_STATUSES, StorageError, open_store

log = logging.getLogger("grimoire")


async def open_database(url: str) -> bool:
    """Open (creating or migrating) the game database; log why not when it cannot be used."""
    try:
        async with await open_store(url) as store:
            # Counted by id: reading every open game's state only to count them slows start-up.
            waiting = len(await store.games.ids(OPEN_STATUSES))
            log.info("Database %s ready: %d games to resume.", store.path, waiting)
    except StorageError as error:
        log.error("%s", error)
        return False
    return True


def main() -> int:
    """Read the settings, prepare the database, connect to Discord; returns the exit status:
    1 without a token, 2 when the database cannot be used."""
    settings = Settings()
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    titles = ", ".join(engine.title for engine in games.ENGINES.values())
    log.info("Grimoire engines ready: %s", titles)
    if not asyncio.run(open_database(settings.database_url)):
        return 2
    if settings.discord_token is None or not settings.discord_token.get_secret_value():
        log.error(
            "DISCORD_TOKEN is not set: put the bot's token in .env (see docs/discord-setup.md)."
        )
        return 1
    from bot.app import create_bot

    bot = create_bot(settings)
    log.info("Connecting to Discord.")
    bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
