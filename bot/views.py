"""Buttons and menus. Every one is a ``DynamicItem`` whose custom id carries the game (and,
for moves, the version it was drawn for), so they keep working after a restart and a click on
an old one is recognised as stale."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord

from bot.embeds import board_embed, lines_text, lobby_embed
from bot.replies import guarded
from bot.service.announce import seat_users
from bot.service.errors import StaleRequest
from bot.service.play import MoveResult
from bot.service.posts import TurnButton
from games.core import BACK
from storage import Game, GameStatus

if TYPE_CHECKING:
    from bot.app import GrimoireBot

log = logging.getLogger("grimoire.views")

#: Choices shown as buttons when there are at most this many (and they are short).
MAX_BUTTON_CHOICES = 20
#: Options per page of a select menu: Discord's limit.
PAGE_SIZE = 25


def bot_of(interaction: discord.Interaction) -> GrimoireBot:
    """The Grimoire bot an interaction arrived at."""
    return cast("GrimoireBot", interaction.client)


# ---------------------------------------------------------------------- lobby
class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:lobby:(?P<action>join|leave|start|cancel|unai):(?P<game>\d+)",
):
    """Join, Leave, Start, Cancel and Remove AI under a lobby."""

    STYLES: ClassVar[dict[str, tuple[discord.ButtonStyle, str]]] = {
        "join": (discord.ButtonStyle.success, "Join"),
        "leave": (discord.ButtonStyle.secondary, "Leave"),
        "start": (discord.ButtonStyle.primary, "Start"),
        "cancel": (discord.ButtonStyle.danger, "Cancel"),
        "unai": (discord.ButtonStyle.secondary, "Remove AI"),
    }

    def __init__(self, action: str, game_id: int) -> None:
        style, label = self.STYLES[action]
        super().__init__(
            discord.ui.Button(style=style, label=label, custom_id=f"grim:lobby:{action}:{game_id}")
        )
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["action"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: self._act(interaction))

    async def _act(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        user = interaction.user.id
        if self.action == "join":
            game = await bot.lobbies.join(self.game_id, user)
        elif self.action == "leave":
            game = await bot.lobbies.leave(self.game_id, user)
        elif self.action == "cancel":
            game = await bot.lobbies.cancel(self.game_id, user, is_admin=_manages(interaction))
        elif self.action == "unai":
            game = await bot.lobbies.remove_ai(self.game_id, user)
        else:
            await self._start(interaction)
            return
        await interaction.response.edit_message(embed=lobby_embed(game), view=lobby_view(game))

    async def _start(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        game = await bot.tables.get(self.game_id)
        bot.lobbies.check_can_start(game, interaction.user.id)
        await interaction.response.defer()
        opened: list[int] = []

        async def open_thread(lobby: Game) -> int | None:
            thread_id = await _open_thread(interaction, lobby)
            opened.extend([thread_id] if thread_id is not None else [])
            return thread_id

        try:
            game = await bot.lobbies.start(
                self.game_id, interaction.user.id, open_thread=open_thread
            )
        except Exception:
            # The game did not start: the thread opened for it would stay empty for good.
            for thread_id in opened:
                await _delete_thread(interaction, thread_id)
            raise
        bot.outbox.kick()
        bot.timer_worker.kick()
        bot.ai.wake(game)
        await interaction.edit_original_response(embed=lobby_embed(game), view=None)


class LobbyAiSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"grim:lobby:ai:(?P<game>\d+)",
):
    """ "Add an AI player…" under a lobby: the host picks its level."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"grim:lobby:ai:{game_id}",
                placeholder="Add an AI player…",
                options=[
                    discord.SelectOption(label=f"AI: {level}", value=level, description=about)
                    for level, about in AI_LEVELS
                ],
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyAiSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            data = cast("dict[str, Any]", interaction.data or {})
            values = data.get("values", [])
            level = str(values[0]) if values else ""
            game = await bot_of(interaction).lobbies.add_ai(
                self.game_id, interaction.user.id, level
            )
            await interaction.response.edit_message(embed=lobby_embed(game), view=lobby_view(game))

        await guarded(interaction, work)


#: The AI levels offered in a lobby, with what each means.
AI_LEVELS = (
    ("easy", "Plays any legal move"),
    ("normal", "Plays the best move it sees one move ahead"),
    ("hard", "Searches many possible games before each move"),
)


def lobby_view(game: Game) -> discord.ui.View | None:
    """The lobby's buttons and AI menu while it is open; none once it started or was
    called off."""
    if game.status is not GameStatus.LOBBY:
        return None
    view = discord.ui.View(timeout=None)
    actions = ["join", "leave", "start", "cancel"]
    if any(s.is_ai for s in game.seats):
        actions.append("unai")
    for action in actions:
        view.add_item(LobbyButton(action, game.id))
    select = LobbyAiSelect(game.id)
    select.item.row = 1
    view.add_item(select)
    return view


