"""Stones behind the engine contract: two players take 1 to 3 stones in turn from one pile,
and whoever takes the last stone wins. It declares only what the contract requires (no rules
summary, no picture, no AI rules of thumb, no catalogue, no whole moves, no labels, nothing
hidden), so every optional part of the contract runs on its default and every test the games
share must pass on it (``tests/games/test_a_minimal_game.py``)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from games.core import Board, Engine, LogEntry, Outcome, SeededRng, Transition, seat_ref, seed_state
from tests.games.tiny_game.actions import Action, Take
from tests.games.tiny_game.describe import describe
from tests.games.tiny_game.notation import notation, parse_syntax
from tests.games.tiny_game.state import MAX_TAKE, StonesState
from tests.games.tiny_game.view import StonesView, build_view


class StonesOptions(BaseModel):
    """How big the pile is."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    stones: int = Field(default=7, ge=1, le=30, description="Stones in the pile at the start.")


class StonesEngine(Engine[StonesState, Action]):
    """Stones: the smallest game the contract can hold."""

    key: ClassVar[str] = "stones"
    title: ClassVar[str] = "Stones"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    Options: ClassVar[type[BaseModel]] = StonesOptions
    state_type: ClassVar[type[StonesState]] = StonesState

    def _new_game(self, players: int, seed: int, options: StonesOptions) -> StonesState:
        rng = SeededRng(seed_state(seed))
        first = rng.below(2)
        return StonesState(rng=rng.state, pile=options.stones, current=first)

    def players(self, state: StonesState) -> int:
        return 2

    def to_act(self, state: StonesState) -> frozenset[int]:
        return frozenset({state.current}) if state.pile else frozenset()

    def legal_actions(self, state: StonesState, seat: int) -> list[Action]:
        if not state.pile or seat != state.current:
            return []
        return [Take(n) for n in range(1, min(MAX_TAKE, state.pile) + 1)]

    def _apply(self, state: StonesState, seat: int, action: Action) -> Transition[StonesState]:
        left = state.pile - action.stones
        stones = "stone" if action.stones == 1 else "stones"
        entry = LogEntry.public(f"{seat_ref(seat)} takes {action.stones} {stones}; {left} left.")
        new = replace(state, pile=left, current=1 - seat, last_taker=seat)
        return Transition(new, (entry,))

    def outcome(self, state: StonesState) -> Outcome | None:
        if state.pile or state.last_taker is None:
            return None
        return Outcome.ranked([1 if seat == state.last_taker else 0 for seat in (0, 1)])

    def view(self, state: StonesState, seat: int | None) -> StonesView:
        return build_view(state, seat)

    def determinize(self, state: StonesState, seat: int, rng: random.Random) -> StonesState:
        return state  # nothing is hidden

    def describe(self, view: BaseModel) -> Board:
        if not isinstance(view, StonesView):
            raise TypeError("not a Stones view")
        return describe(view)

    def notation(self, action: Action) -> str:
        return notation(action)

    def parse_syntax(self, text: str) -> Action | None:
        return parse_syntax(text)
