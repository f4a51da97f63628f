"""The commands as Discord receives them: organiser and manager commands carry default
permissions (so an admin adjusts them under Integrations), member commands none; each says
where it works; and an unchanged set is not synced again after a restart."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord
from simcord.http import router

from tests.bot.conftest import Table, make_bot

#: The commands only organisers or managers see by default, and the permission each asks.
MANAGERS = {
    "settings": discord.Permissions(manage_guild=True).value,
    "organise": discord.Permissions(manage_events=True).value,
}
#: The commands that need a server; every other one works in the bot's DMs as well.
GUILD_ONLY = {"settings", "organise", "tournament", "leaderboard", "profile", "stats"}
GUILD, BOT_DM = 0, 1


def synced(env: simcord.Env) -> dict[str, dict[str, Any]]:
    """The global commands as Discord holds them, by name."""
    return {command["name"]: command for command in env.backend.commands[None].values()}


async def test_only_organiser_and_manager_commands_carry_default_permissions(
    table: Table,
) -> None:
    commands = synced(table.env)
    assert MANAGERS.keys() <= commands.keys()
    carrying = {
        name: int(command["default_member_permissions"])
        for name, command in commands.items()
        if command.get("default_member_permissions") is not None
    }
    assert carrying == MANAGERS
    organise = {option["name"] for option in commands["organise"]["options"]}
    assert organise == {"create", "start", "next", "drop", "cancel", "export"}
    member_side = {option["name"] for option in commands["tournament"]["options"]}
    assert member_side == {"standings", "drop", "list"}


async def test_each_command_says_where_it_works(table: Table) -> None:
    for name, command in synced(table.env).items():
        contexts = set(command["contexts"])
        if name in GUILD_ONLY:
            assert contexts == {GUILD}, name
        else:
            assert {GUILD, BOT_DM} <= contexts, name


async def test_members_do_not_see_manager_commands_until_an_admin_allows_them(
    table: Table,
) -> None:
    alice = table.members["alice"]
    with pytest.raises(simcord.SetupError, match="default-member-permissions"):
        await alice.slash(table.channel, "settings", deadline="1h")
    visible = {
        c["name"]
        for c in table.env.backend.visible_commands(user_id=alice.id, channel_id=table.channel.id)
    }
    assert "settings" not in visible
    assert "organise" not in visible
    assert {"game", "tournament", "privacy"} <= visible
    # Server Settings → Integrations: the admin lets alice have /settings; the bot still
    # checks that she manages the server.
    settings = synced(table.env)["settings"]
    table.guild.set_command_permissions(int(settings["id"]), {alice: True})
    refused = await alice.slash(table.channel, "settings", deadline="1h")
    assert refused.ephemeral
    assert "Only members who manage this server" in str(refused.response)


async def test_an_unchanged_set_of_commands_is_not_synced_again(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    puts: list[str] = []
    dispatch = router.dispatch

    def recording(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        if method == "PUT" and path.endswith("/commands"):
            puts.append(path)
        return dispatch(backend, method, path, **kwargs)

    monkeypatch.setattr(router, "dispatch", recording)
    await table.env.restart_bot(make_bot(table.db))
    assert puts == []
    result = await table.members["alice"].slash(table.channel, "game list")
    assert result.ephemeral  # the commands Discord kept still reach the new bot
