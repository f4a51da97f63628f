"""Trading between turns: tiles and spells, several for several, by offer and acceptance.

Students who are not taking a turn may trade with each other; with Low Enrollment the two
students trade between turns, until the next turn begins. A student sends each other student at
most one offer a round and has at most one open with each; an offer stands until it is
answered or withdrawn, or until either student's turn begins. Functions here change a state
that the engine has already cloned.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from games.core import LogEntry, seat_ref
from games.core.words import msg, msg_list, nmsg
from games.magic_spell.actions import (
    ACCEPTS,
    BACK,
    DECLINES,
    TRADES_WITH,
    WITHDRAWS,
    Accept,
    Action,
    Ask,
    AskAlso,
    Back,
    Decline,
    Give,
    TradeWith,
    Withdraw,
)
from games.magic_spell.homework import homework_number, needed_letters
from games.magic_spell.spells import STONE, tiles
from games.magic_spell.state import (
    Homework,
    Item,
    MagicSpellState,
    Offer,
    Step,
    Student,
    Want,
    make_step,
    offered_bit,
)
from games.magic_spell.text import a_tile, spell_name, tiles_text

Log = list[LogEntry]
TRADE_STEPS = ("give", "want", "accept")
#: Spirit it costs to take a woven tile off a homework spell to trade it.
UNWEAVE_COST = 1
#: The most an offer gives, and the most it asks for: enough for any exchange a table makes,
#: few enough that an offer is read at a glance.
MAX_ITEMS = 3


# ---------------------------------------------------------------------------- who may trade
def may_trade(s: MagicSpellState, seat: int) -> bool:
    """Whether ``seat`` may trade now: not taking a turn, and not under an embargo."""
    if s.finished or "trade" in s.students[seat].blocks:
        return False
    if s.low_enrollment:
        return not s.started
    return seat != s.current


def partners(s: MagicSpellState, seat: int) -> list[int]:
    """Students ``seat`` may offer a trade to now: each may trade, has no open offer from
    ``seat`` and has had none from ``seat`` this round."""
    return [
        other
        for other in s.opponents(seat)
        if may_trade(s, other)
        and not s.offered & offered_bit(seat, other)
        and offer_from(s, seat, other) is None
    ]


def outgoing(s: MagicSpellState, seat: int) -> list[Offer]:
    """The open offers ``seat`` has made, by partner's seat."""
    return sorted((o for o in s.offers if o.proposer == seat), key=lambda o: o.partner)


def incoming(s: MagicSpellState, seat: int) -> list[Offer]:
    """Open offers made to ``seat``, by proposer's seat."""
    return sorted((o for o in s.offers if o.partner == seat), key=lambda o: o.proposer)


def offer_from(s: MagicSpellState, proposer: int, partner: int) -> Offer | None:
    """The open offer ``proposer`` made to ``partner``, if any."""
    for offer in s.offers:
        if offer.proposer == proposer and offer.partner == partner:
            return offer
    return None


def can_start_offer(s: MagicSpellState, seat: int) -> bool:
    """A student who may trade, with something to give and someone to offer it to."""
    student = s.students[seat]
    return (
        may_trade(s, seat)
        and bool(student.cabinet or student.homework or student.spellbook)
        and bool(partners(s, seat))
    )


def has_trade_actions(s: MagicSpellState, seat: int) -> bool:
    """Whether ``seat`` has something to do about trades right now (one seat of
    ``seats_with_trade_actions``)."""
    step = s.steps[seat]
    if step is not None and step.kind in TRADE_STEPS:
        return True
    if not may_trade(s, seat):
        return False
    return any(seat in (o.partner, o.proposer) for o in s.offers) or can_start_offer(s, seat)


def seats_with_trade_actions(s: MagicSpellState) -> set[int]:
    """Every seat with something to do about trades right now: a trade decision in progress,
    an offer to answer or withdraw, or an offer it may still make."""
    seats = {seat for seat, step in enumerate(s.steps) if step and step.kind in TRADE_STEPS}
    for offer in s.offers:
        seats.add(offer.partner)
        if may_trade(s, offer.proposer):
            seats.add(offer.proposer)
    able = [seat for seat in range(s.players) if may_trade(s, seat)]
    if len(able) >= 2:
        for seat in able:
            if seat not in seats and can_start_offer(s, seat):
                seats.add(seat)
    return seats


