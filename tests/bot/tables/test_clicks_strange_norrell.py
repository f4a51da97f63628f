"""How many clicks a Jonathan Strange & Mr Norrell turn takes in the panel.

A typical turn is measured over seeded whole games played by the game's rules of thumb
(``turn_clicks``: an action, then visits, magic and the end of the turn as a person who knows
what they want plays them), every turn counted, those that end over the hand limit too, and
those on their own. The golden playthroughs (``tests/games/golden/strange-norrell*.json``) are
random play, which wanders (magic taken back, moves back and forth, the turn ended at random):
they are replayed to check the moves a panel makes in one pick. There a move is a seat's
decisions until it is no longer deciding, together with the decisions the engine then takes
for it (the service takes them in the same click); a turn is a seat's moves from the choice
of its action (or a response window's spell) to the next seat's. Each move is counted by
``bot.tables.choices.clicks_for``, the panel's own model.
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
from games.strange_norrell.actions import Discard
from games.strange_norrell.whole_turns import whole_turns
from tests.bot.tables import turn_clicks as seeded

pytestmark = pytest.mark.slow

GOLDEN = Path(__file__).parents[2] / "games" / "golden"
ENGINE = games.get("strange-norrell")
#: What a typical turn may take, in clicks: the median over the turns of seeded games, and
#: over those of them that end with discards down to the hand limit.
TYPICAL_TURN = 5


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


def test_a_typical_turn_takes_at_most_five_clicks(clicks_report: Callable[[str], None]) -> None:
    clicks = seeded.turn_clicks(ENGINE)
    assert statistics.median(clicks) <= TYPICAL_TURN, clicks
    clicks_report(
        f"strange-norrell: {len(clicks)} turns of seeded games; median "
        f"{statistics.median(clicks)}, 90th percentile {seeded.percentile_90(clicks)}, "
        f"most {max(clicks)}"
    )


def test_a_turn_ending_over_the_hand_limit_takes_at_most_five_clicks(
    clicks_report: Callable[[str], None],
) -> None:
    """However many cards go: the discards are one pick (the panel's cards picked together)
    once two or more must go, one click when a single card does."""
    over: list[tuple[int, int]] = []
    for seed in (1, 2):
        for players, options in ENGINE.configurations():
            game = seeded.played(ENGINE, players, options, seed)
            for turn in seeded.turns_of(game, seeded.STARTS_TURN[ENGINE.key]):
                discards = sum(isinstance(d, Discard) for m in turn for d in m.decisions)
                if discards:
                    clicks = seeded.clicks_of(ENGINE, turn)
                    over.append((discards, clicks))
    several = [clicks for discards, clicks in over if discards >= 2]
    assert len(over) > 30
    assert len(several) > 10
    assert statistics.median(c for _, c in over) <= TYPICAL_TURN
    assert statistics.median(several) <= TYPICAL_TURN
    clicks_report(
        f"strange-norrell: {len(over)} turns over the hand limit, median "
        f"{statistics.median(c for _, c in over)}; {len(several)} with two or more to discard, "
        f"median {statistics.median(several)}"
    )


def test_random_play_turns_take_fewer_clicks_than_decisions(turns: list[list[Move]]) -> None:
    clicks = [sum(m.clicks for m in turn) for turn in turns]
    decisions = [sum(len(m.decisions) for m in turn) for turn in turns]
    assert statistics.mean(clicks) < statistics.mean(decisions) - 1


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


def test_discards_down_to_the_limit_take_one_click_in_any_order(turns: list[list[Move]]) -> None:
    """The end of the turn, then the cards picked together: whatever order the recorded move
    discarded them in (the panel asks which cards, and discards them in the hand's order)."""
    found = 0
    for move in (m for turn in turns for m in turn):
        spelled = move.spelled
        if spelled[0] != "end" or len(spelled) < 3:
            continue
        found += 1
        assert move.clicks == 2, spelled
    assert found > 5


def test_no_move_takes_more_clicks_than_decisions(turns: list[list[Move]]) -> None:
    for move in (m for turn in turns for m in turn):
        assert 1 <= move.clicks <= len(move.decisions)


def test_an_action_one_magic_move_and_the_end_are_one_click_when_offered_whole() -> None:
    """The seeded games' turns that are exactly one of the whole turns offered at their start
    (an action, magic with its card and feat, the end)."""
    found = 0
    for players, options in ENGINE.configurations():
        game = seeded.played(ENGINE, players, options, 1)
        for turn in seeded.turns_of(game, seeded.STARTS_TURN[ENGINE.key]):
            start, seat = turn[0].state, turn[0].seat
            decisions = tuple(d for m in turn for d in m.decisions)
            offered = [w.decisions for w in whole_turns(start, seat)]
            if decisions in offered:
                found += 1
                assert seeded.clicks_of(ENGINE, turn) == 1, [ENGINE.notation(d) for d in decisions]
    assert found > 10
