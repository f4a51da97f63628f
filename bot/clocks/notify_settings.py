"""The settings message of ``/notify``: a member's preferences (their DMs and their time),
shown to them alone with a menu for each and a form for what is typed (time zone, quiet
hours, reminder points), so a phone never needs the command's options. Every menu and button
names the member who opened it: anyone else is refused, and it keeps working after a
restart."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta
from typing import Any, ClassVar, cast

import discord

from bot.clocks.quiet_hours import own_reminders, quiet_text
from bot.clocks.settings_forms import notify_form, points_typed
from bot.clocks.turn_clock import duration_text
from bot.common.errors import Guarded
from bot.common.refusals import Refusal
from bot.web.choices import web_name_line
from bot.wiring.services import services_of
from bot.words.i18n import localize, reading_in
from bot.words.languages import LANGUAGES, private_language, public_language
from games.core.words import Msg, joined, msg, msg_list, pmsg
from storage import Player

#: The DMs a member turns on or off in one menu: its value, and how the message names it.
DMS = {
    "turns": msg("Your-turn DMs"),
    "reminders": msg("Reminders before deadlines"),
    "digest": msg("Daily digest"),
    "heads_up": msg("Heads-up when you are next"),
}
#: Quiet hours offered in the menu (any other is typed in the form).
QUIET_OFFERED = ((22, 6), (22, 7), (22, 8), (23, 7), (23, 8), (0, 8), (0, 9), (1, 9))
#: Reminder points offered in the menu, as typed (any other is typed in the form).
BEFORE_OFFERED = ("12h 1h", "24h 1h", "12h 1h 15m", "6h 1h", "3h", "1h")
#: The digest hour meaning "a day after my first game started".
DAY_APART = -1
NOTIFY_FIELDS = "dms|quiet|digest_hour|before"
#: The value of the language buttons that forgets a member's choice: their Discord's again.
DISCORD_LANGUAGE = "discord"


def notify_text(player: Player) -> Msg:
    """What a player has chosen, in three lines."""
    digest_at = (
        msg("a day apart")
        if player.digest_hour is None
        else msg("at {hour}", hour=hour_text(player.digest_hour))
    )
    return joined(
        [
            msg(
                "Your-turn DMs: **{turns}** · reminders before deadlines: **{reminders}** "
                "({points}) · daily digest: **{digest}** ({digest_at}) · "
                "heads-up when you are next: **{heads_up}**.",
                turns=on_off(player.turns),
                reminders=on_off(player.reminders),
                points=points_text(player.reminders_before),
                digest=on_off(player.digest),
                digest_at=digest_at,
                heads_up=on_off(player.heads_up),
            ),
            msg(
                "Time zone: **{zone}** · quiet hours: **{quiet}**.",
                zone=player.time_zone or "UTC",
                quiet=quiet_text(player.quiet),
            ),
            language_line(player),
            web_name_line(player.web_name),
        ]
    )


def hour_text(hour: int) -> str:
    """An hour of the day as the settings write it (``07:00``)."""
    return f"{hour:02d}:00"


def language_line(player: Player) -> Msg:
    """The language a member chose, or that they read their Discord's."""
    if player.language is not None and player.language in LANGUAGES:
        return msg("Language: **{language}**.", language=LANGUAGES[player.language])
    return msg("Language: **your Discord's**.")


def check_language(value: str) -> str | None:
    """A member's language as picked or typed (``fr``), ``None`` for their Discord's;
    anything else is refused with what there is."""
    wanted = value.strip().lower()
    if wanted == DISCORD_LANGUAGE:
        return None
    if wanted not in LANGUAGES:
        raise Refusal(
            msg(
                "Grimoire speaks {languages}; or `{discord}` for your Discord's language.",
                languages=msg_list([f"{name} (`{code}`)" for code, name in LANGUAGES.items()]),
                discord=DISCORD_LANGUAGE,
            )
        )
    return wanted


async def reading_language(interaction: discord.Interaction, player: Player) -> str:
    """The language ``player`` reads their private answers in: their choice, else their
    Discord's, else their server's."""
    server: str | None = None
    if interaction.guild is not None:
        chosen = (await services_of(interaction).store.prefs.server(interaction.guild.id)).get(
            "language"
        )
        server = public_language(
            chosen if isinstance(chosen, str) else None, str(interaction.guild.preferred_locale)
        )
    return private_language(player.language, str(interaction.locale), server)