# ------------------------------------------------------------------------------ holdings
def can_hand_over(student: Student, items: Sequence[Item]) -> bool:
    """Whether ``student`` can hand over all of ``items`` at once: each tile in the cabinet
    (as many as are named), each woven tile on its spell with 1 spirit apiece to take it off,
    each spell held once, and no tile taken off a spell that is handed over itself."""
    if len(items) == 1:
        return _holds_one(student, items[0])
    cabinet = Counter(student.cabinet)
    woven: Counter[tuple[str, str]] = Counter()
    spells: list[str] = []
    for item in items:
        if item.kind == "tile":
            cabinet[item.letter] -= 1
        elif item.kind == "woven":
            woven[(item.spell, item.letter)] += 1
        else:
            spells.append(item.spell)
    if any(count < 0 for count in cabinet.values()):
        return False
    if sum(woven.values()) * UNWEAVE_COST > student.spirit:
        return False
    for (word, letter), count in woven.items():
        homework = student.homework_spell(word)
        if homework is None or homework.woven.count(letter) < count or word in spells:
            return False
    return len(set(spells)) == len(spells) and all(
        student.homework_spell(word) is not None or word in student.spellbook for word in spells
    )


def _holds_one(student: Student, item: Item) -> bool:
    if item.kind == "tile":
        return item.letter in student.cabinet
    if item.kind == "woven":
        homework = student.homework_spell(item.spell)
        return (
            homework is not None
            and item.letter in homework.woven
            and student.spirit >= UNWEAVE_COST
        )
    return student.homework_spell(item.spell) is not None or item.spell in student.spellbook


def holds(student: Student, item: Item) -> bool:
    """Whether ``student`` can hand ``item`` over now (a woven tile needs 1 spirit)."""
    return _holds_one(student, item)


def giveable(student: Student, already: Sequence[Item] = ()) -> list[Item]:
    """Everything ``student`` could offer on top of ``already``: cabinet tiles, woven tiles,
    spells."""
    cabinet = Counter(student.cabinet)
    woven: Counter[tuple[str, str]] = Counter()
    given: set[str] = set()
    for item in already:
        if item.kind == "tile":
            cabinet[item.letter] -= 1
        elif item.kind == "woven":
            woven[(item.spell, item.letter)] += 1
        else:
            given.add(item.spell)
    unwoven = {word for word, _ in woven}
    items = [Item("tile", letter) for letter in sorted(cabinet) if cabinet[letter] > 0]
    if student.spirit >= UNWEAVE_COST * (sum(woven.values()) + 1):
        for homework in student.homework:
            if homework.spell in given:
                continue
            for letter in sorted(set(homework.woven)):
                if homework.woven.count(letter) > woven[(homework.spell, letter)]:
                    items.append(Item("woven", letter, homework.spell))
    spells = [h.spell for h in student.homework] + list(student.spellbook)
    items += [Item("spell", spell=w) for w in spells if w not in given and w not in unwoven]
    return items


def _candidates(student: Student, want: Want) -> list[Item]:
    """The items that meet ``want``, whatever else is handed over."""
    if want.kind == "spellbook":
        return [Item("spell", spell=want.spell)] if want.spell in student.spellbook else []
    if want.kind == "homework":
        return [Item("spell", spell=h.spell) for h in student.homework]
    items = [Item("tile", want.letter)] if want.letter in student.cabinet else []
    return items + [
        Item("woven", want.letter, h.spell) for h in student.homework if want.letter in h.woven
    ]


def can_meet(student: Student, wants: Sequence[Want], chosen: Sequence[Item] = ()) -> bool:
    """Whether ``student``, handing over ``chosen``, can meet every one of ``wants`` too."""
    if not wants:
        return can_hand_over(student, chosen)
    return any(
        can_meet(student, wants[1:], [*chosen, item])
        for item in _candidates(student, wants[0])
        if can_hand_over(student, [*chosen, item])
    )


