"""Patronage: the keeper of the Ouroboros calls Characters I to IX; each one's sole majority
holder takes its Funds and may use its Favor once, or (I–VI) buys at the Astronomical Clock.

Every function here works on a state the engine has already cloned.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from games.core import LogEntry, seat_ref
from games.core.words import Msg, joined, msg
from games.magnum_opus import cards, rounds
from games.magnum_opus.actions import (
    Action,
    AddFromPack,
    Back,
    BuyAtClock,
    BuyInLane,
    ChooseCard,
    ChooseTarget,
    Decision,
    Pass,
    TargetFavor,
)
from games.magnum_opus.state import CLOCK_PRICE, LANE_PRICE, MagnumOpusState, Patron
from games.magnum_opus.text import cards_count, character_label, code_label, money, token_label

PASS = Pass()
BACK = Back()
#: What Jezebel's beneficiary pays the alchemist whose card they take.
BRIBE = 1
#: The most silver Venceslas's Favor takes.
ROBBERY = 2

Log = list[LogEntry]


@cache
def _code_order() -> dict[str, tuple[int, int]]:
    kinds = {kind: index for index, kind in enumerate(cards.ingredients())}
    order: dict[str, tuple[int, int]] = {}
    for code in cards.all_codes():
        _, _, ingredient = code.partition("-")
        order[code] = (cards.numeral_of_code(code), kinds.get(ingredient, -1))
    return order


def codes_above(front: list[cards.Card], numeral: int) -> list[str]:
    """The different cards (by code) of a higher numeral than ``numeral``, in numeral order."""
    codes = {cards.card_code(card) for card in front if card[0] > numeral}
    return sorted(codes, key=_code_order().__getitem__)


# ------------------------------------------------------------------- calling Characters
def begin(s: MagnumOpusState, log: Log) -> None:
    """Every card is down: the keeper starts calling the Characters."""
    s.phase = "patronage"
    s.calling = 0
    log.append(
        LogEntry.public(
            msg("**Patronage:** {keeper} calls the Characters.", keeper=seat_ref(s.keeper))
        )
    )
    call_next(s, log)


def call_next(s: MagnumOpusState, log: Log) -> None:
    """Call Characters in order until one's patron has a decision to make, or the round ends.

    A patron with nothing to decide (no Favor can be used, nothing to buy) just takes the
    Funds, so play never waits on a choice that is not one.
    """
    # Cards in front change only through a decision, which ends this loop.
    laid = [[card[0] for card in a.front] for a in s.alchemists]
    while s.calling < len(cards.NUMERALS):
        s.calling += 1
        numeral = s.calling
        counts = [numerals.count(numeral) for numerals in laid]
        most = max(counts)
        if most == 0:
            continue
        holders = [seat for seat, count in enumerate(counts) if count == most]
        label = character_label(numeral)
        if len(holders) > 1:
            _tied(s, numeral, holders, most, log)
            continue
        seat = holders[0]
        s.patron = Patron(seat, numeral)
        if len(opening_choices(s, s.patron)) > 1:
            log.append(
                LogEntry.public(
                    msg(
                        "{character}: {patron} is the patron ({cards}) and decides what to do.",
                        character=label,
                        patron=seat_ref(seat),
                        cards=cards_count(most),
                    )
                )
            )
            return
        s.patron = None
        log.append(LogEntry.public(_funds_text(s, seat, numeral, label, most)))
    s.patron = None
    rounds.end_round(s, log)


def _tied(s: MagnumOpusState, numeral: int, holders: list[int], most: int, log: Log) -> None:
    funds = cards.characters()[numeral].funds
    for seat in holders:
        s.alchemists[seat].silver += funds
    names = joined([seat_ref(seat) for seat in holders], ", ")
    if funds:
        text = msg(
            "{character}: {alchemists} tie with {cards}: {silver} each, no Favor.",
            character=character_label(numeral),
            alchemists=names,
            cards=cards_count(most),
            silver=money(funds),
        )
    else:
        text = msg(
            "{character}: {alchemists} tie with {cards}: no Funds, no Favor.",
            character=character_label(numeral),
            alchemists=names,
            cards=cards_count(most),
        )
    log.append(LogEntry.public(text))


def _funds_text(s: MagnumOpusState, seat: int, numeral: int, label: Msg, most: int) -> Msg:
    """Pay the Character's Funds to ``seat``, who has no decision to make; the log line."""
    funds = cards.characters()[numeral].funds
    s.alchemists[seat].silver += funds
    if funds:
        return msg(
            "{character}: {patron} is the patron ({cards}): takes {silver} (Funds); "
            "no Favor to use.",
            character=label,
            patron=seat_ref(seat),
            cards=cards_count(most),
            silver=money(funds),
        )
    return msg(
        "{character}: {patron} is the patron ({cards}): no Favor to use.",
        character=label,
        patron=seat_ref(seat),
        cards=cards_count(most),
    )


