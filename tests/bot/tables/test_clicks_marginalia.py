"""How many clicks a Marginalia turn takes in the panel, over the recorded games.

The golden playthroughs (``tests/games/golden/marginalia*.json``) are replayed with the engine.
A move is a seat's decisions until it is no longer deciding, together with the decisions the
engine then takes for it (the service takes them in the same click); a turn is a seat's moves
one after the other. Each move is counted by ``bot.tables.choices.clicks_for``, the panel's
own model.
"""

from __future__ import annotations

import json
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import games
from bot.tables.choices import clicks_for

GOLDEN = Path(__file__).parents[2] / "games" / "golden"
ENGINE = games.get("marginalia")
#: What a typical turn may take, in clicks: the mean and the median over recorded turns.
TYPICAL_TURN = 4


@dataclass(frozen=True)
class Move:
    """One recorded move: the state it starts from, the seat, its decisions in order."""

    state: Any
    seat: int
    decisions: tuple[Any, ...]


def recorded_games() -> list[dict[str, Any]]:
    """Every recorded Marginalia game."""
    paths = sorted(GOLDEN.glob("marginalia*.json"))
    assert paths, "no recorded Marginalia game"
    return [json.loads(path.read_text()) for path in paths]


def moves_of(game: dict[str, Any]) -> list[Move]:
    """A recorded game replayed and cut into moves."""
    state = ENGINE.new_game(2, game["seed"], game.get("options"))
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
            taken_for_it = ENGINE.automatic(state, seat)
            if not ENGINE.deciding(state, seat) and taken_for_it != following:
                break
        moves.append(Move(start, seat, tuple(decisions)))
    return moves


def turns_of(moves: list[Move]) -> list[list[Move]]:
    """Moves grouped into turns: a seat's moves one after the other."""
    turns: list[list[Move]] = []
    for move in moves:
        if turns and turns[-1][0].seat == move.seat:
            turns[-1].append(move)
        else:
            turns.append([move])
    return turns


def turn_clicks() -> list[int]:
    """The clicks of every recorded turn."""
    return [
        sum(clicks_for(ENGINE, m.state, m.seat, m.decisions) for m in turn)
        for game in recorded_games()
        for turn in turns_of(moves_of(game))
    ]


def test_a_typical_turn_takes_at_most_four_clicks() -> None:
    clicks = turn_clicks()
    decisions = [
        sum(len(m.decisions) for m in turn)
        for game in recorded_games()
        for turn in turns_of(moves_of(game))
    ]
    assert statistics.mean(clicks) <= TYPICAL_TURN, clicks
    assert statistics.median(clicks) <= TYPICAL_TURN, clicks
    # Fewer clicks than decisions: whole moves and decisions taken without asking do count.
    assert sum(clicks) < sum(decisions)


def test_playing_a_card_to_a_space_is_one_click() -> None:
    placements = [
        m
        for game in recorded_games()
        for m in moves_of(game)
        if [ENGINE.notation(d).split()[0] for d in m.decisions] == ["play", "to"]
    ]
    assert placements
    singles = [m for m in placements if clicks_for(ENGINE, m.state, m.seat, m.decisions) == 1]
    # Only a marginalis whose coin on arrival might ask for more is placed step by step.
    assert len(singles) >= len(placements) - 1


def test_the_attack_that_is_all_that_is_left_costs_no_click() -> None:
    last_card_then_attack = [
        m
        for game in recorded_games()
        for m in moves_of(game)
        if len(m.decisions) == 3 and ENGINE.notation(m.decisions[2]) == "attack"
    ]
    assert last_card_then_attack
    for move in last_card_then_attack:
        assert clicks_for(ENGINE, move.state, move.seat, move.decisions) == 1
