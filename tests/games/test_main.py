"""``python -m games``: listing games and simulating seeded games."""

from __future__ import annotations

import subprocess
import sys

import pytest

from games.__main__ import main


def test_simulate_prints_the_log_and_final_scores(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "mandragora", "--players", "3", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Mandragora: 3 players, seed 7")
    assert "Seat 1> move" in out
    assert "sends the assistant" in out
    assert "[only Seat" in out, "private entries are marked with their audience"
    assert "#1 Seat" in out
    assert "points" in out


def test_simulate_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "mandragora", "--players", "4", "--seed", "3", "--option", "teams=true"])
    first = capsys.readouterr().out
    main(["simulate", "mandragora", "--players", "4", "--seed", "3", "--option", "teams=true"])
    assert capsys.readouterr().out == first
    assert "Team A" in first


def test_quiet_prints_only_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "mandragora", "--seed", "2", "--quiet"])
    out = capsys.readouterr().out
    assert "> move" not in out
    assert "#1 Seat" in out


def test_ai_players_play_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "magnum-opus", "--players", "3", "--ai", "hard,normal,easy"]
    assert main([*argv, "--iterations", "3", "--quiet", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Seats: Seat 1 hard, Seat 2 normal, Seat 3 easy" in out
    assert "#1 Seat" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess"], "no game called"),
        (["simulate", "mandragora", "--players", "9"], "2 to 4 players"),
        (["simulate", "mandragora", "--option", "teams=true"], "exactly 4"),
        (["simulate", "mandragora", "--option", "teams"], "NAME=VALUE"),
        (["simulate", "mandragora", "--ai", "genius"], "--ai takes one of random"),
    ],
)
def test_bad_arguments_are_explained(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


@pytest.mark.slow
def test_list_and_module_entry_point() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "games", "list"], capture_output=True, text=True, check=True
    )
    assert "mandragora" in done.stdout
    assert "2–4 players" in done.stdout
