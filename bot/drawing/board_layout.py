"""The public board post drawn with Discord's components v2 layout.

An embed shows its image small; a layout's media gallery shows the board picture at full
width. A post is one container: its words (with the pings of whoever must act), the picture,
the board's texts, and the **Take your turn** and **How to play** buttons; the final post
shows every hand laid open below the picture, and **Rematch**, **New game**, **Watch again**
and **How to play**. A message laid out this way carries no ``content`` and no embeds:
everything it says is in its text displays, which ping the users the message's allowed
mentions allow.

When a newer post arrives, the older one is redrawn with its words alone
(:func:`words_layout`), read back from the message (:func:`words_of`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord

from bot.cards.rules_button import HowToPlayButton
from bot.common.posts import TurnButton
from bot.drawing.pictures import FILE_NAME
from bot.replays.buttons import WatchAgainButton
from bot.tables.game_over_buttons import GameOverButton
from bot.tables.turn import TurnButtonItem

#: The id of the text display holding a post's words, so they can be read back.
WORDS_ID = 1000
#: Discord's limits on a layout message: its text displays' total text, its components.
TEXT_LIMIT = 4000
COMPONENT_LIMIT = 40
#: Shown when a post has no words of its own (a container may not be empty).
NO_WORDS = "\u2014"


def board_layout(
    words: str,
    embed: discord.Embed,
    *,
    picture: bool,
    button: TurnButton | None,
    game_key: str | None = None,
    over: int | None = None,
    reveal: str = "",
) -> discord.ui.LayoutView:
    """A post with its board: ``words``, the picture (sent as ``board.png`` with the message)
    when ``picture``, the texts of the board ``embed``, the turn ``button`` if any and, with
    ``game_key``, **How to play**. The final post of game ``over`` shows ``reveal`` (every
    hand laid open, drawn) below the picture and offers **Rematch**, **New game** and **Watch
    again** (the replay at its last move)."""
    view = discord.ui.LayoutView(timeout=None)
    container = discord.ui.Container[Any](accent_colour=embed.colour)
    words = words.strip()
    if words:
        container.add_item(discord.ui.TextDisplay[Any](words, id=WORDS_ID))
    if picture:
        container.add_item(
            discord.ui.MediaGallery[Any](discord.MediaGalleryItem(f"attachment://{FILE_NAME}"))
        )
    budget = TEXT_LIMIT - len(words)
    reveal = reveal.strip()[: budget // 2]
    if reveal:
        container.add_item(discord.ui.TextDisplay[Any](reveal))
        budget -= len(reveal)
    buttons: list[discord.ui.Item[Any]] = []
    if button is not None:
        buttons.append(TurnButtonItem(button.game_id, button.version))
    if over is not None:
        buttons += [
            GameOverButton("rematch", over),
            GameOverButton("new", over),
            WatchAgainButton(over),
        ]
    if game_key is not None:
        buttons.append(HowToPlayButton(game_key))
    # the container, the words, the gallery, the hands, the buttons' row and the buttons
    room = COMPONENT_LIMIT - 5 - len(buttons)
    for text in _fit(list(_board_texts(embed)), budget, room):
        container.add_item(discord.ui.TextDisplay[Any](text))
    if buttons:
        row = discord.ui.ActionRow[Any]()
        for item in buttons:
            row.add_item(item)
        container.add_item(row)
    if not container.children:
        container.add_item(discord.ui.TextDisplay[Any](NO_WORDS, id=WORDS_ID))
    view.add_item(container)
    return view


def words_layout(words: str) -> discord.ui.LayoutView:
    """A post with its words alone: no picture, no board, no button."""
    view = discord.ui.LayoutView(timeout=None)
    text = words.strip() or NO_WORDS
    view.add_item(discord.ui.Container[Any](discord.ui.TextDisplay[Any](text, id=WORDS_ID)))
    return view


def words_of(message: discord.Message) -> str:
    """The words of a post laid out by :func:`board_layout` (empty when it has none)."""
    for component in _walk(message.components):
        if isinstance(component, discord.TextDisplay) and component.id == WORDS_ID:
            return component.content
    return ""


def _walk(components: Any) -> Iterator[Any]:
    for component in components:
        yield component
        yield from _walk(getattr(component, "children", []))


def _board_texts(embed: discord.Embed) -> Iterator[str]:
    """The board's texts as markdown: its title as a heading, its description, each field
    (name in bold over its value), its footer in small print."""
    if embed.title:
        yield f"### {embed.title}"
    if embed.description:
        yield embed.description
    for field in embed.fields:
        name, value = (field.name or "").strip(), (field.value or "").strip()
        if name and value:
            yield f"**{name}**\n{value}"
        elif name or value:
            yield f"**{name}**" if name else value
    if embed.footer.text:
        yield f"-# {embed.footer.text}"


def _fit(texts: list[str], budget: int, room: int) -> list[str]:
    """``texts`` within ``budget`` characters and ``room`` text displays: the last ones
    that would not get a display of their own share one, and what runs over is cut."""
    if len(texts) > room > 0:
        texts = [*texts[: room - 1], "\n\n".join(texts[room - 1 :])]
    fitted: list[str] = []
    for text in texts:
        if budget <= 1:
            break
        if len(text) > budget:
            text = text[: budget - 1] + "…"
        fitted.append(text)
        budget -= len(text)
    return fitted
