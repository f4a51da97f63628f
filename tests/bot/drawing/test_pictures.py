"""Board pictures on Discord: the board in the thread, each player's DM, ``/board`` and
``/hand`` carry a PNG of what their reader may see."""

from __future__ import annotations

import io
import itertools
import random
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image

import games
from bot import create_bot
from bot.common.posts import PostPicture
from bot.drawing import pictures
from bot.drawing.picture_posts import post_picture
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from games.core import Board, BoardField, Engine
from storage import Game
from tests.bot.conftest import Table
from tests.bot.driving import (
    Shown,
    bot_of,
    check_moved,
    gallery_items,
    has_board,
    legal_moves,
    member_at,
    play_by_command,
    post_text,
    start_game,
    stored,
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: Moves played in each game whose every picture is checked for its alt text.
MOVES = 6


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """A bot dealing games from fixed seeds, so each game below is always the same."""
    return create_bot(Settings(database_url=f"sqlite:///{db}"), seeds=itertools.count(31).__next__)


async def picture_of(message: Shown) -> bytes:
    """The PNG a message shows large, in its media gallery (an embed shows it small, where
    a board's text cannot be read), checked to be attached as ``board.png`` and shown with
    the alt text the file carries."""
    (attachment,) = message.attachments
    assert attachment.filename == pictures.FILE_NAME
    assert message.embeds == []
    ((url, description),) = gallery_items(message)
    # A message as sent names its file; as Discord hands it back, the file's address.
    assert url in (attachment.url, f"attachment://{pictures.FILE_NAME}")
    assert description == attachment.description
    assert attachment.description
    data: bytes = await attachment.read()
    assert data.startswith(PNG_SIGNATURE)
    Image.open(io.BytesIO(data)).load()
    return data


def seat_names(table: Table, game: Game) -> list[str]:
    """The members' names in seat order, as the bot names seats."""
    by_id = {m.id: m.name for m in table.members.values()}
    return [by_id[s.user_id] for s in game.in_seat_order() if s.user_id is not None]


def drawn(engine: Engine[Any, Any], state: Any, seat: int | None, names: list[str]) -> bytes:
    png = engine.picture(engine.view(state, seat), names)
    assert png is not None
    return png


@pytest.mark.parametrize("key", ["mandragora", "marginalia"])
async def test_the_board_and_each_dm_carry_their_own_picture(table: Table, key: str) -> None:
    thread, game_id = await start_game(table, key, ["alice", "bob"])
    game = await stored(table, game_id)
    engine = games.get(key)
    state = engine.load(game.state or "")
    seat_of = {n: game.seat_of(table.members[n].id) for n in ("alice", "bob")}
    names = seat_names(table, game)

    board = next(m for m in thread.history() if has_board(m))
    assert await picture_of(board) == drawn(engine, state, None, names)
    for name, seat in seat_of.items():
        dm_channel = table.members[name].user.dm_channel
        assert dm_channel is not None
        (dm,) = [m for m in dm_channel.history() if has_board(m)]
        # The DM's picture is its reader's view: not the table's, not the other player's.
        assert await picture_of(dm) == drawn(engine, state, seat, names)
        assert await picture_of(dm) != drawn(engine, state, 1 - (seat or 0), names)


async def test_board_and_hand_commands_attach_pictures(table: Table) -> None:
    thread, game_id = await start_game(table, "magic-spell", ["alice", "bob", "carol"])
    game = await stored(table, game_id)
    alice = table.members["alice"]

    board = await alice.slash(thread, "board")
    hand = await alice.slash(thread, "hand")

    shown_board, shown_hand = board.response, hand.response
    assert shown_board is not None
    assert shown_board.ephemeral
    assert shown_hand is not None
    assert shown_hand.ephemeral
    engine = games.get("magic-spell")
    state = engine.load(game.state or "")
    seat = game.seat_of(alice.id)
    names = seat_names(table, game)
    assert await picture_of(shown_board) == drawn(engine, state, None, names)
    assert await picture_of(shown_hand) == drawn(engine, state, seat, names)


async def test_a_picture_that_cannot_be_read_leaves_the_board_without_one() -> None:
    embed = discord.Embed(title="board")
    unreadable = PostPicture("mandragora", {"not": "a view"})

    assert await pictures.attach_picture(embed, unreadable, []) is None
    assert await pictures.attach_picture(embed, None, []) is None
    assert embed.image.url is None


async def test_a_view_is_drawn_once_then_taken_from_the_cache(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine = games.get("marginalia")
    view = engine.view(engine.new_game(2, seed=99), 0)
    original = engine.picture
    calls: list[Any] = []

    def counting(shown: Any, names: Any = None) -> bytes | None:
        calls.append(shown)
        return original(shown, names)

    monkeypatch.setattr(engine, "picture", counting)
    monkeypatch.setattr(pictures, "CACHE_SIZE", 2)
    names = ["Cached Ada", "Cached Bastien"]

    first = await pictures.draw(engine, view, names)
    again = await pictures.draw(engine, view, names)
    assert first is not None
    assert again == first
    assert len(calls) == 1
    # Other names make another picture, and the cache keeps only the newest few.
    await pictures.draw(engine, view, ["Someone", "Else"])
    await pictures.draw(engine, engine.view(engine.new_game(2, seed=98), 0), names)
    assert len(calls) == 3
    assert len(pictures._cache) <= 2


async def test_the_text_under_a_picture_leaves_out_what_the_picture_shows(table: Table) -> None:
    thread, _ = await start_game(table, "mandragora", ["alice", "bob"])
    board = next(m for m in thread.history() if has_board(m))
    words = post_text(board)
    assert "Spell stacks" not in words  # the picture shows the stacks…
    assert "Shops" not in words  # …and the circle of shops
    assert "Mandragora" in words  # the title and the sorcerers stay in words
    assert await picture_of(board)


async def test_a_board_whose_picture_cannot_be_drawn_keeps_all_its_text() -> None:
    engine = games.get("mandragora")
    state = engine.new_game(2, 7, engine.options())
    board = engine.describe(engine.view(state, 0))
    assert any(f.pictured for f in board.fields)
    unreadable = PostPicture("mandragora", {"not": "a view"})
    embed, picture = await pictures.board_with_picture(board, ["Ann", "Bob"], unreadable)
    assert picture is None
    assert [f.name for f in embed.fields] == [f.name for f in board.rendered(["Ann", "Bob"]).fields]

    readable = post_picture(engine, engine.view(state, 0))
    embed, picture = await pictures.board_with_picture(board, ["Ann", "Bob"], readable)
    assert picture is not None
    kept = [f.name for f in board.rendered(["Ann", "Bob"]).fields if not f.pictured]
    assert [f.name for f in embed.fields] == kept
    assert embed.image.url == f"attachment://{pictures.FILE_NAME}"


@pytest.mark.parametrize("key", sorted(games.ENGINES))
async def test_every_picture_has_alt_text_that_tells_only_what_its_reader_may_see(
    table: Table, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[int, str, str | None]] = []  # channel, file name, description
    cdn = table.env.backend.cdn
    store = cdn.store_attachment

    def recording(
        attachment_id: int, channel_id: int, filename: str, data: bytes, description: str | None
    ) -> dict[str, Any]:
        sent.append((channel_id, filename, description))
        return store(attachment_id, channel_id, filename, data, description)

    monkeypatch.setattr(cdn, "store_attachment", recording)
    engine = games.get(key)
    players = ["alice", "bob", "carol"][: engine.max_players]
    thread, game_id = await start_game(table, key, players)
    game = await stored(table, game_id)
    rng = random.Random(key)
    for _ in range(MOVES):
        if game.status.value != "active":
            break
        seat = rng.choice(sorted(game.to_act))
        move = rng.choice([m for m in await legal_moves(table, game, seat) if m != "back"])
        await play_by_command(table, game, seat, move)
        game = await check_moved(table, game, seat, move)
        await table.env.advance_time(1)
    await bot_of(table).idle_background()

    boards = [(channel, text) for channel, name, text in sent if name == pictures.FILE_NAME]
    dm_seat = {member_at(table, game, s).user.dm_channel.id: s for s in range(len(game.seats))}
    assert {c for c, _ in boards} >= {thread.id, *dm_seat}, "the board and every DM"
    for _, text in boards:
        assert text, "a picture without alt text"
        assert pictures.discord_length(text) <= pictures.ALT_TEXT_LIMIT
        assert "**" not in text, text
        assert "`" not in text, text
    public, seen = await _texts_seen(table, game)
    own: dict[int, list[str]] = {seat: [] for seat in seen}
    for channel, text in boards:
        reader = dm_seat.get(channel)
        for seat, lines in seen.items():
            secret = {line for line in lines.split("\n") if len(line) >= 12}
            secret -= {line for line in secret if line in public}
            told = [line for line in secret if line in (text or "")]
            if seat == reader:
                own[seat] += told
                continue
            # What both seats see at some time (a card that came round to the reader) is
            # the reader's to know too; the public board knows none of it.
            leaked = told if reader is None else [t for t in told if t not in seen[reader]]
            assert leaked == [], (reader, seat)
    # Each seat's pictures tell it its own secrets: the check above can find one.
    assert all(own.values()), own


async def _texts_seen(table: Table, game: Game) -> tuple[str, dict[int, str]]:
    """Every line of text the public board showed over ``game``, and every line each seat's
    board showed, as alt text writes them."""
    engine = games.get(game.game_key)
    assert game.seed is not None
    names = [member_at(table, game, s).name for s in range(len(game.seats))]
    state = engine.new_game(len(game.seats), game.seed, engine.options(game.options, stored=True))
    states = [state]
    for action in await bot_of(table).services.store.games.actions(game.id):
        move = engine.parse(state, action.seat, action.notation)
        state = engine.apply(state, action.seat, move).state
        states.append(state)

    def lines(seat: int | None) -> str:
        shown: list[str] = []
        for moment in states:
            board = engine.describe(engine.view(moment, seat)).rendered(names)
            texts = [board.title, board.description, board.footer]
            texts += [text for field in board.fields for text in (field.name, field.value)]
            shown += [
                pictures.plain_text(line).rstrip(";") for t in texts for line in t.splitlines()
            ]
        return "\n".join(shown)

    return lines(None), {seat: lines(seat) for seat in range(len(game.seats))}


def test_alt_text_is_plain_and_names_every_part_within_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine = games.get("mandragora")
    view = engine.view(engine.new_game(2, seed=5), 0)
    long = "\n".join(f"**{n}** 🌱 `card` — a rather wordy line of card text" for n in range(40))
    board = Board(
        title="{p0} at the table",
        description="**Your move.**",
        fields=(
            BoardField(name="Told in words", value=long),
            BoardField(name="Drawn", value="```\n a  b\n1 ·  ·\n```", pictured=True),
            BoardField(name="Your hand", value=long),
        ),
        footer="Type `/play`.",
    )
    monkeypatch.setattr(engine, "describe", lambda shown: board)

    text = pictures.alt_text(engine, view, ["Ann", "Bob"])
    assert pictures.discord_length(text) <= pictures.ALT_TEXT_LIMIT
    assert text.startswith("Ann at the table. Your move. Drawn: a b; 1 · ·. Told in words: ")
    assert "Your hand: 0 🌱 card" in text  # every part named, the long ones shortened alike
    assert text.endswith("Type /play.")
    assert not any(mark in text for mark in ("**", "`", "\n"))
    resigned = pictures.alt_text(engine, view, ["Ann", "Bob"], status="Bob resigned.")
    assert resigned.startswith("Ann at the table. Bob resigned. Drawn:")
