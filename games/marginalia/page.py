"""The page: five columns, a front and a back line on each side, and how to name a space.

Columns are the files ``a``-``e`` from left to right; ranks run from the first seat's back
line (1) through its front line (2) and the second seat's front line (3) to its back line (4),
so that ``c2`` and ``c3`` face each other. Players are ``p1`` and ``p2``.

>>> space_code(0, FRONT, 2), space_code(1, BACK, 0)
('c2', 'a4')
>>> locate("c3")
(1, 0, 2)
"""

from __future__ import annotations

from collections.abc import Iterator

from games.marginalia.state import BACK, COLUMNS, FRONT, MarginaliaState, Marginalis

FILES = "abcde"
PLAYERS = ("p1", "p2")
_RANKS = ((2, 1), (3, 4))  # [seat][line] -> rank

_CODES = {
    (seat, line, column): f"{FILES[column]}{_RANKS[seat][line]}"
    for seat in (0, 1)
    for line in (FRONT, BACK)
    for column in range(COLUMNS)
}
_PLACES = {code: place for place, code in _CODES.items()}
#: Every space in reading order: rank 1 to 4, then file a to e.
SPACES: tuple[str, ...] = tuple(sorted(_PLACES, key=lambda code: (code[1], code[0])))

Place = tuple[int, int, int]  # seat, line, column


def space_code(seat: int, line: int, column: int) -> str:
    """The name of a space, e.g. ``c2``."""
    return _CODES[(seat, line, column)]


def locate(code: str) -> Place | None:
    """The (seat, line, column) of a space name, or None if it names no space."""
    return _PLACES.get(code)


def player_code(seat: int) -> str:
    """``p1`` or ``p2``."""
    return PLAYERS[seat]


def player_of(code: str) -> int | None:
    """The seat a player code names, or None."""
    return PLAYERS.index(code) if code in PLAYERS else None


def is_target_code(code: str) -> bool:
    """Whether text names a space or a player."""
    return code in _PLACES or code in PLAYERS


def at(s: MarginaliaState, code: str) -> Marginalis | None:
    """The marginalis standing on a space, if any."""
    place = _PLACES.get(code)
    if place is None:
        return None
    seat, line, column = place
    return s.sides[seat].line(line)[column]


def everyone(s: MarginaliaState) -> Iterator[tuple[Place, Marginalis]]:
    """Every marginalis on the page with its place, the first seat's first, front before back,
    columns left to right."""
    for seat in (0, 1):
        side = s.sides[seat]
        for line in (FRONT, BACK):
            for column, m in enumerate(side.line(line)):
                if m is not None:
                    yield (seat, line, column), m


def find(s: MarginaliaState, uid: int) -> Place | None:
    """Where the marginalis ``uid`` stands, or None once it has left the page."""
    for place, m in everyone(s):
        if m.uid == uid:
            return place
    return None


def by_uid(s: MarginaliaState, uid: int) -> Marginalis | None:
    """The marginalis ``uid``, or None once it has left the page."""
    place = find(s, uid)
    if place is None:
        return None
    seat, line, column = place
    return s.sides[seat].line(line)[column]


def free_spaces(s: MarginaliaState, seat: int) -> list[tuple[int, int]]:
    """(line, column) where a marginalis may be played: the front line of an empty column, or
    behind a front-line marginalis with no reinforcement yet."""
    side = s.sides[seat]
    spaces: list[tuple[int, int]] = []
    for column in range(COLUMNS):
        if side.front[column] is None:
            spaces.append((FRONT, column))
        elif side.back[column] is None:
            spaces.append((BACK, column))
    return spaces


def empty_front(s: MarginaliaState, seat: int) -> list[int]:
    """Columns whose front line on ``seat``'s side is empty."""
    return [c for c, m in enumerate(s.sides[seat].front) if m is None]


def front_count(s: MarginaliaState, seat: int) -> int:
    """How many marginalia stand on ``seat``'s front line."""
    return sum(1 for m in s.sides[seat].front if m is not None)
