"""The shared engine core: the contract every game implements and its building blocks.

``LAYOUT.md`` beside this file describes a game package module by module, the words every
game uses alike (decision, composite move, step, …), and which parts of the contract a game
must give and which have defaults.
"""

from games.core.board import FINAL_SCORES, HANDS_REVEALED, Board, BoardField, render_seats, seat_ref
from games.core.catalogue import CardText
from games.core.engine import BACK, Engine, Showcase, normalize_notation
from games.core.errors import (
    ActionNotAllowed,
    GameError,
    GameIsOver,
    IllegalAction,
    InvalidSetup,
    NotYourTurn,
    StateFormatError,
    UnknownNotation,
)
from games.core.outcome import Outcome
from games.core.rng import SeededRng, seed_state
from games.core.transition import LogEntry, Transition

__all__ = [
    "BACK",
    "FINAL_SCORES",
    "HANDS_REVEALED",
    "ActionNotAllowed",
    "Board",
    "BoardField",
    "CardText",
    "Engine",
    "GameError",
    "GameIsOver",
    "IllegalAction",
    "InvalidSetup",
    "LogEntry",
    "NotYourTurn",
    "Outcome",
    "SeededRng",
    "Showcase",
    "StateFormatError",
    "Transition",
    "UnknownNotation",
    "normalize_notation",
    "render_seats",
    "seat_ref",
    "seed_state",
]
