"""Nothing a member reads escapes translation: whole games in the pseudo-language.

The server and every member read ``en-XA`` (``bot.words.pseudo``), in which every message is
marked ``⟦…⟧`` and made 40 % longer. A seeded game of every title is dealt, played to its end
by ``/play`` and the turn panel, with refusals, private views, the board, the log, ``/card``
and the listings asked for on the way (as ``test_names_not_codes`` plays them); every request
the bot made to Discord is read, and every word outside a mark is a text that never became a
message. Every text also fits Discord's limits, 40 % longer as it is.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import games
from bot import create_bot
from bot.common.names import AI_NAMES
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from bot.words.languages import PSEUDO
from games.magic_spell.state import FEWEST_ROUNDS
from storage import Game
from tests.bot.conftest import Table
from tests.bot.driving import bot_of, stored
from tests.bot.names_scan import member_texts
from tests.bot.test_names_not_codes import PLAY_ECHO, ask_around, play_out
from tests.games.pseudo import unmarked

#: Options that end a game sooner where its default is long (Magic Spell's shortest
#: semester), so that every title's whole game fits in the test run.
SHORT_GAMES = {"magic-spell": f"rounds={FEWEST_ROUNDS}"}
#: Discord's limits on what each key of a payload holds.
LIMITS = {"content": 2000, "label": 80, "placeholder": 150, "title": 256, "value": 1024,
          "description": 4096, "name": 256, "text": 2048}  # fmt: skip
#: A suggestion of ``/play``: the move as it is typed (notation, the same in every language),
#: then its words.
TYPED_FIRST = re.compile(r"^[a-z0-9][a-z0-9 .,+-]* — ")
#: An option of a select menu: its label and description are at most 100 characters.
OPTION_LIMIT = 100


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """A bot on fixed seeds whose AI seats act at once and think briefly."""
    settings = Settings(database_url=f"sqlite:///{db}", ai_pause_seconds=0, ai_iterations=10)
    return create_bot(settings, seeds=itertools.count(31).__next__)


async def everyone_reads(table: Table, language: str) -> None:
    """The server's posts and every member's private texts in ``language``."""
    store = bot_of(table).services.store
    await store.prefs.set_server(table.guild.id, {"language": language})
    for member in table.members.values():
        await store.prefs.set_choices(member.id, {"language": language})


async def seated_game(table: Table, key: str) -> Game:
    """Alice's lobby, Bob joined, an AI player where the game seats three, started: by the
    buttons' ids, whatever their words."""
    alice, bob = table.members["alice"], table.members["bob"]
    short = {"options": SHORT_GAMES[key]} if key in SHORT_GAMES else {}
    await alice.slash(table.channel, "game new", game=key, **short)
    lobby = table.channel.last_message
    assert lobby is not None
    game_id = (await bot_of(table).services.store.games.in_channel(table.channel.id))[-1].id
    await bob.click(lobby, custom_id=f"grim:lobby:join:{game_id}")
    if games.get(key).max_players >= 3:
        fresh = next(m for m in table.channel.history() if m.id == lobby.id)
        await alice.select(fresh, ["normal"], custom_id=f"grim:lobby:ai:{game_id}")
    fresh = next(m for m in table.channel.history() if m.id == lobby.id)
    await alice.click(fresh, custom_id=f"grim:lobby:start:{game_id}")
    return await stored(table, game_id)


def proper_names(table: Table) -> frozenset[str]:
    """Words that are names in every language: members, AI players, the games' titles."""
    words: set[str] = set(AI_NAMES)
    for member in table.members.values():
        words.update(member.name.split())
        words.update(str(getattr(member, "display_name", "")).split())
    for engine in games.ENGINES.values():
        words.update(str(engine.title).replace("&", " ").split())
    return frozenset(words)


def typed_suggestions(request: Any) -> set[str]:
    """What no member reads as words: suggestions that are what a member types (``teams=true``),
    the same in every language, and the values behind a menu's options (``easy``)."""
    found: set[str] = set()

    def walk(data: Any) -> None:
        if isinstance(data, dict):
            if "value" in data and ("label" in data or data.get("name") == data.get("value")):
                found.add(str(data["value"]))
            for value in data.values():
                walk(value)
        elif isinstance(data, list):
            for item in data:
                walk(item)

    walk(request.json)
    return found