def _pay_funds(s: MagnumOpusState, patron: Patron) -> Msg | None:
    """Pay the Funds to the patron: how much, in words (``None`` when the Character has no
    Funds), for the log line saying what the patron did with the Favor."""
    funds = cards.characters()[patron.numeral].funds
    s.alchemists[patron.seat].silver += funds
    return money(funds) if funds else None


# ---------------------------------------------------------------------- the choices
def choices(s: MagnumOpusState) -> list[Action]:
    """Every decision the patron may make now."""
    patron = s.patron
    assert patron is not None
    if patron.target < 0:
        return [*opening_choices(s, patron)]
    return [*card_choices(s, patron), BACK]


def opening_choices(s: MagnumOpusState, patron: Patron) -> list[Decision]:
    """A purchase at the Clock (I–VI), the ways to start the Favor, or just the Funds."""
    alchemist = s.alchemists[patron.seat]
    numeral = patron.numeral
    actions: list[Decision] = []
    if numeral <= cards.LAST_SHOWING and alchemist.silver >= CLOCK_PRICE:
        shown = {cards.shown(card) for card in alchemist.front if card[0] == numeral}
        actions += [
            BuyAtClock(kind) for kind in cards.ingredients() if kind in shown and kind in s.clock
        ]
    purse = alchemist.silver + cards.characters()[numeral].funds
    actions += _favor_openings(s, patron, purse)
    actions.append(PASS)
    return actions


def _favor_openings(s: MagnumOpusState, patron: Patron, purse: int) -> list[Decision]:
    favor = cards.characters()[patron.numeral].favor
    if favor == "lane":
        if purse < LANE_PRICE:
            return []
        return [BuyInLane(kind) for kind in cards.ingredients() if kind in s.lane]
    if favor == "add":
        held = s.packs[s.alchemists[patron.seat].held]
        return [AddFromPack(n) for n in held if n > patron.numeral]
    others = [seat for seat in range(s.players) if seat != patron.seat]
    if favor == "rob":
        return [robbery for seat in others for robbery in _robberies(s, seat)]
    if favor == "bribe" and purse < BRIBE:
        return []
    numeral = patron.numeral
    if favor == "exchange":
        mine = _codes_set(s.alchemists[patron.seat].front, numeral)
        if not mine:
            return []
        return [
            _target(favor, seat)
            for seat in others
            if _can_exchange(mine, _codes_set(s.alchemists[seat].front, numeral))
        ]
    # Cards in front are kept in numeral order, so the last one is the highest.
    return [
        _target(favor, seat)
        for seat in others
        if s.alchemists[seat].front and s.alchemists[seat].front[-1][0] > numeral
    ]


@cache
def _target(favor: TargetFavor, seat: int) -> ChooseTarget:
    return ChooseTarget(favor, seat)


def _robberies(s: MagnumOpusState, seat: int) -> list[ChooseTarget]:
    """Venceslas takes "up to 2" silver from ``seat``: the most (``rob N``), or any smaller
    amount but nothing (``rob N 1``); taking nothing is ``pass``."""
    most = min(ROBBERY, s.alchemists[seat].silver)
    if not most:
        return []
    return [_target("rob", seat), *(ChooseTarget("rob", seat, less) for less in range(1, most))]


