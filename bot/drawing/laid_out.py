"""A board in Discord's components v2 layout, the way every board with a picture is shown.

An embed shows its image at most some 400 by 300 pixels, where a board's small print can no
longer be read; a layout's media gallery shows the picture across the message's full width.
A message laid out this way is one container: its words, the picture (with its alt text), a
board's texts, and rows of buttons and menus. It carries no ``content`` and no embeds:
everything it says is in its text displays.

The public board post (``bot.drawing.board_layout``), each player's private message about a
game (``bot.delivery.table_messages``), the boards ``/hand``, ``/board`` and the **Board**
button answer with, and the replay message (``bot.replays.buttons``) are all laid out here, so
that they read alike.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import discord

from bot.drawing.pictures import FILE_NAME
from bot.words.i18n import localize

#: The id of the text display holding a message's words, so they can be read back.
WORDS_ID = 1000
#: Discord's limits on a layout message: its text displays' total text, its components.
TEXT_LIMIT = 4000
COMPONENT_LIMIT = 40
#: Shown when a message has no words of its own (a container may not be empty).
NO_WORDS = "\u2014"


def laid_out(
    words: str,
    embed: discord.Embed,
    *,
    picture: bool,
    alt_text: str | None = None,
    below_picture: str = "",
    rows: Sequence[discord.ui.ActionRow[Any]] = (),
) -> discord.ui.LayoutView:
    """One container, in the colour of the board ``embed``: ``words``, the picture (sent
    as ``board.png`` with the message, described by ``alt_text``) when ``picture``, the text
    ``below_picture`` (given up to half of the room left), the texts of ``embed``, and
    ``rows``. Texts that would go past Discord's limits share a display or are cut."""
    view = discord.ui.LayoutView(timeout=None)
    container = discord.ui.Container[Any](accent_colour=embed.colour)
    words = localize(words).strip()
    if words:
        container.add_item(discord.ui.TextDisplay[Any](words, id=WORDS_ID))
    if picture:
        described = None if alt_text is None else localize(alt_text)
        item = discord.MediaGalleryItem(f"attachment://{FILE_NAME}", description=described)
        container.add_item(discord.ui.MediaGallery[Any](item))
    budget = TEXT_LIMIT - len(words)
    below_picture = localize(below_picture).strip()[: budget // 2]
    if below_picture:
        container.add_item(discord.ui.TextDisplay[Any](below_picture))
        budget -= len(below_picture)
    # the container, the words, the gallery, the text below it, and every row with its items
    room = COMPONENT_LIMIT - 4 - sum(1 + len(row.children) for row in rows)
    for text in fit(list(board_texts(embed)), budget, room):
        container.add_item(discord.ui.TextDisplay[Any](text))
    for row in rows:
        container.add_item(row)
    if not container.children:
        container.add_item(discord.ui.TextDisplay[Any](NO_WORDS, id=WORDS_ID))
    view.add_item(container)
    return view


def pictured_layout(
    words: str,
    embed: discord.Embed,
    picture: discord.File | None,
    *,
    rows: Sequence[discord.ui.ActionRow[Any]] = (),
) -> discord.ui.LayoutView:
    """:func:`laid_out` for a board drawn with :func:`~bot.drawing.pictures.board_with_picture`:
    the picture shown (described by the file's alt text) when there is one, the board's
    texts alone otherwise. Send ``picture`` with the message."""
    return laid_out(
        words,
        embed,
        picture=picture is not None,
        alt_text=None if picture is None else picture.description,
        rows=rows,
    )


def row_of(*items: discord.ui.Item[Any]) -> discord.ui.ActionRow[Any]:
    """An action row holding ``items`` (up to five buttons, or one menu)."""
    row = discord.ui.ActionRow[Any]()
    for item in items:
        row.add_item(item)
    return row


def words_of(message: discord.Message) -> str:
    """The words of a message laid out by :func:`laid_out` (empty when it has none)."""
    for component in walk(message.components):
        if isinstance(component, discord.TextDisplay) and component.id == WORDS_ID:
            return component.content
    return ""


def walk(components: Any) -> Iterator[Any]:
    """Every component of a message, however deep it sits."""
    for component in components:
        yield component
        yield from walk(getattr(component, "children", []))


def board_texts(embed: discord.Embed) -> Iterator[str]:
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


def fit(texts: list[str], budget: int, room: int) -> list[str]:
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