def overflows(data: Any, key: str | None = None, *, option: bool = False) -> Iterator[str]:
    """Every text of a payload longer than Discord allows it."""
    if isinstance(data, dict):
        is_option = "value" in data and "label" in data and "type" not in data
        for k, v in data.items():
            yield from overflows(v, k, option=is_option)
    elif isinstance(data, list):
        for item in data:
            yield from overflows(item, key, option=option)
    elif isinstance(data, str) and key in LIMITS:
        limit = OPTION_LIMIT if option and key in ("label", "description") else LIMITS[key]
        if len(data) > limit:
            yield f"{key} of {len(data)} > {limit}: {data[:80]!r}…"


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(games.ENGINES))
async def test_a_whole_game_in_the_pseudo_language_leaves_no_word_unmarked(
    table: Table, key: str
) -> None:
    await everyone_reads(table, PSEUDO)
    game = await seated_game(table, key)
    await ask_around(table, game)
    game = await play_out(table, game, random.Random(len(key)))
    await ask_around(table, game)
    names = proper_names(table)
    escaped: set[str] = set()
    too_long: set[str] = set()
    for request in table.env.http_requests:
        typed = typed_suggestions(request)
        for text, _ in member_texts(request):
            if text in typed:
                continue
            if PLAY_ECHO.search(text):
                continue
            if words := unmarked(TYPED_FIRST.sub("", text), names):
                escaped.add(f"{' '.join(words[:6])} ← {text[:120]!r}")
        if request.method in {"POST", "PATCH", "PUT"} and "/commands" not in request.path:
            too_long.update(overflows(request.json))
    assert not escaped, f"{len(escaped)} texts escaped translation:\n" + "\n".join(sorted(escaped))
    assert not too_long, "\n".join(sorted(too_long))


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(games.ENGINES))
async def test_a_whole_game_on_a_french_server_with_a_german_member(table: Table, key: str) -> None:
    """The server reads French and Bob German: the thread's posts end in French, Bob's answers
    are German, Alice's (no choice of her own) her Discord client's, and nothing overflows
    Discord's limits in either language."""
    store = bot_of(table).services.store
    await store.prefs.set_server(table.guild.id, {"language": "fr"})
    await store.prefs.set_choices(table.members["bob"].id, {"language": "de"})
    game = await seated_game(table, key)
    # Alice opened the lobby with her English client: everyone's lobby is the server's French.
    lobby = next(m for m in table.channel.history() if m.embeds)
    assert "Joueurs" in str(lobby.embeds[0].to_dict()), lobby.embeds[0].to_dict()
    game = await play_out(table, game, random.Random(len(key) + 1))
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    in_thread = "\n".join(
        text
        for request in table.env.http_requests
        if f"/channels/{thread.id}/" in request.path
        for text, _ in member_texts(request)
    )
    ending = ("gagne", "partagent la victoire", "Personne ne gagne")
    assert any(words in in_thread for words in ending), in_thread[-2000:]
    bob, alice = table.members["bob"], table.members["alice"]
    said_to_bob = (await bob.slash(thread, "play", move="pass")).response
    said_to_alice = (await alice.slash(thread, "play", move="pass")).response
    assert said_to_bob is not None
    assert said_to_alice is not None
    assert "Partie" in said_to_bob.content, said_to_bob.content
    # Alice chose nothing: her answers follow her Discord client, English in the simulator.
    assert "Game #" in said_to_alice.content, said_to_alice.content
    too_long = {
        problem
        for request in table.env.http_requests
        if request.method in {"POST", "PATCH", "PUT"} and "/commands" not in request.path
        for problem in overflows(request.json)
    }
    assert not too_long, "\n".join(sorted(too_long))


@pytest.mark.slow
async def test_a_french_server_plays_in_french_and_a_german_member_reads_german(
    table: Table,
) -> None:
    store = bot_of(table).services.store
    await store.prefs.set_server(table.guild.id, {"language": "fr"})
    await store.prefs.set_choices(table.members["bob"].id, {"language": "de"})
    game = await seated_game(table, "mandragora")
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    said = "\n".join(text for r in table.env.http_requests for text, _ in member_texts(r))
    assert "Mandragora" in said
    alice = table.members["alice"]
    bob = table.members["bob"]
    waiting = bob if game.user_at(sorted(game.to_act)[0]) == alice.id else alice
    answer = await waiting.slash(thread, "play", move="move 1")
    assert answer.response is not None
    refusal = answer.response.content
    if waiting is bob:
        assert "dran" in refusal or "nicht am Zug" in refusal, refusal
    else:
        assert "pas votre tour" in refusal, refusal
