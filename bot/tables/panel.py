"""A player's own panel: the moves the engine allows them now, as buttons or paged menus,
one decision after another; what a click on them does. What the panel says (its menus'
options, the line on how to pick, the cards' lines) is :mod:`bot.tables.panel_words`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, cast

import discord

import games
from bot.common.announce import private_fields, seat_users
from bot.common.errors import Guarded
from bot.common.refusals import StaleRequest
from bot.common.replies import picked, tell_with_embed
from bot.drawing.board_button import add_board_button
from bot.drawing.embeds import board_embed, lines_text
from bot.tables.choices import PAGE_SIZE, PanelChoices, page_count
from bot.tables.panel_words import (
    MOVE_ROOM,
    back_label,
    menu_option,
    panel_text,
    say,
    since_last_turn,
    steps_placeholder,
)
from bot.tables.play import MoveResult
from bot.wiring.services import services_of
from bot.words.i18n import localize
from games.core.words import msg
from storage.replay import ReplayFailed


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
                placeholder=localize(msg("Choose your move…")),
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
        value = picked(interaction)
        index = int(value) if value.isdigit() else -1
        await choose(interaction, self.game_id, self.version, index)


class WholeMoveSelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"grim:whole:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)(?::n(?P<several>\d+))?",
):
    """A page of complete moves, each picked in one go; or, with ``several``, the steps of
    which that many are picked together to make the whole move (``PickSeveral``)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        page: int,
        options: list[discord.SelectOption],
        several: int = 0,
    ) -> None:
        suffix = f":n{several}" if several else ""
        super().__init__(
            discord.ui.Select(
                custom_id=f"grim:whole:{game_id}:{version}:{page}{suffix}",
                placeholder=localize(msg("Your whole move in one pick…")),
                options=options or [discord.SelectOption(label="-", value="0")],
                min_values=several or 1,
                max_values=several or 1,
            )
        )
        self.game_id, self.version, self.page, self.several = game_id, version, page, several

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> WholeMoveSelect:
        several = int(match["several"]) if match["several"] else 0
        return cls(int(match["game"]), int(match["version"]), int(match["page"]), [], several)

    async def act(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        if self.several:
            index = await _several_move(interaction, self.game_id)
        else:
            value = picked(interaction)
            index = int(value) if value.isdigit() else -1
        try:
            result = await services.tables.choose_whole(
                self.game_id, interaction.user.id, version=self.version, index=index
            )
        except StaleRequest as stale:
            await show_panel(interaction, self.game_id, note=stale.message, edit=True)
            return
        await after_move(interaction, result, edit=True)


async def _several_move(interaction: discord.Interaction, game_id: int) -> int:
    """The whole move the steps picked together stand for, as the panel offers them now
    (-1 when they are not one of its sets: the move is then refused as stale, and a panel
    shown for an older version is refused by its version anyway)."""
    values = cast("dict[str, object]", interaction.data or {}).get("values")
    listed = values if isinstance(values, list) else []
    chosen = [int(v) for v in listed if isinstance(v, str) and v.isdigit()]
    _, panel, _ = await services_of(interaction).tables.panel(game_id, interaction.user.id)
    found = panel.several.move_for(chosen) if panel.several is not None else None
    return -1 if found is None else found


class PanelPage(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        r"grim:page:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)"
        r"(?::(?P<whole>\d+):(?P<which>[ws]))?"
    ),
):
    """Previous / next page of a long list of moves: ``page`` of the steps, ``whole`` of the
    whole moves (ids without it, from before whole moves were offered, mean its first)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        page: int,
        label: str,
        disabled: bool,
        *,
        whole: int = 0,
        turns_whole: bool = False,
    ) -> None:
        # Which menu the button turns keeps the ids of two pagers on one panel distinct.
        which = "w" if turns_whole else "s"
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=label or "page",
                disabled=disabled,
                custom_id=f"grim:page:{game_id}:{version}:{page}:{whole}:{which}",
            )
        )
        self.game_id, self.version, self.page, self.whole = game_id, version, page, whole

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PanelPage:
        whole = int(match["whole"]) if match["whole"] else 0
        return cls(
            int(match["game"]), int(match["version"]), int(match["page"]), "", False, whole=whole
        )

    async def act(self, interaction: discord.Interaction) -> None:
        game = await services_of(interaction).tables.get(self.game_id)
        stale = game.version != self.version
        await show_panel(
            interaction,
            self.game_id,
            page=0 if stale else self.page,
            whole_page=0 if stale else self.whole,
            note=msg("The game has moved on; here are your choices now.") if stale else "",
            edit=True,
        )


def panel_view(
    game_id: int,
    version: int,
    choices: PanelChoices,
    names: Sequence[str],
    *,
    page: int = 0,
    whole_page: int = 0,
) -> discord.ui.View:
    """A panel built from the engine's legal moves (see :mod:`bot.tables.choices`): the
    whole moves in a paged menu, then the next steps as buttons when few or a paged menu
    when many, and "back" as its own button."""
    view = discord.ui.View(timeout=None)
    row = 0
    if choices.several is not None:
        together = WholeMoveSelect(
            game_id,
            version,
            0,
            [menu_option(c, choices, names) for c in choices.steps],
            several=choices.several.count,
        )
        together.item.placeholder = localize(
            msg("Your whole move: pick {n} together…", n=choices.several.count)
        )
        together.item.row = row
        view.add_item(together)
        row += 1
    elif choices.whole:
        pages = page_count(len(choices.whole))
        whole_page = min(max(whole_page, 0), pages - 1)
        shown = choices.whole[whole_page * PAGE_SIZE : (whole_page + 1) * PAGE_SIZE]
        select = WholeMoveSelect(
            game_id, version, whole_page, [menu_option(c, choices, names) for c in shown]
        )
        if pages > 1:
            select.item.placeholder = localize(
                msg(
                    "Your whole move in one pick… ({page}/{pages})",
                    page=whole_page + 1,
                    pages=pages,
                )
            )
        select.item.row = row
        view.add_item(select)
        row += 1
        if pages > 1:
            _add_pager(view, game_id, version, row, page, whole_page, pages, whole=True)
            row += 1
    if choices.steps_as_buttons:
        items: list[discord.ui.Item[Any]] = [
            PanelChoice(game_id, version, c.index, say(c.label, names), back=False)
            for c in choices.steps
        ]
        if choices.back is not None:
            items.append(PanelChoice(game_id, version, choices.back, back_label(), back=True))
        for position, item in enumerate(items):
            item.row = row + position // 5
            view.add_item(item)
        return view
    pages = page_count(len(choices.steps))
    page = min(max(page, 0), pages - 1)
    shown = choices.steps[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    steps = PanelSelect(game_id, version, page, [menu_option(c, choices, names) for c in shown])
    steps.item.placeholder = localize(steps_placeholder(bool(choices.whole), page, pages))
    steps.item.row = row
    view.add_item(steps)
    row += 1
    if pages > 1:
        _add_pager(view, game_id, version, row, page, whole_page, pages, whole=False)
        row += 1
    if choices.back is not None:
        back = PanelChoice(game_id, version, choices.back, back_label(), back=True)
        back.row = row
        view.add_item(back)
    return view


def _add_pager(
    view: discord.ui.View,
    game_id: int,
    version: int,
    row: int,
    page: int,
    whole_page: int,
    pages: int,
    *,
    whole: bool,
) -> None:
    """Previous / next buttons turning the whole-move menu's pages or the steps' pages.
    Clamped, so the disabled end buttons still carry valid, distinct ids."""
    current = whole_page if whole else page
    previous = msg("◀ Previous moves") if whole else msg("◀ Previous")
    following = msg("Next moves ▶") if whole else msg("Next ▶")
    for label, target, disabled in (
        (previous, max(current - 1, 0), current == 0),
        (following, min(current + 1, pages - 1), current >= pages - 1),
    ):
        steps_page, whole_target = (page, target) if whole else (target, whole_page)
        button = PanelPage(
            game_id,
            version,
            steps_page,
            localize(label)[:80],
            disabled,
            whole=whole_target,
            turns_whole=whole,
        )
        button.row = row
        view.add_item(button)


async def show_panel(
    interaction: discord.Interaction,
    game_id: int,
    *,
    note: str = "",
    page: int = 0,
    whole_page: int = 0,
    edit: bool = False,
    lines: tuple[str, ...] = (),
) -> None:
    """Show the clicker their own panel, controls first: under ``note`` (neutral text, such
    as a refusal's reason) and the log ``lines`` of their move, what happened since their
    last move, what they are to decide, the names of what they hold, then the moves they
    may make now. Their whole board is one click away, under Board."""
    services = services_of(interaction)
    choices, panel, board = await services.tables.panel(game_id, interaction.user.id)
    game = choices.game
    names = await services.names.names(seat_users(game))
    before = [say(note, names)] if note else []
    if lines:
        before.append(lines_text(lines, names, limit=MOVE_ROOM))
    engine = games.get(game.game_key)
    own = private_fields(engine, engine.load(game.state or ""), choices.seat) if panel else ()
    try:
        history = await services.tables.views.history(game.id)
    except ReplayFailed:
        history = None  # a log that no longer replays: the panel goes without its recap
    recap = since_last_turn(history.moments, choices.seat) if history is not None else []
    heading = say(msg("{b}{game}{/b} #{id}", game=engine.title, id=game.id))
    content = panel_text(heading, panel, names, before=before, recap=recap, board=board, own=own)
    view = discord.ui.View(timeout=None)
    if panel:
        view = panel_view(game.id, game.version, panel, names, page=page, whole_page=whole_page)
    add_board_button(view, game.id)
    if edit:
        await interaction.response.edit_message(content=content, embed=None, view=view)
    elif interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, view=view)
    else:
        await interaction.response.send_message(content, ephemeral=True, view=view)
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
