"""Deliveries under network faults and outages: nothing the table must see is ever lost.

Discord's own answers are injected with SimCord's ``inject_error``; what discord.py lets
through unwrapped (a connection reset, an aiohttp error, a timeout) is raised by a patched
HTTP layer (:class:`NetworkFaults`).
"""

from __future__ import annotations

import asyncio
import fnmatch
import logging
from collections.abc import Callable
from typing import Any

import aiohttp
import discord
import pytest
import simcord

from bot.common.render import render
from bot.delivery import worker as worker_module
from bot.delivery.table_messages import nonce_of
from bot.tables.views import TableViews
from storage import DeliveryKind, GameStatus
from storage.retry import LONGEST_DELAY
from tests.bot.conftest import Table
from tests.bot.delivery.test_worker import all_outbox_items, answer_of, heal, play
from tests.bot.driving import bot_of, button_ids, has_board, post_words, start_game, stored

MESSAGES = "/channels/*/messages"
#: The outbox worker's shortest sleep during the long outage, in seconds (0.5 in the bot).
POLL = 30.0


class NetworkFaults:
    """Makes the bot's REST calls fail the way a network does, below discord.py: the error
    is raised by the HTTP layer itself, so discord.py does not wrap it.

    ``after_sending`` makes the call reach Discord and then lose its answer (a reset while
    reading the response): the message exists, but the bot cannot know it.
    """

    def __init__(self, bot: discord.Client) -> None:
        http = bot.http
        self._request = http.request
        self._faults: list[dict[str, Any]] = []
        self.raised = 0
        http.request = self._faulty  # type: ignore[method-assign]

    def add(
        self,
        method: str,
        path: str,
        error: Callable[[], BaseException],
        *,
        times: int | None = 1,
        after_sending: bool = False,
    ) -> None:
        """Fail the next ``times`` matching calls (``None``: until :meth:`heal`)."""
        self._faults.append(
            {"method": method, "path": path, "error": error, "times": times, "after": after_sending}
        )

    def heal(self) -> None:
        """The network is back."""
        self._faults.clear()

    async def _faulty(self, route: discord.http.Route, **kwargs: Any) -> Any:
        path = route.url.removeprefix(discord.http.Route.BASE)
        fault = next(
            (
                f
                for f in self._faults
                if f["method"] in (route.method, "*") and fnmatch.fnmatch(path, f["path"])
            ),
            None,
        )
        if fault is None:
            return await self._request(route, **kwargs)
        if fault["times"] is not None:
            fault["times"] -= 1
            if fault["times"] <= 0:
                self._faults.remove(fault)
        if fault["after"]:
            await self._request(route, **kwargs)
        self.raised += 1
        raise fault["error"]()


def connection_reset() -> BaseException:
    return ConnectionResetError(104, "Connection reset by peer")


def client_error() -> BaseException:
    return aiohttp.ClientOSError(104, "Connection reset by peer")


def timeout() -> BaseException:
    return TimeoutError()


NETWORK_ERRORS = [connection_reset, client_error, timeout]


async def let_time_pass(table: Table, seconds: float, step: float = 60.0) -> None:
    """Advance SimCord's clock by ``seconds``, a minute at a time. Each step must settle within
    the environment's wall-clock timeout, and during an outage the bot retries all along:
    small steps keep each step's work well inside it on a busy machine."""
    while seconds > 0:
        await table.env.advance_time(min(step, seconds))
        seconds -= step


def message_posts(table: Table, channel_id: int) -> list[dict[str, Any]]:
    """The bodies of the message posts to ``channel_id`` that reached (simulated) Discord."""
    path = f"/channels/{channel_id}/messages"
    return [
        r.json or {}
        for r in table.env.http_requests
        if r.method == "POST" and r.path == path and isinstance(r.json, dict)
    ]