def answers(student: Student, wants: Sequence[Want], chosen: Sequence[Item] = ()) -> list[Item]:
    """The items with which ``student``, having chosen ``chosen`` for the first wants, could
    meet the next one and still meet the rest."""
    index = len(chosen)
    if index >= len(wants):
        return []
    return [
        item
        for item in _candidates(student, wants[index])
        if can_meet(student, wants[index + 1 :], [*chosen, item])
    ]


def askable(s: MagicSpellState, seat: int, partner: int, asked: Sequence[Want] = ()) -> list[Want]:
    """What ``seat`` may ask of ``partner`` on top of ``asked``: any letter of the tiles (or a
    philosopher's stone while one is in the game), a spell of the partner's spellbook not yet
    asked for, or one more homework spell of their choice while they hold more. The letters
    ``seat``'s homework still needs come first, the other letters last."""
    needed = needed_letters(s.students[seat])
    wants = [_letter_want(letter) for letter in needed]
    if s.stones and s.removed < tiles().stones:
        wants.append(_letter_want(STONE))
    other = s.students[partner]
    for word in other.spellbook:
        if Want("spellbook", spell=word) not in asked:
            wants.append(Want("spellbook", spell=word))
    if sum(w.kind == "homework" for w in asked) < len(other.homework):
        wants.append(Want("homework"))
    wants += [_letter_want(letter) for letter in _all_letters() if letter not in needed]
    return wants


@cache
def _letter_want(letter: str) -> Want:
    return Want("letter", letter)


@cache
def _all_letters() -> tuple[str, ...]:
    return tuple(sorted(tiles().letters))


@cache
def _ask(want: Want) -> Ask:
    return Ask(want)


@cache
def _ask_also(want: Want) -> AskAlso:
    return AskAlso(want)


# ------------------------------------------------------------------------ legal actions
def top_actions(s: MagicSpellState, seat: int) -> list[Action]:
    """Trade actions of a seat in no decision: answer offers, withdraw one's own, or start
    one."""
    if not may_trade(s, seat):
        return []
    student = s.students[seat]
    actions: list[Action] = []
    for offer in incoming(s, seat):
        if can_meet(student, offer.wants):
            actions.append(ACCEPTS[offer.proposer])
        actions.append(DECLINES[offer.proposer])
    actions += [WITHDRAWS[offer.partner] for offer in outgoing(s, seat)]
    if bool(student.cabinet or student.homework or student.spellbook):
        actions += [TRADES_WITH[other] for other in partners(s, seat)]
    return actions


def step_actions(s: MagicSpellState, seat: int, step: Step) -> list[Action]:
    """Options of a trade decision in progress; each can be taken back."""
    student = s.students[seat]
    actions: list[Action] = []
    if step.kind == "give":
        actions = [Give(item) for item in giveable(student)]
    elif step.kind == "want":
        assert step.item is not None
        # Sending comes first: most offers are one thing for one.
        wants = askable(s, seat, step.target, step.wants)
        actions = [_ask(want) for want in wants]
        given = (step.item, *step.items)
        if len(given) < MAX_ITEMS and not step.wants:
            actions += [Give(item) for item in giveable(student, given)]
        if len(step.wants) + 1 < MAX_ITEMS:
            actions += [_ask_also(want) for want in wants]
    else:
        offer = offer_from(s, step.target, seat)
        assert offer is not None
        actions = [Give(item) for item in answers(student, offer.wants, step.items)]
    return [*actions, BACK]


def allows(s: MagicSpellState, seat: int, step: Step, action: Action) -> bool:
    """Whether ``action`` is one of ``step_actions`` for an offer being built, answered
    without listing them all (an offer being built has many)."""
    if step.kind != "want" or step.item is None:
        return action in step_actions(s, seat, step)
    match action:
        case Ask(want):
            return want in askable(s, seat, step.target, step.wants)
        case AskAlso(want):
            return len(step.wants) + 1 < MAX_ITEMS and want in askable(
                s, seat, step.target, step.wants
            )
        case Give(item):
            given = (step.item, *step.items)
            return (
                len(given) < MAX_ITEMS
                and not step.wants
                and item in giveable(s.students[seat], given)
            )
        case Back():
            return True
    return False


