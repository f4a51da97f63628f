"""Casting a spell of your spellbook: its decisions one at a time, its requirement, its effect.

A spell asks for its decisions in a fixed order (an opponent, a row, a tile, one of your
tiles, a letter, one of your homework spells), then for the tiles its requirement returns when
you have more than it needs. ``back`` takes the last decision back. Functions here change a
state that the engine has already cloned.
"""

from __future__ import annotations

from dataclasses import replace

from games.core import LogEntry, seat_ref
from games.core.words import data_msg, msg, msg_list
from games.magic_spell import effects, laboratory, turns
from games.magic_spell.actions import (
    Action,
    Back,
    CastChoice,
    ChooseHomework,
    NameLetter,
    Pay,
    Row,
    Target,
    Tile,
    Use,
)
from games.magic_spell.homework import needed_letters
from games.magic_spell.spells import SpellData, spell
from games.magic_spell.state import MagicSpellState, Step
from games.magic_spell.text import spell_name, tiles_count

Log = list[LogEntry]

#: The decisions each effect asks for, in order.
CHOICES: dict[str, tuple[str, ...]] = {
    "peek_tile": ("row", "tile"),
    "peek_homework": ("target",),
    "peek_cabinet": ("target",),
    "peek_row": ("row",),
    "steal_tile": ("target",),
    "steal_spirit": ("target",),
    "steal_homework": ("target",),
    "swap_tile": ("target", "mine"),
    "cadge": ("target", "letter"),
    "drain": ("target",),
    "swap_spirit": ("target",),
    "block": ("target",),
    "shuffle_row": ("row",),
    "expel": ("target",),
    "swap_lab": ("mine", "row", "tile"),
    "palimpsest": ("homework",),
    "shelve": ("target",),
}


def choice_kinds(s: MagicSpellState, data: SpellData) -> tuple[str, ...]:
    """The decisions ``data`` asks for; with one opponent there is no target to choose."""
    kinds = CHOICES.get(data.effect, ())
    if s.players == 2:
        kinds = tuple(k for k in kinds if k != "target")
    return kinds


# ---------------------------------------------------------------------------- castability
def has_something_to_act_on(s: MagicSpellState, seat: int, data: SpellData) -> bool:
    """Whether the spell's effect could do anything now; only then may it be cast."""
    student = s.students[seat]
    kinds = CHOICES.get(data.effect, ())
    checks = {
        "row": lambda: bool(laboratory.rows_with_tiles(s)),
        "mine": lambda: bool(student.cabinet),
        "letter": lambda: bool(needed_letters(student)),
        "homework": lambda: bool(student.homework),
    }
    if not all(checks[k]() for k in kinds if k in checks):
        return False
    match data.effect:
        case "augury" | "draw_spell" | "palimpsest":
            return bool(s.deck)
        case "draw_tiles" | "shuffle_lab":
            return any(s.lab)
        case "jettison" | "ablution":
            return bool(student.cabinet)
        case "pass_right":
            return any(x.cabinet for x in s.students)
        case "extra_turn":
            return s.grader < 0
        case "passive":
            return False
    return True


def castable(s: MagicSpellState, seat: int) -> list[str]:
    """Spells of ``seat``'s spellbook that may be cast now, in spellbook order."""
    student = s.students[seat]
    if "cast" in student.blocks:
        return []
    return [w for w in student.spellbook if has_something_to_act_on(s, seat, spell(w))]


def meets_requirement(s: MagicSpellState, seat: int, data: SpellData) -> bool:
    """Whether ``seat`` has the spirit and the tiles the spell's requirement asks for."""
    student = s.students[seat]
    return student.spirit >= data.spirit and len(student.cabinet) >= data.tiles


# ------------------------------------------------------------------------------ decisions
def start(s: MagicSpellState, seat: int, word: str, log: Log) -> None:
    """Begin casting ``word``."""
    data = spell(word)
    auto_target = s.players == 2 and "target" in CHOICES.get(data.effect, ())
    target = s.opponents(seat)[0] if auto_target else -1
    _proceed(s, seat, Step("cast", spell=word, target=target), log)


def next_choice(s: MagicSpellState, seat: int, step: Step) -> str | None:
    """The decision the cast asks for next, or None when it is ready to resolve. A spell
    whose requirement cannot be met asks only which tiles to give towards it."""
    data = spell(step.spell)
    if meets_requirement(s, seat, data):
        for kind in choice_kinds(s, data):
            if not _chosen(step, kind):
                return kind
    owed = data.tiles - len(step.paid)
    if owed > 0 and len(_payable(s, seat, step)) > owed:
        return "pay"
    return None


def _chosen(step: Step, kind: str) -> bool:
    match kind:
        case "target":
            return step.target >= 0
        case "row":
            return step.row >= 0
        case "tile":
            return step.slot >= 0
        case "mine":
            return bool(step.mine)
        case "letter":
            return bool(step.letter)
    return bool(step.homework)


