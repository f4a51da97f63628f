"""Whole moves: a turn's few-decision moves offered as one pick each.

Offered, in this order, where the student is taking their turn:

- a weave (from the cabinet, a scrounged tile, or a tile moved between spells) followed by
  ``done``, when weaving could go on after it; a tile move that ends the turn by itself;
- every cast whose decisions have few combinations (at most :data:`MAX_CASTS` for a spell),
  with each decision filled in.

Each one is tried on the state, and kept only when it leaves the student with nothing more to
decide. What it leaves depends only on what the student knows (their own tiles and spells,
how many tiles and spells the others hold); the one exception, Cadge, whose asked-for tile
may or may not come, is offered only when the cabinet has room for it either way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.magic_spell import casting, weaving
from games.magic_spell.actions import (
    CAST_CHOICES,
    DONE,
    Action,
    Cast,
    CastChoice,
    CompositeCast,
    CompositeMove,
    CompositeWeaveDone,
    Weave,
    WeaveFound,
)
from games.magic_spell.homework import cabinet_limit
from games.magic_spell.spells import spell
from games.magic_spell.state import MagicSpellState

#: Applies one decision already known to be legal: ``(state, seat, action) -> state``.
Apply = Callable[[MagicSpellState, int, Action], MagicSpellState]
#: The most whole casts offered for one spell; a spell with more is cast step by step.
MAX_CASTS = 24


def whole_moves(s: MagicSpellState, seat: int, apply: Apply) -> list[Action]:
    """The whole moves ``seat`` may make now (see the module's docstring)."""
    if s.finished or seat != s.current:
        return []
    step = s.steps[seat]
    if step is not None and step.kind not in ("more", "found"):
        return []
    moves: list[Action] = []
    if step is not None and step.kind == "found":
        found = [a for a in weaving.found_actions(s, seat, step) if isinstance(a, WeaveFound)]
        return _weaves_then_done(s, seat, found, apply)
    extra = step is not None
    moves += _weaves_then_done(s, seat, weaving.weaves(s, seat, extra), apply)
    for target in weaving.move_targets(s, seat, extra):
        for source in weaving.move_sources(s, seat, target, extra):
            move = CompositeMove(source.letter, source.source, target)
            after = apply(s, seat, move)
            if not _deciding(after, seat):
                moves.append(move)
            elif _stops(after, seat, apply):
                moves.append(CompositeWeaveDone(move))
    if step is None:
        for word in casting.castable(s, seat):
            moves += _casts(s, seat, word, apply)
    return moves


def _weaves_then_done(
    s: MagicSpellState, seat: int, weaves: Sequence[Weave | WeaveFound], apply: Apply
) -> list[Action]:
    """Each weave followed by ``done``, where weaving could go on after it."""
    moves: list[Action] = []
    for weave in weaves:
        after = apply(s, seat, weave)
        if _deciding(after, seat) and _stops(after, seat, apply):
            moves.append(CompositeWeaveDone(weave))
    return moves


def _stops(s: MagicSpellState, seat: int, apply: Apply) -> bool:
    """Whether ``done`` is possible now and ends the student's turn with nothing left."""
    step = s.steps[seat]
    if step is None or step.kind != "more":
        return False
    return not _deciding(apply(s, seat, DONE), seat)


def _deciding(s: MagicSpellState, seat: int) -> bool:
    return s.steps[seat] is not None


def _casts(s: MagicSpellState, seat: int, word: str, apply: Apply) -> list[Action]:
    """Every whole cast of ``word``, or none when it has too many or leaves a decision."""
    data = spell(word)
    student = s.students[seat]
    if data.effect == "cadge" and len(student.cabinet) >= cabinet_limit(student):
        return []
    started = apply(s, seat, Cast(word))
    if not _deciding(started, seat):
        return []  # the cast is one decision already: the step itself is the whole move
    found: list[tuple[CastChoice, ...]] = []
    if not _explore(started, seat, (), apply, found):
        return []
    return [CompositeCast(word, choices) for choices in found]


def _explore(
    s: MagicSpellState,
    seat: int,
    made: tuple[CastChoice, ...],
    apply: Apply,
    found: list[tuple[CastChoice, ...]],
) -> bool:
    """Collect in ``found`` the decisions that finish the cast from ``s``; False once there
    are too many, or when some way through leaves a decision after the cast."""
    step = s.steps[seat]
    if step is None:
        found.append(made)
        return len(found) <= MAX_CASTS
    if step.kind != "cast":
        return False
    options = [a for a in casting.options(s, seat, step) if isinstance(a, CAST_CHOICES)]
    if len(found) + len(options) > MAX_CASTS:
        return False
    return all(
        _explore(apply(s, seat, choice), seat, (*made, choice), apply, found) for choice in options
    )
