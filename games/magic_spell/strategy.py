"""A sensible student's rules of thumb, for the AI (``Engine.policy``).

Spell homework: weave what fits, scrounge the laboratory tiles you remember your homework
needs, else a tile nobody has looked at, and keep enough spells in hand to work on; cast the
spells of your spellbook that help you now; start no trades, but finish one begun. Everything
here reads only what the deciding student may know: their own cabinet and homework, the
laboratory tiles they remember, and the table.
"""

from __future__ import annotations

import random

from games.magic_spell import casting, laboratory, trading
from games.magic_spell.actions import (
    BACK,
    DONE,
    KEEP,
    PUT_BACK,
    RESEARCH,
    REST,
    SCROUNGE_ROWS,
    TILES,
    Accept,
    Action,
    Ask,
    Cast,
    ChooseHomework,
    Decline,
    Give,
    Jettison,
    NameLetter,
    Pay,
    ReturnSpell,
    ReturnTile,
    Row,
    Take,
    Target,
    Tile,
    Use,
    Weave,
    WeaveFound,
    Withdraw,
)
from games.magic_spell.homework import (
    credits,
    fits,
    homework_limit,
    missing,
    needed_letters,
)
from games.magic_spell.rules import legal_actions
from games.magic_spell.spells import STONE, spell
from games.magic_spell.state import RESEARCH_COST, Homework, Item, MagicSpellState, Step, Student

#: Spells worth a turn's action when they can be cast, best first: what they bring the caster.
USEFUL_CASTS = (
    "syzygy",  # another turn
    "serendipity",  # two tiles
    "lagniappe",  # more homework
    "purloin",  # an opponent's tile
    "yegg",
    "cozen",
    "augury",
    "legerdemain",
    "quaff",  # spirit, when short of it
    "vim",
    "mulct",
)
#: Spells that only pay while their caster is short of spirit.
SPIRIT_CASTS = frozenset({"quaff", "vim", "mulct"})
#: Below this much spirit, a student rests or drinks rather than research.
LOW_SPIRIT = 2
#: Homework a student wants in hand to have something to weave on.
WANTED_HOMEWORK = 4


def policy(s: MagicSpellState, seat: int, rng: random.Random) -> Action | None:
    """A sensible action for ``seat``, legal in ``s``; ``None`` when it has none to offer."""
    if s.finished:
        return None
    step = s.steps[seat]
    if step is not None:
        action = _step_action(s, seat, step, rng)
    elif seat != s.current:
        action = _between_turns(s, seat)
    else:
        action = _turn(s, seat, rng)
    return action


# ------------------------------------------------------------------------ judging tiles
def _worth(homework: Homework) -> float:
    """How much weaving one more tile onto ``homework`` brings: more for valuable spells and
    for spells nearly spelled, whose last letter earns the credits."""
    letters = len(spell(homework.spell).letters)
    left = sum(missing(homework).values())
    return spell(homework.spell).credits * (1.0 + (letters - left) / letters) / max(left, 1)


def _best_home(student: Student, letter: str) -> Homework | None:
    """The homework spell ``letter`` is best woven onto, if it fits one."""
    homes = [h for h in student.homework if fits(h, letter)]
    return max(homes, key=_worth) if homes else None


def _letter_worth(student: Student, letter: str) -> float:
    """What ``letter`` is worth to ``student``'s homework now (0: it fits none)."""
    home = _best_home(student, letter)
    return _worth(home) if home is not None else 0.0


def _remembered(s: MagicSpellState, seat: int) -> list[tuple[float, int]]:
    """Laboratory tiles ``seat`` remembers that its homework can use, with their worth."""
    student = s.students[seat]
    known = s.known
    found = []
    for slot, letter in enumerate(s.lab):
        if letter and known[slot] >> seat & 1:
            worth = _letter_worth(student, letter)
            if worth > 0:
                found.append((worth, slot))
    return found


def _unseen(s: MagicSpellState, seat: int, row: int) -> list[int]:
    """Places of ``row`` holding a tile ``seat`` has not seen."""
    return [i for i in laboratory.face_down_in_row(s, row) if not s.known[i] >> seat & 1]


