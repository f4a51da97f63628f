"""ALERT_WEBHOOK_URL: one message per unexpected error, de-duplicated and rate-limited, with
nothing private about a game, posted to a webhook stub on loopback."""

from __future__ import annotations

import itertools
import logging
import re
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from aiohttp import web

from bot import create_bot
from bot.ops.alerts import Alert, AlertGate, alert_of, message_of
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings, secrets_of
from tests.bot.conftest import Table
from tests.bot.driving import bot_of, replies, start_game

ERROR_ID = re.compile(r"\(error ([0-9a-f]{8})\)")
#: What the forced error says: a card in a hand, which no alert may show.
SECRET_DETAIL = "Phoenix Feather in alice's hand"


@dataclass
class Webhook:
    """A Discord webhook's stand-in on loopback: what it was sent."""

    url: str = ""
    posts: list[dict[str, Any]] = field(default_factory=list)


@pytest_asyncio.fixture
async def webhook() -> AsyncIterator[Webhook]:
    stub = Webhook()

    async def receive(request: web.Request) -> web.Response:
        stub.posts.append(await request.json())
        response = web.Response(status=204)
        # No connection kept alive afterwards: the bot's idle connection would otherwise
        # hold SimCord's settling of every later action until its keep-alive ran out (15 s).
        response.force_close()
        return response

    app = web.Application()
    app.router.add_post("/api/webhooks/1/secret-part", receive)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    stub.url = f"http://127.0.0.1:{port}/api/webhooks/1/secret-part"
    yield stub
    await runner.cleanup()


@pytest.fixture
def simcord_bot(db: Path, webhook: Webhook) -> GrimoireBot:
    """The bot, alerting the stub."""
    settings = Settings(
        database_url=f"sqlite:///{db}", discord_token=None, alert_webhook_url=webhook.url
    )
    return create_bot(settings, seeds=itertools.count(1).__next__)


def failing(error: BaseException) -> Any:
    async def fail(*_: Any, **__: Any) -> Any:
        raise error

    return fail


@pytest.mark.slow
async def test_the_same_error_twice_is_posted_once_and_a_new_one_again(
    table: Table, webhook: Webhook, monkeypatch: pytest.MonkeyPatch
) -> None:
    thread, _ = await start_game(table, "mandragora", ["alice", "bob"])
    games = bot_of(table).services.store.games
    monkeypatch.setattr(games, "record_move", failing(KeyError(SECRET_DETAIL)))
    alice = table.members["alice"]
    with pytest.MonkeyPatch.context():
        first = await alice.slash(thread, "play", move="move 1")
        second = await alice.slash(thread, "play", move="move 1")
    alerts = bot_of(table).operations.alerts
    assert alerts is not None
    await alerts.idle()
    (first_id,) = ERROR_ID.findall(" ".join(replies(first)))
    (second_id,) = ERROR_ID.findall(" ".join(replies(second)))
    assert first_id != second_id
    assert len(webhook.posts) == 1, webhook.posts
    (post,) = webhook.posts
    text = post["content"]
    assert first_id in text
    assert "`KeyError`" in text
    assert "bot/" in text  # the traceback's summary: where it happened
    assert post["allowed_mentions"] == {"parse": []}
    for private in (SECRET_DETAIL, "Phoenix", str(alice.user.id), "move 1", "alice"):
        assert private not in text

    monkeypatch.setattr(games, "record_move", failing(sqlite3.OperationalError("disk I/O error")))
    third = await alice.slash(thread, "play", move="move 1")
    await alerts.idle()
    (third_id,) = ERROR_ID.findall(" ".join(replies(third)))
    assert len(webhook.posts) == 2
    assert third_id in webhook.posts[1]["content"]
    assert "`OperationalError`" in webhook.posts[1]["content"]
    assert table.env.errors  # the failures reached the command tree, and are acknowledged


async def test_a_refusal_or_a_warning_is_not_an_alert(table: Table, webhook: Webhook) -> None:
    thread, _ = await start_game(table, "mandragora", ["alice", "bob"])
    refused = await table.members["carol"].slash(thread, "play", move="move 1")
    assert refused.ephemeral
    logging.getLogger("grimoire").error("An error without a traceback.")
    alerts = bot_of(table).operations.alerts
    assert alerts is not None
    await alerts.idle()
    assert webhook.posts == []


def test_the_webhook_url_is_a_secret(webhook: Webhook) -> None:
    settings = Settings(_env_file=None, alert_webhook_url=webhook.url)
    assert webhook.url not in repr(settings)
    assert webhook.url in secrets_of(settings)
    with pytest.raises(ValueError, match="webhook's URL"):
        Settings(_env_file=None, alert_webhook_url="discord.com/api/webhooks/1/x")


def alert(kind: str = "KeyError", where: str = "bot/x.py:1 in f") -> Alert:
    return Alert("0badc0de", "grimoire", "Something failed.", kind, (where,))


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_same_error_is_posted_again_after_an_hour_with_its_count() -> None:
    clock = Clock()
    gate = AlertGate(clock, repeat_after=3600)
    assert gate.admit(alert()).post
    for _ in range(3):
        clock.now += 60
        assert not gate.admit(alert()).post
    assert gate.admit(alert(where="bot/y.py:2 in g")).post  # raised elsewhere: another error
    clock.now = 3600
    again = gate.admit(alert())
    assert (again.post, again.repeats) == (True, 3)


def test_a_burst_of_errors_is_held_back_and_counted() -> None:
    clock = Clock()
    gate = AlertGate(clock, burst=2, burst_window=60)
    verdicts = [gate.admit(alert(kind=f"Error{n}")) for n in range(5)]
    assert [v.post for v in verdicts] == [True, True, False, False, False]
    clock.now = 61
    after = gate.admit(alert(kind="Later"))
    assert (after.post, after.held_back) == (True, 3)
    assert gate.admit(alert(kind="Next")).held_back == 0


def test_an_alert_shows_no_values_of_the_log_message() -> None:
    try:
        raise ValueError(SECRET_DETAIL)
    except ValueError as error:
        record = logging.LogRecord(
            "grimoire",
            logging.ERROR,
            __file__,
            1,
            "Game %s: %r failed",
            (12, SECRET_DETAIL),
            (ValueError, error, error.__traceback__),
        )
    record.error_id = "12345678"
    found = alert_of(record)
    assert found is not None
    text = message_of(found, repeats=0, held_back=0)
    assert "Game …: … failed" in text
    assert "`ValueError`" in text
    assert "12345678" in text
    assert "tests/bot/ops/test_alerts.py" in text
    assert SECRET_DETAIL not in text
    assert "12" not in text.replace("12345678", "")
