"""Log lines: plain text by default, one JSON object per line with LOG_FORMAT=json, and never
a secret, whoever logs it."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import bot.playground.runner
from bot.__main__ import main
from bot.ops.logs import HIDDEN, GrimoireHandler, configure_logging, log_context
from bot.wiring.settings import Settings, secrets_of
from tests.bot.conftest import Table
from tests.bot.driving import bot_of, replies, start_game

#: Shaped like a real token, and found nowhere else.
TOKEN = "MTQ1NjA3NDQ0Mzk4MDgwMDAwMA.GhXyZa.abcdefghijklmnopqrstuvwxyz0123456789AB"
ERROR_ID = re.compile(r"\(error ([0-9a-f]{8})\)")

log = logging.getLogger("grimoire.test")


@pytest.fixture
def output() -> Iterator[io.StringIO]:
    """What the root logger writes, as LOG_FORMAT=json configures it, with the token set."""
    stream = io.StringIO()
    settings = Settings(_env_file=None, discord_token=TOKEN, log_format="json")
    handler = configure_logging("INFO", settings.log_format, secrets_of(settings), stream=stream)
    yield stream
    logging.getLogger().removeHandler(handler)


def lines(stream: io.StringIO) -> list[dict[str, Any]]:
    """Every line written, each parsed as JSON on its own."""
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_each_line_is_one_json_object_with_its_fields(output: io.StringIO) -> None:
    log.info("Plain %s.", "words")
    with log_context(game_id=12, guild_id=34):
        log.warning("About a game.", extra={"user_id": 56})
    log.info("After.")
    plain, about, after = lines(output)
    assert plain["message"] == "Plain words."
    assert (plain["level"], plain["logger"]) == ("INFO", "grimoire.test")
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", plain["time"])
    assert "game_id" not in plain
    assert "error_id" not in plain
    assert (about["game_id"], about["guild_id"], about["user_id"]) == (12, 34, 56)
    assert "game_id" not in after  # the context ends with its block


def test_an_error_with_a_traceback_gets_an_error_id(output: io.StringIO) -> None:
    try:
        raise KeyError("seat")
    except KeyError:
        log.exception("It broke\non two lines.")
    (line,) = lines(output)
    assert line["message"] == "It broke\non two lines."
    assert re.fullmatch(r"[0-9a-f]{8}", line["error_id"])
    assert "KeyError: 'seat'" in line["traceback"]


def test_the_token_never_appears(output: io.StringIO) -> None:
    settings = Settings(_env_file=None, discord_token=TOKEN)
    log.info("Settings: %r", settings)
    log.info("Logged in with %s", TOKEN)
    log.info("Header: Authorization: Bot %s", TOKEN)
    try:
        raise RuntimeError(f"login failed for {TOKEN}")
    except RuntimeError:
        log.exception("Connection failed.")
    other = "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.Gabcde.zyxwvutsrqponmlkjihgfedcba987654"
    log.info("Another bot's token %s", other)
    written = output.getvalue()
    assert TOKEN not in written
    assert other not in written  # shaped like a token: hidden though nobody said so
    assert TOKEN[:24] not in written
    assert written.count(HIDDEN) == 4  # the settings show no token at all: nothing to hide
    assert len(lines(output)) == 5


def test_text_stays_the_default_and_hides_the_token_too() -> None:
    stream = io.StringIO()
    settings = Settings(_env_file=None, discord_token=TOKEN)
    assert settings.log_format == "text"
    handler = configure_logging("INFO", settings.log_format, secrets_of(settings), stream=stream)
    try:
        log.info("Logged in with %s", TOKEN)
        try:
            raise KeyError("seat")
        except KeyError:
            log.exception("It broke.")
    finally:
        logging.getLogger().removeHandler(handler)
    first, second, *traceback = stream.getvalue().splitlines()
    assert first.endswith(f"INFO grimoire.test: Logged in with {HIDDEN}")
    assert re.search(r"ERROR grimoire.test: It broke. \[error [0-9a-f]{8}\]$", second)
    assert traceback[0] == "Traceback (most recent call last):"
    with pytest.raises(json.JSONDecodeError):
        json.loads(first)


async def test_a_failed_interaction_logs_json_with_its_error_id_and_who(
    table: Table, output: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    thread, _ = await start_game(table, "mandragora", ["alice", "bob"])

    async def bug(*_: Any, **__: Any) -> Any:
        raise KeyError("seat")

    monkeypatch.setattr(bot_of(table).services.store.games, "record_move", bug)
    alice = table.members["alice"]
    result = await alice.slash(thread, "play", move="move 1")
    assert table.env.errors  # the failure reached the command tree, and is acknowledged
    (error_id,) = ERROR_ID.findall(" ".join(replies(result)))
    parsed = lines(output)  # every line the bot wrote parses on its own
    (failure,) = [line for line in parsed if line.get("error_id") == error_id]
    assert failure["level"] == "ERROR"
    assert failure["user_id"] == alice.user.id
    assert failure["guild_id"] == table.guild.id
    assert "KeyError: 'seat'" in failure["traceback"]


@pytest.fixture
def grimoire_handlers() -> Iterator[None]:
    """Removes the handler ``python -m bot`` installs on the root logger, after the test."""
    yield
    root = logging.getLogger()
    for handler in [h for h in root.handlers if isinstance(h, GrimoireHandler)]:
        root.removeHandler(handler)


def test_python_m_bot_logs_json_lines_without_the_token(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    grimoire_handlers: None,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("LOG_FORMAT", "json")

    async def careless_playground(settings: Settings, options: Any, **_: Any) -> int:
        token = settings.discord_token
        assert token is not None
        logging.getLogger("some.library").warning("Connecting with %s", token.get_secret_value())
        return 0

    monkeypatch.setattr(bot.playground.runner, "run_playground", careless_playground)
    assert main(["--playground"]) == 0
    err = capsys.readouterr().err
    parsed = [json.loads(line) for line in err.splitlines()]
    assert parsed[0]["message"].startswith("Grimoire starting in the playground")
    assert parsed[-1] == {
        **parsed[-1],
        "logger": "some.library",
        "message": f"Connecting with {HIDDEN}",
    }
    assert TOKEN not in err
