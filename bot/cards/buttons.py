"""A card shown privately: its embed, the list to choose from when a typed name fits several
cards, and the menu under that list."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.cards.cards import CardEntry, Lookup, lookup
from bot.common.errors import Guarded
from bot.common.refusals import Refusal
from bot.common.replies import picked
from bot.drawing.embeds import BOARD_COLOUR

#: A card's printed figures are fields while this few (Discord allows 25 fields), a line
#: beyond.
MAX_NUMBER_FIELDS = 12
#: Discord's limits on an embed's parts.
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_VALUE_LIMIT = 1024
#: What the footer says of an entry that comes from Grimoire's own data.
OWN_CARD = "Grimoire's own card"
#: How the rules answers point to ``/card``.
CARD_HINT = "Look any card up with /card"


def card_embed(entry: CardEntry) -> discord.Embed:
    """The whole of a card: name, game and kind, text, figures, where the rules say more."""
    card = entry.card
    numbers = " · ".join(f"{name} {value}" for name, value in card.numbers)
    lines = [f"*{entry.where}*", "", card.text]
    if len(card.numbers) > MAX_NUMBER_FIELDS:
        lines += ["", numbers]
    embed = discord.Embed(
        title=_cut(card.name, TITLE_LIMIT),
        description=_cut("\n".join(lines).strip(), DESCRIPTION_LIMIT),
        colour=BOARD_COLOUR,
    )
    if len(card.numbers) <= MAX_NUMBER_FIELDS:
        for name, value in card.numbers:
            embed.add_field(name=_cut(name, TITLE_LIMIT), value=_cut(value, 1024), inline=True)
    if card.rules:
        embed.add_field(
            name="More in the rules", value=_cut(card.rules, FIELD_VALUE_LIMIT), inline=False
        )
    if card.own:
        embed.set_footer(text=OWN_CARD)
    return embed


def several_text(typed: str, found: Sequence[CardEntry]) -> str:
    """The private answer when ``typed`` fits several cards: them, by name and game."""
    listed = "\n".join(f"• **{e.card.name}** — {e.where}" for e in found)
    return (
        f"Several cards match “{_cut(typed, 100)}”:\n{listed}\n"
        "Pick one below, or type its full name (and `game:` when two games share it)."
    )


def none_text(typed: str, close: Sequence[CardEntry]) -> str:
    """The private answer when ``typed`` fits no card, with names spelled nearly like it."""
    text = f"No card called “{_cut(typed, 100)}”."
    if close:
        named = ", ".join(f"**{e.card.name}** ({e.game_title})" for e in close)
        text += f" Did you mean {named}?"
    return text + " The suggestions of `/card` list every card."


class CardPick(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"grim:card:pick",
):
    """The menu under a list of cards that fit a typed name: picking one shows it,
    privately. Each option's value names its card (``game:key``), so the menu needs nothing
    remembered and works after a restart."""

    def __init__(self, found: Sequence[CardEntry] = ()) -> None:
        options = [
            discord.SelectOption(label=_cut(e.card.name, 100), value=e.value, description=e.where)
            for e in found
        ]
        super().__init__(
            discord.ui.Select(
                custom_id="grim:card:pick",
                placeholder="Show which card?",
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CardPick:
        return cls()

    async def act(self, interaction: discord.Interaction) -> None:
        value = picked(interaction)
        found = lookup(value).found if value else None
        if found is None or found.value != value:
            raise Refusal("That card is no longer in its game's list.")
        await interaction.response.send_message(embed=card_embed(found), ephemeral=True)


async def answer_lookup(interaction: discord.Interaction, typed: str, result: Lookup) -> None:
    """Answer ``/card`` privately with what ``typed`` found: the card, a list to choose
    from, or a clear "no card called…"."""
    if result.found is not None:
        await interaction.response.send_message(embed=card_embed(result.found), ephemeral=True)
    elif result.several:
        view = discord.ui.View(timeout=None)
        view.add_item(CardPick(result.several))
        await interaction.response.send_message(
            several_text(typed, result.several), view=view, ephemeral=True
        )
        view.stop()  # the menu is answered by its dynamic item, after a restart too
    else:
        raise Refusal(none_text(typed, result.close))


def _cut(text: str, limit: int) -> str:
    """``text`` cut to Discord's ``limit`` with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
