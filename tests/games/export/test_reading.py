"""Any file given to ``python -m games verify`` or ``replay`` is refused in one line on
stderr with exit status 2 (never a traceback, never a hang) unless it is a sound export:
the limits of ``games.export.reading`` are checked before the document is parsed deeply."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import games
from games.__main__ import main
from games.core.playout import random_playout
from games.export import (
    MAX_BYTES,
    MAX_DEPTH,
    ExportError,
    RecordedMove,
    cli,
    export_game,
    read_export,
)
from games.export.reading import one_line, parse_json

ROOT = Path(__file__).resolve().parents[3]
COMMANDS = [["verify"], ["replay"], ["replay", "--step", "3", "--seat", "2"]]


@pytest.fixture(scope="module")
def sound() -> dict[str, Any]:
    """A finished game's export, as a JSON value to spoil."""
    engine = games.get("mandragora")
    played = random_playout(engine, 3, 5)
    export = export_game(
        engine,
        seed=5,
        options={},
        names=["Ada", "Bastien", "Chloë"],
        moves=[RecordedMove(seat, text) for seat, text in played.actions],
        status="finished",
    )
    document: dict[str, Any] = json.loads(export.model_dump_json())
    return document


def refused(
    capsys: pytest.CaptureFixture[str],
    path: Path,
    expect: str,
    command: list[str],
    *,
    quiet: bool = True,
) -> None:
    """The command on ``path`` exits 2 with one line on stderr holding ``expect`` (and,
    when ``quiet``, nothing on stdout)."""
    assert main([command[0], str(path), *command[1:]]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1, captured.err
    assert captured.err.startswith("error: ")
    assert expect in captured.err, captured.err
    if quiet:
        assert captured.out == ""


def spoiled(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], str]:
    """A file's text: the sound export, changed by ``change``."""

    def text(document: dict[str, Any]) -> str:
        copy = json.loads(json.dumps(document))
        change(copy)
        return json.dumps(copy)

    return text


def _set(*path: Any, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        node: Any = document
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


#: Files no game export can be, each as bytes or as text made from the sound export, and
#: what the one line says.
CRAFTED: dict[str, tuple[bytes | Callable[[dict[str, Any]], str], str]] = {
    "a number of 5,000 digits": (
        b'{"format_version": 1, "seed": ' + b"9" * 5000 + b"}",
        "the number 9999999999…99999 (5,000 characters)",
    ),
    "a number of 4,301 digits in a sound export": (
        # json.dumps cannot write it (int() refuses it): written in by hand.
        lambda document: json.dumps({**document, "seed": 0}).replace(
            '"seed": 0', '"seed": ' + "7" * 4301
        ),
        "(4,301 characters), which no game export holds",
    ),
    "a float too large for a float": (b'{"format_version": 1e999}', "the number 1e999"),
    "NaN, which is not JSON": (b'{"format_version": NaN}', "holds NaN, which is not JSON"),
    "arrays nested 100,000 deep": (b"[" * 100_000 + b"]" * 100_000, f"over {MAX_DEPTH} deep"),
    "objects nested 100,000 deep": (
        b'{"a": ' * 100_000 + b"1" + b"}" * 100_000,
        f"over {MAX_DEPTH} deep",
    ),
    "arrays nested deep within a sound export": (
        spoiled(_set("options", "x", value=json.loads("[" * 40 + "]" * 40))),
        f"over {MAX_DEPTH} deep",
    ),
    "not UTF-8": ('{"format_version": 1, "game": "café"}'.encode("latin-1"), "not UTF-8"),
    "not JSON at all": (b"PK\x03\x04 a zip, say", "not JSON"),
    "an empty file": (b"", "not JSON"),
    "JSON, but not an object": (b"[1, 2, 3]", "no format_version"),
    "half a character": (b'{"format_version": 1, "game": "\\ud800"}', "not Unicode"),
    "a format from the future": (spoiled(_set("format_version", value=7)), "format 7"),
    "a format version of 0": (spoiled(_set("format_version", value=0)), "not a version"),
    "the wrong shape": (spoiled(_set("seats", value={"a": 1})), "damaged at seats"),
    "a field of the wrong type": (spoiled(_set("players", value="three")), "damaged at players"),
    "a field unknown, named over two lines": (
        spoiled(_set("evil\nkey", value=1)),
        "damaged at evil\\nkey",
    ),
    "an unknown game key": (spoiled(_set("game", value="chess")), "no game called “chess”"),
    "too many seats": (spoiled(_set("players", value=10**18)), "played by 2–4 players"),
    "seats numbered wrongly": (spoiled(_set("seats", 0, "seat", value=7)), "not numbered"),
    "an illegal move": (
        spoiled(_set("moves", 0, "notation", value="cast everything\nat once")),
        "“cast everything\\nat once”, is refused on replay",
    ),
    "moves out of order": (spoiled(_set("moves", 1, "number", value=9)), "out of order"),
}
#: Files ``replay`` may show (it shows positions, not the result) but ``verify`` refuses.
CRAFTED_RESULTS: dict[str, tuple[Callable[[dict[str, Any]], str], str]] = {
    "winners the table does not have": (
        spoiled(_set("outcome", "winners", value=[99])),
        "does not fit its 3 seats",
    ),
    "no places for some seats": (
        spoiled(_set("outcome", "ranks", value=[1])),
        "does not fit its 3 seats",
    ),
    "an empty team": (spoiled(_set("outcome", "teams", value=[[]])), "does not fit its 3 seats"),
    "a tampered result": (
        spoiled(_set("outcome", "scores", value=[70, 80, 90])),
        "ends differently",
    ),
}


def content(crafted: bytes | Callable[[dict[str, Any]], str], document: dict[str, Any]) -> bytes:
    if isinstance(crafted, bytes):
        return crafted
    return crafted(document).encode("utf-8")


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("case", CRAFTED, ids=str)
def test_a_crafted_file_is_refused_in_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    sound: dict[str, Any],
    case: str,
    command: list[str],
) -> None:
    crafted, expect = CRAFTED[case]
    path = tmp_path / "game.json"
    path.write_bytes(content(crafted, sound))
    refused(capsys, path, expect, command)


