"""The engine contract every game implements, and the checks every game shares.

A game subclasses :class:`Engine`, fills in the abstract methods, and exposes one instance as
``ENGINE`` in its package's ``__init__``, where ``games`` finds it (``games/core/LAYOUT.md``
says what else a game package holds). The base class owns the parts that must behave the same
in every game: validating players and options, refusing out-of-turn or illegal actions without
touching the state, reading typed text, and serializing states as versioned JSON. It also
gives a default for everything a game may add beyond its rules (menu position, AI standing,
benchmark settings, showcase picture), so a game that declares none of them still works.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeVar, get_type_hints

from pydantic import BaseModel, TypeAdapter, ValidationError

from games.core.board import Board
from games.core.catalogue import CardText, index_cards
from games.core.errors import (
    ActionNotAllowed,
    GameIsOver,
    IllegalAction,
    InvalidSetup,
    NotYourTurn,
    StateFormatError,
    UnknownNotation,
)
from games.core.outcome import Outcome, ending_sentence, score_words
from games.core.transition import LogEntry, Transition
from games.core.words import msg, nmsg, pmsg

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")

MAX_NOTATION_LENGTH = 200
BACK = "back"
#: Notations of actions that decline to do anything: what a missed deadline plays first.
PASSES = ("pass", "skip")
#: How many resampled worlds ``Engine.reveals`` compares the mover's view over.
REVEAL_SAMPLES = 4


def normalize_notation(text: str) -> str:
    """Lower-case, trimmed, single-spaced: the form every parser reads."""
    return " ".join(text.lower().split())


@dataclass(frozen=True, slots=True)
class Showcase:
    """The position a game's picture in the README shows: a seeded game after ``steps``
    random moves, as ``seat`` (from 0) sees it, at a table of ``players`` (the fewest
    when ``None``)."""

    players: int | None = None
    seed: int = 7
    steps: int = 40
    seat: int = 0


class Engine(ABC, Generic[StateT, ActionT]):
    """A pure, deterministic rules engine. No I/O, no clock, no module-level randomness.

    Seats are numbered from 0 inside engines; text shown to people numbers them from 1.
    """

    key: ClassVar[str]
    title: ClassVar[str]
    #: A short rules summary for players: the goal, a turn, the key numbers
    #: (Markdown, ≤ 1,500 chars).
    summary: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    state_type: ClassVar[type[Any]]
    #: The model ``view`` returns, so that a view kept as JSON can be read back and drawn;
    #: ``None`` reads it from what ``view`` is annotated to return (see :meth:`load_view`).
    view_type: ClassVar[type[BaseModel] | None] = None
    state_format: ClassVar[int] = 1
    #: No game, however it is played, takes more actions than this; a safety net for tests.
    step_limit: ClassVar[int] = 10_000

    # What a game adds beyond its rules. Each has a default, so a game may declare none.
    #: Where menus list the game, lowest first; games at the same position go by title.
    menu_position: ClassVar[int] = 1_000
    #: How many points of ``standing`` make a clear lead: the AI counts a lead this large
    #: as about three quarters of a win.
    clear_lead: ClassVar[float] = 1.0
    #: How many decisions of its own the ``normal`` AI looks ahead, by the ``standing``, to
    #: weigh the rules of thumb's action (``policy``) and take another that looks clearly
    #: better: for a game whose rules of thumb leave points on the table that the next move
    #: shows. 0: ``normal`` plays the rules of thumb as they are.
    normal_lookahead: ClassVar[int] = 0
    #: How sure the ``hard`` AI's search must be, in standard errors of its playouts' means,
    #: that an action beats the rules of thumb's (``policy``) to play it instead: for a game
    #: whose many small choices a short search cannot tell apart, where its noise would
    #: otherwise pick among them at random. 0: the search's own choice, always.
    search_doubts_policy: ClassVar[float] = 0.0
    #: Random playouts per second the benchmark holds every ``bench_configurations`` entry
    #: to, on the 2-core machine the targets are set for.
    playouts_per_s: ClassVar[float] = 100.0
    #: The position drawn for the game's picture in the README (``python -m games gallery``).
    showcase: ClassVar[Showcase] = Showcase()
    #: What the game's score is called, in the plural ("prestige", "credits"): the word the
    #: final post puts after a score ("Alice wins with 23 prestige").
    score_name: ClassVar[str] = "points"

    # ----------------------------------------------------------------- setup
    def options(
        self, raw: BaseModel | Mapping[str, Any] | None = None, *, stored: bool = False
    ) -> BaseModel:
        """Validate variant options; unknown or ill-typed options raise ``InvalidSetup``.

        ``stored`` says the options are read back from a stored game (as :meth:`new_game`
        reads them) rather than typed by a player: a game whose options once had another
        shape reads the old stored ones its own way (Magic Spell's from before a semester
        could be chosen), and only those; its ``Options`` model finds ``{"stored": True}``
        as its validation context."""
        if raw is None:
            return self.Options()
        if isinstance(raw, self.Options):
            return raw
        data = raw.model_dump() if isinstance(raw, BaseModel) else dict(raw)
        known = set(self.Options.model_fields)
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidSetup(
                msg(
                    "{game} has no option {unknown} (options: {options}).",
                    game=self.title,
                    unknown=", ".join(unknown),
                    options=", ".join(sorted(known)) or pmsg("options", "none"),
                )
            )
        try:
            return self.Options.model_validate(data, context={"stored": stored})
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise InvalidSetup(
                msg("Option {option}: {problem}.", option=where, problem=first["msg"])
            ) from None

    def new_game(
        self, players: int, seed: int, options: BaseModel | Mapping[str, Any] | None = None
    ) -> StateT:
        """A fresh game for ``players`` seats, all randomness drawn from ``seed``; the
        options are read as stored with a game (see :meth:`options`)."""
        if not self.min_players <= players <= self.max_players:
            raise InvalidSetup(
                msg(
                    "{game} is played by {least} to {most} players, not {players}.",
                    game=self.title,
                    least=self.min_players,
                    most=self.max_players,
                    players=players,
                )
            )
        return self._new_game(players, seed, self.options(options, stored=True))

    @abstractmethod
    def _new_game(self, players: int, seed: int, options: Any) -> StateT: ...

    def configurations(self) -> list[tuple[int, BaseModel]]:
        """Every seat count with every variant worth testing: what conformance runs over.
        By default every seat count with the default options."""
        return [(n, self.Options()) for n in range(self.min_players, self.max_players + 1)]

    def bench_configurations(self) -> list[tuple[int, BaseModel]]:
        """The seat counts and variants the benchmark measures (by default, every one of
        ``configurations``), each held to ``playouts_per_s``."""
        return self.configurations()

    @abstractmethod
    def players(self, state: StateT) -> int:
        """How many seats this game has."""

    # ------------------------------------------------------------------ play
    @abstractmethod
    def to_act(self, state: StateT) -> frozenset[int]:
        """Seats that may act now; several when play is simultaneous, none when over."""

    def waiting_for(self, state: StateT) -> frozenset[int]:
        """Seats the game cannot go on without: whom "your turn" pings, reminders and
        deadlines are for. Always within ``to_act``; a game where others may act without
        being waited for (Magic Spell's trades between turns) narrows it."""
        return self.to_act(state)

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[ActionT]:
        """Every action ``seat`` may take now, in a fixed order; [] when it may not act."""

    @abstractmethod
    def _apply(self, state: StateT, seat: int, action: ActionT) -> Transition[StateT]:
        """Apply an action already checked legal. Never mutates ``state``."""

    def decisions(self, state: StateT, seat: int, action: ActionT) -> Sequence[ActionT] | None:
        """The decisions a composite move stands for (Mandragora's ``cast red-2 red red power
        3``, typed at once), from where ``seat`` is now; ``None`` for a single decision.

        A composite move is never in ``legal_actions``; it is checked and applied one decision
        at a time, so a bad one is refused with its own reason and nothing changes.
        """
        return None

    def whole_moves(self, state: StateT, seat: int) -> Sequence[ActionT]:
        """Complete moves ``seat`` may make from here, each as one composite action (see
        :meth:`decisions`), in a fixed order: what a player picks in one go instead of
        deciding step by step. Offered where a move is a few decisions with few combinations
        (a menu pages past 25); empty, the default, where step by step is the better way.

        Every entry must be accepted by :meth:`apply` now and leave ``seat`` done with its
        move (or with only :meth:`automatic` decisions left)."""
        return ()

    def action_label(self, state: StateT, seat: int, action: ActionT) -> str:
        """What taking ``action`` does, in words for a button or a menu entry: names (seats
        as ``{p0}``… placeholders, see ``games.core.seat_ref``) and the effect a player cares
        about, e.g. "Target {p1} (opponent)" or "Pick Ludmila — Salt · takes 2 silver". At
        most 80 characters once the names are filled in (``games.core.labels`` measures and
        fits them), with the most telling words first.
        Also called for the composite moves of :meth:`whole_moves`. Default: the notation."""
        return self.notation(action)

    def cards(self) -> Sequence[CardText]:
        """Every card, spell, book, place with an effect, unique action and keyword of the
        game, in words (``games.core.catalogue``): what ``/card`` looks up and the panel
        quotes. In the order a player would browse them. Default: none."""
        return ()

    def card_keys(self, state: StateT, seat: int, action: ActionT) -> Sequence[str]:
        """The keys of the :meth:`cards` entries ``action`` plays, takes, places or aims,
        most telling first, so the panel can show what they do beside the option. Also
        called for the composite moves of :meth:`whole_moves`. Default: none."""
        return ()

    def card(self, key: str) -> CardText | None:
        """The catalogue entry with ``key``, if there is one."""
        return self._cards_by_key.get(key)

    @cached_property
    def _cards_by_key(self) -> Mapping[str, CardText]:
        return index_cards(self.cards())

    def automatic(self, state: StateT, seat: int) -> ActionT | None:
        """The decision taken for ``seat`` without asking it, right after a decision of its
        own: a prompt with a single possible answer, or "end turn" when it is the only thing
        left to do. By default, while ``seat`` is partway through its move
        (:meth:`deciding`), its only legal decision besides "back"; games may answer more
        (or less) precisely. Never asked at the start of a turn: a player whose only option
        is to pass still sees it and is told."""
        if self.outcome(state) is not None or not self.may_act(state, seat):
            return None
        if not self.deciding(state, seat):
            return None
        legal = [a for a in self.legal_actions(state, seat) if self.notation(a) != BACK]
        return legal[0] if len(legal) == 1 else None

    def deciding(self, state: StateT, seat: int) -> bool:
        """Whether ``seat`` is partway through a move. A move typed at once that goes on
        after this turns false says more than the move needs and is refused. Games that do
        not track it answer ``True``, and the next decision's own check refuses instead."""
        return True

    def may_act(self, state: StateT, seat: int) -> bool:
        """Whether ``seat`` is one of ``to_act``; games may answer without listing the rest."""
        return seat in self.to_act(state)

    def check(self, state: StateT, seat: int, action: ActionT) -> None:
        """Raise the right ``IllegalAction`` unless ``seat`` may take ``action`` now."""
        if (decisions := self.decisions(state, seat, action)) is not None:
            self._apply_decisions(state, seat, action, decisions)
            return
        if self.outcome(state) is not None:
            raise GameIsOver(msg("The game is over."))
        if not self.may_act(state, seat):
            raise NotYourTurn(self.not_your_turn_message(state, seat))
        if action not in self.legal_actions(state, seat):
            raise ActionNotAllowed(self.explain_illegal(state, seat, action))

    def apply(self, state: StateT, seat: int, action: ActionT) -> Transition[StateT]:
        """Check, then apply ``action`` for ``seat``: a new state plus log entries.

        Raises ``IllegalAction`` (and changes nothing) when the action is not legal now.
        """
        if (decisions := self.decisions(state, seat, action)) is not None:
            return self._apply_decisions(state, seat, action, decisions)
        self.check(state, seat, action)
        return self._apply(state, seat, action)

    def apply_trusted(self, state: StateT, seat: int, action: ActionT) -> Transition[StateT]:
        """Apply an action just taken from ``legal_actions(state, seat)``, skipping the check.

        For playouts and AI search, which choose among legal actions anyway; anything a
        person typed or clicked goes through ``apply``.
        """
        if (decisions := self.decisions(state, seat, action)) is not None:
            return self._apply_decisions(state, seat, action, decisions)
        return self._apply(state, seat, action)

    def _apply_decisions(
        self, state: StateT, seat: int, action: ActionT, decisions: Sequence[ActionT]
    ) -> Transition[StateT]:
        log: list[LogEntry] = []
        for done, decision in enumerate(decisions, start=1):
            transition = self.apply(state, seat, decision)
            state = transition.state
            log += transition.log
            if done < len(decisions) and not self.deciding(state, seat):
                whole = " ".join(self.notation(d) for d in decisions[:done])
                raise ActionNotAllowed(
                    msg(
                        "“{typed}” says more than the move needs: “{whole}” is the whole move.",
                        typed=self.notation(action),
                        whole=whole,
                    )
                )
        return Transition(state, tuple(log))

    def not_your_turn_message(self, state: StateT, seat: int) -> str:
        """What a seat is told when it acts while it may not."""
        if not 0 <= seat < self.players(state):
            return msg("You are not seated in this game.")
        return msg("It is not your turn.")

    def explain_illegal(self, state: StateT, seat: int, action: ActionT) -> str:
        """Why a well-formed action is not legal here; games override for precise reasons."""
        return msg("You cannot {move} now.", move=self.notation(action))

    def teams(self, state: StateT) -> tuple[tuple[int, ...], ...] | None:
        """The seats playing together, when the game is played in teams (``None``: each
        seat for itself). A side wins or loses as one, e.g. when its rivals all resign."""
        return None

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None:
        """None while the game runs; the final scores and ranking once it has ended."""

    def ending(self, state: StateT, outcome: Outcome) -> str:
        """How the game ended, in one neutral sentence with seats as placeholders ("{p0} wins
        with 23 prestige."), for the final post. By default the winners and their score in
        ``score_name``; a game whose end is not a count of points says it its own way."""
        return ending_sentence(outcome, self.score_name)

    def results(self, state: StateT, outcome: Outcome) -> tuple[str, ...]:
        """What each seat ended the game with, in the game's own terms, in seat order: the
        words the final places put beside each name ("23 prestige", "14 health left").
        ``outcome`` is how the game ended (``outcome(state)``, or the table's places after
        resignations). By default each seat's score in ``score_name``
        (``games.core.outcome.score_words``); a game whose score is not what it is played for
        (Marginalia's 1 for the winner) or whose ties go to something a player can see
        (prestige, spells cast) says it its own way."""
        return score_words(outcome, self.score_name)

    def standing(self, state: StateT) -> Outcome | None:
        """How a running game stands, as an ``Outcome`` whose scores are points so far
        (``clear_lead`` of them make a clear lead): what the ``normal`` AI compares and where
        the ``hard`` one cuts a long playout short. ``None``, the default, for a game that
        cannot tell; its AI judges positions by random playouts to the end instead.

        A game answers for every state or for none, and the standing may read hidden
        information: the AI only ever asks it about a world it resampled.
        """
        return None

    def policy(self, state: StateT, seat: int, rng: random.Random) -> ActionT | None:
        """A sensible action for ``seat`` by the game's own rules of thumb, legal in
        ``state``, or ``None`` to leave the choice to the AI (the default, for a game with no
        rules of thumb). The ``normal`` AI plays it, and the ``hard`` one plays it in its
        playouts instead of random moves.

        The AI only ever asks about a world it resampled for ``seat`` (``determinize``), so
        anything hidden is a guess; a policy should still read only what ``seat`` may know
        (its own hand, what it remembers, the table), or it would play as if its guesses
        were certain.
        """
        return None

    # ------------------------------------------------------ clocks and undo
    def pass_action(self, state: StateT, seat: int) -> ActionT | None:
        """The legal action by which ``seat`` declines to act, when the rules offer one now:
        what a table plays for a player whose deadline passed, silence taken as "no".

        By default a ``pass`` or ``skip`` among the legal actions. A game with prompts a
        player may ignore (a "you may" ability, a trade offer, another weave) answers each
        with its "no" (let the turn end, stop, decline), so that a stand-in never takes up
        what the player did not; ``None`` where there is nothing to decline (a turn's own
        move, a choice that must be made), which leaves the move to the table's chooser."""
        for action in self.legal_actions(state, seat):
            if self.notation(action) in PASSES:
                return action
        return None

    def reveals(self, state: StateT, seat: int, action: ActionT) -> bool:
        """Whether ``seat`` taking ``action`` in ``state`` brings hidden information to light,
        so that taking it back would let the player play again knowing more.

        It does when chance took part (the generator kept in the state moved: a card
        drawn, dice rolled) or when what ``seat`` sees afterwards depends on something it
        could not see before (compared over a few resampled worlds, e.g. the other picks
        revealed by the last pick of a round), or when another player's private board
        changed (a card drawn or passed to them). Conservative: a state without a
        generator, or an action that a resampled world refuses, counts as revealing.
        """
        after = self.apply(state, seat, action).state
        before_rng = getattr(state, "rng", None)
        if before_rng is None or before_rng != getattr(after, "rng", None):
            return True
        for other in range(self.players(state)):
            if other != seat and self._private(state, other) != self._private(after, other):
                return True
        seen = self.view(after, seat)
        for sample in range(REVEAL_SAMPLES):
            world = self.determinize(state, seat, random.Random(sample))
            try:
                resampled = self.apply(world, seat, action).state
            except IllegalAction:
                return True
            if self.view(resampled, seat) != seen:
                return True
        return False

    def _private(self, state: StateT, seat: int) -> tuple[Any, ...]:
        """The parts of ``seat``'s board that spectators do not see."""
        public = frozenset(self.describe(self.view(state, None)).fields)
        return tuple(f for f in self.describe(self.view(state, seat)).fields if f not in public)

    # ----------------------------------------------------------- information
    @abstractmethod
    def view(self, state: StateT, seat: int | None) -> BaseModel:
        """What ``seat`` may know (None: a spectator). Hidden information never appears."""

    @abstractmethod
    def determinize(self, state: StateT, seat: int, rng: random.Random) -> StateT:
        """A state ``seat`` cannot tell apart from ``state``: everything hidden resampled."""

    @abstractmethod
    def describe(self, view: BaseModel) -> Board:
        """A board for a view: the public table for spectators, a hand for a seat."""

    def picture(
        self, view: BaseModel, names: Sequence[str] | None = None, *, status: str | None = None
    ) -> bytes | None:
        """The same view drawn as a PNG picture (``None``: this game draws none).

        ``status`` replaces the picture's own status line (whose turn it is) when given: the
        final board of a game that ended by a resignation says how it ended instead.

        Games draw in ``games/<game>/picture.py`` and import it only here, so an engine is
        usable without its drawing code ever being loaded. ``names`` are the players' names in
        seat order; without them seats are shown as "Seat N". A picture shows nothing that
        ``view`` does not hold.
        """
        return None

    def load_view(self, data: Mapping[str, Any]) -> BaseModel:
        """Read back a view kept as JSON data (``view.model_dump(mode="json")``): as
        ``view_type``, or, when a game leaves it out, as the model its ``view`` is annotated
        to return. ``TypeError`` when neither names one (``view`` says only ``BaseModel``)."""
        model = self._view_model
        if model is None:
            raise TypeError(f"{self.title} does not say what its views are")
        return model.model_validate(data)

    @cached_property
    def _view_model(self) -> type[BaseModel] | None:
        if self.view_type is not None:
            return self.view_type
        try:
            named = get_type_hints(type(self).view).get("return")
        except (NameError, TypeError):  # an annotation only a type checker can read
            return None
        if isinstance(named, type) and issubclass(named, BaseModel) and named is not BaseModel:
            return named
        return None

    # -------------------------------------------------------------- notation
    @abstractmethod
    def notation(self, action: ActionT) -> str:
        """Short human text for an action, unique among a state's legal actions."""

    @abstractmethod
    def parse_syntax(self, text: str) -> ActionT | None:
        """Read normalized text as an action, or None; legality is not checked here."""

    def parse(self, state: StateT, seat: int, text: str) -> ActionT:
        """Read what a player typed as a legal action for ``seat``, or raise ``IllegalAction``."""
        cleaned = normalize_notation(text[: MAX_NOTATION_LENGTH + 1])
        if not cleaned or len(cleaned) > MAX_NOTATION_LENGTH:
            raise UnknownNotation(self._unknown_message(state, seat, text))
        try:
            action = self.parse_syntax(cleaned)
        except ValueError:  # a number int() cannot read, such as "²": not a move either
            action = None
        if action is None:
            raise UnknownNotation(self._unknown_message(state, seat, text))
        self.check(state, seat, action)
        return action

    def _unknown_message(self, state: StateT, seat: int, text: str) -> str:
        shown = " ".join(text.split())[:40] or msg("(nothing)")
        examples = self.examples(state, seat)
        if examples:
            return msg(
                "“{typed}” is not a move in {game}. Try {examples}.",
                typed=shown,
                game=self.title,
                examples=", ".join(examples),
            )
        return msg("“{typed}” is not a move in {game}.", typed=shown, game=self.title)

    def examples(self, state: StateT, seat: int, limit: int = 3) -> list[str]:
        """A few legal moves, as text, to show someone who typed something unreadable."""
        if self.outcome(state) is not None or seat not in self.to_act(state):
            return []
        return [self.notation(a) for a in self.legal_actions(state, seat)[:limit]]

    # --------------------------------------------------------- serialization
    @cached_property
    def _state_adapter(self) -> TypeAdapter[Any]:
        return TypeAdapter(self.state_type)

    def dump(self, state: StateT) -> str:
        """The state as JSON, tagged with the game and the state format version."""
        body = self._state_adapter.dump_python(state, mode="json")
        return json.dumps(
            {"game": self.key, "format": self.state_format, "state": body},
            separators=(",", ":"),
            sort_keys=True,
        )

    def load(self, text: str) -> StateT:
        """Read a state written by ``dump``; a foreign, newer or damaged one is refused."""
        try:
            envelope = json.loads(text)
        except (TypeError, json.JSONDecodeError):
            raise StateFormatError(self._damaged()) from None
        if not isinstance(envelope, dict) or envelope.get("game") != self.key:
            raise StateFormatError(msg("This saved state is not a {game} game.", game=self.title))
        version = envelope.get("format")
        if not isinstance(version, int) or version > self.state_format:
            raise StateFormatError(
                msg("This {game} game was saved by a newer version of Grimoire.", game=self.title)
            )
        try:
            state: StateT = self._state_adapter.validate_python(envelope.get("state"))
        except ValidationError:
            raise StateFormatError(self._damaged()) from None
        return state

    def _damaged(self) -> str:
        return msg("This {game} game's saved state is damaged.", game=self.title)

    def seat_count_label(self) -> str:
        """The seat range for listings, e.g. "2–4 players"."""
        if self.min_players == self.max_players:
            return nmsg("{n} player", "{n} players", self.min_players)
        return msg("{least}–{most} players", least=self.min_players, most=self.max_players)
