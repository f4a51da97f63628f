"""The settings message of ``/settings``: a server's turn clock for new games, shown to the
member who asked alone, with a menu or a button for each setting and a form for what is
typed (time zone, reminder points). Everyone may look; only members who manage the server
get the controls, every change checks that again, and only the member who opened it may use
it. It keeps working after a restart: each control names the server and that member."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import timedelta
from typing import Any, ClassVar

import discord

from bot.clocks.notify_settings import chosen_values
from bot.clocks.quiet_hours import check_zone
from bot.clocks.turn_clock import (
    DEADLINE_CHOICES,
    DEFAULT_REMINDERS,
    LONGEST_REMINDER,
    MAX_REMINDERS,
    MAX_STRIKES,
    POLICY_LABELS,
    Policy,
    StrikesPolicy,
    TurnClock,
    duration_text,
    parse_duration,
    server_clock,
)
from bot.common.access import manages
from bot.common.errors import Guarded
from bot.common.refusals import Refusal
from bot.wiring.services import services_of

#: Reminder points offered in the menu, as typed (any other is typed in the form).
REMINDERS_OFFERED = ("12h 1h 15m", "12h 1h", "24h 1h", "6h 1h", "1h", "15m")
MENUS = "deadline|policy|strikes|reminders"
BUTTONS = "on_strikes|weekends|zone"
NOT_A_MANAGER = "Only members who manage this server can change its settings."


def server_reminders(text: str) -> list[int]:
    """Reminder points typed as durations (``12h 1h 15m``), or ``none``: seconds before the
    deadline, latest first."""
    if text.strip().lower() == "none":
        return []
    points = [parse_duration(part, longest=LONGEST_REMINDER) for part in text.split()]
    if len(points) > MAX_REMINDERS:
        raise Refusal(nmsg("At most {n} reminder.", "At most {n} reminders.", MAX_REMINDERS))
    return sorted({int(p.total_seconds()) for p in points}, reverse=True)


async def save_server(
    interaction: discord.Interaction, guild_id: int, changes: Mapping[str, Any]
) -> Mapping[str, Any]:
    """Merge ``changes`` into the server's defaults, for a member who manages it; the
    defaults as they now are."""
    if not await manages(interaction, guild_id):
        raise Refusal(NOT_A_MANAGER)
    return await services_of(interaction).store.prefs.set_server(guild_id, changes)


def settings_message(
    guild_id: int, owner: int, current: Mapping[str, Any], *, controls: bool
) -> tuple[str, discord.ui.View | None]:
    """The settings message's text and, for a member who manages the server
    (``controls``), its menus and buttons."""
    clock = server_clock(current)
    text = (
        f"New games here get: {clock.describe()}.\n"
        f"This server's time zone: **{clock.time_zone or 'UTC'}**."
    )
    if not controls:
        return f"{text}\n{NOT_A_MANAGER}", None
    view = discord.ui.View(timeout=None)
    view.add_item(ServerClockMenu(guild_id, owner, "deadline", _deadline_options(clock)))
    view.add_item(ServerClockMenu(guild_id, owner, "policy", _policy_options(clock)))
    view.add_item(ServerClockMenu(guild_id, owner, "strikes", _strikes_options(clock)))
    view.add_item(ServerClockMenu(guild_id, owner, "reminders", _reminder_options(clock)))
    for field in ("on_strikes", "weekends", "zone"):
        view.add_item(ServerClockButton(guild_id, owner, field, _button_label(field, clock)))
    hint = "Change anything below; `/settings` with options works too."
    return f"{text}\n{hint}", view


def _deadline_options(clock: TurnClock) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label="No deadline" if length is None else f"{duration_text(length)} per move",
            value=key,
            default=clock.deadline == length,
        )
        for key, length in DEADLINE_CHOICES.items()
    ]


def _policy_options(clock: TurnClock) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=f"At the deadline: {label}", value=policy.value, default=clock.policy is policy
        )
        for policy, label in POLICY_LABELS.items()
    ]


def _strikes_options(clock: TurnClock) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=(
                "Never removed for missed deadlines"
                if count == 0
                else f"Removed after {count} missed deadline{'s' if count > 1 else ''}"
            ),
            value=str(count),
            default=clock.strikes == count,
        )
        for count in range(MAX_STRIKES + 1)
    ]


def _reminder_options(clock: TurnClock) -> list[discord.SelectOption]:
    chosen = [int(r.total_seconds()) for r in clock.reminders]
    typed = list(REMINDERS_OFFERED)
    if chosen and chosen not in [server_reminders(t) for t in typed]:
        typed.insert(0, " ".join(duration_text(r) for r in clock.reminders))
    options = [
        discord.SelectOption(
            label=f"Reminders {', '.join(duration_text(timedelta(seconds=s)) for s in points)}"
            " before",
            value=text,
            default=points == chosen,
        )
        for text in typed
        if (points := server_reminders(text))
    ]
    options.append(discord.SelectOption(label="No reminders", value="none", default=not chosen))
    return options


def _button_label(field: str, clock: TurnClock) -> str:
    if field == "on_strikes":
        if clock.on_strikes is StrikesPolicy.AI:
            return "Offer removed players' seats to substitutes"
        return "Let the AI play removed players' seats"
    if field == "weekends":
        return "Stop weekends counting" if clock.weekends else "Let weekends count"
    return "Time zone and typed reminders…"


def _check_owner(interaction: discord.Interaction, owner: int) -> None:
    if interaction.user.id != owner:
        raise Refusal("These settings are someone else's: open your own with `/settings`.")


async def show_saved(
    interaction: discord.Interaction, guild_id: int, owner: int, current: Mapping[str, Any]
) -> None:
    """The settings message again, with the settings just saved."""
    text, view = settings_message(guild_id, owner, current, controls=True)
    assert view is not None
    await interaction.response.edit_message(content=text, view=view)


class ServerClockMenu(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"grim:clock:(?P<guild>\d+):(?P<owner>\d+):(?P<field>{MENUS})",
):
    """One menu of the settings message of ``/settings``: the deadline, what happens at it,
    the strikes before removal, or the reminder points."""

    PLACEHOLDERS: ClassVar[dict[str, str]] = {
        "deadline": "Time per move",
        "policy": "What happens at the deadline",
        "strikes": "Missed deadlines before removal",
        "reminders": "When reminders come",
    }

    def __init__(
        self,
        guild_id: int,
        owner: int,
        field: str,
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"grim:clock:{guild_id}:{owner}:{field}",
                placeholder=self.PLACEHOLDERS[field],
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.guild_id, self.owner, self.field = guild_id, owner, field

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ServerClockMenu:
        return cls(int(match["guild"]), int(match["owner"]), match["field"])

    async def act(self, interaction: discord.Interaction) -> None:
        _check_owner(interaction, self.owner)
        values = chosen_values(interaction)
        if not values:
            raise Refusal("Pick one from the menu.")
        current = await save_server(interaction, self.guild_id, self._change(values[0]))
        await show_saved(interaction, self.guild_id, self.owner, current)

    def _change(self, value: str) -> dict[str, Any]:
        """The setting picked, as stored; a value the menu never offered is refused."""
        if self.field == "deadline":
            if value not in DEADLINE_CHOICES:
                raise Refusal("Pick a deadline from the menu.")
            length = DEADLINE_CHOICES[value]
            return {"deadline": 0 if length is None else int(length.total_seconds())}
        if self.field == "policy":
            if value not in {p.value for p in Policy}:
                raise Refusal("Pick what happens at the deadline from the menu.")
            return {"policy": value}
        if self.field == "strikes":
            if not value.isdigit() or int(value) > MAX_STRIKES:
                raise Refusal("Pick a number of missed deadlines from the menu.")
            return {"strikes": int(value)}
        return {"reminders": server_reminders(value)}


class ServerClockButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"grim:clock:(?P<guild>\d+):(?P<owner>\d+):(?P<field>{BUTTONS})",
):
    """A button of the settings message of ``/settings``: switch what becomes of a removed
    player's seat, switch whether weekends count, or open the form for the time zone and
    reminders."""

    def __init__(self, guild_id: int, owner: int, field: str, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=label,
                custom_id=f"grim:clock:{guild_id}:{owner}:{field}",
            )
        )
        self.guild_id, self.owner, self.field = guild_id, owner, field

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ServerClockButton:
        return cls(int(match["guild"]), int(match["owner"]), match["field"])

    async def act(self, interaction: discord.Interaction) -> None:
        _check_owner(interaction, self.owner)
        if not await manages(interaction, self.guild_id):
            raise Refusal(NOT_A_MANAGER)
        store = services_of(interaction).store
        clock = server_clock(await store.prefs.server(self.guild_id))
        if self.field == "zone":
            await interaction.response.send_modal(settings_form(self.guild_id, self.owner, clock))
            return
        if self.field == "on_strikes":
            switched = (
                StrikesPolicy.OPEN if clock.on_strikes is StrikesPolicy.AI else StrikesPolicy.AI
            )
            change: dict[str, Any] = {"on_strikes": switched.value}
        else:
            change = {"weekends": False if clock.weekends else None}
        current = await save_server(interaction, self.guild_id, change)
        await show_saved(interaction, self.guild_id, self.owner, current)


#: The custom id of a server's form; its answer is read from the submission alone, so a
#: form opened before a restart is answered after it.
SETTINGS_FORM = re.compile(r"grim:clock:(?P<guild>\d+):(?P<owner>\d+):form")


def settings_form(guild_id: int, owner: int, clock: TurnClock) -> discord.ui.Modal:
    """The form for the typed settings of ``/settings``, filled in with the current ones."""
    form = discord.ui.Modal(
        title="This server's time", custom_id=f"grim:clock:{guild_id}:{owner}:form", timeout=None
    )
    form.add_item(
        discord.ui.TextInput(
            custom_id="zone",
            label="Time zone (where weekends begin and end)",
            placeholder="e.g. Europe/Paris",
            default=clock.time_zone or "",
            required=False,
            max_length=60,
        )
    )
    form.add_item(
        discord.ui.TextInput(
            custom_id="reminders",
            label="Reminders before the deadline (or none)",
            placeholder=" ".join(duration_text(r) for r in DEFAULT_REMINDERS),
            default=" ".join(duration_text(r) for r in clock.reminders) or "none",
            required=False,
            max_length=60,
        )
    )
    form.stop()  # nothing waits for it here: the submission is answered from its custom id
    return form


async def save_settings_form(
    interaction: discord.Interaction, match: re.Match[str], typed: dict[str, str]
) -> None:
    """Save what the form held (all of it or, when one part is wrong, none; a blank part
    is left as it is) and show the settings message."""
    guild_id, owner = int(match["guild"]), int(match["owner"])
    _check_owner(interaction, owner)
    changes: dict[str, Any] = {}
    if zone := typed.get("zone", "").strip():
        changes["time_zone"] = check_zone(zone)
    if reminders := typed.get("reminders", "").strip():
        changes["reminders"] = server_reminders(reminders)
    current = await save_server(interaction, guild_id, changes)
    await show_saved(interaction, guild_id, owner, current)
