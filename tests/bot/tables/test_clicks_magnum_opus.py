"""How many clicks a Magnum Opus move takes on the panel, over the golden playthroughs.

Each recorded game is replayed with the engine; a move is a seat's consecutive decisions
until it is no longer partway through one (``Engine.deciding``), and ``clicks_for`` counts it
as the panel shows it. Before whole moves and automatic decisions, every decision was a click.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import games
from bot.tables.choices import PAGE_SIZE, clicks_for
from games.core import Engine

GOLDEN = Path(__file__).parents[2] / "games" / "golden"
ENGINE: Engine[Any, Any] = games.get("magnum-opus")
FILES = sorted(GOLDEN.glob("magnum-opus*.json"))


def recorded_moves(path: Path) -> list[tuple[Any, int, list[Any]]]:
    """Each move of a golden game: the state before it, the seat, and its decisions."""
    game = json.loads(path.read_text())
    state = ENGINE.new_game(game["players"], game["seed"], game["options"])
    moves: list[tuple[Any, int, list[Any]]] = []
    going_on = False
    for line in game["actions"]:
        number, _, text = line.partition(": ")
        seat = int(number) - 1
        action = ENGINE.parse(state, seat, text)
        if going_on and moves[-1][1] == seat:
            moves[-1][2].append(action)
        else:
            moves.append((state, seat, [action]))
        state = ENGINE.apply(state, seat, action).state
        going_on = ENGINE.deciding(state, seat)
    return moves


def all_moves() -> list[tuple[Any, int, list[Any]]]:
    return [move for path in FILES for move in recorded_moves(path)]


def test_the_golden_games_are_there() -> None:
    assert len(FILES) == 4


def test_every_recorded_pick_takes_one_click() -> None:
    picks = [
        (state, seat, move)
        for state, seat, move in all_moves()
        if ENGINE.notation(move[0]).startswith("pick ")
    ]
    assert len(picks) > 100
    for state, seat, move in picks:
        assert len(move) == 1
        assert clicks_for(ENGINE, state, seat, move) == 1


def test_a_favor_aimed_at_a_rival_takes_one_click() -> None:
    """Unless the player stepped back and forth (random play does); a long menu of whole
    Favors adds the page turns to reach it."""
    favors = [
        (state, seat, move)
        for state, seat, move in all_moves()
        if ENGINE.notation(move[-1]).split()[0] in ("discard", "take", "give")
        and "back" not in [ENGINE.notation(d) for d in move]
    ]
    assert favors
    for state, seat, move in favors:
        page_turns = (len(ENGINE.whole_moves(state, seat)) - 1) // PAGE_SIZE
        clicks = clicks_for(ENGINE, state, seat, move)
        assert 1 <= clicks <= 1 + page_turns, [ENGINE.notation(d) for d in move]


def test_no_move_takes_more_clicks_than_decisions() -> None:
    for state, seat, move in all_moves():
        assert 1 <= clicks_for(ENGINE, state, seat, move) <= len(move)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_clicks_per_move(path: Path, clicks_report: Callable[[str], None]) -> None:
    moves = recorded_moves(path)
    before = [len(move) for _, _, move in moves]
    after = [clicks_for(ENGINE, state, seat, move) for state, seat, move in moves]
    assert sum(after) < sum(before)
    clicks_report(
        f"{path.stem}: {len(moves)} moves; clicks before mean "
        f"{statistics.mean(before):.2f} median {statistics.median(before)} max {max(before)};"
        f" after mean {statistics.mean(after):.2f} median {statistics.median(after)} max "
        f"{max(after)}"
    )
