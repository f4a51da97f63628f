"""``python -m games replay`` and ``python -m games verify`` on exported games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import games
from games.__main__ import main
from games.core.playout import random_playout
from games.export import RecordedMove, export_game

NAMES = ["Ada", "Bastien", "Chloë"]


def _write(tmp_path: Path, status: str = "finished", moves: int | None = None) -> Path:
    engine = games.get("mandragora")
    played = random_playout(engine, 3, 5)
    recorded = [RecordedMove(seat, text) for seat, text in played.actions][:moves]
    export = export_game(
        engine,
        seed=5,
        options={},
        names=NAMES,
        moves=recorded,
        status=status,  # type: ignore[arg-type]
        requester=1,
    )
    path = tmp_path / "game.json"
    path.write_text(export.model_dump_json(indent=2), encoding="utf-8")
    return path


def test_verify_replays_a_finished_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path)
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Verified: ")
    assert "replayed from seed 5" in out
    assert " wins with " in out


def test_verify_refuses_a_tampered_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["outcome"]["ranks"] = list(reversed(data["outcome"]["ranks"]))
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    assert "ends differently" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (None, "holds no seed"),
        ("{ nope", "not JSON"),
        ('{"format_version": 7, "game": "mandragora"}', "format 7 by a newer version"),
    ],
)
def test_verify_explains_what_it_cannot_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, reason: str
) -> None:
    path = _write(tmp_path, status="running", moves=12)
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    assert reason in capsys.readouterr().err


def test_verify_of_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(tmp_path / "none.json")]) == 2
    assert "Cannot read" in capsys.readouterr().err


def test_replay_prints_and_draws_a_seat_view(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path)
    picture = tmp_path / "move.png"
    argv = ["replay", str(path), "--step", "6", "--seat", "2", "--picture", str(picture)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("Mandragora: position after move 6 of ")
    assert "as Bastien sees it" in out
    assert "Move 6: " in out
    assert "## Your hand" in out, "a seat's view shows its hand"
    assert picture.read_bytes().startswith(b"\x89PNG")


def test_replay_of_the_public_view_hides_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path)
    assert main(["replay", str(path), "--step", "0"]) == 0
    out = capsys.readouterr().out
    assert "position after move 0" in out
    assert "as spectators see it" in out
    assert "## Your hand" not in out


@pytest.mark.parametrize(("flag", "value"), [("--step", "100000"), ("--seat", "4")])
def test_replay_refuses_positions_that_do_not_exist(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str, value: str
) -> None:
    path = _write(tmp_path)
    assert main(["replay", str(path), flag, value]) == 2
    assert flag in capsys.readouterr().err
