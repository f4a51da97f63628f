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
from bot.words.i18n import localize
from games.core.words import Msg, joined, msg, msg_list

#: A card's printed figures are fields while this few (Discord allows 25 fields), a line
#: beyond.
MAX_NUMBER_FIELDS = 12
#: Discord's limits on an embed's parts.
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_VALUE_LIMIT = 1024
#: What the footer says of an entry that comes from Grimoire's own data.
OWN_CARD = msg("Grimoire's own card")
#: How the rules answers point to ``/card``.
CARD_HINT = msg("Look any card up with /card")


def card_embed(entry: CardEntry) -> discord.Embed:
    """The whole of a card in the reader's language: name, game and kind, text, figures,
    where the rules say more."""
    card = entry.card
    numbers = " · ".join(f"{localize(name)} {localize(value)}" for name, value in card.numbers)
    lines = [f"*{localize(entry.where)}*", "", localize(card.text)]
    if len(card.numbers) > MAX_NUMBER_FIELDS:
        lines += ["", numbers]
    embed = discord.Embed(
        title=_cut(localize(card.name), TITLE_LIMIT),
        description=_cut("\n".join(lines).strip(), DESCRIPTION_LIMIT),
        colour=BOARD_COLOUR,
    )
    if len(card.numbers) <= MAX_NUMBER_FIELDS:
        for name, value in card.numbers:
            embed.add_field(
                name=_cut(localize(name), TITLE_LIMIT),
                value=_cut(localize(value), FIELD_VALUE_LIMIT),
                inline=True,
            )
    if card.rules:
        embed.add_field(
            name=localize(msg("More in the rules")),
            value=_cut(localize(card.rules), FIELD_VALUE_LIMIT),
            inline=False,
        )
    if card.own:
        embed.set_footer(text=localize(OWN_CARD))
    return embed


def several_text(typed: str, found: Sequence[CardEntry]) -> Msg:
    """The private answer when ``typed`` fits several cards: them, by name and game."""
    listed = joined(
        (msg("• **{name}** — {where}", name=e.card.name, where=e.where) for e in found), "\n"
    )
    return msg(
        "Several cards match “{typed}”:\n{cards}\n"
        "Pick one below, or type its full name (and `game:` when two games share it).",
        typed=_cut(typed, 100),
        cards=listed,
    )


def none_text(typed: str, close: Sequence[CardEntry]) -> Msg:
    """The private answer when ``typed`` fits no card, with names spelled nearly like it."""
    if close:
        named = msg_list(
            (msg("**{name}** ({game})", name=e.card.name, game=e.game_title) for e in close),
            style="unit",
        )
        return msg(
            "No card called “{typed}”. Did you mean {cards}? "
            "The suggestions of `/card` list every card.",
            typed=_cut(typed, 100),
            cards=named,
        )
    return msg(
        "No card called “{typed}”. The suggestions of `/card` list every card.",
        typed=_cut(typed, 100),
    )


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
            discord.SelectOption(
                label=_cut(localize(e.card.name), 100),
                value=e.value,
                description=_cut(localize(e.where), 100),
            )
            for e in found
        ]
        super().__init__(
            discord.ui.Select(
                custom_id="grim:card:pick",
                placeholder=localize(msg("Show which card?")),
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
            raise Refusal(msg("That card is no longer in its game's list."))
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
            localize(several_text(typed, result.several)), view=view, ephemeral=True
        )
        view.stop()  # the menu is answered by its dynamic item, after a restart too
    else:
        raise Refusal(none_text(typed, result.close))


def _cut(text: str, limit: int) -> str:
    """``text`` cut to Discord's ``limit`` with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
