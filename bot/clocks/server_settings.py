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
from bot.clocks.settings_forms import server_reminders, settings_form
from bot.clocks.turn_clock import (
    DEADLINE_CHOICES,
    MAX_STRIKES,
    POLICY_LABELS,
    Policy,
    StrikesPolicy,
    TurnClock,
    duration_text,
    server_clock,
)
from bot.common.access import manages
from bot.common.errors import Guarded
from bot.common.refusals import Refusal
from bot.wiring.services import services_of
from bot.words.i18n import localize, reading_in
from bot.words.languages import LANGUAGES, public_language
from games.core.words import Msg, joined, msg, msg_list, nmsg

#: Reminder points offered in the menu, as typed (any other is typed in the form).
REMINDERS_OFFERED = ("12h 1h 15m", "12h 1h", "24h 1h", "6h 1h", "1h", "15m")
MENUS = "deadline|policy|strikes|reminders|language"
BUTTONS = "on_strikes|weekends|zone|languages"
NOT_A_MANAGER = msg("Only members who manage this server can change its settings.")
#: The value of the language menu that forgets the server's choice: its preferred locale's.
SERVER_DEFAULT = "default"


async def save_server(
    interaction: discord.Interaction, guild_id: int, changes: Mapping[str, Any]
) -> Mapping[str, Any]:
    """Merge ``changes`` into the server's defaults, for a member who manages it; the
    defaults as they now are."""
    if not await manages(interaction, guild_id):
        raise Refusal(NOT_A_MANAGER)
    return await services_of(interaction).store.prefs.set_server(guild_id, changes)


def server_language(current: Mapping[str, Any], preferred: str | None) -> str:
    """The language of the server's public posts: its managers' choice, else its preferred
    locale's."""
    chosen = current.get("language")
    return public_language(chosen if isinstance(chosen, str) else None, preferred)


def preferred_locale(interaction: discord.Interaction) -> str | None:
    """The preferred locale of the interaction's server (``None`` outside one)."""
    guild = interaction.guild
    return None if guild is None else str(guild.preferred_locale)


def check_server_language(value: str) -> str | None:
    """A server's language as picked or typed (``fr``), ``None`` for its preferred locale's;
    anything else is refused with what there is."""
    wanted = value.strip().lower()
    if wanted == SERVER_DEFAULT:
        return None
    if wanted not in LANGUAGES:
        raise Refusal(
            msg(
                "Grimoire speaks {languages}; or `{default}` for the server's preferred locale.",
                languages=msg_list([f"{name} (`{code}`)" for code, name in LANGUAGES.items()]),
                default=SERVER_DEFAULT,
            )
        )
    return wanted


def language_line(current: Mapping[str, Any], preferred: str | None) -> Msg:
    """Which language the server's posts are in, and why."""
    name = LANGUAGES[server_language(current, preferred)]
    if isinstance(current.get("language"), str):
        return msg("Language of the server's posts: **{language}**.", language=name)
    return msg(
        "Language of the server's posts: **{language}** (its preferred locale).", language=name
    )


def settings_text(current: Mapping[str, Any], preferred: str | None = None) -> Msg:
    """What the server chose: its clock for new games, its time zone and its language."""
    clock = server_clock(current)
    return joined(
        [
            msg("New games here get: {clock}.", clock=clock.describe()),
            msg("This server's time zone: **{zone}**.", zone=clock.time_zone or "UTC"),
            language_line(current, preferred),
        ]
    )


def settings_message(
    guild_id: int,
    owner: int,
    current: Mapping[str, Any],
    *,
    controls: bool,
    preferred: str | None = None,
    languages: bool = False,
) -> tuple[str, discord.ui.View | None]:
    """The settings message's text and, for a member who manages the server
    (``controls``), its menus and buttons (``languages``: the language menu instead),
    said in the current reader's language."""
    text = settings_text(current, preferred)
    if not controls:
        return localize(joined([text, NOT_A_MANAGER])), None
    clock = server_clock(current)
    view = discord.ui.View(timeout=None)
    if languages:
        chosen = current.get("language")
        options = _language_options(chosen if isinstance(chosen, str) else None, preferred)
        view.add_item(ServerClockMenu(guild_id, owner, "language", options))
        hint = msg("Pick the language of this server's posts (lobbies, games, tournaments).")
        return localize(joined([text, hint])), view
    view.add_item(ServerClockMenu(guild_id, owner, "deadline", _deadline_options(clock)))
    view.add_item(ServerClockMenu(guild_id, owner, "policy", _policy_options(clock)))
    view.add_item(ServerClockMenu(guild_id, owner, "strikes", _strikes_options(clock)))
    view.add_item(ServerClockMenu(guild_id, owner, "reminders", _reminder_options(clock)))
    for field in ("on_strikes", "weekends", "zone", "languages"):
        view.add_item(ServerClockButton(guild_id, owner, field, _button_label(field, clock)))
    hint = msg("Change anything below; `/settings` with options works too.")
    return localize(joined([text, hint])), view


