"""``python -m bot``: start Grimoire, on Discord with a token, in the playground without one."""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

import games
from bot import installed_version
from bot.ops.logs import configure_logging
from bot.wiring.settings import Settings, secrets_of, settings_problems
from storage import OPEN_STATUSES, StorageError, open_store

log = logging.getLogger("grimoire")

#: What the playground needs beyond the bot itself; ``make run`` installs it.
PLAYGROUND_EXTRA = "pip install -e '.[playground]'"
#: The modules SimCord's preview runs on (``simcord[preview]``).
PREVIEW_MODULES = ("simcord", "aiohttp", "markdown_it", "linkify_it", "regex", "PIL")


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


def parse_arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line: the playground's options (ignored on Discord)."""
    from bot.playground.options import (
        DEFAULT_DB,
        DEFAULT_MEMBERS,
        DEFAULT_PORT,
        MAX_MEMBERS,
        MIN_MEMBERS,
    )
    from bot.words.languages import LANGUAGES

    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Run Grimoire: on Discord when DISCORD_TOKEN is set, otherwise in the "
        "playground, a simulated Discord served as a page on 127.0.0.1.",
    )
    parser.add_argument("--version", action="version", version=f"Grimoire {installed_version()}")
    parser.add_argument(
        "--playground",
        action="store_true",
        help="run the playground even when DISCORD_TOKEN is set",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"the playground page's port on 127.0.0.1 (default {DEFAULT_PORT}; 0: any free)",
    )
    parser.add_argument(
        "--members",
        type=int,
        default=DEFAULT_MEMBERS,
        help=f"members of the playground's server, {MIN_MEMBERS} to {MAX_MEMBERS} "
        f"(default {DEFAULT_MEMBERS})",
    )
    parser.add_argument(
        "--db",
        type=Path,
        default=DEFAULT_DB,
        help=f"the playground's SQLite file (default {DEFAULT_DB})",
    )
    parser.add_argument(
        "--language",
        choices=sorted(LANGUAGES),
        default=None,
        help="the language the playground's server and members read (default: English)",
    )
    arguments = parser.parse_args(argv)
    if not MIN_MEMBERS <= arguments.members <= MAX_MEMBERS:
        parser.error(f"--members must be from {MIN_MEMBERS} to {MAX_MEMBERS}")
    if not 0 <= arguments.port <= 65535:
        parser.error("--port must be from 0 to 65535")
    return arguments


def main(argv: Sequence[str] | None = None) -> int:
    """Read the settings and the command line, then run on Discord (with a token) or in the
    playground (without one). Returns the exit status: 1 when the chosen mode cannot start,
    2 when the database cannot be used, 3 when the playground's port is taken, 4 when a
    setting is not valid."""
    arguments = parse_arguments(argv)
    _quiet_voice()
    try:
        settings = Settings()
    except ValidationError as error:
        logging.basicConfig(format="%(levelname)s %(name)s: %(message)s")
        for problem in settings_problems(error):
            log.error("Setting not valid: %s", problem)
        return 4
    token = settings.discord_token.get_secret_value() if settings.discord_token else ""
    configure_logging(settings.log_level, settings.log_format, secrets_of(settings))
    if arguments.playground or not token:
        return _playground(settings, arguments, token_set=bool(token))
    return _discord(settings, token)


def _discord(settings: Settings, token: str) -> int:
    log.info("Grimoire %s starting on Discord (DISCORD_TOKEN is set).", installed_version())
    _log_engines()
    if not asyncio.run(open_database(settings.database_url)):
        return 2
    from bot.wiring.app import create_bot

    bot = create_bot(settings)
    log.info("Connecting to Discord%s.", _shards_text(settings))
    bot.run(token, log_handler=None)
    return 0


def _playground(settings: Settings, arguments: argparse.Namespace, *, token_set: bool) -> int:
    reason = "--playground" if token_set else "no DISCORD_TOKEN"
    logging.getLogger("discord.state").addFilter(_NotGrimoires())
    log.info("Grimoire starting in the playground (%s): a simulated Discord on 127.0.0.1.", reason)
    if settings.sharded:
        # The playground is one process on its own database: there is nothing to share.
        log.info("The playground runs unsharded: SHARD_COUNT and SHARD_IDS are ignored.")
        settings = settings.model_copy(update={"shard_count": None, "shard_ids": None})
    _log_engines()
    from bot.playground.options import PlaygroundOptions

    missing = [name for name in PREVIEW_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        log.error(
            "The playground needs SimCord's preview (missing: %s): install it with %s, or set "
            "DISCORD_TOKEN in .env to connect to Discord (see docs/discord-setup.md).",
            ", ".join(missing),
            PLAYGROUND_EXTRA,
        )
        return 1
    from bot.playground.runner import run_playground

    options = PlaygroundOptions(
        port=arguments.port, members=arguments.members, db=arguments.db, language=arguments.language
    )
    if not asyncio.run(open_database(options.database_url)):
        return 2
    return asyncio.run(run_playground(settings, options))


def _quiet_voice() -> None:
    """Grimoire never joins a voice channel: discord.py need not warn that the libraries
    voice would need (PyNaCl, davey) are missing."""
    import discord

    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


class _NotGrimoires(logging.Filter):
    """Drops, in the playground, the warning of the simulator's own probe client, which
    connects without the guilds intent: it is not the bot's."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("Guilds intent seems to be disabled")


def _shards_text(settings: Settings) -> str:
    """How this process connects, for the log: nothing when unsharded."""
    if settings.shard_count is None:
        return ""
    if settings.shard_ids is None:
        return f" as all {settings.shard_count} shards"
    ids = ", ".join(str(shard_id) for shard_id in settings.shard_ids)
    return f" as shards {ids} of {settings.shard_count}"


def _log_engines() -> None:
    titles = ", ".join(engine.title for engine in games.ENGINES.values())
    log.info("Grimoire engines ready: %s", titles)


if __name__ == "__main__":
    sys.exit(main())