def robbery(s: MagnumOpusState, action: ChooseTarget) -> int:
    """The silver a Venceslas decision takes from its target."""
    most = min(ROBBERY, s.alchemists[action.seat].silver)
    return most if action.silver is None else action.silver


def _codes_set(front: list[cards.Card], numeral: int) -> set[str]:
    return {cards.card_code(card) for card in front if card[0] > numeral}


def _can_exchange(mine: set[str], theirs: set[str]) -> bool:
    """Whether some card of theirs can be swapped for a different one of mine: always, unless
    both sides hold only the very same card."""
    return bool(theirs) and (len(mine) > 1 or len(theirs) > 1 or mine != theirs)


def card_choices(s: MagnumOpusState, patron: Patron) -> list[Decision]:
    """The cards the Favor under way may name, once its target is chosen."""
    favor = cards.characters()[patron.numeral].favor
    theirs = codes_above(s.alchemists[patron.target].front, patron.numeral)
    if favor == "discard":
        return [ChooseCard("discard", code) for code in theirs]
    if favor == "bribe":
        return [ChooseCard("take", code) for code in theirs]
    mine = codes_above(s.alchemists[patron.seat].front, patron.numeral)
    if not patron.taken:
        # Swapping a card for an identical one would change nothing, so it is not offered.
        return [ChooseCard("take", code) for code in theirs if any(m != code for m in mine)]
    return [ChooseCard("give", code) for code in mine if code != patron.taken]


# ------------------------------------------------------------------------- applying
def apply(s: MagnumOpusState, seat: int, action: Decision, log: Log) -> None:
    """Apply one of the patron's decisions; the next Character is called once it is done."""
    patron = s.patron
    assert patron is not None
    match action:
        case Back():
            s.patron = _back(patron)
            return
        case ChooseTarget("rob", target):
            _rob(s, patron, target, robbery(s, action), log)
        case ChooseTarget(_, target):
            s.patron = replace(patron, target=target)
            return
        case ChooseCard("take", code) if cards.characters()[patron.numeral].favor == "exchange":
            s.patron = replace(patron, taken=code)
            return
        case ChooseCard("give", code):
            _exchange(s, patron, code, log)
        case ChooseCard("take", code):
            _bribe(s, patron, code, log)
        case ChooseCard("discard", code):
            _discard(s, patron, code, log)
        case BuyAtClock(kind):
            _buy_at_clock(s, patron, kind, log)
        case BuyInLane(kind):
            _buy_in_lane(s, patron, kind, log)
        case AddFromPack(numeral):
            _add_from_pack(s, patron, numeral, log)
        case Pass():
            who = seat_ref(patron.seat)
            paid = _pay_funds(s, patron)
            log.append(
                LogEntry.public(
                    msg("{patron} lets the Favor go.", patron=who)
                    if paid is None
                    else msg(
                        "{patron} takes {silver} (Funds) and lets the Favor go.",
                        patron=who,
                        silver=paid,
                    )
                )
            )
        case _:
            raise AssertionError(action)
    s.patron = None
    call_next(s, log)


def _back(patron: Patron) -> Patron:
    if patron.taken:
        return replace(patron, taken="")
    return replace(patron, target=-1)


def _take_card(front: list[cards.Card], code: str) -> cards.Card:
    card = next(c for c in front if cards.card_code(c) == code)
    front.remove(card)
    return card


def _buy_at_clock(s: MagnumOpusState, patron: Patron, kind: str, log: Log) -> None:
    alchemist = s.alchemists[patron.seat]
    alchemist.silver -= CLOCK_PRICE
    s.clock.remove(kind)
    _gain(alchemist.ingredients, kind)
    log.append(
        LogEntry.public(
            msg(
                "{patron} renounces Funds and Favor and buys {token} at the Astronomical Clock "
                "for {price}.",
                patron=seat_ref(patron.seat),
                token=token_label(kind),
                price=money(CLOCK_PRICE),
            )
        )
    )