# ------------------------------------------------------------------------------ applying
def apply(s: MagicSpellState, seat: int, action: Action, log: Log) -> None:
    """Apply a legal trade action of ``seat``."""
    step = s.steps[seat]
    match action:
        case TradeWith(other):
            s.steps[seat] = make_step("give", target=other)
        case Give(item) if step is not None and step.kind == "give":
            s.steps[seat] = make_step("want", target=step.target, item=item)
        case Give(item) if step is not None and step.kind == "want":
            items = (*step.items, item)
            s.steps[seat] = make_step("want", target=step.target, item=step.item, items=items)
        case AskAlso(want) if step is not None:
            wants = (*step.wants, want)
            s.steps[seat] = make_step(
                "want", target=step.target, item=step.item, items=step.items, wants=wants
            )
        case Ask(want) if step is not None and step.kind == "want":
            assert step.item is not None
            s.steps[seat] = None
            asked = (*step.wants, want)
            offer = Offer(seat, step.target, step.item, asked[0], step.items, asked[1:])
            _send(s, offer, log)
        case Give(item) if step is not None and step.kind == "accept":
            _answer(s, seat, step.target, (*step.items, item), log)
        case Back():
            assert step is not None
            s.steps[seat] = _back(step)
        case Accept(proposer):
            _answer(s, seat, proposer, (), log)
        case Decline(proposer):
            declined = offer_from(s, proposer, seat)
            assert declined is not None
            s.offers.remove(declined)
            log.append(
                LogEntry.public(
                    msg(
                        "{who} declines {whom}'s trade offer.",
                        who=seat_ref(seat),
                        whom=seat_ref(proposer),
                    )
                )
            )
        case Withdraw(partner):
            withdrawn = offer_from(s, seat, partner)
            assert withdrawn is not None
            s.offers.remove(withdrawn)
            log.append(
                LogEntry.public(
                    msg(
                        "{who} withdraws their trade offer to {whom}.",
                        who=seat_ref(seat),
                        whom=seat_ref(partner),
                    )
                )
            )
        case _:
            raise AssertionError(action)


def _back(step: Step) -> Step | None:
    """The trade decision before the last choice of ``step``."""
    if step.kind == "want":
        if step.wants:
            return make_step(
                "want", target=step.target, item=step.item, items=step.items, wants=step.wants[:-1]
            )
        if step.items:
            return make_step("want", target=step.target, item=step.item, items=step.items[:-1])
        return make_step("give", target=step.target)
    if step.kind == "accept" and step.items:
        return make_step("accept", target=step.target, items=step.items[:-1])
    return None


def _answer(
    s: MagicSpellState, seat: int, proposer: int, chosen: tuple[Item, ...], log: Log
) -> None:
    """Meet ``proposer``'s offer with ``chosen`` and whatever is the only way to meet the rest;
    the trade happens once everything asked for is met, or the partner is asked for the next."""
    offer = offer_from(s, proposer, seat)
    assert offer is not None
    student = s.students[seat]
    while len(chosen) < len(offer.wants):
        items = answers(student, offer.wants, chosen)
        if len(items) != 1:
            s.steps[seat] = make_step("accept", target=proposer, items=chosen)
            return
        chosen = (*chosen, items[0])
    s.steps[seat] = None
    _trade(s, offer, chosen, log)


def _send(s: MagicSpellState, offer: Offer, log: Log) -> None:
    s.offers.append(offer)
    s.offered |= offered_bit(offer.proposer, offer.partner)
    who, whom = seat_ref(offer.proposer), seat_ref(offer.partner)
    log.append(LogEntry.public(msg("{who} offers {whom} a trade.", who=who, whom=whom)))
    giving = _items_text(s, offer.proposer, offer.gives, private=True)
    log.append(
        LogEntry.private(
            msg(
                "{who} offers {whom} {giving} for {wanting}.",
                who=who,
                whom=whom,
                giving=giving,
                wanting=wants_text(offer.wants),
            ),
            [offer.proposer, offer.partner],
        )
    )


