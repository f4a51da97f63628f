"""Names, never codes: whole seeded games of every title, played through the real bot and
SimCord with a person's and an AI's seats, and every text a member could read scanned for
codes (``tests/bot/names_scan.py``): seat codes and numbers, slugs in code tags, placeholders,
raw mentions inside embeds, command lines and file names.

What the bot sent is read from every request it made to the simulated Discord: posts, boards,
edits, DMs, the turn panel and its buttons and menus, private answers and refusals, ``/card``,
``/hand``, ``/board``, ``/game log`` and ``/game export``, suggestions, the final post. Only
the notation a member types and is echoed back to them in ``/play``'s answers is allowed to
look like a code; its one hint on the panel ("Typing works too") too.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

import pytest

import games
from bot import create_bot
from bot.common.announce import seat_users
from bot.replays.exports import export_files, export_game
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from storage import Game, GameStatus
from tests.bot.conftest import Table
from tests.bot.driving import (
    bot_of,
    choose_in_panel,
    legal_moves,
    member_at,
    open_lobby,
    play_by_command,
    stored,
)
from tests.bot.names_scan import PATTERNS, codes_in, codes_sent
from tests.games.tiny_game import registered

TINY = "stones"


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """A bot on fixed seeds whose AI seats act at once and think briefly."""
    settings = Settings(database_url=f"sqlite:///{db}", ai_pause_seconds=0, ai_iterations=10)
    return create_bot(settings, seeds=itertools.count(31).__next__)


# ------------------------------------------------------------------ the scanner itself
@pytest.mark.parametrize(
    ("kind", "example"),
    [
        ("seat code", "p1 = Alice (ranks 1–2)"),
        ("seat code", "{p0} wins"),
        ("seat number", "Seat 2 of Magic Spell #4 is open"),
        ("seat number", "You now play seat 2"),
        ("seat number", "🤖 AI player 3"),
        ("slug in code", "Pick `bishop-of-lyons` now"),
        ("placeholder", "Use it with `use SPACE`"),
        ("placeholder", "python -m games verify games/<file>.json"),
        ("command line", "run `python -m games verify`"),
        ("file name", "More in the rules: RULES.md"),
        ("file name", "check it with game-12.json"),
    ],
)
def test_each_pattern_catches_its_example(kind: str, example: str) -> None:
    assert PATTERNS[kind].search(example), (kind, example)


def test_the_panel_s_typing_hint_may_hold_notation() -> None:
    assert codes_in("-# Typing works too: `/play target p1`\nAim at Bob") == []
    assert codes_in("Aim with `target p1`") == ["seat code: p1"]


def test_raw_mentions_count_only_inside_embeds() -> None:
    assert codes_in("<@123> joined") == []
    assert codes_in("1. <@123> (host)", in_embed=True) == ["mention in an embed: <@123>"]


@pytest.mark.parametrize(
    "words",
    [
        "Alice (opponent) plays the Bishop of Lyons to the Standing Stones.",
        "Dave's seat is open: take it with the button.",
        "Ada — AI, normal: 2–4 players, 3 seats, players take turns; up to 2 points.",
        "Round 2 of 3 · Space 4 · 12 cards left · page 1/2 · top-left · Score: 23 prestige",
        "Typing works too: /play move:pick",
        "A 1-point card; spells cost 2 power each; see the rules' “Setup”.",
    ],
)
def test_words_are_not_codes(words: str) -> None:
    assert codes_in(words, in_embed=True) == []


# ------------------------------------------------------------------ whole games
#: /play's answers echo the typed move back as notation, in code: "✔ `pick saint · to c3`".
PLAY_ECHO = re.compile(r"^✔ `")


@contextmanager
def game_to_play(key: str) -> Iterator[str]:
    """The key of a registered game: the throwaway Stones registered for the block."""
    with registered() if key == TINY else nullcontext() as engine:
        yield engine.key if engine is not None else key


async def seated_game(table: Table, key: str) -> Game:
    """Alice's lobby, Bob joined, an AI player where the game seats three, started."""
    # Magic Spell's shortest semester: a whole game, in a fraction of the default's time.
    short = {"options": "rounds=10"} if key == "magic-spell" else {}
    lobby, game_id = await open_lobby(table, "alice", key, **short)
    await table.members["bob"].click(lobby, label="Join")
    if games.get(key).max_players >= 3:
        fresh = next(m for m in table.channel.history() if m.id == lobby.id)
        await table.members["alice"].select(fresh, ["normal"], custom_id=f"grim:lobby:ai:{game_id}")
    fresh = next(m for m in table.channel.history() if m.id == lobby.id)
    await table.members["alice"].click(fresh, label="Start")
    return await stored(table, game_id)


