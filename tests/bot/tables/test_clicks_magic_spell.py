"""How many clicks a Magic Spell move takes on the panel, counted over the recorded games.

Each golden playthrough is replayed with the engine and cut into moves: a seat's decisions
from the first until it is no longer deciding (trades by other students may come in between).
Each move is counted with ``bot.tables.choices.clicks_for``, once with the game's labels and
whole moves, and once as the panel was before them (every decision a click of its own).
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.tables.choices import clicks_for, panel_choices
from games.core import Engine
from games.magic_spell import MagicSpellEngine
from games.magic_spell.actions import Accept, Action, Decline
from games.magic_spell.state import MagicSpellState
from tests.games.magic_spell.positions import ENGINE, position

pytestmark = pytest.mark.slow

GOLDEN = Path(__file__).parents[2] / "games" / "golden"
#: What a typical move may take, in clicks.
TYPICAL = 4


class StepByStep(MagicSpellEngine):
    """Magic Spell as the panel showed it before: no whole moves, notation on the buttons."""

    def whole_moves(self, state: MagicSpellState, seat: int) -> list[Action]:
        return list(Engine.whole_moves(self, state, seat))

    def action_label(self, state: MagicSpellState, seat: int, action: Action) -> str:
        return Engine.action_label(self, state, seat, action)


BEFORE = StepByStep()


@dataclass(frozen=True)
class Move:
    """A recorded move: where it started, whose it is, and its decisions in order."""

    game: str
    state: MagicSpellState
    seat: int
    decisions: tuple[Action, ...]


@cache
def recorded_moves() -> tuple[Move, ...]:
    """Every complete move of every golden Magic Spell playthrough."""
    moves: list[Move] = []
    for path in sorted(GOLDEN.glob("magic-spell*.json")):
        data: dict[str, Any] = json.loads(path.read_text())
        state = ENGINE.new_game(data["players"], data["seed"], data["options"])
        started: dict[int, tuple[MagicSpellState, list[Action]]] = {}
        for entry in data["actions"]:
            number, text = entry.split(": ", 1)
            seat = int(number) - 1
            begun, decisions = started.setdefault(seat, (state, []))
            action = ENGINE.parse(state, seat, text)
            decisions.append(action)
            state = ENGINE.apply(state, seat, action).state
            for other in list(started):
                if not ENGINE.deciding(state, other):
                    begun, decisions = started.pop(other)
                    # A trade dropped because someone else's turn began is no move of its own.
                    if other == seat:
                        moves.append(Move(path.stem, begun, seat, tuple(decisions)))
    return tuple(moves)


@cache
def counts() -> tuple[tuple[int, int], ...]:
    """(clicks before, clicks now) for every recorded move."""
    return tuple(
        (
            clicks_for(BEFORE, m.state, m.seat, m.decisions),
            clicks_for(ENGINE, m.state, m.seat, m.decisions),
        )
        for m in recorded_moves()
    )


def summary(clicks: list[int]) -> str:
    return (
        f"mean {statistics.mean(clicks):.2f}, median {statistics.median(clicks)}, max {max(clicks)}"
    )


def test_the_recorded_games_hold_enough_moves_to_count() -> None:
    moves = recorded_moves()
    assert len(moves) > 500
    assert {m.game for m in moves} == {p.stem for p in GOLDEN.glob("magic-spell*.json")}


def test_a_typical_move_takes_at_most_four_clicks_and_never_more_than_before(
    clicks_report: Callable[[str], None],
) -> None:
    before = [b for b, _ in counts()]
    after = [a for _, a in counts()]
    clicks_report(f"Magic Spell clicks per move, before: {summary(before)}; now: {summary(after)}")
    assert statistics.median(after) <= TYPICAL
    assert statistics.mean(after) <= TYPICAL
    assert all(a <= b for b, a in counts())
    assert statistics.mean(after) < statistics.mean(before)


def test_a_weave_then_done_is_one_click_where_it_took_two() -> None:
    weave_and_stop = [
        (b, a)
        for m, (b, a) in zip(recorded_moves(), counts(), strict=True)
        if [ENGINE.notation(d).split()[0] for d in m.decisions] == ["weave", "done"]
    ]
    assert weave_and_stop
    assert all(a == 1 < b for b, a in weave_and_stop)


def _cast_clicks(s: MagicSpellState, *texts: str) -> tuple[int, int]:
    decisions = [ENGINE.parse_syntax(t) for t in texts]
    assert all(d is not None for d in decisions)
    move = [d for d in decisions if d is not None]
    return clicks_for(BEFORE, s, 0, move), clicks_for(ENGINE, s, 0, move)


def test_a_cast_with_few_combinations_is_one_pick() -> None:
    estop = position(3, spellbooks=[["estop"], [], []])
    assert _cast_clicks(estop, "cast estop", "target 3") == (2, 1)
    palimpsest = position(
        3,
        spellbooks=[["palimpsest"], [], []],
        cabinets=[["A", "B"], [], []],
        homework=[["vim", "ken"], [], []],
    )
    assert _cast_clicks(palimpsest, "cast palimpsest", "homework ken", "pay b") == (3, 1)


def test_trades_offered_between_turns_say_who_offers_what_for_what() -> None:
    answered = detailed = 0
    for m in recorded_moves():
        first = m.decisions[0]
        if not isinstance(first, Accept | Decline):
            continue
        panel = panel_choices(ENGINE, m.state, m.seat)
        label = next(c.label for c in panel.steps if c.notation == ENGINE.notation(first))
        assert label.startswith(("Accept {p", "Decline {p"))
        assert f"{{p{first.seat}}}'s " in label
        detailed += " for " in label
        answered += 1
    assert answered > 50
    # A label says what for what unless that would not fit a button in every language; then
    # it names the offer, and the panel's words above it spell the offer out.
    assert detailed >= answered * 3 // 4, (detailed, answered)