# ------------------------------------------------- one error, then success
@pytest.mark.parametrize("error", NETWORK_ERRORS, ids=lambda e: e.__name__)
async def test_a_network_error_while_posting_a_board_delays_it_and_loses_nothing(
    table: Table, error: Callable[[], BaseException]
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    faults = NetworkFaults(bot_of(table))
    faults.add("POST", f"/channels/{thread.id}/messages", error)

    await play(table, thread, "alice", "move 1")
    assert faults.raised == 1
    assert len(thread.history()) == 1
    (waiting,) = await bot_of(table).services.store.outbox.pending()
    assert waiting.failed_at is None
    assert error().__class__.__name__ in (waiting.last_error or "")

    await table.env.advance_time(10)
    history = thread.history()
    assert len(history) == 2
    assert post_words(history[1]).startswith("alice sends the assistant")
    assert f"<@{table.members['bob'].id}>" in post_words(history[1])  # bob's turn ping
    assert [u.id for u in history[1].mentions] == [table.members["bob"].id]  # …which pings
    assert button_ids(history[1]) == [f"grim:turn:{game_id}:1", "grim:rules:mandragora"]
    assert await bot_of(table).services.store.outbox.pending() == []


@pytest.mark.parametrize("error", NETWORK_ERRORS, ids=lambda e: e.__name__)
async def test_a_network_error_while_sending_a_hand_by_dm_delays_it_and_loses_nothing(
    table: Table, error: Callable[[], BaseException]
) -> None:
    bob_dm = table.members["bob"].user.dm_channel
    faults = NetworkFaults(bot_of(table))
    faults.add("POST", f"/channels/{bob_dm.id}/messages", error, times=3)

    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    assert bob_dm.history() == []
    await table.env.advance_time(5 + 10 + 20 + 1)
    dms = bob_dm.history()
    assert [post_words(m) for m in dms] == [
        f"Your hand in **Mandragora** #{game_id} in <#{thread.id}>. Use `/hand` to see it again."
    ]
    assert len(thread.history()) == 1  # no notice: nothing was given up
    assert await bot_of(table).services.store.outbox.pending() == []


# ------------------------------------------------------- a long outage
@pytest.mark.slow
async def test_an_outage_of_hours_delays_every_post_and_delivers_each_once_in_order(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A post waiting behind an earlier one of its thread has the worker look again at its
    # shortest sleep until the earlier one goes out: every half second of six hours, tens of
    # thousands of passes that change nothing. Half a minute apart, the worker still looks
    # hundreds of times while Discord is down, and the order and once-only delivery checked
    # here do not depend on how often it does.
    monkeypatch.setattr(worker_module, "MIN_SLEEP", POLL)
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    faults = NetworkFaults(bot_of(table))
    table.env.inject_error("POST", MESSAGES, status=503, times=None)
    faults.add("POST", MESSAGES, connection_reset, times=None)
    dms = {name: table.members[name].user.dm_channel for name in ("alice", "bob")}
    dms_before = {name: len(channel.history()) for name, channel in dms.items()}
    queued_before = len(await all_outbox_items(table))

    moves = ["move 1", "move 2", "move 3", "move 1"]
    for index, move in enumerate(moves):
        await play(table, thread, ("alice", "bob")[index % 2], move)
        await let_time_pass(table, 1.5 * 3600)  # six hours of Discord down in all

    game = await stored(table, game_id)
    assert game.version == len(moves)
    assert len(thread.history()) == 1
    items = await all_outbox_items(table)
    assert all(item.failed_at is None for item in items), "an item was given up"
    waiting = await bot_of(table).services.store.outbox.pending()
    assert len(waiting) >= len(moves)

    faults.heal()
    heal(table, MESSAGES)
    await table.env.advance_time(LONGEST_DELAY.total_seconds() + POLL + 5)

    assert await bot_of(table).services.store.outbox.pending() == []
    history = thread.history()
    buttons = [button_ids(message) for message in history[1:]]
    # One post per move, in order; only the newest keeps a board and its button (the older
    # ones went out in words only, as newer ones waited right behind them).
    assert buttons == [[] for _ in moves[1:]] + [
        [f"grim:turn:{game_id}:{len(moves)}", "grim:rules:mandragora"]
    ]
    # Every ping went out, once: the player to move after each move.
    for index, message in enumerate(history[1:]):
        waiting_for = ("bob", "alice")[index % 2]
        assert f"<@{table.members[waiting_for].id}>" in post_words(message)
    # Each player was told, once each and in order, what was news to them during the
    # outage (their turn, their secrets); nothing else was sent as a new DM.
    views = TableViews(bot_of(table).services.store)
    story = await views.history(game_id)
    assert story is not None
    for name, channel in dms.items():
        user = table.members[name].id
        seat = story.game.seat_of(user)
        assert seat is not None
        news = [
            render(views.private(story, int(i.payload["version"]), seat).text, [name])
            for i in items[queued_before:]
            if i.kind is DeliveryKind.VIEW
            and i.target_id == user
            and views.private(story, int(i.payload["version"]), seat).notify
        ]
        arrived = [post_words(m) for m in channel.history()[dms_before[name] :]]
        # As many new DMs as there was news (each is edited afterwards to stay current).
        assert len(arrived) == len(news), (arrived, news)
        assert arrived[0].split("\n")[0] == news[0].split("\n")[0]
    assert all(item.done_at is not None for item in await all_outbox_items(table))


# --------------------------------------------- refused for good: catch up
async def test_a_board_discord_refuses_for_good_is_replaced_by_a_catch_up_post(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    table.env.inject_error(
        "POST", f"/channels/{thread.id}/messages", status=400, code=50035, times=1
    )
    with caplog.at_level(logging.WARNING, logger="grimoire.delivery"):
        await play(table, thread, "alice", "move 1")

    history = thread.history()
    assert len(history) == 2, [m.content for m in history]
    catch_up = history[1]
    bob = table.members["bob"]
    assert post_words(catch_up).startswith(f"A message about **Mandragora** #{game_id} could not")
    assert "alice sends the assistant" in post_words(catch_up)  # what the lost post said
    assert "the board after move 1" in post_words(catch_up)
    assert f"<@{bob.id}>" in post_words(catch_up)
    assert has_board(catch_up), "the current board comes with it"
    assert button_ids(catch_up) == [f"grim:turn:{game_id}:1", "grim:rules:mandragora"]
    assert "refused by Discord" in caplog.text

    # The game goes on from the catch-up's button.
    panel = await bob.click(catch_up, custom_id=f"grim:turn:{game_id}:1")
    assert panel.acknowledged, panel
    assert panel.ephemeral, panel
    items = await all_outbox_items(table)
    given_up = [i for i in items if i.failed_at is not None]
    assert len(given_up) == 1
    assert (given_up[0].last_error or "").startswith("400")


async def test_a_catch_up_that_is_refused_too_is_not_retried_forever(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    path = f"/channels/{thread.id}/messages"
    table.env.inject_error("POST", path, status=403, code=50013, times=None)
    await play(table, thread, "alice", "move 1")
    await let_time_pass(table, 3600)
    items = await all_outbox_items(table)
    posts = [i for i in items if i.kind is DeliveryKind.TABLE]
    assert len(posts) == 3  # the start board, the move's board, one catch-up
    assert ["missed" in i.payload for i in posts] == [False, False, True]
    assert all(i.failed_at is not None for i in posts[1:])
    assert await bot_of(table).services.store.outbox.pending() == []
    assert (await stored(table, game_id)).status is GameStatus.ACTIVE


async def test_a_dm_refused_for_good_is_announced_once_in_the_thread(table: Table) -> None:
    bob = table.members["bob"]
    table.env.inject_error(
        "POST", f"/channels/{bob.user.dm_channel.id}/messages", status=400, code=50035, times=None
    )
    thread, _ = await start_game(table, "mandragora", ["alice", "bob"])
    await play(table, thread, "alice", "move 1")
    notices = [m.content for m in thread.history() if m.content.startswith("I could not send")]
    assert notices == [
        f"I could not send <@{bob.id}> their private view. Use `/hand` in this thread to see it."
    ]


# ------------------------------------------------------ a lost answer
async def test_a_send_repeated_after_a_lost_answer_carries_the_same_nonce(table: Table) -> None:
    """SimCord does not deduplicate by nonce; Discord does, within a few minutes, when asked
    to enforce it: the repeated post must carry the same enforced nonce as the first."""
    thread, _ = await start_game(table, "mandragora", ["alice", "bob"])
    faults = NetworkFaults(bot_of(table))
    faults.add("POST", f"/channels/{thread.id}/messages", connection_reset, after_sending=True)
    await play(table, thread, "alice", "move 1")
    await table.env.advance_time(10)

    bodies = message_posts(table, thread.id)[1:]
    assert len(bodies) == 2  # sent, answer lost, sent again
    assert bodies[0]["nonce"] == bodies[1]["nonce"]
    assert bodies[0]["enforce_nonce"] is True
    (item,) = [
        i
        for i in await all_outbox_items(table)
        if i.kind is DeliveryKind.TABLE and i.payload["version"] == 1
    ]
    assert bodies[0]["nonce"] == nonce_of(item)
    assert await bot_of(table).services.store.outbox.pending() == []


# ------------------------------------------------- restart mid-outage
@pytest.mark.slow
async def test_posts_queued_during_an_outage_go_out_after_a_restart(table: Table) -> None:
    from tests.bot.conftest import make_bot

    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    faults = NetworkFaults(bot_of(table))
    faults.add("POST", MESSAGES, connection_reset, times=None)
    await play(table, thread, "alice", "move 1")
    await let_time_pass(table, 2 * 3600)
    assert len(thread.history()) == 1

    old = bot_of(table)
    await table.env.restart_bot(make_bot(table.db))
    await old.services.store.close()
    await table.env.advance_time(LONGEST_DELAY.total_seconds() + 5)
    history = thread.history()
    assert len(history) == 2
    assert button_ids(history[1]) == [f"grim:turn:{game_id}:1", "grim:rules:mandragora"]


async def test_the_answer_to_a_move_never_waits_for_discord(table: Table) -> None:
    """Posting the board is the outbox's job: a move made while Discord is unreachable is
    still acknowledged at once, and recorded."""
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    faults = NetworkFaults(bot_of(table))
    faults.add("POST", f"/channels/{thread.id}/messages", connection_reset, times=None)
    result: simcord.InteractionResult = await table.members["alice"].slash(
        thread, "play", move="move 1"
    )
    assert answer_of(result).startswith("✔ `move 1`")
    assert (await stored(table, game_id)).version == 1
    await asyncio.sleep(0)
