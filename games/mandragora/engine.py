"""Mandragora behind the shared engine contract."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from games.core import Board, Engine, InvalidSetup, LogEntry, Outcome, Showcase, Transition
from games.core.catalogue import CardText
from games.core.words import msg
from games.mandragora import (
    cards,
    catalogue,
    labels,
    refusals,
    rules,
    scoring,
    strategy,
    whole_moves,
)
from games.mandragora.actions import (
    Action,
    AddIngredient,
    CastBook,
    ChoosePower,
    CompositeCast,
    FinishCast,
)
from games.mandragora.describe import describe
from games.mandragora.notation import notation, parse_syntax
from games.mandragora.setup import new_state
from games.mandragora.state import MandragoraState
from games.mandragora.view import MandragoraView, build_view, determinize


class MandragoraOptions(BaseModel):
    """Variants of Mandragora."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    teams: bool = Field(
        default=False,
        description="Four sorcerers in two teams of two, partners sitting across (seats 1 & 3 "
        "against 2 & 4).",
    )


class MandragoraEngine(Engine[MandragoraState, Action]):
    """Mandragora for 2-4 sorcerers, and 2 v 2 teams."""

    key: ClassVar[str] = "mandragora"
    title: ClassVar[str] = "Mandragora"
    summary: ClassVar[str] = msg(
        "**Mandragora** · 2–4 sorcerers, or 2 v 2 teams with 4 (partners sit across).\n"
        "**Goal:** the most points. Each spell you cast scores its value (1–5) plus its "
        "spellbook's (0–3); you lose 1 per colour left in your hand (mandrakes count as white) and "
        "2 for the Curse marker (most cursed scrolls). Tie: most spells cast.\n"
        "**Start:** 1 mandrake each; 10 shops in a circle, 3 of them night shops with face-down "
        "cards.\n"
        "**Your turn**, one of:\n"
        "- send the assistant 1–3 shops clockwise (+1 per Swiftness) and take every card there; "
        "cursed scrolls go in front of you. The shops it left and passed get a new card each.\n"
        "- cast a spell: 1 spellbook plus ingredients of its colour (black: all different "
        "colours); a mandrake is wild, one per spell. Choose a power up to the number of "
        "ingredients, take the top spell card of that value and apply it.\n"
        "**End:** once the deck runs out, three more rounds from the next sorcerer; during them "
        "you may `drop out`.\n"
        "**Examples:** `move 3` · `cast red-2 red red mandrake power 3` · `drop out`"
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = MandragoraOptions
    state_type: ClassVar[type[MandragoraState]] = MandragoraState
    view_type: ClassVar[type[BaseModel]] = MandragoraView
    # Every turn takes a deck card or a spell until the deck runs out, then three rounds
    # remain; casting takes at most a dozen small decisions. This bound is far above that.
    step_limit: ClassVar[int] = 5_000

    # Beyond the rules: where menus list it, what the AI counts as a clear lead in
    # ``standing``, the benchmark's floor, and the README's picture.
    menu_position: ClassVar[int] = 10
    clear_lead: ClassVar[float] = 4.0
    playouts_per_s: ClassVar[float] = 300.0
    showcase: ClassVar[Showcase] = Showcase(players=3, steps=45)
    score_name: ClassVar[str] = "points"

    def _new_game(self, players: int, seed: int, options: MandragoraOptions) -> MandragoraState:
        if options.teams and players != 4:
            raise InvalidSetup(msg("The team variant needs exactly 4 sorcerers."))
        return new_state(players, seed, options.teams)

    def configurations(self) -> list[tuple[int, BaseModel]]:
        plain = [(n, MandragoraOptions()) for n in range(2, 5)]
        return [*plain, (4, MandragoraOptions(teams=True))]

    def players(self, state: MandragoraState) -> int:
        return state.players

    def to_act(self, state: MandragoraState) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: MandragoraState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def decisions(self, state: MandragoraState, seat: int, action: Action) -> list[Action] | None:
        return _cast_decisions(action) if isinstance(action, CompositeCast | FinishCast) else None

    def deciding(self, state: MandragoraState, seat: int) -> bool:
        # A decision of its own is owed: the rest of a cast, a spell's choices, a team trade;
        # or it is its turn, which backing out of a spellbook returns to and which looks the
        # same as a turn not yet begun. A Replication's extra turn is a move of its own.
        if state.steps:
            return state.steps[0].seat == seat
        return seat == state.current and not state.extra_turn and not state.finished

    def pass_action(self, state: MandragoraState, seat: int) -> Action | None:
        return rules.declining(state, seat)

    def whole_moves(self, state: MandragoraState, seat: int) -> list[Action]:
        return whole_moves.whole_moves(state, seat)

    def action_label(self, state: MandragoraState, seat: int, action: Action) -> str:
        return labels.label(state, seat, action)

    def cards(self) -> Sequence[CardText]:
        return catalogue.catalogue()

    def card_keys(self, state: MandragoraState, seat: int, action: Action) -> Sequence[str]:
        return catalogue.card_keys(state, seat, action)

    def _apply(
        self, state: MandragoraState, seat: int, action: Action
    ) -> Transition[MandragoraState]:
        new = state.clone()
        entries: list[LogEntry] = []
        rules.apply(new, seat, action, entries)
        return Transition(new, tuple(entries))

    def explain_illegal(self, state: MandragoraState, seat: int, action: Action) -> str:
        return refusals.explain(state, seat, action)

    def teams(self, state: MandragoraState) -> tuple[tuple[int, ...], ...] | None:
        return ((0, 2), (1, 3)) if state.teams else None

    def outcome(self, state: MandragoraState) -> Outcome | None:
        return scoring.outcome(state) if state.finished else None

    def results(self, state: MandragoraState, outcome: Outcome) -> tuple[str, ...]:
        return scoring.results(state, outcome)

    def standing(self, state: MandragoraState) -> Outcome:
        return scoring.outcome(state)

    def policy(self, state: MandragoraState, seat: int, rng: random.Random) -> Action | None:
        return strategy.policy(state, seat, rng)

    def view(self, state: MandragoraState, seat: int | None) -> MandragoraView:
        return build_view(state, seat)

    def determinize(self, state: MandragoraState, seat: int, rng: random.Random) -> MandragoraState:
        return determinize(state, seat, rng)

    def describe(self, view: BaseModel) -> Board:
        if not isinstance(view, MandragoraView):
            raise TypeError("not a Mandragora view")
        return describe(view)

    def picture(
        self, view: BaseModel, names: Sequence[str] | None = None, *, status: str | None = None
    ) -> bytes:
        if not isinstance(view, MandragoraView):
            raise TypeError("not a Mandragora view")
        from games.mandragora.picture import render

        return render(view, names, status=status)

    def notation(self, action: Action) -> str:
        return notation(action)

    def parse_syntax(self, text: str) -> Action | None:
        return parse_syntax(text)


def _cast_decisions(action: CompositeCast | FinishCast) -> list[Action]:
    decisions: list[Action] = [CastBook(action.book)] if isinstance(action, CompositeCast) else []
    decisions += [AddIngredient(card) for card in action.ingredients]
    return [*decisions, ChoosePower(action.power), *action.then]


__all__ = ["MandragoraEngine", "MandragoraOptions", "cards"]
