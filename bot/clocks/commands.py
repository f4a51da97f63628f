"""``/settings``, ``/away`` and ``/notify``: a server's turn clock and a player's time."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import format_dt

from bot.clocks.notify_settings import (
    DISCORD_LANGUAGE,
    check_language,
    notify_message,
    notify_text,
    reading_language,
    save_notify_form,
)
from bot.clocks.quiet_hours import check_zone, matching_zones
from bot.clocks.server_settings import (
    SERVER_DEFAULT,
    check_server_language,
    language_line,
    preferred_locale,
    save_server,
    save_settings_form,
    server_language,
    settings_message,
)
from bot.clocks.settings_forms import NOTIFY_FORM, SETTINGS_FORM, server_reminders
from bot.clocks.turn_clock import (
    DEADLINE_CHOICES,
    MAX_STRIKES,
    POLICY_LABELS,
    STRIKES_LABELS,
    Policy,
    StrikesPolicy,
    server_clock,
)
from bot.common.access import manages
from bot.common.errors import admit, answer_error
from bot.ops.metrics import interaction_handled
from bot.web.choices import web_choice
from bot.web.links import WEB_SETTING, pages_on
from bot.words.i18n import localize, reading_in
from bot.words.languages import LANGUAGES
from games.core.words import joined, msg

if TYPE_CHECKING:
    from bot.wiring.app import GrimoireBot
    from bot.wiring.services import Services

DEADLINE_OPTIONS = [app_commands.Choice(name=key, value=key) for key in DEADLINE_CHOICES]
POLICY_OPTIONS = [
    app_commands.Choice(name=label, value=policy.value) for policy, label in POLICY_LABELS.items()
]
STRIKES_OPTIONS = [
    app_commands.Choice(name=f"{policy.value}: {label}", value=policy.value)
    for policy, label in STRIKES_LABELS.items()
]
#: What saves a submitted form: the interaction, its custom id matched, its fields' values.
FormSaver = Callable[[discord.Interaction, re.Match[str], dict[str, str]], Awaitable[None]]
ON_OFF = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]
#: The languages a member may read in (``/notify language:``), or their Discord's.
MEMBER_LANGUAGES = [
    *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()),
    app_commands.Choice(name="Discord's language", value=DISCORD_LANGUAGE),
]
#: The languages of a server's posts (``/settings language:``), or its preferred locale's.
SERVER_LANGUAGES = [
    *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()),
    app_commands.Choice(name="Server default", value=SERVER_DEFAULT),
]


class ClockCommands(commands.Cog):
    """Turn clocks and players' time."""

    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(
        name="settings", description="This server's turn clock for new games (Manage Server)."
    )
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)  # the code checks it too
    @app_commands.describe(
        deadline="Time per move in new games.",
        policy="What happens when a player lets the deadline pass.",
        strikes="Missed deadlines after which a player is removed (0: never).",
        reminders="When to remind, before the deadline, e.g. 12h 1h 15m (or none).",
        on_strikes="What becomes of the seat of a player removed after missed deadlines.",
        weekends="Whether Saturdays and Sundays count toward a deadline.",
        timezone="This server's time zone, where weekends begin and end, e.g. Europe/Paris.",
        language="The language of this server's posts (default: its preferred locale's).",
        web="Read-only web pages of this server's games, tournaments and players (default off).",
    )
    @app_commands.choices(
        deadline=DEADLINE_OPTIONS,
        policy=POLICY_OPTIONS,
        on_strikes=STRIKES_OPTIONS,
        weekends=ON_OFF,
        language=SERVER_LANGUAGES,
        web=ON_OFF,
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        deadline: str | None = None,
        policy: str | None = None,
        strikes: app_commands.Range[int, 0, MAX_STRIKES] | None = None,
        reminders: app_commands.Range[str, 1, 60] | None = None,
        on_strikes: str | None = None,
        weekends: str | None = None,
        timezone: app_commands.Range[str, 1, 60] | None = None,
        language: str | None = None,
        web: str | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        changes: dict[str, object] = {}
        if deadline is not None:
            chosen = DEADLINE_CHOICES[deadline]
            changes["deadline"] = 0 if chosen is None else int(chosen.total_seconds())
        if policy is not None:
            changes["policy"] = Policy(policy).value
        if strikes is not None:
            changes["strikes"] = strikes
        if reminders is not None:
            changes["reminders"] = server_reminders(reminders)
        if on_strikes is not None:
            changes["on_strikes"] = StrikesPolicy(on_strikes).value
        if weekends is not None:
            changes["weekends"] = None if weekends == "on" else False
        if timezone is not None:
            changes["time_zone"] = check_zone(timezone)
        if language is not None:
            changes["language"] = check_server_language(language)
        if web is not None:
            changes[WEB_SETTING] = True if web == "on" else None
        guild_id = interaction.guild_id
        preferred = preferred_locale(interaction)
        if not changes:
            current = await self.services.store.prefs.server(guild_id)
            controls = await manages(interaction, guild_id)
            text, view = settings_message(
                guild_id, interaction.user.id, current, controls=controls, preferred=preferred
            )
            if view is None:
                await interaction.response.send_message(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, view=view, ephemeral=True)
            return
        current = await save_server(interaction, guild_id, changes)
        said = msg("New games here now get: {clock}.", clock=server_clock(current).describe())
        if WEB_SETTING in changes:
            on = pages_on(dict(current))
            said = joined([said, web_choice(guild_id, on, self.services.settings.web_port)])
        if "language" in changes:
            said = joined([said, language_line(current, preferred)])
            # Said in the language just chosen, as the server's posts will be.
            text = localize(said, server_language(current, preferred))
        else:
            text = localize(said)
        await interaction.response.send_message(text, ephemeral=True)

    @settings.autocomplete("timezone")
    async def server_zone_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=n) for n in matching_zones(current)]

    @app_commands.command(
        name="away", description="Go on vacation: your move clocks pause in every game."
    )
    @app_commands.describe(duration="How long, e.g. 3d, 12h or 1d12h (at most 14d); off to end.")
    async def away(
        self, interaction: discord.Interaction, duration: app_commands.Range[str, 1, 20]
    ) -> None:
        player = await self.services.presence.away(interaction.user.id, duration)
        self.services.outbox.kick()
        if player.away_until is None:
            said = msg("Welcome back: your clocks run again.")
        else:
            until = player.away_until
            said = msg(
                "Enjoy your time away. Your move clocks are paused until "
                "{until} ({left}); each game's table was told.",
                until=format_dt(until, "f"),
                left=format_dt(until, "R"),
            )
        await interaction.response.send_message(localize(said), ephemeral=True)

    @app_commands.command(
        name="notify", description="Your DMs: your turn, reminders, the daily digest, your time."
    )
    @app_commands.describe(
        turns="A new DM when it becomes your turn (off: your game's DM is only kept current).",
        reminders="A DM before each move deadline.",
        digest='A daily DM: "your turn in N games".',
        timezone="Your time zone, e.g. Europe/Paris: quiet hours and the digest hour are in it.",
        quiet="Hours without reminder or digest DMs, local, e.g. 23-08; off to end them.",
        digest_hour="The local hour of the daily digest (0-23).",
        before="Your own reminder points, e.g. 12h 1h; table for each game's; none.",
        heads_up="A DM when the player before you starts their turn.",
        language="The language Grimoire writes to you in (default: your Discord's).",
        web_name="Your name on the server's web pages (off: they say “a player”).",
    )
    @app_commands.rename(heads_up="next")
    @app_commands.choices(
        turns=ON_OFF,
        reminders=ON_OFF,
        digest=ON_OFF,
        heads_up=ON_OFF,
        language=MEMBER_LANGUAGES,
        web_name=ON_OFF,
    )
    async def notify(
        self,
        interaction: discord.Interaction,
        reminders: str | None = None,
        digest: str | None = None,
        turns: str | None = None,
        timezone: app_commands.Range[str, 1, 60] | None = None,
        quiet: app_commands.Range[str, 1, 20] | None = None,
        digest_hour: app_commands.Range[int, 0, 23] | None = None,
        before: app_commands.Range[str, 1, 60] | None = None,
        heads_up: str | None = None,
        language: str | None = None,
        web_name: str | None = None,
    ) -> None:
        presence = self.services.presence
        typed = (reminders, digest, turns, timezone, quiet, digest_hour, before, heads_up, web_name)
        if all(option is None for option in typed) and language is None:
            text, view = notify_message(await self.services.store.prefs.player(interaction.user.id))
            await interaction.response.send_message(text, view=view, ephemeral=True)
            return
        # A language Grimoire does not speak is refused before anything changes.
        chosen = None if language is None else check_language(language)
        # Saving a member's time plans their reminders again, game by game under each
        # game's lock: that may take longer than Discord waits for a first answer.
        await interaction.response.defer(ephemeral=True, thinking=True)
        # The time choices are checked first, so a bad one changes nothing at all.
        player = await presence.set_time(
            interaction.user.id,
            time_zone=timezone,
            quiet=quiet,
            digest_hour=digest_hour,
            before=before,
            heads_up=None if heads_up is None else heads_up == "on",
        )
        if reminders is not None or digest is not None or turns is not None:
            player = await presence.notify(
                interaction.user.id,
                reminders=None if reminders is None else reminders == "on",
                digest=None if digest is None else digest == "on",
                turns=None if turns is None else turns == "on",
            )
        if web_name is not None:
            player = await self.services.store.prefs.set_choices(
                interaction.user.id, {"web_name": None if web_name == "on" else False}
            )
        if language is not None:
            player = await presence.set_language(interaction.user.id, chosen)
            # Said in the language just chosen.
            with reading_in(await reading_language(interaction, player)):
                text = localize(notify_text(player))
        else:
            text = localize(notify_text(player))
        self.services.timers.kick()
        await interaction.followup.send(text, ephemeral=True)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer the form of a settings message. Forms are read from their submission
        alone, not kept in memory, so one opened before a restart is answered after it; a
        refusal or a failure is answered privately, as for every button."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        custom_id = str(cast("dict[str, Any]", interaction.data or {}).get("custom_id", ""))
        for pattern, save in FORMS:
            if (match := pattern.fullmatch(custom_id)) is None:
                continue
            if not await admit(interaction):
                return
            try:
                await save(interaction, match, form_values(interaction))
            except Exception as error:
                await answer_error(interaction, error)
            else:
                interaction_handled(interaction, "ok")
            return

    @notify.autocomplete("timezone")
    async def timezone_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=n) for n in matching_zones(current)]


#: The forms of the settings messages: their custom ids, and what saves each.
FORMS: tuple[tuple[re.Pattern[str], FormSaver], ...] = (
    (NOTIFY_FORM, save_notify_form),
    (SETTINGS_FORM, save_settings_form),
)


def form_values(interaction: discord.Interaction) -> dict[str, str]:
    """What each text field of a submitted form held, by its custom id (fields laid out in
    rows or under labels alike)."""
    data = cast("dict[str, Any]", interaction.data or {})
    values: dict[str, str] = {}
    for outer in data.get("components", []):
        inner = outer.get("components") or [outer.get("component") or {}]
        for field in inner:
            if "custom_id" in field and isinstance(field.get("value"), str):
                values[field["custom_id"]] = field["value"]
    return values


async def setup(bot: GrimoireBot) -> None:
    """Load the cog (a discord.py extension)."""
    await bot.add_cog(ClockCommands(bot.services))
