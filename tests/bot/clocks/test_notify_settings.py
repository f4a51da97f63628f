"""The settings message of ``/notify`` through SimCord: opened by the command without
options, each menu saves its preference and shows it, the form saves what is typed (or, when
one part is wrong, nothing), another member's click is refused, and the message works after
a restart."""

from __future__ import annotations

from typing import Any

import simcord
from simcord.actors import _component_interaction

from tests.bot.conftest import Table
from tests.bot.driving import bot_of
from tests.bot.test_restart import restart


def control(message: Any, custom_id_end: str) -> dict[str, Any]:
    """The menu or button of a settings message whose custom id ends with ``custom_id_end``."""
    return next(
        c
        for row in message.components
        for c in row["components"]
        if c.get("custom_id", "").endswith(custom_id_end)
    )


async def forged_select(
    table: Table, member: simcord.MemberActor, message: Any, custom_id: str, values: list[str]
) -> simcord.InteractionResult:
    """``member`` choosing in another member's settings message. Discord shows that message
    to its opener alone, so SimCord refuses to click it; the interaction a forged request (or
    a client showing it anyway) would make is sent as it would arrive."""
    stored = table.env.backend.get_message(message.channel_id, message.id)
    data = {"custom_id": custom_id, "component_type": 3, "values": values}
    return await _component_interaction(member, stored, data)


def defaults(message: Any, custom_id_end: str) -> list[str]:
    """The values a settings message's menu shows as chosen."""
    return [o["value"] for o in control(message, custom_id_end)["options"] if o.get("default")]


async def opened(member: simcord.MemberActor, table: Table) -> Any:
    shown = await member.slash(table.channel, "notify")
    assert shown.ephemeral
    assert shown.response is not None
    return shown.response


async def test_the_settings_message_shows_preferences_and_a_menu_saves_one(
    table: Table,
) -> None:
    alice = table.members["alice"]
    message = await opened(alice, table)
    assert message.content.startswith("Your-turn DMs: **on** · reminders before deadlines: **on**")
    assert "quiet hours: **none**" in message.content
    assert defaults(message, ":dms") == ["turns", "reminders", "digest"]
    assert defaults(message, ":quiet") == ["off"]

    quiet = control(message, ":quiet")["custom_id"]
    changed = await alice.select(message, ["23-08"], custom_id=quiet)
    assert changed.response is not None
    assert "quiet hours: **23:00–08:00**" in changed.response.content
    assert defaults(changed.response, ":quiet") == ["23-08"]
    store = bot_of(table).services.store
    assert (await store.prefs.player(alice.id)).quiet == (23, 8)

    dms = control(changed.response, ":dms")["custom_id"]
    fewer = await alice.select(changed.response, ["turns", "heads_up"], custom_id=dms)
    assert fewer.response is not None
    assert "reminders before deadlines: **off**" in fewer.response.content
    assert "heads-up when you are next: **on**" in fewer.response.content
    player = await store.prefs.player(alice.id)
    assert (player.turns, player.reminders, player.digest, player.heads_up) == (
        True,
        False,
        False,
        True,
    )

    hour = control(fewer.response, ":digest_hour")["custom_id"]
    await alice.select(fewer.response, ["7"], custom_id=hour)
    points = control(fewer.response, ":before")["custom_id"]
    last = await alice.select(fewer.response, ["6h 1h"], custom_id=points)
    assert last.response is not None
    assert "(6h, 1h)" in last.response.content
    assert "(at 07:00)" in last.response.content
    player = await store.prefs.player(alice.id)
    assert (player.digest_hour, player.reminders_before) == (7, (6 * 3600, 3600))


async def test_the_form_saves_typed_times_or_nothing_when_one_is_wrong(table: Table) -> None:
    bob = table.members["bob"]
    message = await opened(bob, table)
    asked = await bob.click(message, label="Time zone and typed times…")
    assert asked.modal is not None
    saved = await bob.submit_modal(
        asked, {"zone": "asia/tokyo", "quiet": "22-07", "before": "12h 2h"}
    )
    store = bot_of(table).services.store
    player = await store.prefs.player(bob.id)
    assert (player.time_zone, player.quiet, player.reminders_before) == (
        "Asia/Tokyo",
        (22, 7),
        (12 * 3600, 2 * 3600),
    )
    assert saved.response is not None
    assert "Time zone: **Asia/Tokyo** · quiet hours: **22:00–07:00**" in saved.response.content
    # The typed points are offered in the menu, as chosen.
    assert defaults(saved.response, ":before") == ["12h 2h"]

    again = await bob.click(message, label="Time zone and typed times…")
    refused = await bob.submit_modal(again, {"zone": "Mars/Olympus", "quiet": "off"})
    (reason,) = refused.followups  # after the message was told an answer is coming
    assert reason.ephemeral
    assert "is not a time zone I know" in reason.content
    assert await store.prefs.player(bob.id) == player
    # The settings message still shows what is saved.
    assert refused.response is not None
    assert "Time zone: **Asia/Tokyo**" in refused.response.content


async def test_another_members_click_is_refused_privately(table: Table) -> None:
    alice, carol = table.members["alice"], table.members["carol"]
    message = await opened(alice, table)
    quiet = control(message, ":quiet")["custom_id"]
    refused = await forged_select(table, carol, message, quiet, ["23-08"])
    assert refused.ephemeral
    assert refused.response is not None
    assert refused.response.content == (
        "These settings are someone else's: open your own with `/notify`."
    )
    store = bot_of(table).services.store
    assert (await store.prefs.player(alice.id)).quiet is None
    assert (await store.prefs.player(carol.id)).quiet is None


async def test_the_settings_message_keeps_working_after_a_restart(table: Table) -> None:
    alice = table.members["alice"]
    message = await opened(alice, table)
    form = await alice.click(message, label="Time zone and typed times…")
    await restart(table)
    quiet = control(message, ":quiet")["custom_id"]
    changed = await alice.select(message, ["00-08"], custom_id=quiet)
    assert changed.response is not None
    assert "quiet hours: **00:00–08:00**" in changed.response.content
    store = bot_of(table).services.store
    assert (await store.prefs.player(alice.id)).quiet == (0, 8)
    # The form opened before the restart is answered after it.
    typed = await alice.submit_modal(form, {"zone": "Europe/Paris"})
    assert typed.response is not None
    assert "Time zone: **Europe/Paris**" in typed.response.content
    assert (await store.prefs.player(alice.id)).time_zone == "Europe/Paris"
