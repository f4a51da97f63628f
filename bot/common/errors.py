"""The one place where refusals, floods and failures become private answers.

Commands reach it through the command tree (``GrimoireTree.interaction_check`` and
``on_error``), buttons and menus through :class:`Guarded`, so no command or component wraps
its own work: it raises a :class:`~bot.common.refusals.Refusal` to refuse, and anything else
it raises is answered with "Something went wrong…" and an error id.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.common.access import authorize_item
from bot.common.refusals import Refusal
from bot.common.replies import tell, tell_failure
from bot.ops.logs import bind
from bot.ops.metrics import interaction_handled
from bot.wiring.services import services_of
from bot.words.i18n import set_reading
from games.core import render_seats


async def admit(interaction: discord.Interaction) -> bool:
    """Whether to handle an interaction: a member who floods the bot is asked, privately, to
    slow down. Remembers the member's name on the way (the freshest source of it)."""
    services = services_of(interaction)
    bind(guild_id=interaction.guild_id, user_id=interaction.user.id)  # this task's log lines
    services.names.remember(interaction.user)
    await read_in_language(interaction)
    if interaction.type is discord.InteractionType.autocomplete:
        return True  # suggestions cost little and cannot be answered with a message
    wait = services.throttle.wait_for(interaction.user.id)
    if wait:
        interaction_handled(interaction, "throttled")
        await tell(interaction, services.throttle.message(wait))
        return False
    return True


async def read_in_language(interaction: discord.Interaction) -> None:
    """Say the rest of this interaction's handling in its member's language (and what the
    channel reads in its server's), remembering the member's client language for the DMs
    sent them later."""
    readers = services_of(interaction).readers
    guild = interaction.guild
    preferred = None if guild is None else str(guild.preferred_locale)
    server = await readers.server(interaction.guild_id, preferred)
    locale = str(interaction.locale)
    member = await readers.member(interaction.user.id, client_locale=locale, server_language=server)
    set_reading(member, server)
    await readers.remember_client_locale(interaction.user.id, locale)


async def answer_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer what went wrong: a refusal with its reason, anything else with
    "Something went wrong…" and an error id that the log line carries too."""
    refused = isinstance(error, Refusal)
    interaction_handled(interaction, "refused" if refused else "failed")
    if isinstance(error, Refusal):
        said = error.message
        if error.seats:  # an engine's reason names seats: say who they are
            said = render_seats(said, await services_of(interaction).names.names(error.seats))
        await tell(interaction, said)
    else:
        await tell_failure(interaction, error)


class Guarded:
    """Mixed into every button and menu (before ``DynamicItem``): the flood check, and the
    answer to what the item's :meth:`act` raises. discord.py only logs what a dynamic item's
    callback raises, so without this a failing click would go unanswered."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Let the interaction through unless the member floods the bot."""
        return await admit(interaction)

    async def callback(self, interaction: discord.Interaction[Any]) -> Any:
        """Run :meth:`act`; a refusal or a failure is answered privately."""
        try:
            await authorize_item(interaction, self)  # a game of another server: "no such game"
            await self.act(interaction)
        except Exception as error:
            await answer_error(interaction, error)
        else:
            interaction_handled(interaction, "ok")

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        """What the click or the choice does."""
        raise NotImplementedError
