"""Magnum Opus behind the shared engine contract."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from games.core import Board, Engine, InvalidSetup, LogEntry, Outcome, Showcase, Transition
from games.core.catalogue import CardText
from games.core.words import msg
from games.magnum_opus import catalogue, labels, refusals, rules, scoring, solicitation, strategy
from games.magnum_opus.actions import Action, CompositeFavor, Pick
from games.magnum_opus.describe import describe
from games.magnum_opus.notation import notation, parse_syntax
from games.magnum_opus.setup import new_state
from games.magnum_opus.state import PICKS_PER_ROUND, MagnumOpusState
from games.magnum_opus.view import MagnumOpusView, build_view, determinize


class MagnumOpusOptions(BaseModel):
    """Variants of Magnum Opus."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    first_player: int | None = Field(
        default=None,
        ge=1,
        le=5,
        description=msg(
            "The seat of the youngest alchemist, who starts with the Ouroboros (default: seat 1)."
        ),
    )


class MagnumOpusEngine(Engine[MagnumOpusState, Action]):
    """Magnum Opus for 2-5 alchemists."""

    key: ClassVar[str] = "magnum-opus"
    title: ClassVar[str] = "Magnum Opus"
    summary: ClassVar[str] = msg(
        "**Magnum Opus** · 2–5 alchemists, 5 rounds (4 with 2 players).\n"
        "**Goal:** the most prestige: 1 per ingredient bought, +1 per pair matching the Prime "
        "Ingredient card, +2 per formula completed on your secret Magnum Opus card. Ties: most "
        "formulas, then most silver.\n"
        "**Start:** keep 1 of 2 Magnum Opus cards; 3 silver each.\n"
        "**Each round:** new ingredients go on sale in the Golden Lane and at the Astronomical "
        "Clock. Everyone secretly picks a Character from a pack of nine, then passes the pack on, "
        "until each has 6 cards.\n"
        "**Patronage:** Characters I–IX are called in order. Whoever alone has the most of one "
        "takes its Funds (silver) and may use its Favor; a tie for the most takes only the Funds. "
        "Instead, the patron of I–VI may buy an ingredient its cards show at the Clock for 3 "
        "silver; the Favor of VI–IX buys in the Golden Lane for 4.\n"
        "**Examples:** `keep aurora` · `pick marie` · `clock salt` · `lane mercury` · `bribe 2 "
        "take kunhuta`"
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    Options: ClassVar[type[BaseModel]] = MagnumOpusOptions
    state_type: ClassVar[type[MagnumOpusState]] = MagnumOpusState
    view_type: ClassVar[type[BaseModel]] = MagnumOpusView
    # A game is at most 5 keeps, 5 rounds of 6 picks for 5 seats and 9 calls of at most 4
    # decisions each per round: about 400 steps. This bound is far above that.
    step_limit: ClassVar[int] = 2_000

    # Beyond the rules: where menus list it, what the AI counts as a clear lead in
    # ``standing``, the benchmark's floor, and the README's picture.
    menu_position: ClassVar[int] = 20
    clear_lead: ClassVar[float] = 3.0
    playouts_per_s: ClassVar[float] = 300.0
    showcase: ClassVar[Showcase] = Showcase(players=3, steps=60)
    score_name: ClassVar[str] = "prestige"

    def _new_game(self, players: int, seed: int, options: MagnumOpusOptions) -> MagnumOpusState:
        first = options.first_player or 1
        if first > players:
            raise InvalidSetup(
                msg(
                    "The first player must be one of seats 1 to {players}, not {first}.",
                    players=players,
                    first=first,
                )
            )
        return new_state(players, seed, first - 1)

    def configurations(self) -> list[tuple[int, BaseModel]]:
        return [(n, MagnumOpusOptions()) for n in range(2, 6)]

    def players(self, state: MagnumOpusState) -> int:
        return state.players

    def to_act(self, state: MagnumOpusState) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: MagnumOpusState, seat: int) -> list[Action]:
        actions: list[Action] = rules.legal_actions(state, seat)
        return actions

    def decisions(self, state: MagnumOpusState, seat: int, action: Action) -> list[Action] | None:
        return list(action.decisions) if isinstance(action, CompositeFavor) else None

    def whole_moves(self, state: MagnumOpusState, seat: int) -> list[CompositeFavor]:
        return labels.whole_moves(state, seat)

    def action_label(self, state: MagnumOpusState, seat: int, action: Action) -> str:
        return labels.label(state, seat, action)

    def cards(self) -> Sequence[CardText]:
        return catalogue.catalogue()

    def card_keys(self, state: MagnumOpusState, seat: int, action: Action) -> Sequence[str]:
        return catalogue.card_keys(state, seat, action)

    def pass_action(self, state: MagnumOpusState, seat: int) -> Action | None:
        return rules.declining(state, seat)

    def deciding(self, state: MagnumOpusState, seat: int) -> bool:
        return labels.deciding(state, seat)

    def _apply(
        self, state: MagnumOpusState, seat: int, action: Action
    ) -> Transition[MagnumOpusState]:
        entries: list[LogEntry] = []
        if isinstance(action, Pick):
            # Picks are most of a game's moves, and only the last of a round touches more
            # than the alchemists and one pack.
            last = rules.completes_the_turn(state, seat)
            if last and state.picks + 1 == PICKS_PER_ROUND:
                new = state.clone()
            else:
                new = state.clone_for_pick(seat, reveal=last)
            solicitation.pick(new, seat, action.numeral, entries)
        else:
            assert not isinstance(action, CompositeFavor), (
                "applied one decision at a time by the base class"
            )
            new = state.clone()
            rules.apply(new, seat, action, entries)
        return Transition(new, tuple(entries))

    def not_your_turn_message(self, state: MagnumOpusState, seat: int) -> str:
        return refusals.not_your_turn(state, seat)

    def explain_illegal(self, state: MagnumOpusState, seat: int, action: Action) -> str:
        return refusals.explain(state, seat, action)

    def outcome(self, state: MagnumOpusState) -> Outcome | None:
        return scoring.outcome(state) if state.phase == "over" else None

    def results(self, state: MagnumOpusState, outcome: Outcome) -> tuple[str, ...]:
        return scoring.results(state)

    def standing(self, state: MagnumOpusState) -> Outcome:
        return scoring.outcome(state)

    def policy(self, state: MagnumOpusState, seat: int, rng: random.Random) -> Action | None:
        return strategy.policy(state, seat, rng)

    def view(self, state: MagnumOpusState, seat: int | None) -> MagnumOpusView:
        return build_view(state, seat)

    def determinize(self, state: MagnumOpusState, seat: int, rng: random.Random) -> MagnumOpusState:
        return determinize(state, seat, rng)

    def describe(self, view: BaseModel) -> Board:
        if not isinstance(view, MagnumOpusView):
            raise TypeError("not a Magnum Opus view")
        return describe(view)

    def picture(
        self, view: BaseModel, names: Sequence[str] | None = None, *, status: str | None = None
    ) -> bytes:
        if not isinstance(view, MagnumOpusView):
            raise TypeError("not a MagnumOpus view")
        from games.magnum_opus.picture import render

        return render(view, names, status=status)

    def notation(self, action: Action) -> str:
        return notation(action)

    def parse_syntax(self, text: str) -> Action | None:
        return parse_syntax(text)


__all__ = ["MagnumOpusEngine", "MagnumOpusOptions"]
