"""Jonathan Strange & Mr Norrell behind the shared engine contract."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from games.core import (
    Board,
    CardText,
    Engine,
    InvalidSetup,
    LogEntry,
    Outcome,
    Showcase,
    Transition,
)
from games.core.words import msg
from games.strange_norrell import (
    catalogue,
    labels,
    moves,
    refusals,
    rules,
    scoring,
    strategy,
    whole_turns,
)
from games.strange_norrell.actions import Action, Composite
from games.strange_norrell.describe import describe
from games.strange_norrell.notation import notation, parse_syntax
from games.strange_norrell.setup import new_state
from games.strange_norrell.state import Difficulty, StrangeNorrellState
from games.strange_norrell.view import StrangeNorrellView, build_view, determinize


class StrangeNorrellOptions(BaseModel):
    """Variants: the two advanced difficulties."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    experienced: bool = Field(
        default=False,
        description=msg(
            "Experienced magicians: the fairy starts on space 4, and everyone loses if it is "
            "undefeated after 1817."
        ),
    )
    foolhardy: bool = Field(
        default=False,
        description=msg(
            "Foolhardy magicians: the fairy starts on space 8, and everyone loses if it is "
            "undefeated after 1817."
        ),
    )

    @property
    def difficulty(self) -> Difficulty:
        """The difficulty these options choose."""
        if self.foolhardy:
            return "foolhardy"
        return "experienced" if self.experienced else "standard"


