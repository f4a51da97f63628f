"""Simultaneous play pings each player once per round: in Magnum Opus every alchemist picks a
card at once, pack after pack, and only the round's first post pings them. The later posts of
the round say whom the game waits on without pinging, and the thread's newest post always
shows the board as it stands."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
import simcord

import games
from bot.delivery.queued import BOARD_EDIT_DELAY
from games.core import BACK
from storage import Game
from tests.bot.conftest import Table
from tests.bot.driving import button_ids, legal_moves, member_at, replies, start_game, stored

PLAYERS = ["alice", "bob", "carol"]
MENTION = re.compile(r"<@!?(\d+)>")
#: Cards each alchemist picks in a round of three (a pack of six each, picked one by one).
PICK_TURNS = 6

pytestmark = pytest.mark.slow  # two rounds of a game, move by move


def _texts(data: Any) -> Iterator[str]:
    """Every string in a request's JSON body (a post's words sit deep in its components)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _texts(value)
    elif isinstance(data, list):
        for value in data:
            yield from _texts(value)


def pings_in(env: simcord.Env, channel_id: int, since: int) -> Counter[int]:
    """Whom the bot's new messages in ``channel_id`` notified, from its ``since``-th REST
    request on: a user mentioned in a message's words and allowed to be pinged by it (an edit
    notifies nobody)."""
    pinged: Counter[int] = Counter()
    for request in env.http_requests[since:]:
        if request.method != "POST" or request.path != f"/channels/{channel_id}/messages":
            continue
        body = request.json or {}
        allowed = {int(u) for u in (body.get("allowed_mentions") or {}).get("users", [])}
        mentioned = {int(u) for text in _texts(body) for u in MENTION.findall(text)}
        pinged.update(mentioned & allowed)
    return pinged


def phase(game: Game) -> str:
    assert game.state is not None
    state = games.get(game.game_key).load(game.state)
    return str(state.phase)


async def move(table: Table, game: Game) -> Game:
    """The first seat to act makes its first legal move (not backing out of one); the game
    after it, whose thread's newest post shows the board as of this very move."""
    await table.env.advance_time(1.0)  # a moment's thought: nobody plays faster than allowed
    seat = min(game.to_act)
    choice = next(m for m in await legal_moves(table, game, seat) if m != BACK)
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    result = await member_at(table, game, seat).slash(thread, "play", move=choice)
    assert result.ephemeral, result
    await table.env.advance_time(BOARD_EDIT_DELAY)  # a board edit within a round waits a moment
    after = await stored(table, game.id)
    assert after.version == game.version + 1, (choice, replies(result))
    newest = next(m for m in thread.history() if m.id == after.board_message_id)
    assert f"grim:turn:{after.id}:{after.version}" in button_ids(newest)
    return after


async def test_each_alchemist_is_pinged_at_most_once_per_round_of_picks(table: Table) -> None:
    thread, game_id = await start_game(table, "magnum-opus", PLAYERS)
    game = await stored(table, game_id)
    players = [game.user_at(seat) for seat in range(len(PLAYERS))]
    # The deal (everyone keeps a card, then picks at once) pings each player once.
    assert pings_in(table.env, thread.id, 0) == Counter(players)

    # Round 1: keeping and six picks each, everyone at once: nobody is pinged again. The
    # last pick ends the round, and its post pings the first patron alone.
    assert phase(game) == "keep"
    since, picks = len(table.env.http_requests), 0
    while phase(game) in ("keep", "pick"):
        picks += phase(game) == "pick"
        last = len(table.env.http_requests)
        game = await move(table, game)
    assert picks == PICK_TURNS * len(PLAYERS)
    assert pings_in(table.env, thread.id, since) - pings_in(table.env, thread.id, last) == (
        Counter()
    )

    # Patronage: one alchemist at a time, each pinged for their own turn.
    (seat,) = game.to_act
    assert pings_in(table.env, thread.id, last) == Counter([game.user_at(seat)])
    while phase(game) == "patronage":
        (seat,) = game.to_act
        patron = game.user_at(seat)
        last = len(table.env.http_requests)
        game = await move(table, game)
        if phase(game) == "patronage":
            (seat,) = game.to_act
            following = game.user_at(seat)
            turn = Counter() if following == patron else Counter([following])
            assert pings_in(table.env, thread.id, last) == turn

    # Round 2: its first post (made by the last patron's move) pings everyone it waits on,
    # once: the last patron, who picks next, has just acted and is not pinged. Then six
    # picks each and no more pings.
    assert phase(game) == "pick"
    assert pings_in(table.env, thread.id, last) == Counter(u for u in players if u != patron)
    picks = 0
    while phase(game) == "pick":
        picks += 1
        end = len(table.env.http_requests)
        game = await move(table, game)
    assert picks == PICK_TURNS * len(PLAYERS)
    # (The round's last pick ends it: its post pings the next round's first patron.)
    round_two = pings_in(table.env, thread.id, last) - pings_in(table.env, thread.id, end)
    assert round_two == Counter(u for u in players if u != patron)