async def ask_around(table: Table, game: Game) -> None:
    """What members ask besides moves: refusals of bad input, private views, the board, the
    log, /card with its suggestions, listings."""
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    people = [s for s in range(len(game.seats)) if game.user_at(s) is not None]
    waiting = [s for s in people if s not in game.to_act]
    mover = next((s for s in people if s in game.to_act), people[0])
    await member_at(table, game, mover).slash(thread, "play", move="zzz nonsense")
    if waiting:
        await member_at(table, game, waiting[0]).slash(thread, "play", move="pass")
    erin = table.members["erin"]
    await erin.slash(thread, "play", move="pass")
    for seat in people:
        await member_at(table, game, seat).slash(thread, "hand")
    await erin.slash(thread, "board")
    await member_at(table, game, mover).slash(thread, "game log")
    for choice in (await erin.autocomplete(thread, "card", "name", ""))[:4]:
        await erin.slash(thread, "card", name=choice["value"])
    await member_at(table, game, mover).slash(table.channel, "game mine")
    await erin.slash(table.channel, "game list")


async def play_out(table: Table, game: Game, rng: random.Random, limit: int = 3000) -> Game:
    """Random legal moves by the people, by /play and by the panel in turn; the AI seat plays
    on its own."""
    ai = bot_of(table).services.ai
    for step in range(limit):
        await ai.idle()
        game = await stored(table, game.id)
        if game.status is not GameStatus.ACTIVE:
            return game
        seat = rng.choice(sorted(s for s in game.to_act if game.user_at(s) is not None))
        moves = [m for m in await legal_moves(table, game, seat) if m != "back"]
        move = rng.choice(moves)
        if step % 2:
            thread = next(t for t in table.channel.threads if t.id == game.thread_id)
            opened = await member_at(table, game, seat).slash(thread, "turn")
            await choose_in_panel(table, game, seat, move, opened)
        else:
            await play_by_command(table, game, seat, move)
        await table.env.advance_time(1.5)
    raise AssertionError(f"game #{game.id} did not end in {limit} moves")


async def check_export(table: Table, game: Game) -> list[str]:
    """The export's story file: plain text (no Markdown) and names, never codes."""
    services = bot_of(table).services
    names = await services.names.names(seat_users(game))
    story = export_files(await export_game(services.store, game, game.user_at(0), names)).story
    found = codes_in(story)
    found += [f"markdown: {mark}" for mark in ("**", "`", "__") if mark in story]
    return found


@pytest.mark.slow
@pytest.mark.parametrize("key", [*sorted(games.ENGINES), TINY])
async def test_a_whole_game_shows_names_never_codes(table: Table, key: str) -> None:
    with game_to_play(key) as game_key:
        game = await seated_game(table, game_key)
        await ask_around(table, game)
        game = await play_out(table, game, random.Random(len(game_key)))
        await ask_around(table, game)
        thread = next(t for t in table.channel.threads if t.id == game.thread_id)
        await member_at(table, game, 0).slash(thread, "game export")
        found = codes_sent(table.env.http_requests, skip=PLAY_ECHO)
        found += await check_export(table, game)
    import os

    if os.environ.get("DUMP"):
        Path(f"/tmp/found_{key}.txt").write_text("\n".join(sorted(set(found))))
    assert not found, "\n".join(sorted(set(found)))