@pytest.mark.parametrize("case", CRAFTED_RESULTS, ids=str)
def test_a_crafted_result_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sound: dict[str, Any], case: str
) -> None:
    crafted, expect = CRAFTED_RESULTS[case]
    path = tmp_path / "game.json"
    path.write_text(crafted(sound), encoding="utf-8")
    refused(capsys, path, expect, ["verify"])


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_what_is_not_a_file_is_refused_without_waiting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    refused(capsys, tmp_path / "none.json", "Cannot read", command)
    refused(capsys, tmp_path, "it is a folder, not a file", command)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)  # nobody writes to it: opening it to read would wait for ever
    refused(capsys, pipe, "not a regular file", command)
    refused(capsys, Path("/dev/zero"), "not a regular file", command)  # would never end


def test_a_file_too_big_is_refused_before_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    with path.open("wb") as file:
        file.truncate(MAX_BYTES + 1)  # sparse: nothing to write
    refused(capsys, path, "too big to be a game export", ["verify"])


def test_the_sound_export_still_verifies_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sound: dict[str, Any]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(sound, ensure_ascii=True, indent=1), encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    assert main(["replay", str(path), "--step", "3"]) == 0
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(sound).encode())  # a BOM, as some editors
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().err == ""


def test_replay_shows_control_characters_from_the_file_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sound: dict[str, Any]
) -> None:
    document = json.loads(json.dumps(sound))
    document["title"] = "Mandragora\x1b[2J"
    document["seats"][1]["name"] = "Bastien\x1b]0;owned\x07"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["replay", str(path), "--step", "3", "--seat", "2"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert "\x07" not in out
    assert out.startswith("Mandragora\\x1b[2J: position after move 3")


def test_an_unforeseen_failure_is_still_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    sound: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(sound), encoding="utf-8")

    def broken(*_: Any) -> Any:
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(cli, "board_text", broken)  # a bug the checks could not foresee
    expect = "cannot be replayed (IndexError: tuple index out of range)"
    refused(capsys, path, expect, ["replay"], quiet=False)


@pytest.mark.parametrize(
    ("raw", "expect"),
    [
        (b"[" * 100_000 + b"]" * 100_000, f"over {MAX_DEPTH} deep"),
        (b'{"format_version": 1, "seed": ' + b"1" * 4301 + b"}", "(4,301 characters)"),
    ],
    ids=["deep", "digits"],
)
@pytest.mark.slow
def test_the_command_itself_refuses_in_one_line(tmp_path: Path, raw: bytes, expect: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(raw)
    for command in ("verify", "replay"):
        done = subprocess.run(
            [sys.executable, "-m", "games", command, str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 2
        assert done.stderr.count("\n") == 1, done.stderr
        assert expect in done.stderr


# ------------------------------------------------------------------ the reading itself
def test_brackets_inside_strings_do_not_count_towards_the_depth() -> None:
    deep_text = "[" * 1000 + '\\"{' * 1000
    assert parse_json(json.dumps({"a": [[deep_text]]})) == {"a": [[deep_text]]}
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(ExportError, match="deep"):
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))


@pytest.mark.parametrize(
    "text",
    [
        '"' + '\\"' * 200_000,  # a string never closed, full of escaped quotes
        '"\\"' * 100_000,
        '""' * 200_000,
        '"' * 200_001,
        "[" * 200_000,
        "\\" * 200_000,
    ],
    ids=["escapes", "quote-escape", "empties", "quotes", "opens", "backslashes"],
)
def test_text_made_to_slow_the_scan_is_refused(text: str) -> None:
    # Each would take minutes (or all memory) with a pattern that backtracks.
    with pytest.raises(ExportError):
        read_export(text)


def test_one_line_escapes_and_shortens() -> None:
    assert one_line("a\nb\x1bc") == "a\\nb\\x1bc"
    assert one_line("x" * 1000) == "x" * 300 + "…"