def _trade(s: MagicSpellState, offer: Offer, answer: Sequence[Item], log: Log) -> None:
    """Both sides hand their items over; the offer closes."""
    s.offers.remove(offer)
    proposer, partner = offer.proposer, offer.partner
    mine_public = _items_text(s, proposer, offer.gives, private=False)
    mine_private = _items_text(s, proposer, offer.gives, private=True)
    theirs_public = _items_text(s, partner, answer, private=False)
    theirs_private = _items_text(s, partner, answer, private=True)
    given = [_hand_over(s, proposer, item) for item in offer.gives]
    received = [_hand_over(s, partner, item) for item in answer]
    for handed in given:
        _receive(s, partner, handed)
    for handed in received:
        _receive(s, proposer, handed)
    who, whom = seat_ref(proposer), seat_ref(partner)
    log.append(
        LogEntry.public(
            msg(
                "{whom} accepts: {who} gives {given} for {taken}.",
                whom=whom,
                who=who,
                given=mine_public,
                taken=theirs_public,
            )
        )
    )
    log.append(
        LogEntry.private(
            msg(
                "{who} gives {whom} {given} and gets {taken}.",
                who=who,
                whom=whom,
                given=mine_private,
                taken=theirs_private,
            ),
            [proposer, partner],
        )
    )


@dataclass(frozen=True, slots=True)
class _Handed:
    """What changes hands: a tile, a homework spell with its woven tiles, or a spellbook spell."""

    tile: str = ""
    homework: Homework | None = None
    spellbook: str = ""


def _hand_over(s: MagicSpellState, seat: int, item: Item) -> _Handed:
    """Take ``item`` from ``seat``; taking a woven tile off its spell costs 1 spirit."""
    student = s.students[seat]
    if item.kind == "tile":
        student.cabinet.remove(item.letter)
        return _Handed(tile=item.letter)
    if item.kind == "woven":
        homework = student.homework_spell(item.spell)
        assert homework is not None
        student.replace_homework(homework, homework.without_tile(item.letter))
        student.spirit -= UNWEAVE_COST
        return _Handed(tile=item.letter)
    homework = student.homework_spell(item.spell)
    if homework is not None:
        student.homework.remove(homework)
        return _Handed(homework=homework)
    student.spellbook.remove(item.spell)
    return _Handed(spellbook=item.spell)


def _receive(s: MagicSpellState, seat: int, handed: _Handed) -> None:
    """Tiles go to the cabinet, partly woven spells to homework, woven spells to the
    spellbook."""
    student = s.students[seat]
    if handed.tile:
        student.cabinet.append(handed.tile)
        student.cabinet.sort()
    elif handed.homework is not None:
        student.homework.append(handed.homework)
    else:
        student.spellbook.append(handed.spellbook)


# --------------------------------------------------------------------------------- text
def describe_item(s: MagicSpellState, seat: int, item: Item, private: bool) -> str:
    """An item as the traders (``private``) or the table see it."""
    student = s.students[seat]
    if item.kind == "tile":
        return a_tile(item.letter) if private else msg("a tile from their cabinet")
    if item.kind == "woven":
        number = homework_number(student, item.spell)
        letter = a_tile(item.letter) if private or s.open_research else msg("a tile")
        if private:
            return msg(
                "{tile} woven on {spell} (1 spirit to take it off)",
                tile=letter,
                spell=spell_name(item.spell),
            )
        return msg(
            "{tile} woven on homework spell {number} (1 spirit to take it off)",
            tile=letter,
            number=number,
        )
    homework = student.homework_spell(item.spell)
    if homework is None:
        return msg("{spell} from their spellbook", spell=spell_name(item.spell))
    if private:
        if homework.woven:
            return msg(
                "the homework spell {spell} (woven {tiles})",
                spell=spell_name(item.spell),
                tiles=tiles_text(homework.woven),
            )
        return msg("the homework spell {spell} (nothing woven yet)", spell=spell_name(item.spell))
    number = homework_number(student, item.spell)
    if not homework.woven:
        return msg("homework spell {number} (nothing woven)", number=number)
    if s.open_research:
        return msg(
            "homework spell {number} (woven {tiles})",
            number=number,
            tiles=tiles_text(homework.woven),
        )
    return nmsg(
        "homework spell {number} ({n} tile woven)",
        "homework spell {number} ({n} tiles woven)",
        len(homework.woven),
        number=number,
    )


