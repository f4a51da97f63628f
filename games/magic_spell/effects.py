"""What each spell does once cast, its requirement met.

``resolve`` works on a state the engine has already cloned. A spell that needs a decision
after it resolves (Augury, Jettison) leaves that decision as the caster's step.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import LogEntry, SeededRng, seat_ref
from games.core.words import joined, msg, msg_list, nmsg
from games.magic_spell import laboratory, trading
from games.magic_spell.spells import STONE, SpellData, spell
from games.magic_spell.state import Homework, MagicSpellState, Step
from games.magic_spell.text import (
    a_tile,
    row_label,
    spell_name,
    spells_count,
    tile_label,
    tiles_text,
    woven_count,
)

Log = list[LogEntry]
AUGURY_SPELLS = 3


def resolve(s: MagicSpellState, seat: int, step: Step, log: Log) -> None:
    """Carry out the effect of the spell ``step`` has been casting."""
    data = spell(step.spell)
    _EFFECTS[data.effect](s, seat, step, data, log)


# ----------------------------------------------------------------------------- helpers
def _random_index(s: MagicSpellState, n: int) -> int:
    rng = SeededRng(s.rng)
    index = rng.below(n)
    s.rng = rng.state
    return index


def _homework_text(homework: Homework) -> str:
    if homework.woven:
        return msg(
            "{spell} ({tiles})", spell=spell_name(homework.spell), tiles=tiles_text(homework.woven)
        )
    return msg("{spell} (nothing woven)", spell=spell_name(homework.spell))


def _draw_spell(s: MagicSpellState, seat: int, log: Log) -> None:
    word = s.deck.pop()
    s.students[seat].homework.append(Homework(word))
    log.append(LogEntry.public(msg("{who} draws a spell.", who=seat_ref(seat))))
    log.append(LogEntry.private(msg("You draw {spell}.", spell=spell_name(word)), [seat]))


def _shelve(s: MagicSpellState, seat: int, homework: Homework, log: Log, lead: str) -> None:
    """Put a homework spell on the bottom of the deck; its tiles return face up."""
    s.students[seat].homework.remove(homework)
    s.deck.insert(0, homework.spell)
    laboratory.return_tiles(s, homework.woven, log, lead)


# ------------------------------------------------------------------------- knowing things
def _peek_tile(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    s.known[step.slot] |= 1 << seat
    place = step.slot + 1
    log.append(
        LogEntry.public(msg("{who} looks at tile {place}.", who=seat_ref(seat), place=place))
    )
    tile = tile_label(s.lab[step.slot])
    log.append(LogEntry.private(msg("Tile {place} is {tile}.", place=place, tile=tile), [seat]))


def _peek_row(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    places = laboratory.face_down_in_row(s, step.row)
    for slot in places:
        s.known[slot] |= 1 << seat
    seen = ", ".join(f"{slot + 1} {tile_label(s.lab[slot])}" for slot in places)
    row = row_label(step.row)
    log.append(LogEntry.public(msg("{who} looks at the tiles {row}.", who=seat_ref(seat), row=row)))
    log.append(LogEntry.private(msg("Tiles {row}: {seen}.", row=row, seen=seen), [seat]))


def _peek_homework(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    target = s.students[step.target]
    whom = seat_ref(step.target)
    seen = joined((_homework_text(h) for h in target.homework), "; ")
    log.append(
        LogEntry.public(msg("{who} looks at {whom}'s homework.", who=seat_ref(seat), whom=whom))
    )
    if target.homework:
        said = msg("{whom}'s homework: {seen}.", whom=whom, seen=seen)
    else:
        said = msg("{whom}'s homework: no spells.", whom=whom)
    log.append(LogEntry.private(said, [seat, step.target]))


def _peek_cabinet(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    whom = seat_ref(step.target)
    log.append(
        LogEntry.public(msg("{who} looks into {whom}'s cabinet.", who=seat_ref(seat), whom=whom))
    )
    seen = tiles_text(s.students[step.target].cabinet)
    log.append(
        LogEntry.private(
            msg("{whom}'s cabinet: {seen}.", whom=whom, seen=seen), [seat, step.target]
        )
    )


def _augury(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    seen = tuple(reversed(s.deck[-AUGURY_SPELLS:]))
    del s.deck[-len(seen) :]
    s.steps[seat] = Step("augury", spell=step.spell, seen=seen)
    log.append(
        LogEntry.public(
            nmsg(
                "{who} looks at the top spell.",
                "{who} looks at the top {n} spells.",
                len(seen),
                who=seat_ref(seat),
            )
        )
    )
    names = joined([spell_name(word) for word in seen], ", ")
    log.append(LogEntry.private(msg("The deck's top spells: {spells}.", spells=names), [seat]))


def take_augury(s: MagicSpellState, seat: int, word: str, log: Log) -> None:
    """Augury: keep ``word``; the other spells seen go to the bottom of the deck."""
    step = s.steps[seat]
    assert step is not None
    s.students[seat].homework.append(Homework(word))
    others = [w for w in step.seen if w != word]
    s.deck[:0] = reversed(others)
    s.steps[seat] = None
    log.append(
        LogEntry.public(
            msg(
                "{who} takes one into their homework and puts {spells} on the bottom of the deck.",
                who=seat_ref(seat),
                spells=spells_count(len(others)),
            )
        )
    )
    log.append(LogEntry.private(msg("You take {spell}.", spell=spell_name(word)), [seat]))


# ------------------------------------------------------------------------------- taking
def _steal_tile(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    victim = s.students[step.target]
    who, whom = seat_ref(seat), seat_ref(step.target)
    if not victim.cabinet:
        log.append(
            LogEntry.public(msg("{whom}'s cabinet is empty: there is nothing to take.", whom=whom))
        )
        return
    letter = victim.cabinet.pop(_random_index(s, len(victim.cabinet)))
    caster = s.students[seat]
    caster.cabinet.append(letter)
    caster.cabinet.sort()
    log.append(
        LogEntry.public(msg("{who} takes a random tile from {whom}'s cabinet.", who=who, whom=whom))
    )
    log.append(
        LogEntry.private(
            msg("{who} takes {tile} from {whom}.", who=who, tile=a_tile(letter), whom=whom),
            [seat, step.target],
        )
    )


def _steal_spirit(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    victim = s.students[step.target]
    taken = min(data.amount, victim.spirit)
    victim.spirit -= taken
    s.students[seat].spirit += taken
    log.append(
        LogEntry.public(
            msg(
                "{who} takes {amount} spirit from {whom}.",
                who=seat_ref(seat),
                amount=taken,
                whom=seat_ref(step.target),
            )
        )
    )


def _steal_homework(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    victim = s.students[step.target]
    who, whom = seat_ref(seat), seat_ref(step.target)
    if not victim.homework:
        log.append(LogEntry.public(msg("{whom} has no homework to take.", whom=whom)))
        return
    homework = victim.homework.pop(_random_index(s, len(victim.homework)))
    s.students[seat].homework.append(homework)
    count = woven_count(len(homework.woven))
    log.append(
        LogEntry.public(
            msg(
                "{who} takes a random homework spell from {whom}, with {count}.",
                who=who,
                whom=whom,
                count=count,
            )
        )
    )
    log.append(
        LogEntry.private(
            msg(
                "{who} takes {spell} from {whom}.",
                who=who,
                spell=_homework_text(homework),
                whom=whom,
            ),
            [seat, step.target],
        )
    )


def _swap_tile(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    victim = s.students[step.target]
    who, whom = seat_ref(seat), seat_ref(step.target)
    if not victim.cabinet:
        log.append(
            LogEntry.public(msg("{whom}'s cabinet is empty: there is nothing to swap.", whom=whom))
        )
        return
    taken = victim.cabinet.pop(_random_index(s, len(victim.cabinet)))
    caster = s.students[seat]
    caster.cabinet.remove(step.mine)
    caster.cabinet.append(taken)
    caster.cabinet.sort()
    victim.cabinet.append(step.mine)
    victim.cabinet.sort()
    log.append(
        LogEntry.public(
            msg(
                "{who} swaps a tile of their cabinet for a random one of {whom}'s.",
                who=who,
                whom=whom,
            )
        )
    )
    log.append(
        LogEntry.private(
            msg(
                "{who} gives {whom} {given} and takes {taken}.",
                who=who,
                whom=whom,
                given=a_tile(step.mine),
                taken=a_tile(taken),
            ),
            [seat, step.target],
        )
    )


def _cadge(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    victim = s.students[step.target]
    who, whom = seat_ref(seat), seat_ref(step.target)
    tile = a_tile(step.letter)
    if step.letter not in victim.cabinet:
        log.append(
            LogEntry.public(
                msg(
                    "{who} asks {whom} for {tile}: {whom} has none in their cabinet.",
                    who=who,
                    whom=whom,
                    tile=tile,
                )
            )
        )
        return
    victim.cabinet.remove(step.letter)
    caster = s.students[seat]
    caster.cabinet.append(step.letter)
    caster.cabinet.sort()
    log.append(
        LogEntry.public(
            msg(
                "{who} asks {whom} for {tile}, and {whom} must hand one over.",
                who=who,
                whom=whom,
                tile=tile,
            )
        )
    )


# ------------------------------------------------------------------------------- spirit
def _gain_spirit(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    s.students[seat].spirit += data.amount
    log.append(
        LogEntry.public(msg("{who} gains {amount} spirit.", who=seat_ref(seat), amount=data.amount))
    )


def _lose(s: MagicSpellState, seat: int, amount: int, log: Log) -> None:
    student = s.students[seat]
    lost = min(amount, student.spirit)
    student.spirit -= lost
    log.append(
        LogEntry.public(msg("{who} loses {amount} spirit.", who=seat_ref(seat), amount=lost))
    )


def _drain(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    _lose(s, step.target, data.amount, log)


def _drain_all(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    for other in s.opponents(seat):
        _lose(s, other, data.amount, log)


def _swap_spirit(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    mine, theirs = s.students[seat], s.students[step.target]
    mine.spirit, theirs.spirit = theirs.spirit, mine.spirit
    log.append(
        LogEntry.public(
            msg(
                "{who} and {whom} exchange spirit: {mine} and {theirs} now.",
                who=seat_ref(seat),
                whom=seat_ref(step.target),
                mine=mine.spirit,
                theirs=theirs.spirit,
            )
        )
    )


# ------------------------------------------------------------------------------ hindering
def _blocked(block: str, who: str) -> str:
    if block == "cast":
        return msg("{who} may not cast spells on their next turn.", who=who)
    if block == "scrounge":
        return msg("{who} may not scrounge on their next turn.", who=who)
    if block == "trade":
        return msg("{who} may not trade until the end of their next turn.", who=who)
    return msg("{who} may not weave on their next turn.", who=who)


def _block(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    assert data.block is not None
    target = s.students[step.target]
    target.blocks = tuple(sorted({*target.blocks, data.block}))
    log.append(LogEntry.public(_blocked(data.block, seat_ref(step.target))))
    if data.block == "trade":
        trading.cancel_involving(
            s, step.target, log, msg("{who} is under an embargo", who=seat_ref(step.target))
        )


# -------------------------------------------------------------------------- the laboratory
def _shuffle_row(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    laboratory.shuffle(s, laboratory.face_down_in_row(s, step.row))
    log.append(
        LogEntry.public(
            msg("The tiles {row} are mixed: nobody knows them now.", row=row_label(step.row))
        )
    )


def _shuffle_lab(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    laboratory.shuffle(s, laboratory.face_down(s))
    log.append(LogEntry.public(msg("Every tile of the laboratory is mixed: nobody knows any now.")))


def _draw_tiles(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    places = sorted(laboratory.random_face_down(s, data.amount))
    letters = [laboratory.take(s, slot) for slot in places]
    student = s.students[seat]
    student.cabinet += letters
    student.cabinet.sort()
    numbers = msg_list([str(slot + 1) for slot in places])
    log.append(
        LogEntry.public(
            msg(
                "{who} takes tiles {numbers} into their cabinet.",
                who=seat_ref(seat),
                numbers=numbers,
            )
        )
    )
    log.append(LogEntry.private(msg("You take {tiles}.", tiles=tiles_text(letters)), [seat]))


def _expel(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    victim = s.students[step.target]
    whom = seat_ref(step.target)
    if not victim.cabinet:
        log.append(LogEntry.public(msg("{whom}'s cabinet is empty.", whom=whom)))
        return
    letter = victim.cabinet.pop(_random_index(s, len(victim.cabinet)))
    laboratory.return_tiles(
        s,
        [letter],
        log,
        msg("A tile flies out of {whom}'s cabinet, back to the laboratory", whom=whom),
    )


def _jettison(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    s.steps[seat] = Step("jettison", spell=step.spell)


def jettison(s: MagicSpellState, seat: int, letter: str, log: Log) -> None:
    """Jettison: return one tile for one spirit; the decision goes on while tiles remain."""
    student = s.students[seat]
    student.cabinet.remove(letter)
    student.spirit += 1
    laboratory.return_tiles(
        s, [letter], log, msg("{who} jettisons a tile for 1 spirit", who=seat_ref(seat))
    )
    if not student.cabinet:
        s.steps[seat] = None


def _ablution(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    student = s.students[seat]
    washed, student.cabinet = student.cabinet, []
    laboratory.return_tiles(
        s, washed, log, msg("{who} washes out their cabinet", who=seat_ref(seat))
    )
    places = sorted(laboratory.random_face_down(s, len(washed)))
    letters = [laboratory.take(s, slot) for slot in places]
    student.cabinet = sorted(letters)
    numbers = ", ".join(str(slot + 1) for slot in places)
    log.append(
        LogEntry.public(msg("{who} takes tiles {numbers}.", who=seat_ref(seat), numbers=numbers))
    )
    log.append(LogEntry.private(msg("You take {tiles}.", tiles=tiles_text(letters)), [seat]))


def _swap_lab(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    student = s.students[seat]
    taken = s.lab[step.slot]
    student.cabinet.remove(step.mine)
    student.cabinet.append(taken)
    student.cabinet.sort()
    place = step.slot + 1
    if step.mine == STONE:
        # A stone that would go back to the laboratory leaves the game instead (the
        # Philosopher's Stone variant): the place is left empty, for all to see.
        laboratory.take(s, step.slot)
        s.removed += 1
        log.append(
            LogEntry.public(
                msg(
                    "{who} takes tile {place} and gives a philosopher's stone for it: the stone "
                    "leaves the game.",
                    who=seat_ref(seat),
                    place=place,
                )
            )
        )
        log.append(
            LogEntry.private(
                msg("You take {tile} from {place}.", tile=a_tile(taken), place=place), [seat]
            )
        )
        return
    s.lab[step.slot] = step.mine
    s.known[step.slot] = 1 << seat
    log.append(
        LogEntry.public(
            msg(
                "{who} swaps a tile of their cabinet with tile {place}.",
                who=seat_ref(seat),
                place=place,
            )
        )
    )
    log.append(
        LogEntry.private(
            msg(
                "You take {taken} from {place} and leave {given} there.",
                taken=a_tile(taken),
                place=place,
                given=a_tile(step.mine),
            ),
            [seat],
        )
    )


# ------------------------------------------------------------------------------ spells
def _palimpsest(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    homework = s.students[seat].homework_spell(step.homework)
    assert homework is not None
    log.append(
        LogEntry.public(
            msg("{who} puts a homework spell on the bottom of the deck.", who=seat_ref(seat))
        )
    )
    log.append(
        LogEntry.private(msg("You put {spell} back.", spell=spell_name(homework.spell)), [seat])
    )
    _shelve(s, seat, homework, log, msg("Its tiles return to the laboratory"))
    _draw_spell(s, seat, log)


def _draw(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    _draw_spell(s, seat, log)


def _shelve_theirs(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    victim = s.students[step.target]
    whom = seat_ref(step.target)
    if not victim.homework:
        log.append(LogEntry.public(msg("{whom} has no homework to give up.", whom=whom)))
        return
    homework = victim.homework[_random_index(s, len(victim.homework))]
    log.append(
        LogEntry.public(
            msg("{whom} puts a random homework spell on the bottom of the deck.", whom=whom)
        )
    )
    log.append(
        LogEntry.private(msg("Your {spell} goes.", spell=spell_name(homework.spell)), [step.target])
    )
    _shelve(s, step.target, homework, log, msg("Its tiles return to the laboratory"))


# ------------------------------------------------------------------------------ the table
def _extra_turn(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    s.extra_turn = True
    log.append(
        LogEntry.public(msg("{who} will take another turn after this one.", who=seat_ref(seat)))
    )


def _pass_right(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    passed: list[tuple[int, int, str]] = []
    for giver, student in enumerate(s.students):
        if student.cabinet:
            letter = student.cabinet.pop(_random_index(s, len(student.cabinet)))
            passed.append((giver, (giver - 1) % s.players, letter))
    for giver, taker, letter in passed:
        cabinet = s.students[taker].cabinet
        cabinet.append(letter)
        cabinet.sort()
        who, whom = seat_ref(giver), seat_ref(taker)
        log.append(LogEntry.public(msg("{who} passes a tile to {whom}.", who=who, whom=whom)))
        log.append(
            LogEntry.private(
                msg("{who} passes {tile} to {whom}.", who=who, tile=a_tile(letter), whom=whom),
                [giver, taker],
            )
        )


def _passive(s: MagicSpellState, seat: int, step: Step, data: SpellData, log: Log) -> None:
    raise AssertionError(f"{data.word} is passive and is never cast")


Effect = Callable[[MagicSpellState, int, Step, SpellData, Log], None]

_EFFECTS: dict[str, Effect] = {
    "peek_tile": _peek_tile,
    "peek_homework": _peek_homework,
    "peek_cabinet": _peek_cabinet,
    "peek_row": _peek_row,
    "augury": _augury,
    "steal_tile": _steal_tile,
    "steal_spirit": _steal_spirit,
    "steal_homework": _steal_homework,
    "swap_tile": _swap_tile,
    "cadge": _cadge,
    "gain_spirit": _gain_spirit,
    "drain": _drain,
    "drain_all": _drain_all,
    "swap_spirit": _swap_spirit,
    "block": _block,
    "shuffle_row": _shuffle_row,
    "shuffle_lab": _shuffle_lab,
    "draw_tiles": _draw_tiles,
    "expel": _expel,
    "jettison": _jettison,
    "ablution": _ablution,
    "swap_lab": _swap_lab,
    "palimpsest": _palimpsest,
    "draw_spell": _draw,
    "shelve": _shelve_theirs,
    "extra_turn": _extra_turn,
    "pass_right": _pass_right,
    "passive": _passive,
}
