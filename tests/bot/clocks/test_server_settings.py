"""The settings message of ``/settings`` through SimCord: a server manager changes the turn
clock of new games with its menus, buttons and form and sees the new values; a member who
does not manage the server sees the settings without controls; another member's click is
refused; the message works after a restart."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from tests.bot.clocks.test_commands import manager
from tests.bot.clocks.test_notify_settings import control, defaults, forged_select
from tests.bot.conftest import Table, open_to_everyone
from tests.bot.driving import bot_of
from tests.bot.test_restart import restart


@pytest.fixture(autouse=True)
def _integrations(table: Table) -> None:
    """The server's admin lets every member have the organiser and manager commands
    (Integrations), so these tests reach the bot's own checks."""
    open_to_everyone(table.env, table.guild)


async def opened(member: simcord.MemberActor, table: Table) -> Any:
    shown = await member.slash(table.channel, "settings")
    assert shown.ephemeral
    assert shown.response is not None
    return shown.response


async def test_a_manager_changes_the_clock_with_the_settings_message(table: Table) -> None:
    admin = manager(table)
    message = await opened(admin, table)
    assert message.content.startswith("New games here get: 24h per move; at the deadline:")
    assert defaults(message, ":deadline") == ["24h"]
    assert defaults(message, ":strikes") == ["3"]
    assert defaults(message, ":reminders") == ["12h 1h 15m"]

    deadline = control(message, ":deadline")["custom_id"]
    changed = await admin.select(message, ["72h"], custom_id=deadline)
    assert changed.response is not None
    assert changed.response.content.startswith("New games here get: 72h per move;")
    assert defaults(changed.response, ":deadline") == ["72h"]
    store = bot_of(table).services.store
    assert (await store.prefs.server(table.guild.id))["deadline"] == 72 * 3600

    strikes = control(changed.response, ":strikes")["custom_id"]
    await admin.select(changed.response, ["0"], custom_id=strikes)
    policy = control(changed.response, ":policy")["custom_id"]
    waits = await admin.select(changed.response, ["wait"], custom_id=policy)
    assert waits.response is not None
    assert "only tell the table, and wait; never removed" in waits.response.content

    weekends = await admin.click(waits.response, label="Stop weekends counting")
    assert weekends.response is not None
    assert "weekends (UTC) do not count" in weekends.response.content
    assert control(weekends.response, ":weekends")["label"] == "Let weekends count"

    asked = await admin.click(weekends.response, label="Time zone and typed reminders…")
    assert asked.modal is not None
    typed = await admin.submit_modal(asked, {"zone": "europe/paris", "reminders": "6h 30m"})
    assert typed.response is not None
    assert "reminders 6h, 30m before; weekends (Europe/Paris) do not count" in (
        typed.response.content
    )
    assert "This server's time zone: **Europe/Paris**" in typed.response.content
    assert defaults(typed.response, ":reminders") == ["6h 30m"]
    stored = await store.prefs.server(table.guild.id)
    assert stored == {
        "deadline": 72 * 3600,
        "strikes": 0,
        "policy": "wait",
        "weekends": False,
        "time_zone": "Europe/Paris",
        "reminders": [6 * 3600, 30 * 60],
    }


async def test_a_member_who_does_not_manage_the_server_sees_no_controls(table: Table) -> None:
    message = await opened(table.members["alice"], table)
    assert message.components == []
    assert message.content.endswith("Only members who manage this server can change its settings.")


async def test_another_members_click_is_refused_privately(table: Table) -> None:
    admin = manager(table)
    message = await opened(admin, table)
    deadline = control(message, ":deadline")["custom_id"]
    refused = await forged_select(table, table.members["bob"], message, deadline, ["1h"])
    assert refused.ephemeral
    assert refused.response is not None
    assert refused.response.content == (
        "These settings are someone else's: open your own with `/settings`."
    )
    assert await bot_of(table).services.store.prefs.server(table.guild.id) == {}


async def test_the_settings_message_keeps_working_after_a_restart(table: Table) -> None:
    admin = manager(table)
    message = await opened(admin, table)
    await restart(table)
    changed = await admin.click(message, label="Offer removed players' seats to substitutes")
    assert changed.response is not None
    assert "(their seat is offered to a substitute)" in changed.response.content
    stored = await bot_of(table).services.store.prefs.server(table.guild.id)
    assert stored == {"on_strikes": "open"}
