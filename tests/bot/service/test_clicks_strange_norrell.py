"""How many clicks a Jonathan Strange & Mr Norrell turn takes on the panel, over the golden
playthroughs.

Each recorded game is replayed with the engine; a move is a seat's consecutive decisions
until it is no longer partway through one (``Engine.deciding``): here a whole turn, from its
action to its last discard. ``clicks_for`` counts it as the panel shows it. Before labels,
whole moves and automatic decisions, every decision was a click.

The recorded games are random play, which wanders: a turn there is longer than a person's
(moves back and forth, magic taken back).
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

import pytest

import games
from bot.service.choices import clicks_for
from games.core import Engine

GOLDEN = Path(__file__).parents[2] / "games" / "golden"
ENGINE: Engine[Any, Any] = games.get("strange-norrell")
FILES = sorted(GOLDEN.glob("strange-norrell*.json"))

Move = tuple[Any, int, list[Any]]


def recorded_moves(path: Path) -> list[Move]:
    """Each move of a golden game: the state before it, the seat, and its decisions."""
    game = json.loads(path.read_text())
    state = ENGINE.new_game(game["players"], game["seed"], game["options"])
    moves: list[Move] = []
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


@pytest.fixture(scope="module")
def moves() -> list[Move]:
    return [move for path in FILES for move in recorded_moves(path)]


def notations(move: list[Any]) -> list[str]:
    return [ENGINE.notation(d) for d in move]


def test_the_golden_games_are_there() -> None:
    assert len(FILES) == 5


def test_a_turn_is_one_move(moves: list[Move]) -> None:
    turns = [m for m in moves if notations(m[2])[-1] != "pass"]
    assert all("end" in notations(move) for _, _, move in turns)


def test_an_end_with_nothing_else_to_do_costs_no_click(moves: list[Move]) -> None:
    free = 0
    for state, seat, move in moves:
        spelled = notations(move)
        if spelled[-1] != "end" or "back" in spelled:
            continue
        before_end = state
        for decision in move[:-1]:
            before_end = ENGINE.apply(before_end, seat, decision).state
        if [ENGINE.notation(a) for a in ENGINE.legal_actions(before_end, seat)] == ["end"]:
            free += 1
            assert clicks_for(ENGINE, state, seat, move) == clicks_for(
                ENGINE, state, seat, move[:-1]
            )
    assert free > 10


def test_two_discards_down_to_the_limit_take_one_click(moves: list[Move]) -> None:
    """When made in the order the menu lists them (the order of the hand): another order
    discards the same cards but leaves a different card on top of the discard pile."""
    found = 0
    for state, seat, move in moves:
        spelled = notations(move)
        end = spelled.index("end") if "end" in spelled else -1
        discards = spelled[end + 1 :]
        if end < 0 or len(discards) != 2 or "back" in spelled:
            continue
        found += 1
        up_to_the_end = clicks_for(ENGINE, state, seat, move[: end + 1])
        listed = discards == sorted(discards)
        assert clicks_for(ENGINE, state, seat, move) == up_to_the_end + (1 if listed else 2)
    assert found > 5


def test_no_turn_takes_more_clicks_than_decisions(moves: list[Move]) -> None:
    for state, seat, move in moves:
        assert 1 <= clicks_for(ENGINE, state, seat, move) <= len(move)


def test_clicks_per_turn(moves: list[Move], capsys: pytest.CaptureFixture[str]) -> None:
    before = [len(move) for _, _, move in moves]
    after = [clicks_for(ENGINE, state, seat, move) for state, seat, move in moves]
    assert statistics.mean(after) < statistics.mean(before) - 0.5
    assert statistics.median(after) <= 5
    with capsys.disabled():
        print(
            f"\nstrange-norrell: {len(moves)} moves; clicks before mean "
            f"{statistics.mean(before):.2f} median {statistics.median(before)} max {max(before)};"
            f" after mean {statistics.mean(after):.2f} median {statistics.median(after)} max "
            f"{max(after)}"
        )
