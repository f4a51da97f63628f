"""Magic Spell behind the shared engine contract."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from games.core import (
    ActionNotAllowed,
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
from games.magic_spell import catalogue, labels, refusals, rules, scoring, strategy, whole_moves
from games.magic_spell.actions import (
    COMPOSITES,
    DONE,
    Action,
    Ask,
    AskAlso,
    Cast,
    Composite,
    CompositeCast,
    CompositeMove,
    CompositeOffer,
    CompositeScrounge,
    CompositeWeaveDone,
    Give,
    MoveTile,
    MoveTo,
    ScroungeRow,
    StartMove,
    Tile,
    TradeWith,
)
from games.magic_spell.describe import describe
from games.magic_spell.notation import notation, parse_syntax
from games.magic_spell.setup import new_state
from games.magic_spell.state import (
    COURSELOAD,
    FEWEST_ROUNDS,
    ROW,
    SAFETY_ROUNDS,
    MagicSpellState,
    legacy_rounds,
    offers_of,
)
from games.magic_spell.view import MagicSpellView, build_view, determinize


class MagicSpellOptions(BaseModel):
    """Variants of Magic Spell."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    heavy_courseload: Literal[12, 15] | None = Field(
        default=None,
        description=msg("Heavy Courseload: grading at 12 or 15 credits instead of 9."),
    )
    low_enrollment: bool = Field(
        default=False,
        description=msg("Low Enrollment: two students, who trade between turns."),
    )
    philosophers_stone: bool = Field(
        default=False,
        description=msg(
            "Philosopher's Stone: three wild tiles, one per spell, worth a credit each in the "
            "cabinet at the end."
        ),
    )
    open_research: bool = Field(
        default=False,
        description=msg("Open Research: tiles woven on homework spells lie face up."),
    )
    rounds: int | None = Field(
        default=None,
        description=msg(
            "A semester of this many rounds ({fewest}-{most}): if nobody has submitted by then, "
            "the spellbooks are graded as they stand. None: the game ends when a student "
            "completes the courseload.",
            fewest=FEWEST_ROUNDS,
            most=SAFETY_ROUNDS,
        ),
    )

    @model_validator(mode="before")
    @classmethod
    def _stored_before_rounds(cls, data: Any, info: ValidationInfo) -> Any:
        """Options stored with a game before the semester could be chosen keep the semester
        that game had: 10 rounds for every 3 credits, so that a replay ends as the game did.
        The bot stored options as a whole dump of the model of the time, so those hold
        exactly the four other variants and no ``rounds``; anything stored since names
        ``rounds``. Only options read back from a stored game are read this way
        (``Engine.new_game``, or ``Engine.options(raw, stored=True)``): options a player
        types are read as they are, whatever they name."""
        stored = bool(info.context and info.context.get("stored"))
        if stored and isinstance(data, Mapping) and set(data) == _OLD_FIELDS:
            load = data["heavy_courseload"] or COURSELOAD
            if isinstance(load, int):
                return {**data, "rounds": legacy_rounds(load)}
        return data

    @field_validator("rounds")
    @classmethod
    def _semester_length(cls, rounds: int | None) -> int | None:
        if rounds is not None and not FEWEST_ROUNDS <= rounds <= SAFETY_ROUNDS:
            raise PydanticCustomError(
                "rounds",
                "a semester lasts from {fewest} to {most} rounds, or set none to play until "
                "a student completes the courseload",
                {"fewest": FEWEST_ROUNDS, "most": SAFETY_ROUNDS},
            )
        return rounds


#: The options every game stored before ``rounds`` existed holds, and nothing else (a whole
#: dump of the model of the time).
_OLD_FIELDS = frozenset(
    {"heavy_courseload", "low_enrollment", "philosophers_stone", "open_research"}
)


