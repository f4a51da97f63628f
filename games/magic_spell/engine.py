"""Magic Spell behind the shared engine contract."""

from __future__ import annotations

import random
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core import (
    ActionNotAllowed,
    Board,
    Engine,
    GameIsOver,
    InvalidSetup,
    LogEntry,
    NotYourTurn,
    Outcome,
    Transition,
)
from games.magic_spell import refusals, rules, scoring
from games.magic_spell.actions import (
    Action,
    Ask,
    Cast,
    CastWith,
    Give,
    Move,
    MoveTile,
    MoveTo,
    Propose,
    Scrounge,
    ScroungeRow,
    StartMove,
    Tile,
    TradeWith,
)
from games.magic_spell.describe import describe
from games.magic_spell.notation import notation, parse_syntax
from games.magic_spell.setup import new_state
from games.magic_spell.state import COURSELOAD, ROW, MagicSpellState
from games.magic_spell.view import MagicSpellView, build_view, determinize


class MagicSpellOptions(BaseModel):
    """Variants of Magic Spell."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    heavy_courseload: Literal[12, 15] | None = Field(
        default=None,
        description="Heavy Courseload: grading at 12 or 15 credits instead of 9.",
    )
    low_enrollment: bool = Field(
        default=False,
        description="Low Enrollment: two students, who trade between turns.",
    )
    philosophers_stone: bool = Field(
        default=False,
        description="Philosopher's Stone: three wild tiles, one per spell, worth a credit each "
        "in the cabinet at the end.",
    )
    open_research: bool = Field(
        default=False,
        description="Open Research: tiles woven on homework spells lie face up.",
    )


class MagicSpellEngine(Engine[MagicSpellState, Action]):
    """Magic Spell for 3-4 students, or 2 with Low Enrollment."""

    key: ClassVar[str] = "magic-spell"
    title: ClassVar[str] = "Magic Spell"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = MagicSpellOptions
    state_type: ClassVar[type[MagicSpellState]] = MagicSpellState
    # A semester is at most 50 rounds of at most four turns; a turn and the trades around it
    # take a few dozen decisions at the very most.
    step_limit: ClassVar[int] = 20_000

    def _new_game(self, players: int, seed: int, options: MagicSpellOptions) -> MagicSpellState:
        if players == 2 and not options.low_enrollment:
            raise InvalidSetup(
                "Two students play Magic Spell with the Low Enrollment variant "
                "(low_enrollment=true)."
            )
        if players > 2 and options.low_enrollment:
            raise InvalidSetup("Low Enrollment is the variant for exactly two students.")
        return new_state(
            players,
            seed,
            courseload=options.heavy_courseload or COURSELOAD,
            low_enrollment=options.low_enrollment,
            stones=options.philosophers_stone,
            open_research=options.open_research,
        )

    def configurations(self) -> list[tuple[int, BaseModel]]:
        return [
            (2, MagicSpellOptions(low_enrollment=True)),
            (3, MagicSpellOptions()),
            (4, MagicSpellOptions()),
            (3, MagicSpellOptions(heavy_courseload=12, philosophers_stone=True)),
            (4, MagicSpellOptions(open_research=True)),
            (
                2,
                MagicSpellOptions(
                    low_enrollment=True,
                    heavy_courseload=15,
                    philosophers_stone=True,
                    open_research=True,
                ),
            ),
        ]

    def players(self, state: MagicSpellState) -> int:
        return state.players

    def to_act(self, state: MagicSpellState) -> frozenset[int]:
        return rules.to_act(state)

    def waiting_for(self, state: MagicSpellState) -> frozenset[int]:
        return frozenset() if state.finished else frozenset({state.current})

    def legal_actions(self, state: MagicSpellState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    # ------------------------------------------------------------- typed at once
    def check(self, state: MagicSpellState, seat: int, action: Action) -> None:
        """The shared check (game over, not your turn, not legal), asking only whether this
        seat may act rather than working out every seat that may."""
        if isinstance(action, Move | Scrounge | CastWith | Propose):
            self._in_steps(state, seat, action)
            return
        if state.finished:
            raise GameIsOver("The game is over.")
        if not rules.may_act(state, seat):
            raise NotYourTurn(self.not_your_turn_message(state, seat))
        if action not in rules.legal_actions(state, seat):
            raise ActionNotAllowed(self.explain_illegal(state, seat, action))

    def apply(
        self, state: MagicSpellState, seat: int, action: Action
    ) -> Transition[MagicSpellState]:
        if isinstance(action, Move | Scrounge | CastWith | Propose):
            return self._in_steps(state, seat, action)
        return super().apply(state, seat, action)

    def _in_steps(
        self, state: MagicSpellState, seat: int, action: Move | Scrounge | CastWith | Propose
    ) -> Transition[MagicSpellState]:
        """A move typed at once: each of its small decisions checked, then applied, in turn."""
        log: list[LogEntry] = []
        steps = _steps(state, seat, action)
        for done, step in enumerate(steps, start=1):
            transition = self.apply(state, seat, step)
            state = transition.state
            log += transition.log
            if done < len(steps) and state.steps[seat] is None:
                whole = " ".join(self.notation(s) for s in steps[:done])
                raise ActionNotAllowed(
                    f"“{self.notation(action)}” says more than the move needs: “{whole}” is "
                    "the whole move."
                )
        return Transition(state, tuple(log))

    def _apply(
        self, state: MagicSpellState, seat: int, action: Action
    ) -> Transition[MagicSpellState]:
        if isinstance(action, Move | Scrounge | CastWith | Propose):
            return self._in_steps(state, seat, action)
        new = (
            state.with_new_decisions() if rules.only_decides(state, seat, action) else state.clone()
        )
        entries: list[LogEntry] = []
        rules.apply(new, seat, action, entries)
        return Transition(new, tuple(entries))

    def not_your_turn_message(self, state: MagicSpellState, seat: int) -> str:
        if not 0 <= seat < state.players:
            return "You are not seated in this game."
        return refusals.not_your_turn(state, seat)

    def explain_illegal(self, state: MagicSpellState, seat: int, action: Action) -> str:
        return refusals.explain(state, seat, action)

    def outcome(self, state: MagicSpellState) -> Outcome | None:
        return scoring.outcome(state) if state.finished else None

    def view(self, state: MagicSpellState, seat: int | None) -> MagicSpellView:
        return build_view(state, seat)

    def determinize(self, state: MagicSpellState, seat: int, rng: random.Random) -> MagicSpellState:
        return determinize(state, seat, rng)

    def describe(self, view: BaseModel) -> Board:
        if not isinstance(view, MagicSpellView):
            raise TypeError("not a Magic Spell view")
        return describe(view)

    def notation(self, action: Action) -> str:
        return notation(action)

    def parse_syntax(self, text: str) -> Action | None:
        return parse_syntax(text)


def _steps(
    s: MagicSpellState, seat: int, action: Move | Scrounge | CastWith | Propose
) -> list[Action]:
    """The single decisions a move typed at once stands for, from where the seat is now."""
    step = s.steps[seat]
    match action:
        case Move(letter, source, target):
            tail: list[Action] = [MoveTo(target), MoveTile(letter, source)]
            if step is not None and step.kind == "move" and step.spell == target:
                return tail[1:]
            if step is not None and step.kind == "move-to":
                return tail
            return [StartMove(), *tail]
        case Scrounge(slot):
            if step is not None and step.kind == "row" and step.row == slot // ROW:
                return [Tile(slot)]
            return [ScroungeRow(slot // ROW), Tile(slot)]
        case CastWith(word, choices):
            return [Cast(word), *choices]
        case Propose(other, item, want):
            return [TradeWith(other), Give(item), Ask(want)]
    raise AssertionError(action)


__all__ = ["MagicSpellEngine", "MagicSpellOptions"]
