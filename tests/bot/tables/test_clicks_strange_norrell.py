"""How many clicks a Jonathan Strange & Mr Norrell turn takes in the panel, over the recorded
games.

The golden playthroughs (``tests/games/golden/strange-norrell*.json``) are replayed with the
engine. A move is a seat's decisions until it is no longer deciding, together with the
decisions the engine then takes for it (the service takes them in the same click); a turn is
a seat's moves from the choice of its action (or a response window's spell) to the next
seat's. Each move is counted by ``bot.tables.choices.clicks_for``, the panel's own model.
Before moves in words, whole moves and decisions taken without asking, every decision was a
click.

The recorded games are random play, which wanders (magic taken back, moves back and forth), so
their turns are longer than a person's.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import pytest

import games
from bot.tables.choices import clicks_for

pytestmark = pytest.mark.slow

GOLDEN = Path(__file__).parents[2] / "games" / "golden"
ENGINE = games.get("strange-norrell")
#: What a typical turn may take, in clicks: the median over recorded turns.
TYPICAL_TURN = 4


@dataclass(frozen=True)
class Move:
    """One recorded move: the state it starts from, the seat, its decisions in order."""

    state: Any
    seat: int
    decisions: tuple[Any, ...]

    @property
    def spelled(self) -> list[str]:
        return [ENGINE.notation(d) for d in self.decisions]

    @cached_property
    def clicks(self) -> int:
        """Counted once: every test below asks for it."""
        return clicks_for(ENGINE, self.state, self.seat, self.decisions)


def recorded_games() -> list[dict[str, Any]]:
    """Every recorded game of Jonathan Strange & Mr Norrell."""
    paths = sorted(GOLDEN.glob("strange-norrell*.json"))
    assert paths, "no recorded game"
    return [json.loads(path.read_text()) for path in paths]


def moves_of(game: dict[str, Any]) -> list[Move]:
    """A recorded game replayed and cut into moves."""
    state = ENGINE.new_game(game["players"], game["seed"], game["options"])
    steps = [
        (int(seat) - 1, text.strip())
        for seat, text in (line.split(":", 1) for line in game["actions"])
    ]
    moves: list[Move] = []
    position = 0
    while position < len(steps):
        seat, text = steps[position]
        start = state
        decisions = []
        while True:
            decision = ENGINE.parse(state, seat, text)
            decisions.append(decision)
            state = ENGINE.apply(state, seat, decision).state
            position += 1
            if position == len(steps) or steps[position][0] != seat:
                break
            text = steps[position][1]
            following = ENGINE.parse(state, seat, text)
            if not ENGINE.deciding(state, seat) and ENGINE.automatic(state, seat) != following:
                break
        moves.append(Move(start, seat, tuple(decisions)))
    return moves


def starts_a_turn(move: Move) -> bool:
    """Whether ``move`` chooses its seat's action (or answers a response window)."""
    turn = move.state.turn
    return bool(move.state.window) or (turn is not None and turn.phase == "choose")


def turns_of(moves: list[Move]) -> list[list[Move]]:
    """Moves grouped into turns."""
    turns: list[list[Move]] = []
    for move in moves:
        if turns and turns[-1][0].seat == move.seat and not starts_a_turn(move):
            turns[-1].append(move)
        else:
            turns.append([move])
    return turns


@pytest.fixture(scope="module")
def turns() -> list[list[Move]]:
    return [turn for game in recorded_games() for turn in turns_of(moves_of(game))]


def test_a_typical_turn_takes_at_most_four_clicks(
    turns: list[list[Move]], clicks_report: Callable[[str], None]
) -> None:
    clicks = [sum(m.clicks for m in turn) for turn in turns]
    decisions = [sum(len(m.decisions) for m in turn) for turn in turns]
    assert statistics.median(clicks) <= TYPICAL_TURN, clicks
    assert statistics.mean(clicks) < statistics.mean(decisions) - 1
    clicks_report(
        f"strange-norrell: {len(turns)} turns; clicks before mean "
        f"{statistics.mean(decisions):.2f} median {statistics.median(decisions)} max "
        f"{max(decisions)}; after mean {statistics.mean(clicks):.2f} median "
        f"{statistics.median(clicks)} max {max(clicks)}"
    )


def test_a_move_of_a_few_decisions_is_one_click(turns: list[list[Move]]) -> None:
    """Magic with the feat its token goes on, an invitation with its rewards, a first move
    with where it goes: one pick each, when made straight through (not taken back)."""
    kinds = {"magic": ("on",), "attend": ("take",), "arrive": ("to",)}
    made = [
        m
        for turn in turns
        for m in turn
        if m.spelled[0].split()[0] in kinds
        and len(m.spelled) == 2
        and m.spelled[1].split()[0] in kinds[m.spelled[0].split()[0]]
    ]
    assert len(made) > 10
    # Past two pages of whole moves, the moves with the most ways to finish them are left
    # to be made step by step.
    singles = [m for m in made if m.clicks == 1]
    assert len(singles) >= 0.9 * len(made), [m.spelled for m in made if m not in singles]


def test_an_end_with_nothing_else_to_do_costs_no_click(turns: list[list[Move]]) -> None:
    taken = [
        m
        for turn in turns
        for m in turn
        if len(m.decisions) > 1 and m.spelled[-1] == "end" and m.spelled[0] != "end"
    ]
    assert taken
    for move in taken:
        assert move.clicks < len(move.decisions), move.spelled


def test_two_discards_down_to_the_limit_take_one_click(turns: list[list[Move]]) -> None:
    """When made in the order the menu lists them (the order of the hand): another order
    discards the same cards but leaves a different card on top of the discard pile."""
    found = 0
    for move in (m for turn in turns for m in turn):
        spelled = move.spelled
        if spelled[0] != "end" or len(spelled) != 3:
            continue
        found += 1
        discards = spelled[1:]
        listed = discards == sorted(discards)
        assert move.clicks == 1 + (1 if listed else 2), spelled
    assert found > 5


def test_no_move_takes_more_clicks_than_decisions(turns: list[list[Move]]) -> None:
    for move in (m for turn in turns for m in turn):
        assert 1 <= move.clicks <= len(move.decisions)
