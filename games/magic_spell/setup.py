"""Setting up a Magic Spell table."""

from __future__ import annotations

from games.core import SeededRng, seed_state
from games.magic_spell.spells import spells, tile_box
from games.magic_spell.state import (
    LAB_PLACES,
    START_SPELLS,
    START_TILES,
    Homework,
    MagicSpellState,
    Student,
)


def new_state(
    players: int,
    seed: int,
    courseload: int,
    low_enrollment: bool,
    stones: bool,
    open_research: bool,
    round_cap: int | None = None,
) -> MagicSpellState:
    """Tiles mixed face down into the laboratory's places, five to each cabinet, three spells
    of the shuffled deck to each student's homework; seat 1 starts."""
    rng = SeededRng(seed_state(seed))
    box = list(tile_box(stones))
    rng.shuffle(box)
    deck = list(spells())
    rng.shuffle(deck)
    students = []
    for _ in range(players):
        cabinet = sorted(box.pop() for _ in range(START_TILES))
        homework = [Homework(deck.pop()) for _ in range(START_SPELLS)]
        students.append(Student(cabinet=cabinet, homework=homework))
    lab = box + [""] * (LAB_PLACES - len(box))
    return MagicSpellState(
        players=players,
        courseload=courseload,
        low_enrollment=low_enrollment,
        stones=stones,
        open_research=open_research,
        rng=rng.state,
        lab=lab,
        known=[0] * LAB_PLACES,
        deck=deck,
        students=students,
        steps=[None] * players,
        round_cap=round_cap,
    )