def _items_text(s: MagicSpellState, seat: int, items: Sequence[Item], private: bool) -> str:
    return _and([describe_item(s, seat, item, private) for item in items])


def items_text(s: MagicSpellState, seat: int, items: Sequence[Item]) -> str:
    """What an offer gives, as the traders read it."""
    return _items_text(s, seat, items, private=True)


def wants_text(wants: Sequence[Want]) -> str:
    """What an offer asks for, as the traders read it."""
    return _and([describe_want(want) for want in wants])


def _and(parts: Sequence[str]) -> str:
    return msg_list(parts)


def describe_want(want: Want) -> str:
    """What an offer asks for, as the traders read it."""
    if want.kind == "letter":
        return a_tile(want.letter)
    if want.kind == "spellbook":
        return msg("{spell} from their spellbook", spell=spell_name(want.spell))
    return msg("a homework spell of their choice")


# ------------------------------------------------------------------------------ settling
def cancel_involving(s: MagicSpellState, seat: int, log: Log, reason: str) -> None:
    """Cancel every open offer made by or to ``seat``."""
    for offer in list(s.offers):
        if seat in (offer.proposer, offer.partner):
            cancel(s, offer, log, reason)


def cancel(s: MagicSpellState, offer: Offer, log: Log, reason: str) -> None:
    """Close ``offer`` unanswered, saying why."""
    s.offers.remove(offer)
    log.append(
        LogEntry.public(
            msg(
                "{who}'s offer to {whom} is cancelled: {reason}.",
                who=seat_ref(offer.proposer),
                whom=seat_ref(offer.partner),
                reason=reason,
            )
        )
    )


def settle(s: MagicSpellState, log: Log) -> None:
    """Close offers and drop trade decisions that can no longer go through."""
    if s.offers:
        for offer in list(s.offers):
            reason = _offer_problem(s, offer)
            if reason:
                cancel(s, offer, log, reason)
    for seat, step in enumerate(s.steps):
        if (
            step is not None
            and step.kind in TRADE_STEPS
            and not _step_still_possible(s, seat, step)
        ):
            s.steps[seat] = None
            log.append(
                LogEntry.private(msg("Your trade in progress can no longer go through."), [seat])
            )


def _offer_problem(s: MagicSpellState, offer: Offer) -> str:
    for seat in (offer.proposer, offer.partner):
        if not may_trade(s, seat):
            if "trade" in s.students[seat].blocks:
                return msg("{who} is under an embargo", who=seat_ref(seat))
            return msg("{who}'s turn has begun", who=seat_ref(seat))
    if not can_hand_over(s.students[offer.proposer], offer.gives):
        return msg("what was offered is gone")
    for want in offer.wants:
        if want.kind == "spellbook" and want.spell not in s.students[offer.partner].spellbook:
            return msg(
                "{spell} has left {who}'s spellbook",
                spell=spell_name(want.spell),
                who=seat_ref(offer.partner),
            )
    return ""


def _step_still_possible(s: MagicSpellState, seat: int, step: Step) -> bool:
    if not may_trade(s, seat) or not may_trade(s, step.target):
        return False
    student = s.students[seat]
    if step.kind == "give":
        return True
    if step.kind == "want":
        return step.item is not None and can_hand_over(student, (step.item, *step.items))
    offer = offer_from(s, step.target, seat)
    return offer is not None and bool(answers(student, offer.wants, step.items))
