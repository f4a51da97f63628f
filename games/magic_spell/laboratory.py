"""The laboratory: tiles face down at numbered places, and who remembers which.

Functions here change a state that the engine has already cloned.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.core import LogEntry, SeededRng
from games.core.words import joined, msg, nmsg
from games.magic_spell.spells import STONE
from games.magic_spell.state import LAB_PLACES, ROW, MagicSpellState
from games.magic_spell.text import tile_label

ROWS = LAB_PLACES // ROW


def face_down(s: MagicSpellState) -> list[int]:
    """Every place holding a tile."""
    return [i for i, letter in enumerate(s.lab) if letter]


def face_down_in_row(s: MagicSpellState, row: int) -> list[int]:
    """The places of ``row`` holding a tile."""
    start = row * ROW
    return [i for i in range(start, start + ROW) if s.lab[i]]


def rows_with_tiles(s: MagicSpellState) -> list[int]:
    """Rows with at least one tile."""
    lab = s.lab
    return [r for r in range(ROWS) if any(lab[r * ROW : r * ROW + ROW])]


def knows(s: MagicSpellState, seat: int, slot: int) -> bool:
    """Whether ``seat`` has seen the face-down tile at ``slot``."""
    return bool(s.known[slot] >> seat & 1)


def take(s: MagicSpellState, slot: int) -> str:
    """Lift the tile at ``slot`` out of the laboratory."""
    letter = s.lab[slot]
    s.lab[slot] = ""
    s.known[slot] = 0
    return letter


def put_face_down(s: MagicSpellState, letter: str, knowers: int) -> int:
    """Lay a tile face down in the lowest empty place; the place it took."""
    slot = s.lab.index("")
    s.lab[slot] = letter
    s.known[slot] = knowers
    return slot


def return_tiles(
    s: MagicSpellState, letters: Iterable[str], log: list[LogEntry], lead: str
) -> None:
    """Return tiles face up for everyone to see, each to the lowest empty place, then turn
    them face down: every seat knows them. A philosopher's stone leaves the game instead.

    ``lead`` opens the log line, e.g. "The tiles of **Ken** return to the laboratory".
    """
    landed: list[str] = []
    stones = 0
    for letter in letters:
        if letter == STONE:
            stones += 1
            continue
        slot = put_face_down(s, letter, s.everyone)
        landed.append(msg("{tile} to {place}", tile=tile_label(letter), place=slot + 1))
    s.removed += stones
    if stones:
        landed.append(
            nmsg(
                "{n} philosopher's stone leaves the game instead",
                "{n} philosopher's stones leave the game instead",
                stones,
            )
        )
    if landed:
        log.append(LogEntry.public(msg("{lead}: {tiles}.", lead=lead, tiles=joined(landed, ", "))))


def shuffle(s: MagicSpellState, slots: list[int]) -> None:
    """Mix the tiles at ``slots`` among those places; nobody knows any of them afterwards."""
    rng = SeededRng(s.rng)
    letters = [s.lab[i] for i in slots]
    rng.shuffle(letters)
    s.rng = rng.state
    for slot, letter in zip(slots, letters, strict=True):
        s.lab[slot] = letter
        s.known[slot] = 0


def random_face_down(s: MagicSpellState, count: int) -> list[int]:
    """Up to ``count`` distinct places holding tiles, drawn with the game's generator."""
    places = face_down(s)
    rng = SeededRng(s.rng)
    chosen = []
    for _ in range(min(count, len(places))):
        chosen.append(places.pop(rng.below(len(places))))
    s.rng = rng.state
    return chosen
