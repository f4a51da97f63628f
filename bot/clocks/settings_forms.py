"""The forms of the settings messages, for what is typed rather than picked: a member's time
zone, quiet hours and reminder points (``/notify``), a server's time zone and reminder points
(``/settings``), each filled in with the current values; and reminder points as they are
typed. Each form's custom id names its member (and server), so a submission is answered from
it alone, after a restart too; :mod:`bot.clocks.notify_settings` and
:mod:`bot.clocks.server_settings` save what it held and show their message again."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta

import discord

from bot.clocks.turn_clock import (
    DEFAULT_REMINDERS,
    LONGEST_REMINDER,
    MAX_REMINDERS,
    TurnClock,
    duration_text,
    parse_duration,
)
from bot.common.refusals import Refusal
from bot.words.i18n import localize
from games.core.words import msg, nmsg
from storage import Player

#: The custom id of a member's form; its answer is read from the submission alone, so a
#: form opened before a restart is answered after it.
NOTIFY_FORM = re.compile(r"grim:notify:(?P<owner>\d+):form")


def notify_form(player: Player) -> discord.ui.Modal:
    """The form for the typed preferences of ``/notify``, filled in with the current ones."""
    quiet, points = player.quiet, player.reminders_before
    form = discord.ui.Modal(
        title=localize(msg("Your time")),
        custom_id=f"grim:notify:{player.user_id}:form",
        timeout=None,
    )
    form.add_item(
        discord.ui.TextInput(
            custom_id="zone",
            label=localize(msg("Time zone")),
            placeholder=localize(msg("e.g. Europe/Paris, America/New_York")),
            default=player.time_zone or "",
            required=False,
            max_length=60,
        )
    )
    form.add_item(
        discord.ui.TextInput(
            custom_id="quiet",
            label=localize(msg("Quiet hours (e.g. 23-08, or off)")),
            default="off" if quiet is None else f"{quiet[0]:02d}-{quiet[1]:02d}",
            required=False,
            max_length=20,
        )
    )
    form.add_item(
        discord.ui.TextInput(
            custom_id="before",
            label=localize(msg("Reminders before (e.g. 12h 1h, table, none)")),
            default="table" if points is None else points_typed(points),
            required=False,
            max_length=60,
        )
    )
    form.stop()  # nothing waits for it here: the submission is answered from its custom id
    return form


def points_typed(points: Sequence[int]) -> str:
    """Reminder points as they are typed (``12h 1h``, or ``none``)."""
    return " ".join(duration_text(timedelta(seconds=s)) for s in points) or "none"


#: The custom id of a server's form; its answer is read from the submission alone, so a
#: form opened before a restart is answered after it.
SETTINGS_FORM = re.compile(r"grim:clock:(?P<guild>\d+):(?P<owner>\d+):form")


def settings_form(guild_id: int, owner: int, clock: TurnClock) -> discord.ui.Modal:
    """The form for the typed settings of ``/settings``, filled in with the current ones."""
    form = discord.ui.Modal(
        title=localize(msg("This server's time")),
        custom_id=f"grim:clock:{guild_id}:{owner}:form",
        timeout=None,
    )
    form.add_item(
        discord.ui.TextInput(
            custom_id="zone",
            label=localize(msg("Time zone (where weekends begin and end)")),
            placeholder=localize(msg("e.g. Europe/Paris")),
            default=clock.time_zone or "",
            required=False,
            max_length=60,
        )
    )
    form.add_item(
        discord.ui.TextInput(
            custom_id="reminders",
            label=localize(msg("Reminders before the deadline (or none)")),
            placeholder=" ".join(duration_text(r) for r in DEFAULT_REMINDERS),
            default=" ".join(duration_text(r) for r in clock.reminders) or "none",
            required=False,
            max_length=60,
        )
    )
    form.stop()  # nothing waits for it here: the submission is answered from its custom id
    return form


def server_reminders(text: str) -> list[int]:
    """Reminder points typed as durations (``12h 1h 15m``), or ``none``: seconds before the
    deadline, latest first."""
    if text.strip().lower() == "none":
        return []
    points = [parse_duration(part, longest=LONGEST_REMINDER) for part in text.split()]
    if len(points) > MAX_REMINDERS:
        raise Refusal(nmsg("At most {n} reminder.", "At most {n} reminders.", MAX_REMINDERS))
    return sorted({int(p.total_seconds()) for p in points}, reverse=True)
