"""Weaving tiles onto homework spells, completing them, and scrounging in the laboratory.

Functions here change a state that the engine has already cloned.
"""

from __future__ import annotations

from games.core import LogEntry, seat_ref
from games.core.words import data_msg, msg
from games.magic_spell import laboratory, turns
from games.magic_spell.actions import KEEP, PUT_BACK, Action, MoveTile, Weave, WeaveFound
from games.magic_spell.homework import fits, homework_number, is_complete, missing, owns
from games.magic_spell.spells import STONE, spell
from games.magic_spell.state import Homework, MagicSpellState, Step, make_step
from games.magic_spell.text import credits_text, spell_name, tile_label

Log = list[LogEntry]
#: Spirit for each weave after the first of a turn, and for moving a tile between spells.
EXTRA_WEAVE_COST = 1
MOVE_COST = 1


# --------------------------------------------------------------------------------- costs
def extra_cost(s: MagicSpellState, seat: int) -> int:
    """What another weave costs now: 1 spirit, nothing for the first with Alacrity."""
    if owns(s.students[seat], "free_weave") and not s.free_weave_used:
        return 0
    return EXTRA_WEAVE_COST


def _cost(s: MagicSpellState, seat: int, extra: bool) -> int:
    return extra_cost(s, seat) if extra else 0


def may_weave(s: MagicSpellState, seat: int) -> bool:
    """Whether nothing forbids ``seat`` to weave this turn."""
    return "weave" not in s.students[seat].blocks


def weaves(s: MagicSpellState, seat: int, extra: bool) -> list[Weave]:
    """Cabinet tiles ``seat`` can afford to weave, each onto each homework spell it fits."""
    student = s.students[seat]
    if not may_weave(s, seat) or student.spirit < _cost(s, seat, extra):
        return []
    letters = sorted(set(student.cabinet))
    weaves: list[Weave] = []
    for homework in student.homework:
        need = missing(homework)
        weaves += [
            Weave(t, homework.spell)
            for t in letters
            if (t in need if t != STONE else STONE not in homework.woven)
        ]
    return weaves


def move_sources(s: MagicSpellState, seat: int, target: str, extra: bool) -> list[MoveTile]:
    """Tiles woven on ``seat``'s other homework spells that fit ``target``, if affordable."""
    student = s.students[seat]
    homework = student.homework_spell(target)
    if homework is None or student.spirit < _cost(s, seat, extra) + MOVE_COST:
        return []
    return [
        MoveTile(t, other.spell)
        for other in student.homework
        if other is not homework
        for t in sorted(set(other.woven))
        if fits(homework, t)
    ]


def move_targets(s: MagicSpellState, seat: int, extra: bool) -> list[str]:
    """Homework spells a tile woven on another of ``seat``'s spells could move onto."""
    student = s.students[seat]
    if not may_weave(s, seat) or student.spirit < _cost(s, seat, extra) + MOVE_COST:
        return []
    homework = student.homework
    # Each spell's woven letters once, rather than every tile against every spell.
    woven = [(h, frozenset(h.woven)) for h in homework if h.woven]
    if not woven:
        return []
    return [
        h.spell
        for h in homework
        if _takes_one_of(h, [letters for other, letters in woven if other is not h])
    ]


def _takes_one_of(homework: Homework, letter_sets: list[frozenset[str]]) -> bool:
    """Whether some letter of one of ``letter_sets`` fits ``homework``."""
    need = missing(homework).keys()
    stone_fits = STONE not in homework.woven
    return any(
        not need.isdisjoint(letters) or (stone_fits and STONE in letters) for letters in letter_sets
    )


def can_weave_again(s: MagicSpellState, seat: int) -> bool:
    """Whether a paid extra weave (or move) is possible now."""
    return bool(weaves(s, seat, extra=True) or move_targets(s, seat, extra=True))


# -------------------------------------------------------------------------------- weaving
def weave(
    s: MagicSpellState, seat: int, letter: str, source: str, target: str, extra: bool, log: Log
) -> None:
    """Weave ``letter`` onto ``target`` from the cabinet, or from homework spell ``source``,
    and pay for it; complete the spell if it is spelled."""
    student = s.students[seat]
    cost = _cost(s, seat, extra)
    if extra and owns(student, "free_weave"):
        s.free_weave_used = True
    if source:
        cost += MOVE_COST
    student.spirit -= cost
    homework = student.homework_spell(target)
    assert homework is not None
    number = homework_number(student, target)
    who = seat_ref(seat)
    shown = tile_label(letter) if s.open_research else msg("a tile")
    mine = tile_label(letter)
    if source:
        origin = student.homework_spell(source)
        assert origin is not None
        whence = homework_number(student, source)
        if cost:
            public = msg(
                "{who} moves {tile} from homework spell {whence} onto homework spell {number} "
                "({cost} spirit).",
                who=who,
                tile=shown,
                whence=whence,
                number=number,
                cost=cost,
            )
        else:
            public = msg(
                "{who} moves {tile} from homework spell {whence} onto homework spell {number}.",
                who=who,
                tile=shown,
                whence=whence,
                number=number,
            )
        private = msg(
            "You move {tile} from {source} onto {target}.",
            tile=mine,
            source=spell_name(source),
            target=spell_name(target),
        )
        student.replace_homework(origin, origin.without_tile(letter))
    else:
        if cost:
            public = msg(
                "{who} weaves {tile} onto homework spell {number} ({cost} spirit).",
                who=who,
                tile=shown,
                number=number,
                cost=cost,
            )
        else:
            public = msg(
                "{who} weaves {tile} onto homework spell {number}.",
                who=who,
                tile=shown,
                number=number,
            )
        private = msg("You weave {tile} onto {spell}.", tile=mine, spell=spell_name(target))
        student.cabinet.remove(letter)
    woven = homework.with_tile(letter)
    student.replace_homework(homework, woven)
    log.append(LogEntry.public(public))
    log.append(LogEntry.private(private, [seat]))
    _woven(s, seat, woven, log)


