"""``/settings``, ``/away`` and ``/notify``: a server's turn clock and a player's time."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import format_dt

from bot.service.clocks import (
    DEADLINE_CHOICES,
    LONGEST_REMINDER,
    MAX_REMINDERS,
    MAX_STRIKES,
    POLICY_LABELS,
    Policy,
    parse_duration,
    server_clock,
)
from bot.service.errors import Refusal

if TYPE_CHECKING:
    from bot.app import GrimoireBot
    from bot.services import Services

DEADLINE_OPTIONS = [app_commands.Choice(name=key, value=key) for key in DEADLINE_CHOICES]
POLICY_OPTIONS = [
    app_commands.Choice(name=label, value=policy.value) for policy, label in POLICY_LABELS.items()
]
ON_OFF = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]


class ClockCommands(commands.Cog):
    """Turn clocks and players' time."""

    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(
        name="settings", description="This server's turn clock for new games (Manage Server)."
    )
    @app_commands.guild_only()
    @app_commands.describe(
        deadline="Time per move in new games.",
        policy="What happens when a player lets the deadline pass.",
        strikes="Missed deadlines after which a player is removed (0: never).",
        reminders="When to remind, before the deadline, e.g. 12h 1h 15m (or none).",
    )
    @app_commands.choices(deadline=DEADLINE_OPTIONS, policy=POLICY_OPTIONS)
    async def settings(
        self,
        interaction: discord.Interaction,
        deadline: str | None = None,
        policy: str | None = None,
        strikes: app_commands.Range[int, 0, MAX_STRIKES] | None = None,
        reminders: app_commands.Range[str, 1, 60] | None = None,
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
            changes["reminders"] = _reminders(reminders)
        if changes:
            permissions = getattr(interaction.user, "guild_permissions", None)
            if not (permissions and permissions.manage_guild):
                raise Refusal("Only members who manage this server can change its settings.")
            current = await self.services.store.prefs.set_server(interaction.guild_id, changes)
            heading = "New games here now get:"
        else:
            current = await self.services.store.prefs.server(interaction.guild_id)
            heading = "New games here get:"
        text = f"{heading} {server_clock(current).describe()}."
        await interaction.response.send_message(text, ephemeral=True)

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
            text = "Welcome back: your clocks run again."
        else:
            until = player.away_until
            text = (
                "Enjoy your time away. Your move clocks are paused until "
                f"{format_dt(until, 'f')} ({format_dt(until, 'R')}); each game's table was told."
            )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(
        name="notify", description="Your DMs: your turn, reminders, the daily digest."
    )
    @app_commands.describe(
        turns="A new DM when it becomes your turn (off: your game's DM is only kept current).",
        reminders="A DM before each move deadline.",
        digest='A daily DM: "your turn in N games".',
    )
    @app_commands.choices(turns=ON_OFF, reminders=ON_OFF, digest=ON_OFF)
    async def notify(
        self,
        interaction: discord.Interaction,
        reminders: str | None = None,
        digest: str | None = None,
        turns: str | None = None,
    ) -> None:
        player = await self.services.presence.notify(
            interaction.user.id,
            reminders=None if reminders is None else reminders == "on",
            digest=None if digest is None else digest == "on",
            turns=None if turns is None else turns == "on",
        )
        text = (
            f"Your-turn DMs: **{'on' if player.turns else 'off'}** · "
            f"reminders before deadlines: **{'on' if player.reminders else 'off'}** · "
            f"daily digest: **{'on' if player.digest else 'off'}**."
        )
        await interaction.response.send_message(text, ephemeral=True)


def _reminders(text: str) -> list[int]:
    """Reminder points typed as durations (``12h 1h 15m``), or ``none``."""
    if text.strip().lower() == "none":
        return []
    points = [parse_duration(part, longest=LONGEST_REMINDER) for part in text.split()]
    if len(points) > MAX_REMINDERS:
        raise Refusal(f"At most {MAX_REMINDERS} reminders.")
    return sorted({int(p.total_seconds()) for p in points}, reverse=True)


async def setup(bot: GrimoireBot) -> None:
    """Load the cog (a discord.py extension)."""
    await bot.add_cog(ClockCommands(bot.services))
