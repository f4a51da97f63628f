"""Building exact Magic Spell positions for rule-by-rule tests.

Positions start from a real ``new_game`` and then have their fields set directly, so each test
shows only the tiles and spells that matter to the rule it checks. Seats are 0-based here, as
inside the engine; laboratory places are given 1-based, as in notation and on the board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

import games
from games.core import LogEntry, Transition
from games.magic_spell import MagicSpellEngine
from games.magic_spell.spells import STONE
from games.magic_spell.state import LAB_PLACES, Homework, MagicSpellState

ENGINE = cast(MagicSpellEngine, games.get("magic-spell"))

#: A deck long enough that no test runs it out by accident (spells no test position holds).
DECK = ("lagniappe", "palimpsest", "widdershins", "defenestrate", "serendipity", "legerdemain")


def new_game(players: int = 3, seed: int = 1, **options: Any) -> MagicSpellState:
    """A real table straight from setup (two players get Low Enrollment)."""
    if players == 2:
        options.setdefault("low_enrollment", True)
    return ENGINE.new_game(players, seed, options)


def position(
    players: int = 3,
    *,
    cabinets: Sequence[Iterable[str]] | None = None,
    homework: Sequence[Sequence[str | tuple[str, str]]] | None = None,
    spellbooks: Sequence[Sequence[str]] | None = None,
    spirit: Sequence[int] | None = None,
    lab: Mapping[int, str] | None = None,
    deck: Sequence[str] = DECK,
    current: int = 0,
    started: bool = False,
    seed: int = 1,
    **options: Any,
) -> MagicSpellState:
    """A table with exactly these tiles and spells; everything not given is empty.

    ``homework`` lists each student's homework spells as a magic word, or as (word, woven
    letters) such as ``("ken", "KE")``. ``lab`` maps 1-based places to letters. Spirit
    defaults to 5 each. Nobody knows any laboratory tile.
    """
    s = new_game(players, seed, **options).clone()
    s.lab = [""] * LAB_PLACES
    for place, letter in (lab or {}).items():
        s.lab[place - 1] = letter
    s.known = [0] * LAB_PLACES
    s.deck = list(deck)
    for seat, student in enumerate(s.students):
        student.cabinet = sorted(cabinets[seat]) if cabinets is not None else []
        student.homework = [_homework(h) for h in homework[seat]] if homework is not None else []
        student.spellbook = list(spellbooks[seat]) if spellbooks is not None else []
        student.spirit = spirit[seat] if spirit is not None else 5
    s.current = current
    s.started = started
    return s


def _homework(entry: str | tuple[str, str]) -> Homework:
    if isinstance(entry, str):
        return Homework(entry)
    word, woven = entry
    return Homework(word, tuple(woven))


def act(s: MagicSpellState, seat: int, text: str) -> Transition[MagicSpellState]:
    """Read ``text`` for ``seat`` and apply it (both checked by the engine)."""
    return ENGINE.apply(s, seat, ENGINE.parse(s, seat, text))


def play(s: MagicSpellState, *moves: tuple[int, str]) -> MagicSpellState:
    """Apply several ``(seat, text)`` moves in a row; the state after the last."""
    for seat, text in moves:
        s = act(s, seat, text).state
    return s


def texts(s: MagicSpellState, seat: int) -> list[str]:
    """The notation of every legal action of ``seat``."""
    return [ENGINE.notation(a) for a in ENGINE.legal_actions(s, seat)]


def public(log: Iterable[LogEntry]) -> str:
    """Every public line of a log, joined."""
    return "\n".join(e.text for e in log if e.audience is None)


def private(log: Iterable[LogEntry]) -> list[tuple[str, frozenset[int]]]:
    """Every private line of a log, with its audience."""
    return [(e.text, e.audience) for e in log if e.audience is not None]


def woven(s: MagicSpellState, seat: int, word: str) -> tuple[str, ...]:
    """The tiles woven on one of a student's homework spells."""
    homework = s.students[seat].homework_spell(word)
    assert homework is not None, f"{word} is not in seat {seat}'s homework"
    return homework.woven


def place(s: MagicSpellState, number: int) -> str:
    """The tile at a 1-based laboratory place ("" when empty)."""
    return s.lab[number - 1]


def tile_count(s: MagicSpellState) -> Counter[str]:
    """Every tile of the game: in the laboratory, cabinets, on homework spells, and stones
    out of the game."""
    count: Counter[str] = Counter(letter for letter in s.lab if letter)
    for student in s.students:
        count.update(student.cabinet)
        for homework in student.homework:
            count.update(homework.woven)
    count[STONE] += s.removed
    return +count


def spell_count(s: MagicSpellState) -> Counter[str]:
    """Every spell card: deck, homework, spellbooks, and spells being looked at (Augury)."""
    count: Counter[str] = Counter(s.deck)
    for student in s.students:
        count.update(h.spell for h in student.homework)
        count.update(student.spellbook)
    for step in s.steps:
        if step is not None:
            count.update(step.seen)
    return count
