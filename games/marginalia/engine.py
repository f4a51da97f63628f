"""Marginalia behind the shared engine contract."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from games.core import Board, Engine, Outcome, Showcase, Transition, seat_ref
from games.core.catalogue import CardText
from games.core.words import msg
from games.marginalia import catalogue, labels, moves, refusals, rules, scoring, strategy
from games.marginalia.actions import Action, Composite
from games.marginalia.describe import describe
from games.marginalia.notation import notation, parse_syntax
from games.marginalia.setup import new_state
from games.marginalia.state import MarginaliaState
from games.marginalia.text import end_reason
from games.marginalia.view import MarginaliaView, build_view, determinize


class MarginaliaOptions(BaseModel):
    """Marginalia has no variants."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class MarginaliaEngine(Engine[MarginaliaState, Action]):
    """Marginalia, a duel for two players."""

    key: ClassVar[str] = "marginalia"
    title: ClassVar[str] = "Marginalia"
    summary: ClassVar[str] = msg(
        "**Marginalia** · 2 players, 20 health each, 35-card decks.\n"
        "**Goal:** bring your opponent to 0 health. A player who cannot draw 5 cards (deck and "
        "discard pile together) at the start of a turn loses.\n"
        "**The page:** columns a–e; rows 1 (back) and 2 (front) are the first seat's (p1), rows 4 "
        "(back) and 3 (front) the second seat's (p2), whoever starts: a coin decides who plays "
        "first.\n"
        "**Your turn:** draw 5, then play up to 3 cards (the first player 1 then 2 in their first "
        "two turns, the second player 2 then 3). A marginalis goes to an empty front-line space, "
        "or behind one of yours to reinforce it; an incantation resolves and is erased. The rest "
        "of your hand is discarded.\n"
        "**Attack:** choose a direction; each of your front-line marginalia fights the one facing "
        "it (both deal damage) or, unopposed, hits the player. Then the reset phase, and the turn "
        "passes.\n"
        "**Examples:** `play cancer to c2` · `play ignis-sacer target p2` · `attack from a` · `end "
        "turn`"
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    Options: ClassVar[type[BaseModel]] = MarginaliaOptions
    state_type: ClassVar[type[MarginaliaState]] = MarginaliaState
    view_type: ClassVar[type[BaseModel]] = MarginaliaView
    # A turn asks a dozen small decisions at most, and random games end in a few dozen
    # actions; only players who never play a card could go on longer. A safety net.
    step_limit: ClassVar[int] = 10_000

    # Beyond the rules: where menus list it, what the AI counts as a clear lead in
    # ``standing``, the benchmark's floor, and the README's picture.
    menu_position: ClassVar[int] = 40
    clear_lead: ClassVar[float] = 12.0  # 6 health (``scoring.HEALTH_WEIGHT``)
    playouts_per_s: ClassVar[float] = 100.0
    showcase: ClassVar[Showcase] = Showcase(players=2, steps=30)

    def _new_game(self, players: int, seed: int, options: MarginaliaOptions) -> MarginaliaState:
        return new_state(seed)

    def configurations(self) -> list[tuple[int, BaseModel]]:
        return [(2, MarginaliaOptions())]

    def players(self, state: MarginaliaState) -> int:
        return 2

    def to_act(self, state: MarginaliaState) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: MarginaliaState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def decisions(self, state: MarginaliaState, seat: int, action: Action) -> list[Action] | None:
        return list(action.decisions) if isinstance(action, Composite) else None

    def whole_moves(self, state: MarginaliaState, seat: int) -> list[Composite]:
        return moves.whole_moves(state, seat)

    def action_label(self, state: MarginaliaState, seat: int, action: Action) -> str:
        return labels.label(state, seat, action)

    def automatic(self, state: MarginaliaState, seat: int) -> Action | None:
        return moves.automatic(state, seat)

    def deciding(self, state: MarginaliaState, seat: int) -> bool:
        return moves.deciding(state, seat)

    def pass_action(self, state: MarginaliaState, seat: int) -> Action | None:
        return moves.declining(state, seat)

    def _apply(
        self, state: MarginaliaState, seat: int, action: Action
    ) -> Transition[MarginaliaState]:
        new = state.clone()
        log = rules.apply(new, seat, action)
        return Transition(new, tuple(log))

    def explain_illegal(self, state: MarginaliaState, seat: int, action: Action) -> str:
        return refusals.explain(state, seat, action)

    def not_your_turn_message(self, state: MarginaliaState, seat: int) -> str:
        if not 0 <= seat < self.players(state):
            return msg("You are not seated in this game.")
        return msg("It is not your turn.")

    def ending(self, state: MarginaliaState, outcome: Outcome) -> str:
        # A duel is won by bringing the other to 0 health (or out of cards), not on points.
        winner = state.winner if state.winner is not None else 0
        if not state.end_reason:
            return msg("{player} wins.", player=seat_ref(winner))
        reason = end_reason(1 - winner, state.sides[1 - winner].health)
        return msg("{player} wins: {reason}.", player=seat_ref(winner), reason=reason)

    def results(self, state: MarginaliaState, outcome: Outcome) -> tuple[str, ...]:
        return scoring.results(state)

    def outcome(self, state: MarginaliaState) -> Outcome | None:
        return scoring.outcome(state)

    def standing(self, state: MarginaliaState) -> Outcome:
        return scoring.standing(state)

    def policy(self, state: MarginaliaState, seat: int, rng: random.Random) -> Action | None:
        return strategy.policy(state, seat, rng)

    def view(self, state: MarginaliaState, seat: int | None) -> MarginaliaView:
        return build_view(state, seat)

    def determinize(self, state: MarginaliaState, seat: int, rng: random.Random) -> MarginaliaState:
        return determinize(state, seat, rng)

    def describe(self, view: BaseModel) -> Board:
        if not isinstance(view, MarginaliaView):
            raise TypeError("not a Marginalia view")
        return describe(view)

    def picture(
        self, view: BaseModel, names: Sequence[str] | None = None, *, status: str | None = None
    ) -> bytes:
        if not isinstance(view, MarginaliaView):
            raise TypeError("not a Marginalia view")
        from games.marginalia.picture import render

        return render(view, names, status=status)

    def cards(self) -> Sequence[CardText]:
        return catalogue.catalogue()

    def card_keys(self, state: MarginaliaState, seat: int, action: Action) -> Sequence[str]:
        return catalogue.card_keys(state, seat, action)

    def notation(self, action: Action) -> str:
        return notation(action)

    def parse_syntax(self, text: str) -> Action | None:
        return parse_syntax(text)