def on_off(value: bool) -> Msg:
    """``on`` or ``off``, as the settings message and the options say it."""
    return pmsg("setting", "on") if value else pmsg("setting", "off")


def points_text(points: Sequence[int] | None) -> str:
    """A player's own reminder points as people write them (``12h, 1h``)."""
    if points is None:
        return msg("each game's")
    return ", ".join(duration_text(timedelta(seconds=s)) for s in points) or pmsg(
        "reminders", "none"
    )


def notify_message(player: Player) -> tuple[str, discord.ui.View]:
    """The settings message's text and its menus, for ``player`` alone."""
    owner = player.user_id
    view = discord.ui.View(timeout=None)
    view.add_item(NotifyMenu(owner, "dms", _dm_options(player), most=len(DMS)))
    view.add_item(NotifyMenu(owner, "quiet", _quiet_options(player)))
    view.add_item(NotifyMenu(owner, "digest_hour", _digest_options(player)))
    view.add_item(NotifyMenu(owner, "before", _before_options(player)))
    view.add_item(NotifyTimesButton(owner))
    chosen = player.language if player.language in LANGUAGES else DISCORD_LANGUAGE
    for value in (*LANGUAGES, DISCORD_LANGUAGE):
        view.add_item(NotifyLanguageButton(owner, value, chosen=value == chosen))
    hint = msg("Change anything below; `/notify` with options works too.")
    return localize(joined([notify_text(player), hint])), view


def _dm_options(player: Player) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(label=localize(label), value=name, default=bool(getattr(player, name)))
        for name, label in DMS.items()
    ]


def _quiet_options(player: Player) -> list[discord.SelectOption]:
    offered = list(QUIET_OFFERED)
    if player.quiet is not None and player.quiet not in offered:
        offered.insert(0, player.quiet)
    return [
        discord.SelectOption(
            label=localize(msg("No quiet hours")), value="off", default=player.quiet is None
        )
    ] + [
        discord.SelectOption(
            label=localize(msg("Quiet hours {hours}", hours=quiet_text(hours))),
            value=f"{hours[0]:02d}-{hours[1]:02d}",
            default=player.quiet == hours,
        )
        for hours in offered
    ]


def _digest_options(player: Player) -> list[discord.SelectOption]:
    day_apart = discord.SelectOption(
        label=localize(msg("Digest a day after my first game started")),
        value=str(DAY_APART),
        default=player.digest_hour is None,
    )
    return [day_apart] + [
        discord.SelectOption(
            label=localize(msg("Digest at {hour} (my time)", hour=hour_text(hour))),
            value=str(hour),
            default=player.digest_hour == hour,
        )
        for hour in range(24)
    ]


def _before_options(player: Player) -> list[discord.SelectOption]:
    chosen = None if player.reminders_before is None else list(player.reminders_before)
    typed = [*BEFORE_OFFERED]
    if chosen and chosen not in [own_reminders(t) for t in typed]:
        typed.insert(0, points_typed(chosen))
    options = [
        discord.SelectOption(
            label=localize(msg("Reminders: each game's own")),
            value="table",
            default=chosen is None,
        ),
        discord.SelectOption(
            label=localize(msg("No reminders")), value="none", default=chosen == []
        ),
    ]
    for text in typed:
        points = own_reminders(text)
        options.append(
            discord.SelectOption(
                label=localize(msg("Reminders {points} before", points=points_text(points))),
                value=text,
                default=bool(chosen) and chosen == points,
            )
        )
    return options


def _check_owner(interaction: discord.Interaction, owner: int) -> None:
    if interaction.user.id != owner:
        raise Refusal(msg("These settings are someone else's: open your own with `/notify`."))


def chosen_values(interaction: discord.Interaction) -> list[str]:
    """Every value picked in a select menu."""
    data = cast("dict[str, object]", interaction.data or {})
    values = data.get("values")
    return [str(v) for v in values] if isinstance(values, list) else []


async def show_saved(interaction: discord.Interaction, player: Player) -> None:
    """The settings message again, with the values just saved."""
    services_of(interaction).timers.kick()  # reminders planned again may be due sooner
    with reading_in(await reading_language(interaction, player)):
        text, view = notify_message(player)
    if interaction.response.is_done():
        await interaction.edit_original_response(content=text, view=view)
    else:
        await interaction.response.edit_message(content=text, view=view)


async def take_time(interaction: discord.Interaction) -> None:
    """Tell Discord the answer comes a little later: saving a member's time plans their
    reminders again game by game, each under its game's lock, which may take longer than
    Discord waits for a first answer."""
    await interaction.response.defer()