class MagicSpellEngine(Engine[MagicSpellState, Action]):
    """Magic Spell for 3-4 students, or 2 with Low Enrollment."""

    key: ClassVar[str] = "magic-spell"
    title: ClassVar[str] = "Magic Spell"
    summary: ClassVar[str] = msg(
        "**Magic Spell** · 3–4 students, or 2 with Low Enrollment.\n"
        "**Goal:** weave letter tiles into magic words to complete spells worth 9 credits (12 or "
        "15 with Heavy Courseload); a word of 3 letters is worth 1, of 4–5 letters 2, longer 3. "
        "Whoever has them at the end of a turn submits, everyone else has one last turn, and the "
        "most credits wins (a tie goes to the submitter). A table may set a semester "
        "(option rounds=30): after its last round the spellbooks are graded as they stand; "
        "without one, they are after round 100 all the same.\n"
        "**Start:** 5 tiles in your cabinet (at most 6), 3 homework spells (at most 4), 5 spirit.\n"
        "**Your turn**, one of: weave a tile onto a homework spell (the first weave is free, each "
        "more costs 1 spirit); scrounge a face-down tile of the 100-place laboratory, then weave, "
        "keep or put it back; cast a spell from your spellbook; research (5 spirit: draw a spell); "
        "rest (+2 spirit). Below 5 spirit, gain 1 at the end of your turn.\n"
        "**Between turns** students not taking a turn may trade up to three tiles or spells "
        "for up to three.\n"
        "**Examples:** `weave q on quidnunc` · `scrounge 17` · `cast yegg` · `rest` · `trade with "
        "2 give e for q`"
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = MagicSpellOptions
    state_type: ClassVar[type[MagicSpellState]] = MagicSpellState
    view_type: ClassVar[type[BaseModel]] = MagicSpellView
    # A game lasts at most SAFETY_ROUNDS rounds of at most four turns; a turn and the trades
    # around it take a few dozen decisions at the very most.
    step_limit: ClassVar[int] = 60_000
    #: 2: the state holds the semester the table chose (``round_cap``); a state of format 1
    #: had none and was cut after 10 rounds for every 3 credits.
    state_format: ClassVar[int] = 2

    # Beyond the rules: where menus list it, what the AI counts as a clear lead in
    # ``standing``, the benchmark's floor, and the README's picture.
    menu_position: ClassVar[int] = 30
    clear_lead: ClassVar[float] = 40.0
    # Which tile to look at, where to weave it: choices too close for a short search to tell.
    search_doubts_policy: ClassVar[float] = 2.0
    # Random play seldom completes a courseload, so a game without a semester is played to
    # the safety limit: a hundred rounds.
    playouts_per_s: ClassVar[float] = 30.0
    showcase: ClassVar[Showcase] = Showcase(players=3, steps=150)
    score_name: ClassVar[str] = "credits"

    def _new_game(self, players: int, seed: int, options: MagicSpellOptions) -> MagicSpellState:
        if players == 2 and not options.low_enrollment:
            raise InvalidSetup(
                msg(
                    "Two students play Magic Spell with the Low Enrollment variant "
                    "(low_enrollment=true)."
                )
            )
        if players > 2 and options.low_enrollment:
            raise InvalidSetup(msg("Low Enrollment is the variant for exactly two students."))
        return new_state(
            players,
            seed,
            courseload=options.heavy_courseload or COURSELOAD,
            low_enrollment=options.low_enrollment,
            stones=options.philosophers_stone,
            open_research=options.open_research,
            round_cap=options.rounds,
        )

    def configurations(self) -> list[tuple[int, BaseModel]]:
        # Random play rarely completes a courseload, so a game without a semester runs to the
        # safety limit: the two-student tables check that, and the larger ones, which take
        # several times as many steps a round, play a semester to keep the checks quick.
        return [
            (2, MagicSpellOptions(low_enrollment=True)),
            (3, MagicSpellOptions(rounds=30)),
            (4, MagicSpellOptions(rounds=30)),
            (3, MagicSpellOptions(heavy_courseload=12, philosophers_stone=True, rounds=40)),
            (4, MagicSpellOptions(open_research=True, rounds=20)),
            (
                2,
                MagicSpellOptions(
                    low_enrollment=True,
                    heavy_courseload=15,
                    philosophers_stone=True,
                    open_research=True,
                    rounds=None,
                ),
            ),
        ]

    def load(self, text: str) -> MagicSpellState:
        state = super().load(text)
        if _saved_format(text) < 2:
            # Format 1 cut every game after its courseload's semester, and marked a student
            # who had sent an offer this round with one bit, offers to anyone.
            state.round_cap = legacy_rounds(state.courseload)
            state.offered = sum(
                offers_of(seat) for seat in range(state.players) if state.offered >> seat & 1
            )
        return state

    def players(self, state: MagicSpellState) -> int:
        return state.players

    def to_act(self, state: MagicSpellState) -> frozenset[int]:
        return rules.to_act(state)

    def waiting_for(self, state: MagicSpellState) -> frozenset[int]:
        return frozenset() if state.finished else frozenset({state.current})

    def legal_actions(self, state: MagicSpellState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def may_act(self, state: MagicSpellState, seat: int) -> bool:
        return rules.may_act(state, seat)

    def check(self, state: MagicSpellState, seat: int, action: Action) -> None:
        # As the base class, but an offer being built is checked without listing its many
        # choices.
        if isinstance(action, COMPOSITES) or state.finished or not rules.may_act(state, seat):
            super().check(state, seat, action)
        elif not rules.is_legal(state, seat, action):
            raise ActionNotAllowed(self.explain_illegal(state, seat, action))

    def decisions(self, state: MagicSpellState, seat: int, action: Action) -> list[Action] | None:
        if isinstance(action, COMPOSITES):
            return _decisions(state, seat, action)
        return None

    def deciding(self, state: MagicSpellState, seat: int) -> bool:
        return state.steps[seat] is not None

    def pass_action(self, state: MagicSpellState, seat: int) -> Action | None:
        return rules.declining(state, seat)

    def whole_moves(self, state: MagicSpellState, seat: int) -> list[Action]:
        return whole_moves.whole_moves(
            state, seat, lambda s, p, a: self.apply_trusted(s, p, a).state
        )

    def action_label(self, state: MagicSpellState, seat: int, action: Action) -> str:
        return labels.label(state, seat, action)

    def _apply(
        self, state: MagicSpellState, seat: int, action: Action
    ) -> Transition[MagicSpellState]:
        new = (
            state.with_new_decisions() if rules.only_decides(state, seat, action) else state.clone()
        )
        entries: list[LogEntry] = []
        rules.apply(new, seat, action, entries)
        return Transition(new, tuple(entries))

    def not_your_turn_message(self, state: MagicSpellState, seat: int) -> str:
        if not 0 <= seat < state.players:
            return msg("You are not seated in this game.")
        return refusals.not_your_turn(state, seat)

    def explain_illegal(self, state: MagicSpellState, seat: int, action: Action) -> str:
        return refusals.explain(state, seat, action)

    def outcome(self, state: MagicSpellState) -> Outcome | None:
        return scoring.outcome(state) if state.finished else None

    def results(self, state: MagicSpellState, outcome: Outcome) -> tuple[str, ...]:
        return scoring.results(state)

    def standing(self, state: MagicSpellState) -> Outcome:
        return scoring.standing(state)

    def policy(self, state: MagicSpellState, seat: int, rng: random.Random) -> Action | None:
        return strategy.policy(state, seat, rng)

    def view(self, state: MagicSpellState, seat: int | None) -> MagicSpellView:
        return build_view(state, seat)

    def determinize(self, state: MagicSpellState, seat: int, rng: random.Random) -> MagicSpellState:
        return determinize(state, seat, rng)

    def describe(self, view: BaseModel) -> Board:
        if not isinstance(view, MagicSpellView):
            raise TypeError("not a Magic Spell view")
        return describe(view)

    def picture(
        self, view: BaseModel, names: Sequence[str] | None = None, *, status: str | None = None
    ) -> bytes:
        if not isinstance(view, MagicSpellView):
            raise TypeError("not a MagicSpell view")
        from games.magic_spell.picture import render

        return render(view, names, status=status)

    def cards(self) -> Sequence[CardText]:
        return catalogue.catalogue()

    def card_keys(self, state: MagicSpellState, seat: int, action: Action) -> Sequence[str]:
        return catalogue.card_keys(state, seat, action)

    def notation(self, action: Action) -> str:
        return notation(action)

    def parse_syntax(self, text: str) -> Action | None:
        return parse_syntax(text)


def _saved_format(text: str) -> int:
    """The format a state was saved in (``Engine.dump`` puts it first, keys sorted)."""
    if text.startswith('{"format":2,'):
        return 2
    version = json.loads(text).get("format")
    return version if isinstance(version, int) else 1


def _decisions(s: MagicSpellState, seat: int, action: Composite) -> list[Action]:
    """The single decisions a composite move stands for, from where the seat is now."""
    step = s.steps[seat]
    match action:
        case CompositeMove(letter, source, target):
            tail: list[Action] = [MoveTo(target), MoveTile(letter, source)]
            if step is not None and step.kind == "move" and step.spell == target:
                return tail[1:]
            if step is not None and step.kind == "move-to":
                return tail
            return [StartMove(), *tail]
        case CompositeScrounge(slot):
            if step is not None and step.kind == "row" and step.row == slot // ROW:
                return [Tile(slot)]
            return [ScroungeRow(slot // ROW), Tile(slot)]
        case CompositeCast(word, choices):
            return [Cast(word), *choices]
        case CompositeOffer(other, items, wants):
            return [
                TradeWith(other),
                *(Give(item) for item in items),
                *(AskAlso(want) for want in wants[:-1]),
                Ask(wants[-1]),
            ]
        case CompositeWeaveDone(weave):
            first = _decisions(s, seat, weave) if isinstance(weave, CompositeMove) else [weave]
            return [*first, DONE]
    raise AssertionError(action)


__all__ = ["MagicSpellEngine", "MagicSpellOptions"]
