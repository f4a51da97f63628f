"""The replay message: a game's positions, one at a time, privately.

Laid out as the public board is (``bot.drawing.laid_out``): which move and what it did, the
picture large, the board's texts, then the controls. **⏮ First**, **◀ Back**, **Next ▶**
and **Last ⏭** step through the moves, a menu goes to any move (paged: a game may have a
thousand), another switches the viewpoint. Every item is a ``DynamicItem`` whose custom id
carries the game, the move and the viewpoint, so a replay keeps working after a restart; what
the member may see is checked again on every click (``bot.replays.replays``), whatever the
id says.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.common.announce import seat_users
from bot.common.errors import Guarded
from bot.common.render import render
from bot.common.replies import picked
from bot.drawing.laid_out import laid_out, row_of
from bot.drawing.pictures import board_with_picture, with_file
from bot.replays.replays import (
    EVERYTHING,
    PUBLIC,
    Frame,
    allowed_viewpoints,
    is_over,
    viewpoint_seat,
)
from bot.wiring.services import services_of
from bot.words.i18n import localize, localized_board
from games.core import seat_ref
from games.core.words import Msg, joined, msg, pmsg

#: Moves listed on one page of the "go to move" menu (two more entries turn the page).
PAGE = 23
_VIEWPOINT = r"(?P<view>p|a|s\d)"


class ReplayStep(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:rp:(?P<nav>first|prev|next|last):(?P<game>\d+):(?P<move>\d+):" + _VIEWPOINT,
):
    """First, Back, Next, Last: the move this button goes to is in its custom id."""

    #: Each button's words, its arrow on the side it goes to.
    LABELS: ClassVar[dict[str, Msg]] = {
        "first": pmsg("replay button", "⏮ First"),
        "prev": pmsg("replay button", "◀ Back"),
        "next": pmsg("replay button", "Next ▶"),
        "last": pmsg("replay button", "Last ⏭"),
    }

    def __init__(
        self, nav: str, game_id: int, move: int, viewpoint: str, *, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=localize(self.LABELS[nav]),
                custom_id=f"grim:rp:{nav}:{game_id}:{move}:{viewpoint}",
                disabled=disabled,
            )
        )
        self.game_id, self.move, self.viewpoint = game_id, move, viewpoint

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayStep:
        return cls(match["nav"], int(match["game"]), int(match["move"]), match["view"])

    async def act(self, interaction: discord.Interaction) -> None:
        await show(interaction, self.game_id, self.move, self.viewpoint, edit=True)


class ReplayMoveSelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"grim:rpm:(?P<game>\d+):(?P<move>\d+):" + _VIEWPOINT,
):
    """Go to a move: a page of moves, with entries to turn to the earlier or later ones."""

    def __init__(
        self, game_id: int, move: int, viewpoint: str, options: list[discord.SelectOption]
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"grim:rpm:{game_id}:{move}:{viewpoint}",
                placeholder=localize(msg("Go to move…")),
                options=options or [discord.SelectOption(label="-", value="m0")],
            )
        )
        self.game_id, self.move, self.viewpoint = game_id, move, viewpoint

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayMoveSelect:
        return cls(int(match["game"]), int(match["move"]), match["view"], [])

    async def act(self, interaction: discord.Interaction) -> None:
        value = picked(interaction)
        if (page := re.fullmatch(r"g(\d+)", value)) is not None:
            await show(
                interaction, self.game_id, self.move, self.viewpoint, edit=True, page=int(page[1])
            )
            return
        move = re.fullmatch(r"m(\d+)", value)
        target = int(move[1]) if move is not None else self.move
        await show(interaction, self.game_id, target, self.viewpoint, edit=True)


class ReplayViewSelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"grim:rpv:(?P<game>\d+):(?P<move>\d+)",
):
    """Whose view: the public one, a seat's, or everything."""

    def __init__(self, game_id: int, move: int, options: list[discord.SelectOption]) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"grim:rpv:{game_id}:{move}",
                placeholder=localize(msg("Whose view…")),
                options=options or [discord.SelectOption(label="-", value=PUBLIC)],
            )
        )
        self.game_id, self.move = game_id, move

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayViewSelect:
        return cls(int(match["game"]), int(match["move"]), [])

    async def act(self, interaction: discord.Interaction) -> None:
        await show(interaction, self.game_id, self.move, picked(interaction), edit=True)


class WatchAgainButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:rpw:(?P<game>\d+)",
):
    """**Watch again** under a final post: the game's replay at its last move, privately,
    for anyone; an ended game is shown with every hand open."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=localize(msg("Watch again")),
                custom_id=f"grim:rpw:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> WatchAgainButton:
        return cls(int(match["game"]))

    async def act(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await services_of(interaction).store.games.get(self.game_id)
        viewpoint = EVERYTHING if is_over(game) else PUBLIC
        await show(interaction, self.game_id, None, viewpoint, edit=False)


async def show(
    interaction: discord.Interaction,
    game_id: int,
    move: int | None,
    viewpoint: str,
    *,
    edit: bool,
    page: int | None = None,
) -> None:
    """Show ``game_id`` after ``move`` moves from ``viewpoint`` to the member who asked:
    a new private message, or (``edit``) the replay message they clicked in."""
    services = services_of(interaction)
    user = interaction.user.id
    frame = await services.replays.frame(game_id, user, move, viewpoint)
    names = await services.names.names(seat_users(frame.game))
    content = frame_text(frame, names)
    embed, picture = await board_with_picture(
        localized_board(frame.board), names, frame.picture, private=frame.viewpoint != PUBLIC
    )
    view = laid_out(
        content,
        embed,
        picture=picture is not None,
        alt_text=None if picture is None else picture.description,
        rows=frame_rows(frame, allowed_viewpoints(frame.game, user), names, page),
    )
    files = [picture] if picture is not None else []
    if edit:
        # A replay message from before the layout had words and an embed: they go.
        await interaction.response.edit_message(
            content=None, embeds=[], attachments=files, view=view
        )
    else:
        await interaction.followup.send(view=view, ephemeral=True, **with_file(picture))
    view.stop()  # its items are dynamic: they answer from their custom ids


def viewpoint_name(viewpoint: str, names: list[str]) -> Msg:
    """A viewpoint in words: "the public view", "Alice's view", "everything"."""
    if viewpoint == EVERYTHING:
        return msg("everything (every hand)")
    seat = viewpoint_seat(viewpoint)
    return msg("the public view") if seat is None else msg("{name}'s view", name=names[seat])


def frame_text(frame: Frame, names: list[str]) -> str:
    """The message above the board: which game, which move, whose view, and what the move
    told that viewpoint (the ending too, at the last position of an ended game)."""
    head = msg(
        "**Replay** · {game} #{number} · move {move} of {last} · {viewpoint}",
        game=frame.engine.title,
        number=frame.game.id,
        move=frame.move,
        last=frame.last,
        viewpoint=viewpoint_name(frame.viewpoint, names),
    )
    parts: list[str] = [head]
    if frame.move == 0:
        parts.append(msg("The deal, before anyone moved."))
    else:
        mover, notation = frame.moves[frame.move - 1]
        if notation:
            parts.append(
                msg(
                    "Move {move}: {player} — `{notation}`",
                    move=frame.move,
                    player=seat_ref(mover),
                    notation=notation,
                )
            )
        else:
            parts.append(msg("Move {move}: {player}", move=frame.move, player=seat_ref(mover)))
        parts += frame.lines
    if frame.ending:
        parts += ["", frame.ending]
    text = render(localize(joined(parts)), names)
    return text if len(text) <= 2000 else text[:1999] + "…"


def frame_rows(
    frame: Frame, viewpoints: tuple[str, ...], names: list[str], page: int | None = None
) -> list[discord.ui.ActionRow[Any]]:
    """The rows of buttons and menus under a frame: the steps, whose view (when there is a
    choice), and the move to go to."""
    game_id, move, last, viewpoint = frame.game.id, frame.move, frame.last, frame.viewpoint
    steps = [
        ("first", 0, move == 0),
        ("prev", max(move - 1, 0), move == 0),
        ("next", min(move + 1, last), move >= last),
        ("last", last, move >= last),
    ]
    rows = [
        row_of(
            *(
                ReplayStep(nav, game_id, target, viewpoint, disabled=disabled)
                for nav, target, disabled in steps
            )
        )
    ]
    if len(viewpoints) > 1:
        chooser = ReplayViewSelect(
            game_id,
            move,
            [
                discord.SelectOption(
                    label=_capitalised(localize(viewpoint_name(v, names)))[:100],
                    value=v,
                    default=v == viewpoint,
                )
                for v in viewpoints
            ],
        )
        rows.append(row_of(chooser))
    rows.append(
        row_of(ReplayMoveSelect(game_id, move, viewpoint, move_options(frame, names, page)))
    )
    return rows


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def move_options(
    frame: Frame, names: list[str], page: int | None = None
) -> list[discord.SelectOption]:
    """One page of the "go to move" menu: the page holding the current move unless asked
    for another, with entries to turn to the earlier and later moves."""
    pages = frame.last // PAGE + 1
    shown = min(max(frame.move // PAGE if page is None else page, 0), pages - 1)
    first = shown * PAGE
    options = []
    if shown > 0:
        earlier = msg("◀ Earlier moves (before {move})", move=first)
        options.append(discord.SelectOption(label=localize(earlier), value=f"g{shown - 1}"))
    for number in range(first, min(first + PAGE, frame.last + 1)):
        label: Msg
        if number == 0:
            label, about = msg("The deal"), None
        else:
            mover, notation = frame.moves[number - 1]
            label = msg("Move {move} · {name}", move=number, name=names[mover])
            about = notation[:100] if notation else None
        options.append(
            discord.SelectOption(
                label=localize(label)[:100],
                value=f"m{number}",
                description=about,
                default=number == frame.move,
            )
        )
    if shown < pages - 1:
        later = first + PAGE
        options.append(
            discord.SelectOption(
                label=localize(msg("Later moves ({move} on) ▶", move=later)), value=f"g{shown + 1}"
            )
        )
    return options
