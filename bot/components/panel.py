"""A player's own panel: the moves the engine allows them now, as buttons or paged menus,
one decision after another."""

from __future__ import annotations

import re
from typing import Any, cast

import discord

import games
from bot.embeds import board_embed, lines_text
from bot.errors import Guarded
from bot.render import render
from bot.service.announce import seat_users
from bot.service.errors import StaleRequest
from bot.service.play import MoveResult
from bot.services import services_of
from games.core import BACK

#: Choices shown as buttons when there are at most this many (and they are short).
MAX_BUTTON_CHOICES = 20
#: Options per page of a select menu: Discord's limit.
PAGE_SIZE = 25


class PanelChoice(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:act:(?P<game>\d+):(?P<version>\d+):(?P<index>\d+)",
):
    """One legal move as a button in a player's panel."""

    def __init__(self, game_id: int, version: int, index: int, label: str, back: bool) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary if back else discord.ButtonStyle.primary,
                label=("◀ " + label if back else label)[:80],
                custom_id=f"grim:act:{game_id}:{version}:{index}",
            )
        )
        self.game_id, self.version, self.index = game_id, version, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PanelChoice:
        return cls(int(match["game"]), int(match["version"]), int(match["index"]), "", False)

    async def act(self, interaction: discord.Interaction) -> None:
        await choose(interaction, self.game_id, self.version, self.index)


class PanelSelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"grim:pick:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)",
):
    """A page of legal moves as a select menu, for turns with many choices."""

    def __init__(
        self, game_id: int, version: int, page: int, options: list[discord.SelectOption]
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"grim:pick:{game_id}:{version}:{page}",
                placeholder="Choose your move…",
                options=options or [discord.SelectOption(label="-", value="0")],
            )
        )
        self.game_id, self.version, self.page = game_id, version, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PanelSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]), [])

    async def act(self, interaction: discord.Interaction) -> None:
        data = cast("dict[str, Any]", interaction.data or {})
        values = data.get("values", [])
        index = int(values[0]) if values and str(values[0]).isdigit() else -1
        await choose(interaction, self.game_id, self.version, index)


class PanelPage(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:page:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)",
):
    """Previous / next page of a long list of moves."""

    def __init__(self, game_id: int, version: int, page: int, label: str, disabled: bool) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=label or "page",
                disabled=disabled,
                custom_id=f"grim:page:{game_id}:{version}:{page}",
            )
        )
        self.game_id, self.version, self.page = game_id, version, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PanelPage:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]), "", False)

    async def act(self, interaction: discord.Interaction) -> None:
        game = await services_of(interaction).tables.get(self.game_id)
        stale = game.version != self.version
        await show_panel(
            interaction,
            self.game_id,
            page=0 if stale else self.page,
            note="The game has moved on; here are your choices now." if stale else "",
            edit=True,
        )


def panel_view(
    game_id: int, version: int, notations: tuple[str, ...], page: int
) -> discord.ui.View:
    """A panel built from the engine's legal moves: buttons when few, paged menus when many;
    the engine's "back" as its own button."""
    view = discord.ui.View(timeout=None)
    indexed = [(i, n) for i, n in enumerate(notations) if n != BACK]
    back = next((i for i, n in enumerate(notations) if n == BACK), None)
    if len(indexed) <= MAX_BUTTON_CHOICES and all(len(n) <= 80 for _, n in indexed):
        for position, (index, notation) in enumerate(indexed):
            item = PanelChoice(game_id, version, index, notation, back=False)
            item.item.row = position // 5
            view.add_item(item)
        if back is not None:
            item = PanelChoice(game_id, version, back, "Back", back=True)
            item.item.row = 4
            view.add_item(item)
        return view
    pages = max(1, -(-len(indexed) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    shown = indexed[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    options = [discord.SelectOption(label=n[:100], value=str(i)) for i, n in shown]
    select = PanelSelect(game_id, version, page, options)
    select.item.placeholder = f"Choose your move… (page {page + 1} of {pages})"
    view.add_item(select)
    if pages > 1:
        # Clamped, so the disabled end buttons still carry valid, distinct ids.
        view.add_item(PanelPage(game_id, version, max(page - 1, 0), "◀ Previous", page == 0))
        last = page >= pages - 1
        view.add_item(PanelPage(game_id, version, min(page + 1, pages - 1), "Next ▶", last))
    if back is not None:
        view.add_item(PanelChoice(game_id, version, back, "Back", back=True))
    return view


async def show_panel(
    interaction: discord.Interaction,
    game_id: int,
    *,
    note: str = "",
    page: int = 0,
    edit: bool = False,
    lines: tuple[str, ...] = (),
) -> None:
    """Show the clicker their own panel: their board and the moves they may make now, under
    ``note`` (neutral text, such as a refusal's reason) and the log ``lines`` of their move."""
    services = services_of(interaction)
    choices, board = await services.tables.panel(game_id, interaction.user.id)
    game = choices.game
    names = await services.names.names(seat_users(game))
    parts = [render(note)] if note else []
    if lines:
        parts.append(lines_text(lines, names, limit=1200))
    title = games.get(game.game_key).title
    if choices.notations:
        parts.append(f"**{title}** #{game.id} · your move:")
        view: discord.ui.View | None = panel_view(game.id, game.version, choices.notations, page)
    else:
        parts.append(f"**{title}** #{game.id}: it is not your turn; you will be pinged.")
        view = None
    content = "\n".join(parts)
    embed = board_embed(board, names, private=True)
    kwargs: dict[str, Any] = {"view": view} if view is not None else {}
    if edit:
        await interaction.response.edit_message(content=content, embed=embed, view=view)
    elif interaction.response.is_done():
        await interaction.followup.send(content, embed=embed, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, embed=embed, ephemeral=True, **kwargs)
    if view is not None:
        view.stop()


async def choose(interaction: discord.Interaction, game_id: int, version: int, index: int) -> None:
    """A click on a move in a panel: apply it once, then show what comes next."""
    services = services_of(interaction)
    try:
        result = await services.tables.choose(
            game_id, interaction.user.id, version=version, index=index
        )
    except StaleRequest as stale:
        await show_panel(interaction, game_id, note=stale.message, edit=True)
        return
    await after_move(interaction, result, edit=True)


async def after_move(interaction: discord.Interaction, result: MoveResult, *, edit: bool) -> None:
    """Tell the mover what their move did; when they have another decision, show it."""
    services = services_of(interaction)
    services.outbox.kick()
    if result.still_deciding:
        note = f"✔ `{result.notation}`"
        await show_panel(interaction, result.game.id, note=note, edit=edit, lines=result.lines)
        return
    names = await services.names.names(seat_users(result.game))
    parts = [f"✔ `{result.notation}`"]
    if result.lines:
        parts.append(lines_text(result.lines, names, limit=1500))
    embed = board_embed(result.board(), names, private=True)
    content = "\n".join(parts)
    if edit:
        await interaction.response.edit_message(content=content, embed=embed, view=None)
    else:
        await tell_with_embed(interaction, content, embed)


async def tell_with_embed(
    interaction: discord.Interaction, content: str, embed: discord.Embed
) -> None:
    """An ephemeral message with one embed, as a response or a follow-up."""
    if interaction.response.is_done():
        await interaction.followup.send(content, embed=embed, ephemeral=True)
    else:
        await interaction.response.send_message(content, embed=embed, ephemeral=True)
