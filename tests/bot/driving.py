"""Driving whole games through SimCord as members would: lobby, moves, reading what they see."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
import simcord

import games
from bot.drawing.board_layout import WORDS_ID
from bot.wiring.app import GrimoireBot
from storage import Game
from tests.bot.conftest import Table


def bot_of(table: Table) -> GrimoireBot:
    """The bot currently attached to the environment (a new one after a restart)."""
    bot = table.env.bot
    assert isinstance(bot, GrimoireBot)
    return bot


async def stored(table: Table, game_id: int) -> Game:
    """The game as the store has it now."""
    return await bot_of(table).services.store.games.get(game_id)


async def open_lobby(
    table: Table, host: str, game: str, **options: Any
) -> tuple[discord.Message, int]:
    """``/game new`` by ``host``: the lobby message and its game id."""
    result = await table.members[host].slash(table.channel, "game new", game=game, **options)
    assert result.acknowledged, result
    assert not result.ephemeral, result
    lobby = table.channel.last_message
    assert lobby is not None
    games_here = await bot_of(table).services.store.games.in_channel(table.channel.id)
    return lobby, games_here[-1].id


async def start_game(
    table: Table, game: str, players: list[str], **options: Any
) -> tuple[simcord.ChannelHandle, int]:
    """A lobby opened by the first player, joined by the others, started: the game's thread."""
    lobby, game_id = await open_lobby(table, players[0], game, **options)
    for name in players[1:]:
        joined = await table.members[name].click(lobby, label="Join")
        assert joined.acknowledged, joined
        assert not joined.ephemeral, joined
        lobby = _fresh(table, lobby)
    started = await table.members[players[0]].click(_fresh(table, lobby), label="Start")
    assert started.acknowledged, started
    thread = next(t for t in table.channel.threads if t.name and f"#{game_id}" in t.name)
    return thread, game_id


def _fresh(table: Table, message: discord.Message) -> discord.Message:
    return next(m for m in table.channel.history() if m.id == message.id)


def member_at(table: Table, game: Game, seat: int) -> simcord.MemberActor:
    """The simulated member playing ``seat``."""
    user = game.user_at(seat)
    return next(m for m in table.members.values() if m.id == user)


async def legal_moves(table: Table, game: Game, seat: int) -> list[str]:
    """What the engine allows ``seat`` now, straight from the stored state."""
    engine = games.get(game.game_key)
    assert game.state is not None
    state = engine.load(game.state)
    return [engine.notation(a) for a in engine.legal_actions(state, seat)]


def everything_visible_in_guild(table: Table) -> list[str]:
    """Every text a spectator can read in the server: channel, threads, embeds, buttons."""
    texts: list[str] = []
    for channel in [table.channel, *table.channel.threads]:
        for message in channel.history(viewer=table.members["erin"]):
            texts.append(post_text(message))
            for embed in message.embeds:
                texts.append(str(embed.to_dict()))
            for row in message.components:
                texts.append(repr(row))
    return texts


def replies(result: simcord.InteractionResult) -> list[str]:
    """Every text the bot answered an interaction with: its response (a deferred one's first
    follow-up lands there) and further follow-ups."""
    texts = [result.response.content] if result.response is not None else []
    return texts + [f.content for f in result.followups]


async def play_by_command(table: Table, game: Game, seat: int, move: str) -> None:
    """``/play`` in the game's thread by the member at ``seat``, after checking that
    autocomplete offers the move; the private answer confirms it."""
    member = member_at(table, game, seat)
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    offered = await member.autocomplete(thread, "play", "move", move)
    assert move in [choice["value"] for choice in offered]
    result = await member.slash(thread, "play", move=move)
    assert result.ephemeral
    answers = replies(result)
    assert any(made(move, answer) for answer in answers), answers


async def check_moved(table: Table, before: Game, seat: int, move: str) -> Game:
    """Check that ``seat``'s ``move`` was recorded as the game's next decision, followed only
    by decisions taken for the same seat without asking; returns the stored game after it."""
    after = await stored(table, before.id)
    assert after.version >= before.version + 1
    recorded = await bot_of(table).services.store.games.actions(before.id)
    new = [a for a in recorded if a.seq > before.version]
    assert (new[0].seat, new[0].notation) == (seat, move), new
    assert all(a.seat == seat for a in new), new
    return after


def made(move: str, answer: str) -> bool:
    """Whether ``answer`` confirms ``move`` (perhaps with the decisions that followed it
    without asking: "✔ `play saint · to c3 · end`")."""
    return f"`{move}`" in answer or f"`{move} · " in answer


