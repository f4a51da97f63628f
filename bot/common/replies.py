"""Answering interactions: privately for refusals and failures, publicly with buttons."""

from __future__ import annotations

import contextlib
import logging
import secrets
from typing import cast

import discord

from bot.common.render import render
from games.core.words import msg

log = logging.getLogger("grimoire")

#: The answer to an interaction that failed on our side (a database fault, a bug).
SOMETHING_WENT_WRONG = msg(
    "Something went wrong on our side; nothing was changed. Please try again."
)


async def tell_failure(interaction: discord.Interaction, error: BaseException) -> str:
    """Log ``error`` under a new error id and tell the member, privately, that nothing was
    changed, quoting the id so the log line can be found. Returns the id."""
    error_id = secrets.token_hex(4)
    log.error(
        "Interaction failed [error %s] (user %s, %s)",
        error_id,
        interaction.user.id,
        _what(interaction),
        exc_info=error,
        extra={"error_id": error_id, "user_id": interaction.user.id},
    )
    # The member may be unreachable too (Discord down, the interaction expired): the error
    # is logged either way.
    with contextlib.suppress(discord.HTTPException, OSError, TimeoutError):
        await tell(
            interaction,
            msg(
                "Something went wrong on our side; nothing was changed. Please try again."
                " (error {error})",
                error=error_id,
            ),
        )
    return error_id


def _what(interaction: discord.Interaction) -> str:
    """What was used: a command's name or a component's custom id."""
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data = cast("dict[str, object]", interaction.data or {})
    return str(data.get("custom_id", interaction.type.name))


def picked(interaction: discord.Interaction) -> str:
    """The value picked in a select menu ("" when none came with the interaction)."""
    data = cast("dict[str, object]", interaction.data or {})
    values = data.get("values")
    return str(values[0]) if isinstance(values, list) and values else ""


async def tell(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral message to the person who interacted (neutral text rendered)."""
    message = render(message)
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


async def tell_with_embed(
    interaction: discord.Interaction, content: str, embed: discord.Embed
) -> None:
    """An ephemeral message with one embed, as a response or a follow-up."""
    if interaction.response.is_done():
        await interaction.followup.send(content, embed=embed, ephemeral=True)
    else:
        await interaction.response.send_message(content, embed=embed, ephemeral=True)


async def post_with_buttons(
    interaction: discord.Interaction, embed: discord.Embed, view: discord.ui.View | None
) -> int:
    """Answer in public with ``embed`` and its buttons; returns the new message's id. The
    buttons are dynamic items, so the view is not kept in memory once sent."""
    await interaction.response.send_message(embed=embed, view=view or discord.utils.MISSING)
    if view is not None:
        view.stop()
    return (await interaction.original_response()).id
