"""The slash commands, synced with Discord only when they changed.

Discord keeps a bot's commands between its runs, and syncing them costs requests out of a
small daily budget of command updates; so at start-up the payload discord.py would send
(every command, its translations, options, permissions and contexts) is hashed and compared
with the hash kept in the store from the last sync to the same place (the development
server, or everywhere). When they match and Discord still lists the same commands, nothing
is sent. Every command that sets no contexts of its own works in servers and in the bot's
DMs, and says so (Discord's default would also offer it where the bot cannot answer).
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from storage import Store

log = logging.getLogger("grimoire")

#: Where a command that sets none of its own may be used: servers and the bot's DMs.
DEFAULT_CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True)
#: Installed to servers only (the commands that also install to users say so themselves).
DEFAULT_INSTALLS = app_commands.AppInstallationType(guild=True)


def set_default_contexts(tree: app_commands.CommandTree[Any]) -> None:
    """Give every top-level command without contexts of its own :data:`DEFAULT_CONTEXTS`
    (servers alone for one marked guild-only), and the installation to servers."""
    for command in tree.get_commands():
        if isinstance(command, app_commands.ContextMenu):
            continue
        if command.allowed_contexts is None:
            guild_only = app_commands.AppCommandContext(guild=True)
            command.allowed_contexts = guild_only if command.guild_only else DEFAULT_CONTEXTS
        if command.allowed_installs is None:
            command.allowed_installs = DEFAULT_INSTALLS


async def command_payload(
    tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None
) -> list[dict[str, Any]]:
    """What :meth:`~discord.app_commands.CommandTree.sync` sends for ``guild`` (``None``:
    the global commands), translations included."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, translator) for command in commands]


def payload_digest(payload: list[dict[str, Any]]) -> str:
    """A hash of a payload that does not depend on the order of keys."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


async def sync_if_changed(
    tree: app_commands.CommandTree[Any], store: Store, guild: discord.abc.Snowflake | None
) -> bool:
    """Sync the commands for ``guild`` (``None``: globally) unless the same payload was the
    last synced there and Discord still lists those commands. Whether it synced."""
    payload = await command_payload(tree, guild)
    digest = payload_digest(payload)
    application = tree.client.application_id
    key = f"commands:{application}:{guild.id if guild is not None else 'global'}"
    if await store.prefs.bot_value(key) == digest:
        listed = await tree.fetch_commands(guild=guild)
        if sorted(c.name for c in listed) == sorted(str(p["name"]) for p in payload):
            log.info("Slash commands unchanged since the last sync: %d, not synced.", len(listed))
            return False
    synced = await tree.sync(guild=guild)
    await store.prefs.set_bot_value(key, digest)
    log.info("Synced %d slash commands.", len(synced))
    return True
