"""What the turn panel says: each move as a menu option (its words, and under them what the
card it names does, or how to type it), the line on how to pick, and what the cards on its
buttons do. The panel itself, its buttons and menus and what a click on them does, is
:mod:`bot.tables.panel`."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.common.render import render
from bot.tables.choices import Choice, PanelChoices
from games.core.catalogue import CardText

#: The longest message content Discord takes.
CONTENT_LIMIT = 2000


def menu_option(choice: Choice, panel: PanelChoices, names: Sequence[str]) -> discord.SelectOption:
    """A move as a menu option. Under its words: what the card it names does, when it names
    one, since nothing else on the panel says it (the typed form stays one look away, in
    the panel's "Typing works too" line and ``/play``'s suggestions); else its typed form."""
    card = panel.card_of(choice)
    hint = card.brief if card is not None else f"or type /play {choice.notation}"
    return discord.SelectOption(
        label=_shown(render(choice.label, names), 100),
        value=str(choice.index),
        description=_shown(hint, 100),
    )


def _shown(text: str, limit: int) -> str:
    """``text`` cut to Discord's ``limit`` with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def card_details(cards: Sequence[CardText], room: int) -> str:
    """What the cards on a panel's buttons do, a line each ("**Name** — brief"), in at most
    ``room`` characters: the lines that fit, then how many more ``/card`` shows."""
    lines = [f"**{card.name}** — {card.brief}" for card in cards]
    for shown in range(len(lines), -1, -1):
        kept = lines[:shown]
        if shown < len(lines):
            kept.append(f"… and {len(lines) - shown} more: /card")
        text = "\n".join(kept)
        if len(text) <= room:
            return text
    return ""


def how_to_pick(panel: PanelChoices) -> str:
    """One line on using the panel, with the typed form of a move as a hint."""
    if panel.whole:
        how = "pick a whole move from the menu, or go one step at a time."
        example = panel.whole[0].notation
    elif panel.steps:
        how = "choose below." if panel.steps_as_buttons else "choose from the menu."
        example = panel.steps[0].notation
    else:
        return "step back, or choose below."
    return f"{how}\n-# Typing works too: `/play {example}`"
