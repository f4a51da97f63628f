"""What a spell still needs, what a student owns, and the limits their spellbook sets."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache

from games.magic_spell.spells import STONE, PassiveKind, spell, spells, word_counts
from games.magic_spell.state import CABINET_LIMIT, HOMEWORK_LIMIT, Homework, Student

#: A passive spell's effect on the limits it raises.
_LIMIT_BONUS = {"cabinet_limit": 2, "homework_limit": 1}


def missing(homework: Homework) -> Mapping[str, int]:
    """Letters of the magic word not yet matched by a woven tile (a stone matches none yet).
    The mapping is shared: read it, never change it."""
    return _missing(homework.spell, homework.woven)


@lru_cache(maxsize=1 << 14)
def _missing(word: str, woven: tuple[str, ...]) -> dict[str, int]:
    need = dict(word_counts(word))
    for letter in woven:
        if letter != STONE:
            need[letter] -= 1
    return {letter: n for letter, n in need.items() if n}


def fits(homework: Homework, letter: str) -> bool:
    """Whether ``letter`` may be woven onto ``homework``: it matches an unmatched letter of the
    magic word, or it is a philosopher's stone and the spell has none yet."""
    if letter == STONE:
        return STONE not in homework.woven
    return letter in _missing(homework.spell, homework.woven)


def is_complete(homework: Homework) -> bool:
    """Every letter is matched; a woven stone stands for the one letter left."""
    unmatched = sum(missing(homework).values())
    return unmatched == (1 if STONE in homework.woven else 0)


def needed_letters(student: Student) -> list[str]:
    """Every letter some homework spell of ``student`` still needs, alphabetically."""
    needed: set[str] = set()
    for homework in student.homework:
        needed.update(missing(homework))
    return sorted(needed)


@cache
def _passive_of(word: str) -> str | None:
    return spells()[word].passive


def owns(student: Student, passive: PassiveKind) -> bool:
    """Whether a passive spell of this kind is in the student's spellbook."""
    return any(_passive_of(word) == passive for word in student.spellbook)


def credits(student: Student) -> int:
    """Credits of the spells in the student's spellbook."""
    return sum(spell(word).credits for word in student.spellbook)


def cabinet_limit(student: Student) -> int:
    """How many tiles the cabinet may hold at the end of the student's turn."""
    bonus = _LIMIT_BONUS["cabinet_limit"] if owns(student, "cabinet_limit") else 0
    return CABINET_LIMIT + bonus


def homework_limit(student: Student) -> int:
    """How many homework spells the student may keep at the end of their turn."""
    bonus = _LIMIT_BONUS["homework_limit"] if owns(student, "homework_limit") else 0
    return HOMEWORK_LIMIT + bonus


def homework_number(student: Student, word: str) -> int:
    """The 1-based position of a homework spell, as the public board numbers them."""
    for number, homework in enumerate(student.homework, start=1):
        if homework.spell == word:
            return number
    raise KeyError(word)