class StrangeNorrellEngine(Engine[StrangeNorrellState, Action]):
    """Jonathan Strange & Mr Norrell for 2-4 magicians."""

    key: ClassVar[str] = "strange-norrell"
    title: ClassVar[str] = "Jonathan Strange & Mr Norrell"
    summary: ClassVar[str] = msg(
        "**Jonathan Strange & Mr Norrell** · 2–4 magicians, years 1806 to 1817.\n"
        "**Goal:** the most magicianship when the fairy is defeated: 2–5 per completed feat, +1 "
        "per book of magic, +3 for a pupil, +1 for some spells. Ties: higher prestige. If the "
        "fairy survives 1817, magicianship still ranks you, but with the experienced or foolhardy "
        "option (the fairy starts at 4 or 8) everyone loses.\n"
        "**Each year** a card of Marseilles sets the available elements and the invitations drawn, "
        "and makes the fairy stronger. Turns go by prestige, highest first.\n"
        "**Your turn:** choose an action (take a book, the King's Roads, study two elements, or "
        "your magician's own); a used action stays blocked until you still the waters. Then up to "
        "2 moves and 2 engagements at your location, then magic: discard an engagement to put an "
        "available element on a feat; a completed feat draws a spell. Spells may be played "
        "at any time in your turn, or discarded for 1 prestige.\n"
        "**In 1811, 1813, 1815 and 1817** ending your turn with magicianship at least the fairy's "
        "strength ends the game.\n"
        "**Start:** 2 invitations, 2 introductions, 3 feats. Hand limit: 5 engagements.\n"
        "**Examples:** `study rain hills` · `arrive` then `to dover` · `attend york-wind` · `magic "
        "york-wind` · `end`"
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = StrangeNorrellOptions
    state_type: ClassVar[type[StrangeNorrellState]] = StrangeNorrellState
    view_type: ClassVar[type[BaseModel]] = StrangeNorrellView
    # Twelve years of at most four turns; a turn is an action, a handful of visits, magic
    # and spells, each a few small decisions. This bound is far above any game.
    step_limit: ClassVar[int] = 8_000

    # Beyond the rules: where menus list it, what the AI counts as a clear lead in
    # ``standing``, the benchmark's floor, and the README's picture.
    menu_position: ClassVar[int] = 50
    clear_lead: ClassVar[float] = 40.0
    # Its rules of thumb study and do magic, but leave rewards and spells to the look ahead,
    # and pass by points the next move shows: ``normal`` weighs them against a look three
    # decisions ahead, a whole piece of magic (the card, its element, the feat).
    normal_lookahead: ClassVar[int] = 3
    playouts_per_s: ClassVar[float] = 30.0
    showcase: ClassVar[Showcase] = Showcase(players=3, steps=120)
    score_name: ClassVar[str] = "magicianship"

    def _new_game(
        self, players: int, seed: int, options: StrangeNorrellOptions
    ) -> StrangeNorrellState:
        if options.experienced and options.foolhardy:
            raise InvalidSetup(msg("Choose one advanced difficulty: experienced or foolhardy."))
        return new_state(players, seed, options.difficulty)

    def configurations(self) -> list[tuple[int, BaseModel]]:
        plain = [(n, StrangeNorrellOptions()) for n in range(2, 5)]
        return [
            *plain,
            (3, StrangeNorrellOptions(experienced=True)),
            (4, StrangeNorrellOptions(foolhardy=True)),
        ]

    def players(self, state: StrangeNorrellState) -> int:
        return state.players

    def to_act(self, state: StrangeNorrellState) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: StrangeNorrellState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def decisions(
        self, state: StrangeNorrellState, seat: int, action: Action
    ) -> list[Action] | None:
        return moves.decisions(action)

    def whole_moves(self, state: StrangeNorrellState, seat: int) -> list[Composite]:
        return [*whole_turns.whole_turns(state, seat), *moves.whole_moves(state, seat)]

    def _apply_decisions(
        self,
        state: StrangeNorrellState,
        seat: int,
        action: Action,
        decisions: Sequence[Action],
    ) -> Transition[StrangeNorrellState]:
        # A whole turn (``whole_turns``) goes on past the end of its moves, up to its ``end``;
        # every other composite is one move, held to it by the contract.
        if not whole_turns.is_whole_turn(state, seat, decisions):
            return super()._apply_decisions(state, seat, action, decisions)
        log: list[LogEntry] = []
        for decision in decisions:
            transition = self.apply(state, seat, decision)
            state = transition.state
            log += transition.log
        return Transition(state, tuple(log))

    def action_label(self, state: StrangeNorrellState, seat: int, action: Action) -> str:
        return labels.label(state, seat, action)

    def cards(self) -> Sequence[CardText]:
        return catalogue.cards_text()

    def card_keys(self, state: StrangeNorrellState, seat: int, action: Action) -> Sequence[str]:
        return catalogue.card_keys(state, seat, action)

    def deciding(self, state: StrangeNorrellState, seat: int) -> bool:
        return moves.deciding(state, seat)

    def automatic(self, state: StrangeNorrellState, seat: int) -> Action | None:
        return moves.automatic(state, seat)

    def pass_action(self, state: StrangeNorrellState, seat: int) -> Action | None:
        return rules.declining(state, seat)

    def _apply(
        self, state: StrangeNorrellState, seat: int, action: Action
    ) -> Transition[StrangeNorrellState]:
        new = state.clone()
        entries: list[LogEntry] = []
        rules.apply(new, seat, action, entries)
        return Transition(new, tuple(entries))

    def explain_illegal(self, state: StrangeNorrellState, seat: int, action: Action) -> str:
        return refusals.explain(state, seat, action)

    def ending(self, state: StrangeNorrellState, outcome: Outcome) -> str:
        if outcome.nobody_won:
            return msg("Nobody defeated the fairy: every magician loses.")
        return super().ending(state, outcome)

    def outcome(self, state: StrangeNorrellState) -> Outcome | None:
        return scoring.outcome(state) if state.finished else None

    def results(self, state: StrangeNorrellState, outcome: Outcome) -> tuple[str, ...]:
        return scoring.results(state)

    def standing(self, state: StrangeNorrellState) -> Outcome:
        return scoring.standing(state)

    def policy(self, state: StrangeNorrellState, seat: int, rng: random.Random) -> Action | None:
        return strategy.policy(state, seat, rng)

    def view(self, state: StrangeNorrellState, seat: int | None) -> StrangeNorrellView:
        return build_view(state, seat)

    def determinize(
        self, state: StrangeNorrellState, seat: int, rng: random.Random
    ) -> StrangeNorrellState:
        return determinize(state, seat, rng)

    def describe(self, view: BaseModel) -> Board:
        if not isinstance(view, StrangeNorrellView):
            raise TypeError("not a Jonathan Strange & Mr Norrell view")
        return describe(view)

    def picture(
        self, view: BaseModel, names: Sequence[str] | None = None, *, status: str | None = None
    ) -> bytes:
        if not isinstance(view, StrangeNorrellView):
            raise TypeError("not a StrangeNorrell view")
        from games.strange_norrell.picture import render

        return render(view, names, status=status)

    def notation(self, action: Action) -> str:
        return notation(action)

    def parse_syntax(self, text: str) -> Action | None:
        return parse_syntax(text)


__all__ = ["StrangeNorrellEngine", "StrangeNorrellOptions"]