def _buy_in_lane(s: MagnumOpusState, patron: Patron, kind: str, log: Log) -> None:
    who, token, price = seat_ref(patron.seat), token_label(kind), money(LANE_PRICE)
    paid = _pay_funds(s, patron)
    log.append(
        LogEntry.public(
            msg("{patron} buys {token} in the Golden Lane for {price}.", **_p(who, token, price))
            if paid is None
            else msg(
                "{patron} takes {silver} (Funds) and buys {token} in the Golden Lane for {price}.",
                silver=paid,
                **_p(who, token, price),
            )
        )
    )
    alchemist = s.alchemists[patron.seat]
    alchemist.silver -= LANE_PRICE
    s.lane.remove(kind)
    _gain(alchemist.ingredients, kind)


def _p(who: str, token: Msg, price: Msg) -> dict[str, Msg | str]:
    return {"patron": who, "token": token, "price": price}


def _gain(tokens: list[str], kind: str) -> None:
    tokens.append(kind)
    order = cards.ingredients()
    tokens.sort(key=order.index)


def _add_from_pack(s: MagnumOpusState, patron: Patron, numeral: int, log: Log) -> None:
    alchemist = s.alchemists[patron.seat]
    s.packs[alchemist.held].remove(numeral)
    card = (numeral, alchemist.held)
    alchemist.front.append(card)
    alchemist.front.sort()
    who, laid = seat_ref(patron.seat), code_label(cards.card_code(card))
    paid = _pay_funds(s, patron)
    log.append(
        LogEntry.public(
            msg("{patron} lays {card} from their pack in front of them.", patron=who, card=laid)
            if paid is None
            else msg(
                "{patron} takes {silver} (Funds) and lays {card} from their pack in front of them.",
                patron=who,
                silver=paid,
                card=laid,
            )
        )
    )


def _rob(s: MagnumOpusState, patron: Patron, target: int, taken: int, log: Log) -> None:
    who, rival, robbed = seat_ref(patron.seat), seat_ref(target), money(taken)
    paid = _pay_funds(s, patron)
    log.append(
        LogEntry.public(
            msg("{patron} robs {rival} of {taken}.", patron=who, rival=rival, taken=robbed)
            if paid is None
            else msg(
                "{patron} takes {silver} (Funds) and robs {rival} of {taken}.",
                patron=who,
                silver=paid,
                rival=rival,
                taken=robbed,
            )
        )
    )
    s.alchemists[target].silver -= taken
    s.alchemists[patron.seat].silver += taken


def _discard(s: MagnumOpusState, patron: Patron, code: str, log: Log) -> None:
    card = _take_card(s.alchemists[patron.target].front, code)
    s.discarded.append(card)
    log.append(
        LogEntry.public(
            msg(
                "{patron} discards {rival}'s {card}.",
                patron=seat_ref(patron.seat),
                rival=seat_ref(patron.target),
                card=code_label(code),
            )
        )
    )


def _bribe(s: MagnumOpusState, patron: Patron, code: str, log: Log) -> None:
    me, them = s.alchemists[patron.seat], s.alchemists[patron.target]
    me.silver -= BRIBE
    them.silver += BRIBE
    me.front.append(_take_card(them.front, code))
    me.front.sort()
    log.append(
        LogEntry.public(
            msg(
                "{patron} gives {silver} to {rival} and takes their {card}.",
                patron=seat_ref(patron.seat),
                silver=money(BRIBE),
                rival=seat_ref(patron.target),
                card=code_label(code),
            )
        )
    )


def _exchange(s: MagnumOpusState, patron: Patron, code: str, log: Log) -> None:
    me, them = s.alchemists[patron.seat], s.alchemists[patron.target]
    mine = _take_card(me.front, code)
    theirs = _take_card(them.front, patron.taken)
    me.front.append(theirs)
    them.front.append(mine)
    me.front.sort()
    them.front.sort()
    log.append(
        LogEntry.public(
            msg(
                "{patron} exchanges their {card} for {rival}'s {theirs}.",
                patron=seat_ref(patron.seat),
                card=code_label(code),
                rival=seat_ref(patron.target),
                theirs=code_label(patron.taken),
            )
        )
    )
