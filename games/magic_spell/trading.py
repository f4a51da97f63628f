"""Trading between turns: one tile or spell for one, by offer and acceptance.

Students who are not taking a turn may trade with each other; with Low Enrollment the two
students trade between turns, until the next turn begins. Each student sends at most one offer
a round; an offer stands until it is answered or the turn ends. Functions here change a state that
the engine has already cloned.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import LogEntry, seat_ref
from games.magic_spell.actions import (
    ACCEPTS,
    BACK,
    DECLINES,
    TRADES_WITH,
    Accept,
    Action,
    Ask,
    Back,
    Decline,
    Give,
    TradeWith,
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
)
from games.magic_spell.text import a_tile, plural, spell_name, tiles_text

Log = list[LogEntry]
TRADE_STEPS = ("give", "want", "accept")
#: Spirit it costs to take a woven tile off a homework spell to trade it.
UNWEAVE_COST = 1


# ---------------------------------------------------------------------------- who may trade
def may_trade(s: MagicSpellState, seat: int) -> bool:
    """Whether ``seat`` may trade now: not taking a turn, and not under an embargo."""
    if s.finished or "trade" in s.students[seat].blocks:
        return False
    if s.low_enrollment:
        return not s.started
    return seat != s.current


def partners(s: MagicSpellState, seat: int) -> list[int]:
    """Students ``seat`` may offer a trade to now."""
    return [other for other in s.opponents(seat) if may_trade(s, other)]


def outgoing(s: MagicSpellState, seat: int) -> Offer | None:
    """The open offer ``seat`` has made, if any."""
    for offer in s.offers:
        if offer.proposer == seat:
            return offer
    return None


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
    """One offer per student per turn, one open at a time, with something to give."""
    student = s.students[seat]
    return (
        may_trade(s, seat)
        and not s.offered >> seat & 1
        and outgoing(s, seat) is None
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
    return any(offer.partner == seat for offer in s.offers) or can_start_offer(s, seat)


def seats_with_trade_actions(s: MagicSpellState) -> set[int]:
    """Every seat with something to do about trades right now: a trade decision in progress,
    an offer to answer, or an offer it may still make."""
    seats = {seat for seat, step in enumerate(s.steps) if step and step.kind in TRADE_STEPS}
    offers = s.offers
    if offers:
        seats.update(offer.partner for offer in offers)
    able = [seat for seat in range(s.players) if may_trade(s, seat)]
    if len(able) >= 2:
        proposers = {offer.proposer for offer in offers} if offers else ()
        offered = s.offered
        students = s.students
        for seat in able:
            if offered >> seat & 1 or seat in proposers:
                continue
            student = students[seat]
            if student.cabinet or student.homework or student.spellbook:
                seats.add(seat)
    return seats


# ------------------------------------------------------------------------------ holdings
def holds(student: Student, item: Item) -> bool:
    """Whether ``student`` can hand ``item`` over now (a woven tile needs 1 spirit)."""
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


def giveable(student: Student) -> list[Item]:
    """Everything ``student`` could offer: cabinet tiles, woven tiles, spells."""
    items = [Item("tile", letter) for letter in sorted(set(student.cabinet))]
    if student.spirit >= UNWEAVE_COST:
        for homework in student.homework:
            items += [Item("woven", t, homework.spell) for t in sorted(set(homework.woven))]
    items += [Item("spell", spell=h.spell) for h in student.homework]
    items += [Item("spell", spell=word) for word in student.spellbook]
    return items


def answers(student: Student, want: Want) -> list[Item]:
    """The items with which ``student`` could meet ``want``."""
    if want.kind == "spellbook":
        return [Item("spell", spell=want.spell)] if want.spell in student.spellbook else []
    if want.kind == "homework":
        return [Item("spell", spell=h.spell) for h in student.homework]
    items = [Item("tile", want.letter)] if want.letter in student.cabinet else []
    if student.spirit >= UNWEAVE_COST:
        items += [
            Item("woven", want.letter, h.spell) for h in student.homework if want.letter in h.woven
        ]
    return items


def askable(s: MagicSpellState, seat: int, partner: int) -> list[Want]:
    """What ``seat`` may ask ``partner`` for: a letter their own homework still needs (or a
    philosopher's stone), a spell of the partner's spellbook, or a homework spell."""
    wants = [Want("letter", letter) for letter in needed_letters(s.students[seat])]
    if s.stones and s.removed < tiles().stones:
        wants.append(Want("letter", STONE))
    other = s.students[partner]
    wants += [Want("spellbook", spell=word) for word in other.spellbook]
    if other.homework:
        wants.append(Want("homework"))
    return wants


# ------------------------------------------------------------------------ legal actions
def top_actions(s: MagicSpellState, seat: int) -> list[Action]:
    """Trade actions of a seat in no decision: answer offers, or start one."""
    if not may_trade(s, seat):
        return []
    student = s.students[seat]
    actions: list[Action] = []
    for offer in incoming(s, seat):
        if answers(student, offer.want):
            actions.append(ACCEPTS[offer.proposer])
        actions.append(DECLINES[offer.proposer])
    if can_start_offer(s, seat):
        actions += [TRADES_WITH[other] for other in partners(s, seat)]
    return actions


def step_actions(s: MagicSpellState, seat: int, step: Step) -> list[Action]:
    """Options of a trade decision in progress; each can be taken back."""
    student = s.students[seat]
    actions: list[Action]
    if step.kind == "give":
        actions = [Give(item) for item in giveable(student)]
    elif step.kind == "want":
        actions = [Ask(want) for want in askable(s, seat, step.target)]
    else:
        offer = offer_from(s, step.target, seat)
        assert offer is not None
        actions = [Give(item) for item in answers(student, offer.want)]
    return [*actions, BACK]


# ------------------------------------------------------------------------------ applying
def apply(s: MagicSpellState, seat: int, action: Action, log: Log) -> None:
    """Apply a legal trade action of ``seat``."""
    step = s.steps[seat]
    match action:
        case TradeWith(other):
            s.steps[seat] = make_step("give", target=other)
        case Give(item) if step is not None and step.kind == "give":
            s.steps[seat] = make_step("want", target=step.target, item=item)
        case Ask(want) if step is not None and step.kind == "want":
            assert step.item is not None
            s.steps[seat] = None
            _send(s, Offer(seat, step.target, step.item, want), log)
        case Give(item) if step is not None and step.kind == "accept":
            s.steps[seat] = None
            offer = offer_from(s, step.target, seat)
            assert offer is not None
            _trade(s, offer, item, log)
        case Back():
            assert step is not None
            if step.kind == "want":
                s.steps[seat] = make_step("give", target=step.target)
            else:
                s.steps[seat] = None
        case Accept(proposer):
            offer = offer_from(s, proposer, seat)
            assert offer is not None
            items = answers(s.students[seat], offer.want)
            if len(items) == 1:
                _trade(s, offer, items[0], log)
            else:
                s.steps[seat] = make_step("accept", target=proposer)
        case Decline(proposer):
            offer = offer_from(s, proposer, seat)
            assert offer is not None
            s.offers.remove(offer)
            log.append(
                LogEntry.public(f"{seat_ref(seat)} declines {seat_ref(proposer)}'s trade offer.")
            )
        case _:
            raise AssertionError(action)


def _send(s: MagicSpellState, offer: Offer, log: Log) -> None:
    s.offers.append(offer)
    s.offered |= 1 << offer.proposer
    who, whom = seat_ref(offer.proposer), seat_ref(offer.partner)
    log.append(LogEntry.public(f"{who} offers {whom} a trade."))
    giving = describe_item(s, offer.proposer, offer.give, private=True)
    log.append(
        LogEntry.private(
            f"{who} offers {whom} {giving} for {describe_want(offer.want)}.",
            [offer.proposer, offer.partner],
        )
    )


def _trade(s: MagicSpellState, offer: Offer, answer: Item, log: Log) -> None:
    """Both sides hand their item over; the offer closes."""
    s.offers.remove(offer)
    proposer, partner = offer.proposer, offer.partner
    texts = [
        (
            describe_item(s, proposer, offer.give, False),
            describe_item(s, proposer, offer.give, True),
        ),
        (describe_item(s, partner, answer, False), describe_item(s, partner, answer, True)),
    ]
    given = _hand_over(s, proposer, offer.give)
    received = _hand_over(s, partner, answer)
    _receive(s, partner, given)
    _receive(s, proposer, received)
    who, whom = seat_ref(proposer), seat_ref(partner)
    (mine_public, mine_private), (theirs_public, theirs_private) = texts
    log.append(LogEntry.public(f"{whom} accepts: {who} gives {mine_public} for {theirs_public}."))
    log.append(
        LogEntry.private(
            f"{who} gives {whom} {mine_private} and gets {theirs_private}.", [proposer, partner]
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
        return a_tile(item.letter) if private else "a tile from their cabinet"
    if item.kind == "woven":
        number = homework_number(student, item.spell)
        letter = a_tile(item.letter) if private or s.open_research else "a tile"
        where = spell_name(item.spell) if private else f"homework spell {number}"
        return f"{letter} woven on {where} (1 spirit to take it off)"
    homework = student.homework_spell(item.spell)
    if homework is None:
        return f"{spell_name(item.spell)} from their spellbook"
    if private:
        return f"the homework spell {spell_name(item.spell)} ({_woven_text(homework.woven)})"
    number = homework_number(student, item.spell)
    if not homework.woven:
        woven = "nothing woven"
    elif s.open_research:
        woven = f"woven {tiles_text(homework.woven)}"
    else:
        woven = f"{plural(len(homework.woven), 'tile')} woven"
    return f"homework spell {number} ({woven})"


def _woven_text(woven: tuple[str, ...]) -> str:
    return f"woven {tiles_text(woven)}" if woven else "nothing woven yet"


def describe_want(want: Want) -> str:
    """What an offer asks for, as the traders read it."""
    if want.kind == "letter":
        return a_tile(want.letter)
    if want.kind == "spellbook":
        return f"{spell_name(want.spell)} from their spellbook"
    return "a homework spell of their choice"


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
            f"{seat_ref(offer.proposer)}'s offer to {seat_ref(offer.partner)} is cancelled: "
            f"{reason}."
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
            log.append(LogEntry.private("Your trade in progress can no longer go through.", [seat]))


def _offer_problem(s: MagicSpellState, offer: Offer) -> str:
    for seat in (offer.proposer, offer.partner):
        if not may_trade(s, seat):
            if "trade" in s.students[seat].blocks:
                return f"{seat_ref(seat)} is under an embargo"
            return f"{seat_ref(seat)}'s turn has begun"
    if not holds(s.students[offer.proposer], offer.give):
        return "what was offered is gone"
    want = offer.want
    if want.kind == "spellbook" and want.spell not in s.students[offer.partner].spellbook:
        return f"{spell_name(want.spell)} has left {seat_ref(offer.partner)}'s spellbook"
    return ""


def _step_still_possible(s: MagicSpellState, seat: int, step: Step) -> bool:
    if not may_trade(s, seat) or not may_trade(s, step.target):
        return False
    student = s.students[seat]
    if step.kind == "give":
        return True
    if step.kind == "want":
        return step.item is not None and holds(student, step.item)
    offer = offer_from(s, step.target, seat)
    return offer is not None and bool(answers(student, offer.want))
