"""Where a magician may move: along a path, through London to the City, or anywhere.

>>> destinations("oxford")[:3]
('ashfair', 'cambridge', 'bath')
>>> "hanover-square" in destinations("oxford") and "london" not in destinations("oxford")
True
"""

from __future__ import annotations

from functools import cache

from games.strange_norrell import cards


@cache
def _by_path() -> dict[str | None, tuple[str, ...]]:
    london = cards.map_data().london
    city = cards.city()
    in_city = tuple(p for p in cards.places() if p in city)
    near_london = tuple(p for p in cards.neighbours()[london] if p != london)
    reach: dict[str | None, tuple[str, ...]] = {None: cards.places()}
    for place in cards.places():
        if place in city:
            found = [p for p in in_city if p != place] + list(near_london)
        else:
            found = []
            for near in cards.neighbours()[place]:
                found += list(in_city) if near == london else [near]
        reach[place] = tuple(dict.fromkeys(found))
    return reach


def destinations(location: str | None) -> tuple[str, ...]:
    """Where one ordinary move leads from ``location``; anywhere for the first move of the
    game. Moving onto London means moving to a location of the City, and from the City a
    magician moves to another City location or to a location next to London."""
    return _by_path()[location]


def anywhere(location: str | None) -> tuple[str, ...]:
    """Every location but the one the magician stands on (the King's Roads, a spell)."""
    return tuple(p for p in cards.places() if p != location)