class NotifyMenu(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"grim:notify:(?P<owner>\d+):(?P<field>{NOTIFY_FIELDS})",
):
    """One menu of the settings message of ``/notify``: the DMs on, quiet hours, the digest's
    hour, or the reminder points."""

    PLACEHOLDERS: ClassVar[dict[str, Msg]] = {
        "dms": msg("The DMs you get"),
        "quiet": pmsg("menu", "Quiet hours"),
        "digest_hour": msg("When the daily digest comes"),
        "before": msg("When reminders come"),
    }

    def __init__(
        self,
        owner: int,
        field: str,
        options: list[discord.SelectOption] | None = None,
        *,
        most: int = 1,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"grim:notify:{owner}:{field}",
                placeholder=localize(self.PLACEHOLDERS[field]),
                options=options or [discord.SelectOption(label="-", value="-")],
                min_values=0 if most > 1 else 1,
                max_values=most,
            )
        )
        self.owner, self.field = owner, field

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> NotifyMenu:
        return cls(int(match["owner"]), match["field"])

    async def act(self, interaction: discord.Interaction) -> None:
        _check_owner(interaction, self.owner)
        await take_time(interaction)
        presence = services_of(interaction).presence
        values = chosen_values(interaction)
        if self.field == "dms":
            picked = set(values) & set(DMS)
            await presence.set_time(self.owner, heads_up="heads_up" in picked)
            player = await presence.notify(
                self.owner,
                reminders="reminders" in picked,
                digest="digest" in picked,
                turns="turns" in picked,
            )
        elif not values:
            raise Refusal(msg("Pick one from the menu."))
        elif self.field == "quiet":
            player = await presence.set_time(self.owner, quiet=values[0])
        elif self.field == "before":
            player = await presence.set_time(self.owner, before=values[0])
        else:
            hour = int(values[0]) if values[0].lstrip("-").isdigit() else None
            if hour is None or not DAY_APART <= hour <= 23:
                raise Refusal(msg("Pick an hour from the menu."))
            player = await presence.set_time(self.owner, digest_hour=hour)
        await show_saved(interaction, player)


class NotifyTimesButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:notify:(?P<owner>\d+):times",
):
    """Opens the form for what is typed: time zone, quiet hours, reminder points."""

    def __init__(self, owner: int) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=localize(msg("Time zone and typed times…")),
                custom_id=f"grim:notify:{owner}:times",
            )
        )
        self.owner = owner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> NotifyTimesButton:
        return cls(int(match["owner"]))

    async def act(self, interaction: discord.Interaction) -> None:
        _check_owner(interaction, self.owner)
        player = await services_of(interaction).store.prefs.player(self.owner)
        await interaction.response.send_modal(notify_form(player))


class NotifyLanguageButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:notify:(?P<owner>\d+):lang:(?P<language>[a-z]+)",
):
    """Reads the settings, answers and DMs in a language (or the member's Discord's again);
    the one chosen now is highlighted."""

    def __init__(self, owner: int, language: str, *, chosen: bool = False) -> None:
        label = (
            localize(msg("Discord's language"))
            if language == DISCORD_LANGUAGE
            else LANGUAGES.get(language, language)
        )
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.primary if chosen else discord.ButtonStyle.secondary,
                label=label,
                custom_id=f"grim:notify:{owner}:lang:{language}",
            )
        )
        self.owner, self.language = owner, language

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> NotifyLanguageButton:
        return cls(int(match["owner"]), match["language"])

    async def act(self, interaction: discord.Interaction) -> None:
        _check_owner(interaction, self.owner)
        chosen = check_language(self.language)
        player = await services_of(interaction).presence.set_language(self.owner, chosen)
        await show_saved(interaction, player)  # said in the language just chosen


async def save_notify_form(
    interaction: discord.Interaction, match: re.Match[str], typed: dict[str, str]
) -> None:
    """Save what the form held (all of it or, when one part is wrong, none; a blank part
    is left as it is) and show the settings message."""
    owner = int(match["owner"])
    _check_owner(interaction, owner)
    await take_time(interaction)
    player = await services_of(interaction).presence.set_time(
        owner,
        time_zone=typed.get("zone", "").strip() or None,
        quiet=typed.get("quiet", "").strip() or None,
        before=typed.get("before", "").strip() or None,
    )
    await show_saved(interaction, player)
