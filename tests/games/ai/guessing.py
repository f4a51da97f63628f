"""A tiny game whose hidden card decides everything: if an AI player read it, it would win.

Seat 1 holds a card from 0 to 3 that seat 0 never sees; seat 0 names a card and wins when
it is the one held, else seat 1 wins. An AI deciding only from what seat 0 may see has no
reason to prefer any card, so its choice cannot follow the hidden one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel

from games.core import Board, Engine, Outcome, Transition

CARDS = 4


class GuessingOptions(BaseModel):
    """``shown``: the held card is face up, so seat 0 may read it (and should use it)."""

    shown: bool = False


@dataclass(frozen=True)
class GuessingState:
    """The held card, whether it is face up, and seat 0's guess once made."""

    held: int
    shown: bool = False
    guess: int | None = None


class GuessingView(BaseModel):
    """What a seat sees: the held card only when it is face up or its own."""

    held: int | None
    guess: int | None


class GuessingEngine(Engine[GuessingState, int]):
    """The guessing game, on the engine contract."""

    key = "guessing"
    title = "Guessing"
    min_players = 2
    max_players = 2
    Options = GuessingOptions
    state_type = GuessingState

    def _new_game(self, players: int, seed: int, options: Any) -> GuessingState:
        return GuessingState(held=seed % CARDS, shown=options.shown)

    def configurations(self) -> list[tuple[int, BaseModel]]:
        return [(2, GuessingOptions())]

    def players(self, state: GuessingState) -> int:
        return 2

    def to_act(self, state: GuessingState) -> frozenset[int]:
        return frozenset() if state.guess is not None else frozenset({0})

    def legal_actions(self, state: GuessingState, seat: int) -> list[int]:
        return list(range(CARDS)) if seat in self.to_act(state) else []

    def _apply(self, state: GuessingState, seat: int, action: int) -> Transition[GuessingState]:
        return Transition(replace(state, guess=action))

    def outcome(self, state: GuessingState) -> Outcome | None:
        if state.guess is None:
            return None
        right = state.guess == state.held
        return Outcome.ranked([1, 0] if right else [0, 1])

    def view(self, state: GuessingState, seat: int | None) -> GuessingView:
        sees = state.shown or seat == 1 or state.guess is not None
        return GuessingView(held=state.held if sees else None, guess=state.guess)

    def determinize(self, state: GuessingState, seat: int, rng: random.Random) -> GuessingState:
        if state.shown or seat == 1:
            return state
        return replace(state, held=rng.randrange(CARDS))

    def describe(self, view: BaseModel) -> Board:
        return Board(title="Guessing")

    def notation(self, action: int) -> str:
        return f"guess {action}"

    def parse_syntax(self, text: str) -> int | None:
        word, _, number = text.partition(" ")
        return int(number) if word == "guess" and number.isdigit() else None


class ShrewdGuessingEngine(GuessingEngine):
    """The guessing game with a policy that names the held card of whatever state it is
    given: asked about the real game it would cheat, so it shows that the AI only ever asks
    it about a world resampled for the deciding seat."""

    def policy(self, state: GuessingState, seat: int, rng: random.Random) -> int | None:
        return state.held if seat in self.to_act(state) else None
