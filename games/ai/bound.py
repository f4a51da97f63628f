"""Every AI turn ends: a bound on the decisions a seat takes in one turn, and on how often it
takes "back" from one pending choice.

The AI decides one decision at a time and remembers nothing between them, so two ways of
deciding that disagree on a composite move (one steps forward, the other backs out) could undo
each other for ever. Whoever runs a game with AI seats (the bot, ``python -m games simulate``,
the strength benchmark) keeps a :class:`Tally` of the turn under way and hands the seat's
:class:`SoFar` to :func:`games.ai.choose`: a seat that went back from a choice once is not
offered "back" there again, and a seat past :data:`DECISIONS_PER_TURN` decisions in one turn
ends it (:func:`closing`): it declines what it may decline, else plays the game's rules of
thumb, never "back". A turn is the stretch of play during which the game waits on the same
seats (``Engine.waiting_for``), so answers to trade offers between turns count too.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any

from games.ai.moves import playable, sensible
from games.core import BACK, Engine

#: Decisions one seat may take in one turn before the AI ends the turn. Far more than any
#: turn played for its own sake takes (the longest measured: a Magic Spell turn with a trade
#: offer built item by item, under 20), so it only ever ends a turn that goes round in circles.
DECISIONS_PER_TURN = 60
#: Times a seat may go back from the same pending choice within one turn.
BACKS_PER_CHOICE = 1


@dataclass(frozen=True, slots=True)
class SoFar:
    """What a seat did so far in the turn under way, as plain numbers that cross a process
    boundary: the AI's only memory between two decisions."""

    decisions: int = 0
    """Decisions the seat took this turn."""
    backs: int = 0
    """Times the seat went back from the very choice it faces now, this turn."""

    @property
    def over(self) -> bool:
        """Whether the seat used up its turn's decisions: the AI ends the turn."""
        return self.decisions >= DECISIONS_PER_TURN

    @property
    def may_go_back(self) -> bool:
        """Whether "back" may still be taken from this choice."""
        return self.backs < BACKS_PER_CHOICE


@dataclass(slots=True)
class Tally:
    """The AI seats' decisions in the turn under way, kept by whoever runs the game: call
    :meth:`so_far` before a decision and :meth:`record` with the action taken."""

    turn: frozenset[int] = frozenset()
    """The seats the game waited on when the counts began."""
    decisions: dict[int, int] = field(default_factory=dict)
    backs: dict[tuple[int, str], int] = field(default_factory=dict)
    closed: int = 0
    """Turns ended by the bound, over the whole game: 0 in a game that went as it should."""

    def so_far(self, engine: Engine[Any, Any], state: Any, seat: int) -> SoFar:
        """What ``seat`` did so far this turn, as it faces ``state``."""
        self._follow(engine, state)
        return SoFar(
            decisions=self.decisions.get(seat, 0),
            backs=self.backs.get((seat, choice(engine, state)), 0),
        )

    def record(self, engine: Engine[Any, Any], state: Any, seat: int, action: Any) -> bool:
        """Count ``seat`` taking ``action`` in ``state`` (before it is applied); whether it
        ended a turn that had reached the bound (for the caller to log)."""
        self._follow(engine, state)
        count = self.decisions.get(seat, 0)
        self.decisions[seat] = count + 1
        if engine.notation(action) == BACK:
            key = (seat, choice(engine, state))
            self.backs[key] = self.backs.get(key, 0) + 1
        closing_now = count == DECISIONS_PER_TURN
        self.closed += closing_now
        return closing_now

    def _follow(self, engine: Engine[Any, Any], state: Any) -> None:
        """Start new counts when the game waits on other seats: a new turn."""
        waited = engine.waiting_for(state)
        if waited != self.turn:
            self.turn = waited
            self.decisions.clear()
            self.backs.clear()


def choice(engine: Engine[Any, Any], state: Any) -> str:
    """A short fingerprint of the position, which tells one pending choice from another."""
    return hashlib.blake2b(engine.dump(state).encode(), digest_size=8).hexdigest()


def closing(engine: Engine[Any, Any], state: Any, seat: int, rng: random.Random) -> Any:
    """The decision that brings ``seat``'s turn to an end: what it may decline it declines
    (``Engine.pass_action``), anything else it decides by the game's rules of thumb, or at
    random, never choosing "back" unless it is all there is."""
    declined = engine.pass_action(state, seat)
    if declined is not None:
        return declined
    world = engine.determinize(state, seat, rng)
    action = sensible(engine, world, seat, rng, back=False)
    if action is not None:
        return action
    return rng.choice(playable(engine, world, seat))