async def _open_thread(interaction: discord.Interaction, game: Game) -> int | None:
    """A public thread for the game; ``None`` (play in the channel) where there can be none."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        return None
    return await open_game_thread(channel, bot_of(interaction).title_of(game), game)


async def _delete_thread(interaction: discord.Interaction, thread_id: int) -> None:
    """Delete a thread a failed start opened (a failure to do so is only logged)."""
    try:
        await bot_of(interaction).http.delete_channel(thread_id, reason="The game did not start")
    except discord.HTTPException as error:
        log.warning("Could not delete thread %s of a failed start: %s", thread_id, error)


async def open_game_thread(channel: discord.TextChannel, title: str, game: Game) -> int | None:
    """A public thread in ``channel`` for the game of that title; ``None`` where Discord
    refuses one (the game is then played in the channel)."""
    try:
        thread = await channel.create_thread(
            name=f"{title} #{game.id}",
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,
            reason=f"Grimoire game #{game.id}",
        )
    except discord.HTTPException as error:
        log.info("No thread for game %s (%s): playing in the channel.", game.id, error)
        return None
    return thread.id


def _manages(interaction: discord.Interaction) -> bool:
    permissions = getattr(interaction.user, "guild_permissions", None)
    return bool(permissions and permissions.manage_guild)


# ----------------------------------------------------------------------- turn
class TurnButtonItem(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:turn:(?P<game>\d+):(?P<version>\d+)",
):
    """ "Take your turn" under a board: opens the clicker's own panel."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.primary,
                label="Take your turn",
                custom_id=f"grim:turn:{game_id}:{version}",
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TurnButtonItem:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            game = await bot_of(interaction).tables.get(self.game_id)
            note = ""
            if game.version != self.version and game.status is GameStatus.ACTIVE:
                note = "The game has moved on since that board; here is where it stands now."
            await show_panel(interaction, self.game_id, note=note)

        await guarded(interaction, work)


def turn_view(button: TurnButton) -> discord.ui.View:
    """The view under a board: one "Take your turn" button."""
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButtonItem(button.game_id, button.version))
    return view


# ---------------------------------------------------------------------- panel
class PanelChoice(
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

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction, lambda: choose(interaction, self.game_id, self.version, self.index)
        )


class PanelSelect(
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

    async def callback(self, interaction: discord.Interaction) -> None:
        data = cast("dict[str, Any]", interaction.data or {})
        values = data.get("values", [])
        index = int(values[0]) if values and str(values[0]).isdigit() else -1
        await guarded(interaction, lambda: choose(interaction, self.game_id, self.version, index))


class PanelPage(
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

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            game = await bot_of(interaction).tables.get(self.game_id)
            stale = game.version != self.version
            await show_panel(
                interaction,
                self.game_id,
                page=0 if stale else self.page,
                note="The game has moved on; here are your choices now." if stale else "",
                edit=True,
            )

        await guarded(interaction, work)


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
    """Show the clicker their own panel: their board and the moves they may make now."""
    bot = bot_of(interaction)
    choices, board = await bot.tables.panel(game_id, interaction.user.id)
    game = choices.game
    names = await bot.names.names(seat_users(game))
    parts = [note] if note else []
    if lines:
        parts.append(lines_text(lines, names, limit=1200))
    title = bot.title_of(game)
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
    bot = bot_of(interaction)
    try:
        result = await bot.tables.choose(game_id, interaction.user.id, version=version, index=index)
    except StaleRequest as stale:
        await show_panel(interaction, game_id, note=stale.message, edit=True)
        return
    await after_move(interaction, result, edit=True)


async def after_move(interaction: discord.Interaction, result: MoveResult, *, edit: bool) -> None:
    """Tell the mover what their move did; when they have another decision, show it."""
    bot = bot_of(interaction)
    bot.outbox.kick()
    if result.still_deciding:
        note = f"✔ `{result.notation}`"
        await show_panel(interaction, result.game.id, note=note, edit=edit, lines=result.lines)
        return
    names = await bot.names.names(seat_users(result.game))
    parts = [f"✔ `{result.notation}`"]
    if result.lines:
        parts.append(lines_text(result.lines, names, limit=1500))
    embed = board_embed(result.board, names, private=True)
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


# ---------------------------------------------------------------------- undo
class UndoVote(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:undo:(?P<answer>yes|no):(?P<game>\d+):(?P<version>\d+)",
):
    """Approve or Refuse under a request to take a move back."""

    def __init__(self, answer: str, game_id: int, version: int) -> None:
        yes = answer == "yes"
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
                label="Approve" if yes else "Refuse",
                custom_id=f"grim:undo:{answer}:{game_id}:{version}",
            )
        )
        self.approve = yes
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UndoVote:
        return cls(match["answer"], int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: self._answer(interaction))

    async def _answer(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        undone = await bot.takebacks.answer(
            self.game_id, interaction.user.id, version=self.version, approve=self.approve
        )
        bot.outbox.kick()
        bot.timer_worker.kick()
        if undone:  # the game may now wait on an AI seat
            bot.ai.wake(await bot.tables.get(self.game_id))
        if not self.approve:
            text = "You refused; the move stands."
        elif undone:
            text = "Everyone agreed: the move is taken back."
        else:
            text = "You approved; waiting for the others."
        await interaction.response.send_message(text, ephemeral=True)


def undo_view(game_id: int, version: int) -> discord.ui.View:
    """Approve and Refuse under a request to take a move back."""
    view = discord.ui.View(timeout=None)
    view.add_item(UndoVote("yes", game_id, version))
    view.add_item(UndoVote("no", game_id, version))
    return view


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    LobbyAiSelect,
    UndoVote,
    TurnButtonItem,
    PanelChoice,
    PanelSelect,
    PanelPage,
)
