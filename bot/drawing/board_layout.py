"""The public board post drawn with Discord's components v2 layout (``bot.drawing.laid_out``).

An embed shows its image small; a layout's media gallery shows the board picture at full
width. A post is one container: its words (with the pings of whoever must act), the picture,
the board's texts, and the **Take your turn** and **How to play** buttons; the final post
shows every hand laid open below the picture, and **Rematch**, **New game**, **Watch again**
and **How to play**. When the game's server has its web pages on, both end with **Open in
browser**, a link to the game's page. A message laid out this way carries no ``content``
and no embeds: everything it says is in its text displays, which ping the users the
message's allowed mentions allow.

When a newer post arrives, the older one is redrawn with its words alone
(:func:`words_layout`), read back from the message (:func:`words_of`).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.cards.rules_button import HowToPlayButton
from bot.common.posts import TurnButton
from bot.drawing.laid_out import NO_WORDS, WORDS_ID, laid_out, row_of, words_of
from bot.replays.buttons import WatchAgainButton
from bot.tables.game_over_buttons import GameOverButton
from bot.tables.turn import TurnButtonItem
from bot.web import links as web_links
from bot.words.i18n import localize
from games.core.words import msg

__all__ = ["WORDS_ID", "board_layout", "words_layout", "words_of"]


def board_layout(
    words: str,
    embed: discord.Embed,
    *,
    picture: bool,
    button: TurnButton | None,
    game_key: str | None = None,
    over: int | None = None,
    reveal: str = "",
    alt_text: str | None = None,
) -> discord.ui.LayoutView:
    """A post with its board: ``words``, the picture (sent as ``board.png`` with the message,
    described by ``alt_text``) when ``picture``, the texts of the board ``embed``, the turn
    ``button`` if any and, with ``game_key``, **How to play**. The final post of game
    ``over`` shows ``reveal`` (every hand laid open, drawn) below the picture and offers
    **Rematch**, **New game** and **Watch again** (the replay at its last move)."""
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
    page = game_link(over if over is not None else button.game_id if button else None)
    if page is not None:
        buttons.append(browser_button(page))
    return laid_out(
        words,
        embed,
        picture=picture,
        alt_text=alt_text,
        below_picture=reveal,
        rows=[row_of(*buttons)] if buttons else [],
    )


def game_link(game_id: int | None) -> str | None:
    """The game's web page, when its server has pages on."""
    return None if game_id is None else web_links.game_link(game_id)


def browser_button(url: str) -> discord.ui.Button[Any]:
    """**Open in browser**: a link to a web page."""
    return discord.ui.Button(
        style=discord.ButtonStyle.link, label=localize(msg("Open in browser")), url=url
    )


def words_layout(words: str) -> discord.ui.LayoutView:
    """A post with its words alone: no picture, no board, no button."""
    view = discord.ui.LayoutView(timeout=None)
    text = words.strip() or NO_WORDS
    view.add_item(discord.ui.Container[Any](discord.ui.TextDisplay[Any](text, id=WORDS_ID)))
    return view