def _payable(s: MagicSpellState, seat: int, step: Step) -> list[str]:
    """Cabinet tiles not already set aside by this cast."""
    left = list(s.students[seat].cabinet)
    for letter in (step.mine, *step.paid):
        if letter:
            left.remove(letter)
    return left


def options(s: MagicSpellState, seat: int, step: Step) -> list[Action]:
    """The choices for the cast's next decision, then ``back``."""
    kind = next_choice(s, seat, step)
    student = s.students[seat]
    choices: list[Action]
    match kind:
        case "target":
            choices = [Target(o) for o in s.opponents(seat)]
        case "row":
            choices = [Row(r) for r in laboratory.rows_with_tiles(s)]
        case "tile":
            choices = [Tile(i) for i in laboratory.face_down_in_row(s, step.row)]
        case "mine":
            choices = [Use(t) for t in sorted(set(student.cabinet))]
        case "letter":
            choices = [NameLetter(t) for t in needed_letters(student)]
        case "homework":
            choices = [ChooseHomework(h.spell) for h in student.homework]
        case _:
            choices = [Pay(t) for t in sorted(set(_payable(s, seat, step)))]
    return [*choices, Back()]


def choose(s: MagicSpellState, seat: int, choice: CastChoice, log: Log) -> None:
    """Record one decision of the cast; resolve it once nothing more is asked."""
    step = s.steps[seat]
    assert step is not None
    match choice:
        case Target(target):
            step = replace(step, target=target)
        case Row(row):
            step = replace(step, row=row)
        case Tile(slot):
            step = replace(step, slot=slot)
        case Use(letter):
            step = replace(step, mine=letter)
        case NameLetter(letter):
            step = replace(step, letter=letter)
        case ChooseHomework(word):
            step = replace(step, homework=word)
        case Pay(letter):
            step = replace(step, paid=(*step.paid, letter))
    _proceed(s, seat, step, log)


def back(s: MagicSpellState, seat: int) -> None:
    """Take back the cast's last decision; with none made, the cast itself."""
    step = s.steps[seat]
    assert step is not None
    s.steps[seat] = _taken_back(s, step)


def _taken_back(s: MagicSpellState, step: Step) -> Step | None:
    if step.paid:
        return replace(step, paid=step.paid[:-1])
    made = [k for k in choice_kinds(s, spell(step.spell)) if _chosen(step, k)]
    if not made:
        return None
    match made[-1]:
        case "target":
            return replace(step, target=-1)
        case "row":
            return replace(step, row=-1)
        case "tile":
            return replace(step, slot=-1)
        case "mine":
            return replace(step, mine="")
        case "letter":
            return replace(step, letter="")
    return replace(step, homework="")


def _proceed(s: MagicSpellState, seat: int, step: Step, log: Log) -> None:
    if next_choice(s, seat, step) is not None:
        s.steps[seat] = step
    elif meets_requirement(s, seat, spell(step.spell)):
        _resolve(s, seat, step, log)
    else:
        _fizzle(s, seat, step, log)


# -------------------------------------------------------------------------------- resolving
def _pay_tiles(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    """Return the tiles the requirement asks for: those chosen, or all there are."""
    paid = list(step.paid)
    if len(paid) < data.tiles:
        paid += _payable(s, seat, step)[: data.tiles - len(paid)]
    cabinet = s.students[seat].cabinet
    for letter in paid:
        cabinet.remove(letter)
    laboratory.return_tiles(
        s, paid, log, msg("{who} returns the tiles it asks for", who=seat_ref(seat))
    )


def _resolve(s: MagicSpellState, seat: int, step: Step, log: Log) -> None:
    data = spell(step.spell)
    log.append(
        LogEntry.public(
            msg(
                "{who} casts {spell}: {effect}",
                who=seat_ref(seat),
                spell=spell_name(data.word),
                effect=data_msg(data.text),
            )
        )
    )
    s.students[seat].spirit -= data.spirit
    if data.tiles:
        _pay_tiles(s, seat, step, data, log)
    s.steps[seat] = None
    effects.resolve(s, seat, step, log)
    if s.steps[seat] is None:
        turns.end_turn(s, log)


def _fizzle(s: MagicSpellState, seat: int, step: Step, log: Log) -> None:
    """Fill the requirement as well as you can; the effect does not resolve."""
    data = spell(step.spell)
    student = s.students[seat]
    owed: list[str] = []
    if data.spirit:
        owed.append(msg("{amount} spirit", amount=data.spirit))
    if data.tiles:
        owed.append(tiles_count(data.tiles))
    log.append(
        LogEntry.public(
            msg(
                "{who} casts {spell} but cannot meet its requirement ({owed}): they give what "
                "they have, and the spell does not resolve.",
                who=seat_ref(seat),
                spell=spell_name(data.word),
                owed=msg_list(owed),
            )
        )
    )
    student.spirit -= min(student.spirit, data.spirit)
    if data.tiles:
        _pay_tiles(s, seat, step, data, log)
    s.steps[seat] = None
    turns.end_turn(s, log)