async def choose_in_panel(
    table: Table, game: Game, seat: int, move: str, opened: simcord.InteractionResult
) -> None:
    """Make ``move`` in a just opened turn panel: its button, or its page of the menu."""
    member = member_at(table, game, seat)
    assert opened.ephemeral
    assert opened.response is not None
    panel = opened.response
    moves = await legal_moves(table, game, seat)
    index = moves.index(move)
    ids = [child["custom_id"] for row in panel.components for child in row["components"]]
    button = f"grim:act:{game.id}:{game.version}:{index}"
    if button in ids:
        done = await member.click(panel, custom_id=button)
    else:
        page = [i for i, m in enumerate(moves) if m != "back"].index(index) // 25
        for turn_to in range(1, page + 1):
            turned = await member.click(
                panel, custom_id=f"grim:page:{game.id}:{game.version}:{turn_to}:0:s"
            )
            assert turned.response is not None
            panel = turned.response
        done = await member.select(
            panel, [str(index)], custom_id=f"grim:pick:{game.id}:{game.version}:{page}"
        )
    assert done.response is not None
    assert made(move, done.response.content), done.response.content


# ------------------------------------------------ reading board posts and private views
#: A message as members see it: one in a channel or DM, or an answer to an interaction.
Shown = discord.Message | simcord.ResponseMessage


def _walk(components: Any) -> Iterator[Any]:
    for component in components:
        yield component
        yield from _walk(getattr(component, "children", []))


def _text_displays(message: Shown) -> list[tuple[int | None, str]]:
    """Each text display of a message laid out in components: its id and its text."""
    if isinstance(message, simcord.ResponseMessage):
        return [
            (c.get("id"), str(c["content"]))
            for c in _sent_items(message.components)
            if c.get("type") == discord.ComponentType.text_display.value
        ]
    return [
        (c.id, c.content) for c in _walk(message.components) if isinstance(c, discord.TextDisplay)
    ]


def post_words(message: Shown) -> str:
    """A message's words, whichever its shape: a post or private view laid out in
    components (its words' text display), or a plain message or older one with an embed
    (its content)."""
    if not message.flags.components_v2:
        return message.content
    return next((text for id_, text in _text_displays(message) if id_ == WORDS_ID), "")


def board_texts(message: Shown) -> list[str]:
    """The texts of the board a post shows (its title, fields…), without its words."""
    return [text for id_, text in _text_displays(message) if id_ != WORDS_ID]


def post_text(message: Shown) -> str:
    """Everything a message says in words: its content and every text display."""
    shown = [text for _, text in _text_displays(message)]
    return "\n".join([message.content, *shown]) if message.content else "\n".join(shown)


def board_fields(message: Shown) -> dict[str, str]:
    """A post's board fields, name to value (a text display ``**name**\\nvalue``)."""
    fields: dict[str, str] = {}
    for text in board_texts(message):
        name, _, value = text.partition("\n")
        if name.startswith("**") and name.endswith("**") and len(name) > 4:
            fields[name[2:-2]] = value
    return fields


def gallery_items(message: Shown) -> list[tuple[str, str | None]]:
    """The media a message's galleries show, each with its alt text."""
    if isinstance(message, simcord.ResponseMessage):
        return [
            (str(item["media"]["url"]), item.get("description"))
            for c in _sent_items(message.components)
            if c.get("type") == discord.ComponentType.media_gallery.value
            for item in c.get("items", [])
        ]
    return [
        (item.media.url, item.description)
        for c in _walk(message.components)
        if isinstance(c, discord.MediaGalleryComponent)
        for item in c.items
    ]


def gallery_urls(message: Shown) -> list[str]:
    """The media a message's galleries show."""
    return [url for url, _ in gallery_items(message)]


def has_board(message: Shown) -> bool:
    """Whether a message shows a board: an embed, or a laid out board (picture, texts
    or button beyond its words)."""
    return bool(message.embeds or gallery_urls(message) or board_texts(message))


def _sent_items(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component of a message as sent (rows, or a layout's containers), however deep."""
    for component in components:
        yield component
        yield from _sent_items(component.get("components", []))


def button_ids(message: discord.Message | simcord.ResponseMessage) -> list[str]:
    """The custom ids of the buttons on a message, in order, however deep they sit."""
    if isinstance(message, simcord.ResponseMessage):
        return [str(c["custom_id"]) for c in _sent_items(message.components) if c.get("custom_id")]
    return [
        c.custom_id
        for c in _walk(message.components)
        if isinstance(c, discord.Button) and c.custom_id is not None
    ]


async def answer_question(
    member: simcord.MemberActor,
    where: simcord.ChannelHandle,
    command: str,
    label: str,
    **options: Any,
) -> simcord.InteractionResult:
    """Run a command that asks first (``game resign``, ``game abandon``) and click ``label``
    under the private question; the click's result."""
    asked = await member.slash(where, command, **options)
    question = asked.response
    assert question is not None, replies(asked)
    assert question.ephemeral
    assert "You cannot take this back." in question.content, question.content
    return await member.click(question, label=label)


async def resign(
    member: simcord.MemberActor, where: simcord.ChannelHandle, **options: Any
) -> simcord.InteractionResult:
    """``/game resign``, confirmed."""
    return await answer_question(member, where, "game resign", "Resign", **options)


async def abandon(
    member: simcord.MemberActor, where: simcord.ChannelHandle, **options: Any
) -> simcord.InteractionResult:
    """``/game abandon``, confirmed."""
    return await answer_question(member, where, "game abandon", "Abandon", **options)
