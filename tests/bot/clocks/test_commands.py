"""``/settings``, ``/notify`` and the clock options of ``/game new`` through SimCord."""

from __future__ import annotations

from datetime import timedelta

import discord
import pytest
import simcord

from bot.clocks.turn_clock import Policy
from bot.lobby.table_settings import TableSettings
from storage import TimerKind
from tests.bot.conftest import Table, open_to_everyone
from tests.bot.driving import bot_of, open_lobby, post_words, replies, start_game, stored


@pytest.fixture(autouse=True)
def _integrations(table: Table) -> None:
    """The server's admin lets every member have the organiser and manager commands
    (Integrations), so these tests reach the bot's own checks."""
    open_to_everyone(table.env, table.guild)


def manager(table: Table) -> simcord.MemberActor:
    role = table.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user("admin"), roles=[role])


def only_answer(result: simcord.InteractionResult) -> str:
    assert result.ephemeral, result
    (text,) = replies(result)
    return text


async def test_a_server_manager_sets_the_default_clock_of_new_games(table: Table) -> None:
    admin = manager(table)
    shown = await table.members["alice"].slash(table.channel, "settings")
    assert only_answer(shown).startswith("New games here get: 24h per move; at the deadline:")

    refused = await table.members["alice"].slash(table.channel, "settings", deadline="1h")
    assert only_answer(refused) == "Only members who manage this server can change its settings."
    assert await bot_of(table).services.store.prefs.server(table.guild.id) == {}

    changed = await admin.slash(
        table.channel, "settings", deadline="72h", policy="wait", strikes=0, reminders="6h 1h"
    )
    assert only_answer(changed) == (
        "New games here now get: 72h per move; at the deadline: only tell the table, and wait; "
        "never removed; reminders 6h, 1h before."
    )
    bad = await admin.slash(table.channel, "settings", reminders="tomorrow")
    assert "Write a duration" in only_answer(bad)

    _, game_id = await open_lobby(table, "bob", "mandragora")
    clock = TableSettings.of(await stored(table, game_id)).clock
    assert clock.deadline is not None
    assert (clock.deadline.total_seconds(), clock.policy, clock.strikes) == (
        72 * 3600,
        Policy.WAIT,
        0,
    )
    _, own = await open_lobby(table, "carol", "mandragora", deadline="none")
    assert TableSettings.of(await stored(table, own)).clock.deadline is None


async def test_players_turn_their_notifications_on_and_off(table: Table) -> None:
    alice = table.members["alice"]
    shown = await alice.slash(table.channel, "notify")
    assert only_answer(shown) == (
        "Your-turn DMs: **on** · reminders before deadlines: **on** (each game's) · "
        "daily digest: **on** (a day apart) · heads-up when you are next: **off**.\n"
        "Time zone: **UTC** · quiet hours: **none**.\n"
        "Language: **your Discord's**.\n"
        "Name on web pages: **shown**.\n"
        "Change anything below; `/notify` with options works too."
    )
    off = await alice.slash(table.channel, "notify", reminders="off")
    assert only_answer(off).startswith(
        "Your-turn DMs: **on** · reminders before deadlines: **off** (each game's) · "
        "daily digest: **on**"
    )
    player = await bot_of(table).services.store.prefs.player(alice.id)
    assert (player.reminders, player.digest, player.turns) == (False, True, True)


async def test_your_turn_dms_follow_notify_and_the_private_message_stays_current(
    table: Table,
) -> None:
    alice, bob = table.members["alice"], table.members["bob"]
    quiet = await bob.slash(table.channel, "notify", turns="off")
    assert only_answer(quiet).startswith("Your-turn DMs: **off**")
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    dealt = bob.user.dm_channel.history()
    assert len(dealt) == 1  # the deal always comes
    await alice.slash(thread, "play", move="move 1")  # now it is bob's turn
    after = bob.user.dm_channel.history()
    assert len(after) == 1, [post_words(m) for m in after]  # no new DM…
    # …its one DM is kept current instead, and says so.
    assert post_words(after[0]).startswith("Your turn in **Mandragora**")
    assert f"<@{bob.id}>" in post_words(thread.history()[-1])  # the thread still pings him
    # Alice, who kept them on, is told when her turn comes back.
    await bob.slash(thread, "play", move="move 1")
    assert post_words(alice.user.dm_channel.history()[-1]).startswith("Your turn in **Mandragora**")
    assert (await stored(table, game_id)).version == 2


@pytest.mark.slow
async def test_with_weekends_off_saturday_and_sunday_do_not_count(table: Table) -> None:
    admin = manager(table)
    bad = await admin.slash(table.channel, "settings", timezone="Atlantis/Capital")
    assert "is not a time zone I know" in only_answer(bad)
    assert await bot_of(table).services.store.prefs.server(table.guild.id) == {}
    chosen = await admin.slash(table.channel, "settings", weekends="off", timezone="UTC")
    assert only_answer(chosen).endswith("; weekends (UTC) do not count.")

    now = discord.utils.utcnow()
    friday = (now + timedelta(days=(4 - now.weekday()) % 7 or 7)).replace(
        hour=12, minute=0, second=0, microsecond=0
    )
    await table.env.advance_time((friday - now).total_seconds())
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="24h")
    pending = await bot_of(table).services.store.timers.pending(game_id)
    (deadline,) = [t.due_at for t in pending if t.kind is TimerKind.DEADLINE]
    started = (await stored(table, game_id)).started_at
    assert started is not None
    monday = friday + timedelta(days=3)
    # Friday's twelve hours, then Monday's twelve: the weekend does not count.
    assert deadline == started + timedelta(days=3)
    assert abs((deadline - monday).total_seconds()) < 60

    await table.env.advance_time(timedelta(days=1, hours=1).total_seconds())  # Saturday
    assert (await stored(table, game_id)).version == 0
    await table.env.advance_time(timedelta(days=2).total_seconds())  # Monday afternoon
    assert (await stored(table, game_id)).version >= 1