def _woven(s: MagicSpellState, seat: int, homework: Homework, log: Log) -> None:
    if is_complete(homework):
        complete(s, seat, homework, log)
    if can_weave_again(s, seat):
        s.steps[seat] = make_step("more")
    else:
        turns.end_turn(s, log)


def complete(s: MagicSpellState, seat: int, homework: Homework, log: Log) -> None:
    """The last letter is woven: reveal the spell, move it to the spellbook, and return its
    tiles to the laboratory face up."""
    student = s.students[seat]
    student.homework.remove(homework)
    student.spellbook.append(homework.spell)
    data = spell(homework.spell)
    log.append(
        LogEntry.public(
            msg(
                "{who} completes {spell} ({credits}): *{meaning}*. {effect}",
                who=seat_ref(seat),
                spell=spell_name(homework.spell),
                credits=credits_text(data.credits),
                meaning=data_msg(data.meaning),
                effect=data_msg(data.text),
            )
        )
    )
    laboratory.return_tiles(
        s,
        homework.woven,
        log,
        msg("The tiles of {spell} return to the laboratory", spell=spell_name(homework.spell)),
    )


# ------------------------------------------------------------------------------ scrounging
def look(s: MagicSpellState, seat: int, slot: int, log: Log) -> None:
    """Look at the tile at ``slot`` without showing it; it stays in place while you decide."""
    s.known[slot] |= 1 << seat
    s.steps[seat] = make_step("found", slot=slot)
    log.append(
        LogEntry.public(msg("{who} scrounges tile {place}.", who=seat_ref(seat), place=slot + 1))
    )
    log.append(
        LogEntry.private(
            msg("Tile {place} is {tile}.", place=slot + 1, tile=tile_label(s.lab[slot])), [seat]
        )
    )


def found_actions(s: MagicSpellState, seat: int, step: Step) -> list[Action]:
    """Weave the scrounged tile onto a homework spell it matches, keep it, or put it back."""
    letter = s.lab[step.slot]
    student = s.students[seat]
    actions: list[Action] = []
    if may_weave(s, seat):
        actions += [WeaveFound(h.spell) for h in student.homework if fits(h, letter)]
    return [*actions, KEEP, PUT_BACK]


def weave_found(s: MagicSpellState, seat: int, target: str, log: Log) -> None:
    """Weave the scrounged tile straight onto ``target``, as if from the cabinet."""
    step = s.steps[seat]
    assert step is not None
    student = s.students[seat]
    homework = student.homework_spell(target)
    assert homework is not None
    letter = laboratory.take(s, step.slot)
    woven = homework.with_tile(letter)
    student.replace_homework(homework, woven)
    number = homework_number(student, target)
    if s.open_research:
        public = msg(
            "{who} weaves {tile} onto homework spell {number}.",
            who=seat_ref(seat),
            tile=tile_label(letter),
            number=number,
        )
    else:
        public = msg(
            "{who} weaves it onto homework spell {number}.", who=seat_ref(seat), number=number
        )
    log.append(LogEntry.public(public))
    log.append(
        LogEntry.private(
            msg(
                "You weave {tile} onto {spell}.", tile=tile_label(letter), spell=spell_name(target)
            ),
            [seat],
        )
    )
    _woven(s, seat, woven, log)


def keep(s: MagicSpellState, seat: int, log: Log) -> None:
    """Put the scrounged tile in the cabinet."""
    step = s.steps[seat]
    assert step is not None
    student = s.students[seat]
    student.cabinet.append(laboratory.take(s, step.slot))
    student.cabinet.sort()
    log.append(LogEntry.public(msg("{who} puts it in their cabinet.", who=seat_ref(seat))))
    turns.end_turn(s, log)


def put_back(s: MagicSpellState, seat: int, log: Log) -> None:
    """Leave the scrounged tile where it lies, face down; a philosopher's stone, returned to
    the laboratory, leaves the game instead."""
    step = s.steps[seat]
    assert step is not None
    if s.lab[step.slot] == STONE:
        laboratory.take(s, step.slot)
        s.removed += 1
        log.append(
            LogEntry.public(
                msg(
                    "{who} returns it to the laboratory: it is a philosopher's stone, so it "
                    "leaves the game and place {place} is empty.",
                    who=seat_ref(seat),
                    place=step.slot + 1,
                )
            )
        )
    else:
        log.append(LogEntry.public(msg("{who} leaves it where it lies.", who=seat_ref(seat))))
    turns.end_turn(s, log)
