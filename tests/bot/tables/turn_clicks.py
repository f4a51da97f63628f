"""Clicks per turn over seeded whole games, the same way for every game.

A seeded game is played to its end by a player who knows what they want: the game's own
rules of thumb (``Engine.policy``) where it has one, otherwise a decision drawn from the
seeded generator among the legal ones, never ``back`` (a person does not wander back and
forth). The decisions are cut into *moves* (a seat's decisions until it is no longer deciding,
with those the engine then takes for it) and the moves into *turns* (a seat's moves until
another seat makes one, or until the seat starts a turn again where :data:`STARTS_TURN` says
when: a magician may play the last turn of a year and the first of the next). A turn's clicks
are counted by ``bot.tables.choices.clicks_for``, the panel's own model, over the turn's
decisions in order (a whole move picked in one go, even one that makes the whole turn);
opening the panel is not counted.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import count
from typing import Any

from bot.tables.choices import clicks_for
from games.core import BACK, Engine

#: The fewest turns counted for a game: seeds 1, 2, 3… are played, each with every seat count
#: and variant, until this many turns are in.
ENOUGH_TURNS = 200


@dataclass(frozen=True)
class Move:
    """One move: the state it starts from, the seat, its decisions in order."""

    state: Any
    seat: int
    decisions: tuple[Any, ...]


def played(engine: Engine[Any, Any], players: int, options: Any, seed: int) -> list[Move]:
    """A whole seeded game (see the module's docstring), cut into moves."""
    rng = random.Random(seed)
    state = engine.new_game(players, seed, options)
    moves: list[Move] = []
    for _ in range(engine.step_limit):
        if engine.outcome(state) is not None:
            break
        seat = min(engine.waiting_for(state) or engine.to_act(state))
        start, decisions = state, []
        while True:
            decision = _decide(engine, state, seat, rng)
            decisions.append(decision)
            state = engine.apply_trusted(state, seat, decision).state
            if engine.outcome(state) is not None:
                break
            if engine.deciding(state, seat) and engine.may_act(state, seat):
                continue
            follower = engine.automatic(state, seat)
            if follower is None:
                break
            state = engine.apply_trusted(state, seat, follower).state
            decisions.append(follower)
            if engine.outcome(state) is not None or not engine.deciding(state, seat):
                break
        moves.append(Move(start, seat, tuple(decisions)))
    return moves


def _decide(engine: Engine[Any, Any], state: Any, seat: int, rng: random.Random) -> Any:
    chosen = engine.policy(state, seat, rng)
    if chosen is not None:
        return chosen
    legal = [a for a in engine.legal_actions(state, seat) if engine.notation(a) != BACK]
    return rng.choice(legal)


#: Whether a move starts its seat's turn (see the module's docstring).
StartsTurn = Callable[[Move], bool]


def turns_of(moves: list[Move], starts_turn: StartsTurn | None = None) -> Iterator[list[Move]]:
    """Moves grouped into turns: a seat's moves until another seat makes one (or until one
    of the seat's moves ``starts_turn``)."""
    turn: list[Move] = []
    for move in moves:
        if turn and (turn[0].seat != move.seat or (starts_turn and starts_turn(move))):
            yield turn
            turn = []
        turn.append(move)
    if turn:
        yield turn


def _strange_norrell_turn(move: Move) -> bool:
    """A magician's turn starts with the choice of an action (or a response window's spell)."""
    turn = move.state.turn
    return bool(move.state.window) or (
        turn is not None and turn.phase == "choose" and not move.state.steps
    )


#: The games whose seat may play two turns in a row, with how to tell a turn's first move.
STARTS_TURN: dict[str, StartsTurn] = {"strange-norrell": _strange_norrell_turn}


def turn_clicks(engine: Engine[Any, Any]) -> list[int]:
    """The clicks of every turn of seeded games (see :data:`ENOUGH_TURNS`)."""
    starts_turn = STARTS_TURN.get(engine.key)
    counted: list[int] = []
    for seed in count(1):
        for players, options in engine.configurations():
            for turn in turns_of(played(engine, players, options, seed), starts_turn):
                counted.append(clicks_of(engine, turn))
        if len(counted) >= ENOUGH_TURNS:
            break
    return counted


def clicks_of(engine: Engine[Any, Any], turn: list[Move]) -> int:
    """A turn's clicks: its decisions one after the other from where it starts, so that a
    whole move spanning several moves (a whole turn) counts as the one pick it is."""
    decisions = [d for move in turn for d in move.decisions]
    return clicks_for(engine, turn[0].state, turn[0].seat, decisions)


def percentile_90(values: list[int]) -> float:
    """The 90th percentile (inclusive method: a value among or between the counted ones)."""
    return statistics.quantiles(values, n=10, method="inclusive")[-1]
