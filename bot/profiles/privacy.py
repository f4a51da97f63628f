"""``/privacy show`` and ``/privacy erase``: what Grimoire keeps about the member asking,
counted by kind with the whole of it as a JSON file, and erasing it after a confirmation.

Erasure is the store's (:meth:`storage.Privacy.erase_member`): the member's choices,
ratings and private messages' records go, and their finished games stay, with "a former
member" in their seat. While they sit in a lobby or a running game, or have entered a
tournament that has not ended, nothing is erased and they are told what to leave first.
"""

from __future__ import annotations

import io
import json
import re
import secrets
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.common.errors import Guarded
from bot.common.refusals import Refusal
from bot.wiring.services import services_of
from bot.words.i18n import localize
from games.core.words import Msg, joined, msg, pmsg
from storage import MEMBER_KINDS, MemberData, MemberStillPlaying

if TYPE_CHECKING:
    from bot.wiring.app import GrimoireBot
    from bot.wiring.services import Services

#: How each kind of data is named to the member.
KIND_WORDS: dict[str, Msg] = {
    "preferences": pmsg("privacy kind", "notification and time choices"),
    "vacations": pmsg("privacy kind", "vacations (/away)"),
    "games": pmsg("privacy kind", "seats in games"),
    "games_hosted": pmsg("privacy kind", "games hosted"),
    "moves": pmsg("privacy kind", "moves"),
    "results": pmsg("privacy kind", "results"),
    "ratings": pmsg("privacy kind", "ratings"),
    "rating_changes": pmsg("privacy kind", "rating changes"),
    "tournaments": pmsg("privacy kind", "tournament entries"),
    "tournaments_organised": pmsg("privacy kind", "tournaments organised"),
    "private_messages": pmsg("privacy kind", "private game messages"),
    "pending_notices": pmsg("privacy kind", "reminders and DMs waiting"),
}
assert set(KIND_WORDS) == set(MEMBER_KINDS)


def data_file(data: MemberData) -> discord.File:
    """The whole of what is kept about the member, as a JSON download."""
    document = {"user_id": str(data.user_id), "counts": data.counts, "data": data.rows}
    text = json.dumps(document, indent=2, ensure_ascii=False, default=str)
    return discord.File(io.BytesIO(text.encode()), filename="grimoire-my-data.json")


def summary(data: MemberData) -> str:
    """The counts by kind, a line each, in the reader's language."""
    lines = [
        msg("- {kind}: {count}", kind=KIND_WORDS[kind], count=count)
        for kind, count in data.counts.items()
        if count
    ]
    if not lines:
        return localize(msg("Grimoire keeps nothing about you."))
    head = msg(
        "What Grimoire keeps about you (the file holds all of it). See what each is for "
        "in the privacy note, docs/privacy.md; `/privacy erase` removes it."
    )
    return localize(joined([head, *lines], "\n"))


def placeholder() -> int:
    """A new stand-in for an erased member: negative, so no Discord user has it, and
    random, so it cannot be traced back to them."""
    return -1 - secrets.randbelow(2**62)


class EraseButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:erase:(?P<user>\d+)",
):
    """**Erase my data**, under ``/privacy erase``'s question: only its member may click."""

    def __init__(self, user_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.danger,
                label=localize(pmsg("button", "Erase my data")),
                custom_id=f"grim:erase:{user_id}",
            )
        )
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> EraseButton:
        return cls(int(match["user"]))

    async def act(self, interaction: discord.Interaction) -> None:
        if interaction.user.id != self.user_id:
            raise Refusal(msg("Only the member who asked can erase their data."))
        store = services_of(interaction).store
        try:
            erased = await store.privacy.erase_member(self.user_id, placeholder=placeholder())
        except MemberStillPlaying as playing:
            raise Refusal(still_playing(playing)) from None
        said = msg(
            "Done: {count} records about you were erased. Your finished games are kept for "
            "the other players, with a former member in your seat.",
            count=erased.total,
        )
        await interaction.response.edit_message(content=localize(said), view=None)


def still_playing(playing: MemberStillPlaying) -> str:
    """Why nothing was erased: the games and tournaments to leave first."""
    parts = []
    if playing.games:
        games = ", ".join(f"#{game}" for game in playing.games)
        parts.append(
            msg(
                "You still play in games {games}: resign or leave them, or ask to be "
                "substituted (`/game sub`), first.",
                games=games,
            )
        )
    if playing.tournaments:
        tournaments = ", ".join(f"#{t}" for t in playing.tournaments)
        parts.append(
            msg(
                "You are in tournaments {tournaments} that have not ended: leave them "
                "(`/tournament drop`), or, as organiser, end or cancel them, first.",
                tournaments=tournaments,
            )
        )
    parts.append(msg("Nothing was erased."))
    return localize(joined(parts, " "))


class PrivacyCommands(commands.Cog):
    """What Grimoire keeps about a member, shown and erased."""

    privacy = app_commands.Group(
        name="privacy",
        description="What Grimoire keeps about you: see it, download it, erase it.",
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True),
    )

    def __init__(self, services: Services) -> None:
        self.services = services

    @privacy.command(name="show", description="What Grimoire keeps about you, with a download.")
    async def show(self, interaction: discord.Interaction) -> None:
        data = await self.services.store.privacy.member_data(interaction.user.id)
        await interaction.response.send_message(summary(data), file=data_file(data), ephemeral=True)

    @privacy.command(name="erase", description="Erase what Grimoire keeps about you.")
    async def erase(self, interaction: discord.Interaction) -> None:
        question = msg(
            "Erase what Grimoire keeps about you? Your choices, vacations, ratings and "
            "private messages' records go; in your finished games a former member takes "
            "your seat, and the moves stay so the others' records and replays still work. "
            "This cannot be undone."
        )
        view = discord.ui.View(timeout=None)
        view.add_item(EraseButton(interaction.user.id))
        await interaction.response.send_message(localize(question), view=view, ephemeral=True)


async def setup(bot: GrimoireBot) -> None:
    """Load the cog (a discord.py extension)."""
    await bot.add_cog(PrivacyCommands(bot.services))
