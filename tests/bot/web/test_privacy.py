"""A running game's page shows only what a spectator may see: over whole seeded games of
every title, no page holds a value of any player's private board, a line of the log only
some players may read, or the game's seed; once the game has ended, everything may be
shown."""

from __future__ import annotations

import functools
import html
import random
import re
from typing import Any

import pytest

import games
from bot.common.announce import private_fields
from bot.common.locks import GameLocks
from bot.lobby.lobby import Lobbies
from bot.replays.replays import Replays
from bot.tables.play import Tables
from bot.web.links import WebLinks
from bot.web.pages import WebPages
from bot.web.people import WebNames
from bot.words.i18n import localize
from games.core import BACK, Engine, render_seats
from storage import Game, GameStatus, SqliteStore
from tests.bot.helpers import GUILD, PLAYERS, deal, state_of
from tests.games.configurations import ENGINES
from tests.storage.contract import FakeClock

#: A seed no page could show by chance.
SEED = 8_675_309_123
_TAGS = re.compile(r"<[^>]+>")


@pytest.fixture
def lobbies(store: SqliteStore, locks: GameLocks, clock: FakeClock) -> Lobbies:
    return Lobbies(store, locks, seeds=lambda: SEED, clock=clock)


def names_of(user_id: int) -> str:
    return f"Member{user_id}"


async def page_text(pages: WebPages, game_id: int) -> str:
    """The page's visible text and its attributes' values (the alt text included)."""
    reply = await pages.game_page(pages.links.sign("g", str(game_id)), None)
    assert reply.status == 200
    text = reply.body.decode()
    return html.unescape(_TAGS.sub(" ", text)) + " " + html.unescape(text)


@functools.lru_cache(maxsize=65_536)
def said(text: str, players: int) -> str:
    """A text as a page says it: seats named, in English."""
    return localize(render_seats(text, [names_of(u) for u in PLAYERS[:players]]), "en")


#: Moves the quick check plays of each title, reading the page after each; the slow one
#: plays each game to its end, reading the page after every few moves (what a page shows of
#: a hand or a private line stays on it: the board as long as it holds, the story for good).
QUICK_STEPS = 40
WHOLE_GAME_EVERY = 3


@pytest.mark.parametrize("engine", ENGINES)
async def test_the_first_moves_of_every_title_show_nothing_private(
    engine: Engine[Any, Any], lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    await check_pages(engine, lobbies, tables, store, steps=QUICK_STEPS)


@pytest.mark.slow
@pytest.mark.parametrize("engine", ENGINES)
async def test_no_page_of_a_whole_game_of_any_title_shows_anything_private(
    engine: Engine[Any, Any], lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    await check_pages(engine, lobbies, tables, store, steps=None, every=WHOLE_GAME_EVERY)


async def check_pages(
    engine: Engine[Any, Any],
    lobbies: Lobbies,
    tables: Tables,
    store: SqliteStore,
    *,
    steps: int | None,
    every: int = 1,
) -> None:
    """Play a seeded game of ``engine`` (``steps`` moves, or to its end), reading its page
    after every move: nothing only some players may know is ever on it."""
    players = max(count for count, _ in engine.configurations())
    await store.prefs.set_server(GUILD, {"web": True})
    links = WebLinks(b"secret", "https://grimoire.example.org")
    pages = WebPages(
        store,
        links,
        WebNames(store, _name),
        _english,
        Replays(store),
    )
    game = await deal(lobbies, engine.key, players)
    rng = random.Random(11)
    checked = 0
    for step in range(engine.step_limit if steps is None else steps):
        if game.status is not GameStatus.ACTIVE:
            break
        state = state_of(game)
        if step % every:
            game = await _random_move(engine, game, state, tables, rng)
            continue
        text = await page_text(pages, game.id)
        assert str(SEED) not in text
        public, private = await _story(pages, game.id)
        board = engine.describe(engine.view(state, None))
        public |= {said(t, players) for f in board.fields for t in (f.name, f.value)}
        told = "\n".join(public)
        secrets = [
            said(field.value, players).strip()
            for seat in range(players)
            for field in private_fields(engine, state, seat)
        ]
        for secret in [*secrets, *private]:
            if len(secret) >= 6 and secret not in told:
                assert secret not in text, (engine.key, game.version, secret)
                checked += 1
        game = await _random_move(engine, game, state, tables, rng)
    assert checked, "no private value was ever checked"
    if steps is not None:
        return
    assert game.status is not GameStatus.ACTIVE
    ended = await pages.game_page(links.sign("g", str(game.id)), None)
    assert ended.status == 200


async def _random_move(
    engine: Engine[Any, Any], game: Game, state: Any, tables: Tables, rng: random.Random
) -> Game:
    seat = rng.choice(sorted(engine.waiting_for(state)))
    legal = [a for a in engine.legal_actions(state, seat) if engine.notation(a) != BACK]
    user = game.user_at(seat)
    assert user is not None
    return (await tables.play(game.id, user, engine.notation(rng.choice(legal)))).game


async def _story(pages: WebPages, game_id: int) -> tuple[set[str], list[str]]:
    """The public lines of the game so far, and the lines only some players may read."""
    history = await pages._views.history(game_id)
    assert history is not None
    players = history.engine.players(history.moments[-1].state)
    entries = [e for m in history.moments for e in m.log]
    public = {said(e.text, players) for e in entries if e.audience is None}
    private = [said(e.text, players) for e in entries if e.audience is not None]
    return public, private


async def _name(user_id: int) -> str:
    return names_of(user_id)


async def _english(guild_id: int) -> str:
    return "en"


def test_every_title_is_checked() -> None:
    assert {p.values[0].key for p in ENGINES} == set(games.ENGINES)
