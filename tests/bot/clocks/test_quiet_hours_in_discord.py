"""Players' own time through SimCord: a time zone, quiet hours that hold reminders and
digests back (to the window's end, or before it when the deadline falls inside), their own
reminder points, the digest at a local hour, and the heads-up when they are next."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import discord
import simcord

from storage import TimerKind
from tests.bot.conftest import Table
from tests.bot.driving import bot_of, member_at, start_game, stored
from tests.bot.test_async_play import answer, dm_texts

HOUR = 3600
TOKYO = ZoneInfo("Asia/Tokyo")


def reminders_of(member: simcord.MemberActor) -> list[str]:
    return [t for t in dm_texts(member) if "is due" in t]


def now() -> datetime:
    """SimCord's clock, which ``advance_time`` moves."""
    return discord.utils.utcnow()


def seconds_until(at: datetime) -> float:
    return (at - now()).total_seconds()


def quiet_around(at: datetime, hours: int) -> tuple[str, datetime, datetime]:
    """Quiet hours in Tokyo from the local hour ``at`` falls in, ``hours`` long: as typed, and
    the window's start and end in UTC."""
    local = at.astimezone(TOKYO).replace(minute=0, second=0, microsecond=0)
    start, end = local.astimezone(UTC), (local + timedelta(hours=hours)).astimezone(UTC)
    return f"{local.hour:02d}-{(local.hour + hours) % 24:02d}", start, end


async def test_a_reminder_due_in_quiet_hours_arrives_when_they_end(table: Table) -> None:
    start = now()
    typed, quiet_from, quiet_until = quiet_around(start + timedelta(hours=12), 3)
    for name in ("alice", "bob"):
        chosen = await table.members[name].slash(
            table.channel, "notify", timezone="Asia/Tokyo", quiet=typed
        )
        assert "Time zone: **Asia/Tokyo** · quiet hours: **" in await answer(chosen)
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="24h")
    game = await stored(table, game_id)
    slow = member_at(table, game, min(game.to_act))
    assert game.started_at is not None
    twelve_before = game.started_at + timedelta(hours=12)
    assert quiet_from <= twelve_before < quiet_until

    await table.env.advance_time(seconds_until(quiet_until) - 60)
    assert reminders_of(slow) == []  # the 12h reminder fell in the quiet hours
    await table.env.advance_time(120)
    assert len(reminders_of(slow)) == 1  # …and came as they ended
    # The reminders an hour and 15 minutes before are outside them and come as usual.
    deadline = game.started_at + timedelta(hours=24)
    await table.env.advance_time(seconds_until(deadline) - 60)
    assert len(reminders_of(slow)) == 3


async def test_a_reminder_whose_deadline_falls_in_quiet_hours_comes_before_them(
    table: Table,
) -> None:
    start = now()
    typed, quiet_from, quiet_until = quiet_around(start + timedelta(hours=11), 4)
    for name in ("alice", "bob"):
        await table.members[name].slash(table.channel, "notify", timezone="asia/tokyo", quiet=typed)
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="12h")
    game = await stored(table, game_id)
    slow = member_at(table, game, min(game.to_act))
    assert game.started_at is not None
    deadline = game.started_at + timedelta(hours=12)
    assert quiet_from <= deadline < quiet_until

    await table.env.advance_time(seconds_until(quiet_from) - 6 * 60)
    assert reminders_of(slow) == []
    await table.env.advance_time(2 * 60)
    # The reminders an hour and 15 minutes before both fell inside: one comes before.
    assert len(reminders_of(slow)) == 1
    await table.env.advance_time(seconds_until(deadline) - 60)
    assert len(reminders_of(slow)) == 1
    assert (await stored(table, game_id)).version == 0  # the deadline has not passed yet


async def test_own_reminder_points_replace_the_tables(table: Table) -> None:
    for name in ("alice", "bob"):
        chosen = await table.members[name].slash(table.channel, "notify", before="3h")
        assert "(3h)" in await answer(chosen)
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="12h")
    pending = await bot_of(table).services.store.timers.pending(game_id)
    game = await stored(table, game_id)
    assert game.started_at is not None
    reminders = [t.due_at for t in pending if t.kind is TimerKind.REMINDER]
    assert reminders == [game.started_at + timedelta(hours=9)]
    slow = member_at(table, game, min(game.to_act))
    await table.env.advance_time(9 * HOUR + 60)
    assert len(reminders_of(slow)) == 1


async def test_the_digest_comes_at_the_local_hour_chosen(table: Table) -> None:
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="none")
    game = await stored(table, game_id)
    waiting = member_at(table, game, min(game.to_act))
    chosen = await waiting.slash(table.channel, "notify", timezone="Asia/Tokyo", digest_hour=7)
    assert "daily digest: **on** (at 07:00)" in await answer(chosen)
    local = now().astimezone(TOKYO)
    seven = local.replace(hour=7, minute=0, second=0, microsecond=0)
    if seven <= local:
        seven += timedelta(days=1)
    await table.env.advance_time(seconds_until(seven.astimezone(UTC)) - 60)
    assert not [t for t in dm_texts(waiting) if t.startswith("Your turn in 1 game")]
    await table.env.advance_time(120)
    assert len([t for t in dm_texts(waiting) if t.startswith("Your turn in 1 game")]) == 1
    await table.env.advance_time(24 * HOUR)
    assert len([t for t in dm_texts(waiting) if t.startswith("Your turn in 1 game")]) == 2


async def test_bad_time_choices_are_refused_and_change_nothing(table: Table) -> None:
    alice = table.members["alice"]
    offered = await alice.autocomplete(table.channel, "notify", "timezone", "europe/par")
    assert [c["value"] for c in offered] == ["Europe/Paris"]
    wrong = await alice.slash(table.channel, "notify", timezone="Mars/Olympus", digest="off")
    assert "is not a time zone I know" in await answer(wrong)
    late = await alice.slash(table.channel, "notify", quiet="23-25")
    assert await answer(late) == "Hours run from 0 to 23."
    player = await bot_of(table).services.store.prefs.player(alice.id)
    assert (player.time_zone, player.quiet, player.digest) == (None, None, True)


async def test_the_next_player_gets_a_heads_up_when_the_one_before_starts(table: Table) -> None:
    names = ["alice", "bob", "carol"]
    for name in names:
        await table.members[name].slash(table.channel, "notify", next="on")
    _, game_id = await start_game(table, "mandragora", names, deadline="none")
    game = await stored(table, game_id)
    first = min(game.to_act)
    second, third = (first + 1) % 3, (first + 2) % 3
    after_first = member_at(table, game, second)
    heads_up = [t for t in dm_texts(after_first) if t.startswith("🔔")]
    assert len(heads_up) == 1, dm_texts(after_first)
    assert f"<@{member_at(table, game, first).id}>" in heads_up[0]
    # Nobody else is told: the third player is not next.
    assert not [t for t in dm_texts(member_at(table, game, third)) if t.startswith("🔔")]