# ------------------------------------------------------------------------------ a turn
def _turn(s: MagicSpellState, seat: int, rng: random.Random) -> Action:
    student = s.students[seat]
    legal = legal_actions(s, seat)
    weave = _best_weave(student, [a for a in legal if isinstance(a, Weave)])
    if weave is not None:
        return weave
    remembered = _remembered(s, seat)
    scrounge_allowed = any(a in SCROUNGE_ROWS for a in legal)
    if remembered and scrounge_allowed:
        _, slot = max(remembered)
        return SCROUNGE_ROWS[slot // 10]
    cast = _useful_cast(s, seat, legal)
    if cast is not None:
        return cast
    if RESEARCH in legal and len(student.homework) < min(WANTED_HOMEWORK, homework_limit(student)):
        return RESEARCH
    if scrounge_allowed and len(student.homework) > 0:
        rows = [r for r in range(laboratory.ROWS) if SCROUNGE_ROWS[r] in legal]
        unseen = [(len(_unseen(s, seat, r)), r) for r in rows]
        most = max(n for n, _ in unseen)
        if most > 0:
            return SCROUNGE_ROWS[rng.choice([r for n, r in unseen if n == most])]
    if RESEARCH in legal and len(student.homework) < homework_limit(student):
        return RESEARCH
    return REST


def _best_weave(student: Student, weaves: list[Weave]) -> Weave | None:
    """The weave that brings the most, stones last (a stone fits anything, so it waits)."""
    if not weaves:
        return None
    by_spell = {h.spell: h for h in student.homework}

    def gain(w: Weave) -> tuple[bool, float]:
        return w.letter != STONE, _worth(by_spell[w.target])

    return max(weaves, key=gain)


def _useful_cast(s: MagicSpellState, seat: int, legal: list[Action]) -> Cast | None:
    """A spell of the spellbook worth casting now, by ``USEFUL_CASTS``."""
    student = s.students[seat]
    castable = {a.spell for a in legal if isinstance(a, Cast)}
    for word in USEFUL_CASTS:
        if word not in castable or not casting.meets_requirement(s, seat, spell(word)):
            continue
        if word in SPIRIT_CASTS and student.spirit > LOW_SPIRIT:
            continue
        if word == "lagniappe" and len(student.homework) >= homework_limit(student):
            continue
        if word == "legerdemain" and not _remembered(s, seat):
            continue
        return Cast(word)
    return None


# ------------------------------------------------------------------ decisions in a move
def _step_action(s: MagicSpellState, seat: int, step: Step, rng: random.Random) -> Action | None:
    student = s.students[seat]
    legal = legal_actions(s, seat)
    match step.kind:
        case "more":
            weave = _best_weave(student, [a for a in legal if isinstance(a, Weave)])
            # An extra weave costs spirit: worth it unless research is near.
            if weave is not None and not (
                len(student.homework) < WANTED_HOMEWORK and student.spirit <= RESEARCH_COST
            ):
                return weave
            return DONE
        case "row":
            return _pick_in_row(s, seat, step.row, rng)
        case "found":
            letter = s.lab[step.slot]
            home = _best_home(student, letter)
            target = WeaveFound(home.spell) if home is not None else None
            if target is not None and target in legal:
                return target
            return PUT_BACK if PUT_BACK in legal else KEEP
        case "cast":
            return _cast_choice(s, seat, [a for a in legal if a != BACK], rng)
        case "augury":
            return max(
                (a for a in legal if isinstance(a, Take)),
                key=lambda a: spell(a.spell).credits / len(spell(a.spell).letters),
            )
        case "jettison":
            spare = [
                a for a in legal if isinstance(a, Jettison) and not _letter_worth(student, a.letter)
            ]
            return spare[0] if spare else DONE
        case "discard-tile":
            return min(
                (a for a in legal if isinstance(a, ReturnTile)),
                key=lambda a: _letter_worth(student, a.letter),
            )
        case "discard-spell":
            return min(
                (a for a in legal if isinstance(a, ReturnSpell)),
                key=lambda a: _progress(student, a.spell),
            )
        case "move-to" | "move":
            # A move begun is finished, not backed out of: the search may have begun it, and
            # backing out would have it begin again.
            forward = [a for a in legal if a != BACK]
            return rng.choice(forward) if forward else None
    return _trade_step(s, seat, step, legal)


def _progress(student: Student, word: str) -> float:
    homework = student.homework_spell(word)
    assert homework is not None
    return _worth(homework)


def _pick_in_row(s: MagicSpellState, seat: int, row: int, rng: random.Random) -> Action:
    """The remembered tile of ``row`` the homework wants most, else one not yet seen."""
    student = s.students[seat]
    places = laboratory.face_down_in_row(s, row)
    known = [(_letter_worth(student, s.lab[i]), i) for i in places if s.known[i] >> seat & 1]
    best = max(known, default=(0.0, -1))
    if best[0] > 0:
        return TILES[best[1]]
    unseen = _unseen(s, seat, row)
    return TILES[rng.choice(unseen or places)]


def _cast_choice(
    s: MagicSpellState, seat: int, choices: list[Action], rng: random.Random
) -> Action | None:
    """Each decision of a cast, made for the caster's good."""
    if not choices:
        return None
    student = s.students[seat]
    first = choices[0]
    if isinstance(first, Target):
        # The rival with the most credits, then the fullest cabinet.
        return max(
            (c for c in choices if isinstance(c, Target)),
            key=lambda c: (credits(s.students[c.seat]), len(s.students[c.seat].cabinet)),
        )
    if isinstance(first, Use | Pay):
        # Give up the tile the homework needs least.
        return min(choices, key=lambda c: _letter_worth(student, getattr(c, "letter", "")))
    if isinstance(first, NameLetter):
        needed = set(needed_letters(student))
        named = [c for c in choices if isinstance(c, NameLetter) and c.letter in needed]
        return rng.choice(named or choices)
    if isinstance(first, ChooseHomework):
        return min(
            (c for c in choices if isinstance(c, ChooseHomework)),
            key=lambda c: _progress(student, c.spell),
        )
    if isinstance(first, Row):
        remembered = _remembered(s, seat)
        if remembered:
            wanted = Row(max(remembered)[1] // 10)
            if wanted in choices:
                return wanted
        return max(
            (c for c in choices if isinstance(c, Row)), key=lambda c: len(_unseen(s, seat, c.row))
        )
    if isinstance(first, Tile):
        known = [
            (_letter_worth(student, s.lab[c.slot]), c)
            for c in choices
            if isinstance(c, Tile) and s.known[c.slot] >> seat & 1
        ]
        good = [c for worth, c in known if worth > 0]
        return good[0] if good else rng.choice(choices)
    return rng.choice(choices)


# ----------------------------------------------------------------------------- trading
def _between_turns(s: MagicSpellState, seat: int) -> Action | None:
    """Outside its turn a sensible student answers offers on their merits and offers none;
    ``None`` when there is nothing to answer."""
    student = s.students[seat]
    for offer in trading.incoming(s, seat):
        gains = sum(_item_worth(s, offer.proposer, item, student) for item in offer.gives)
        costs = sum(
            _letter_worth(student, want.letter) if want.kind == "letter" else 1.0
            for want in offer.wants
        )
        if gains > costs and trading.can_meet(student, offer.wants):
            return Accept(offer.proposer)
        return Decline(offer.proposer)
    for offer in trading.outgoing(s, seat):
        return Withdraw(offer.partner)
    return None


def _item_worth(s: MagicSpellState, giver: int, item: Item, taker: Student) -> float:
    if item.kind in ("tile", "woven"):
        return _letter_worth(taker, item.letter)
    return 0.5


def _trade_step(s: MagicSpellState, seat: int, step: Step, legal: list[Action]) -> Action | None:
    """A trade decision in progress, carried through rather than backed out of (the search
    may have begun it, and would begin it again): give what the homework needs least, ask
    for the tile it needs most, which sends the offer."""
    student = s.students[seat]
    if step.kind == "want":
        asks = [a for a in legal if isinstance(a, Ask)]
        if asks:
            return max(
                asks,
                key=lambda a: (
                    _letter_worth(student, a.want.letter) if a.want.kind == "letter" else 0.0
                ),
            )
    gives = [a for a in legal if isinstance(a, Give)]
    if gives:
        return min(gives, key=lambda a: _letter_worth(student, a.item.letter))
    return BACK if BACK in legal else None