def _language_options(chosen: str | None, preferred: str | None) -> list[discord.SelectOption]:
    own = LANGUAGES[public_language(None, preferred)]
    return [
        discord.SelectOption(
            label=localize(msg("Server default ({language})", language=own)),
            value=SERVER_DEFAULT,
            default=chosen is None,
        )
    ] + [
        discord.SelectOption(label=name, value=code, default=chosen == code)
        for code, name in LANGUAGES.items()
    ]


def _deadline_options(clock: TurnClock) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=localize(
                msg("No deadline")
                if length is None
                else msg("{length} per move", length=duration_text(length))
            ),
            value=key,
            default=clock.deadline == length,
        )
        for key, length in DEADLINE_CHOICES.items()
    ]


def _policy_options(clock: TurnClock) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=localize(msg("At the deadline: {policy}", policy=label)),
            value=policy.value,
            default=clock.policy is policy,
        )
        for policy, label in POLICY_LABELS.items()
    ]


def _strikes_options(clock: TurnClock) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=localize(
                msg("Never removed for missed deadlines")
                if count == 0
                else nmsg(
                    "Removed after {n} missed deadline", "Removed after {n} missed deadlines", count
                )
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
            label=localize(
                msg(
                    "Reminders {points} before",
                    points=", ".join(duration_text(timedelta(seconds=s)) for s in points),
                )
            ),
            value=text,
            default=points == chosen,
        )
        for text in typed
        if (points := server_reminders(text))
    ]
    options.append(
        discord.SelectOption(label=localize(msg("No reminders")), value="none", default=not chosen)
    )
    return options


def _button_label(field: str, clock: TurnClock) -> str:
    return localize(_button_words(field, clock))


def _button_words(field: str, clock: TurnClock) -> Msg:
    if field == "on_strikes":
        if clock.on_strikes is StrikesPolicy.AI:
            return msg("Offer removed players' seats to substitutes")
        return msg("Let the AI play removed players' seats")
    if field == "weekends":
        return msg("Stop weekends counting") if clock.weekends else msg("Let weekends count")
    if field == "languages":
        return msg("Language…")
    return msg("Time zone and typed reminders…")


def _check_owner(interaction: discord.Interaction, owner: int) -> None:
    if interaction.user.id != owner:
        raise Refusal(msg("These settings are someone else's: open your own with `/settings`."))


async def show_saved(
    interaction: discord.Interaction,
    guild_id: int,
    owner: int,
    current: Mapping[str, Any],
    *,
    languages: bool = False,
) -> None:
    """The settings message again, with the settings just saved (``languages``: showing the
    language menu)."""
    text, view = settings_message(
        guild_id,
        owner,
        current,
        controls=True,
        preferred=preferred_locale(interaction),
        languages=languages,
    )
    assert view is not None
    await interaction.response.edit_message(content=text, view=view)


class ServerClockMenu(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"grim:clock:(?P<guild>\d+):(?P<owner>\d+):(?P<field>{MENUS})",
):
    """One menu of the settings message of ``/settings``: the deadline, what happens at it,
    the strikes before removal, or the reminder points."""

    PLACEHOLDERS: ClassVar[dict[str, Msg]] = {
        "deadline": msg("Time per move"),
        "policy": msg("What happens at the deadline"),
        "strikes": msg("Missed deadlines before removal"),
        "reminders": msg("When reminders come"),
        "language": msg("Language of the server's posts"),
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
                placeholder=localize(self.PLACEHOLDERS[field]),
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
            raise Refusal(msg("Pick one from the menu."))
        current = await save_server(interaction, self.guild_id, self._change(values[0]))
        if self.field == "language":
            # Said in the language just chosen, as its posts will be.
            with reading_in(server_language(current, preferred_locale(interaction))):
                await show_saved(interaction, self.guild_id, self.owner, current)
            return
        await show_saved(interaction, self.guild_id, self.owner, current)

    def _change(self, value: str) -> dict[str, Any]:
        """The setting picked, as stored; a value the menu never offered is refused."""
        if self.field == "deadline":
            if value not in DEADLINE_CHOICES:
                raise Refusal(msg("Pick a deadline from the menu."))
            length = DEADLINE_CHOICES[value]
            return {"deadline": 0 if length is None else int(length.total_seconds())}
        if self.field == "policy":
            if value not in {p.value for p in Policy}:
                raise Refusal(msg("Pick what happens at the deadline from the menu."))
            return {"policy": value}
        if self.field == "strikes":
            if not value.isdigit() or int(value) > MAX_STRIKES:
                raise Refusal(msg("Pick a number of missed deadlines from the menu."))
            return {"strikes": int(value)}
        if self.field == "language":
            return {"language": check_server_language(value)}
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
        if self.field == "languages":
            current = await store.prefs.server(self.guild_id)
            await show_saved(interaction, self.guild_id, self.owner, current, languages=True)
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
