"""Magnum Opus's decisions in words, for buttons and menus, and the Favors offered whole.

A label says what a decision does for the alchemist who sees it: the card, the ingredient it
shows, the Funds and the Favor, the rival and the card a Favor touches. Everything a label
reads is public (cards in front, silver, the Golden Lane and the Clock) or the seat's own
(its pack, its two Magnum Opus cards). Seats appear as ``{p0}``… placeholders.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from games.core import seat_ref
from games.core.labels import first_that_fits
from games.core.words import Msg, data_msg, joined, msg, pmsg
from games.magnum_opus import cards, patronage
from games.magnum_opus.actions import (
    Action,
    AddFromPack,
    Back,
    BuyAtClock,
    BuyInLane,
    ChooseCard,
    ChooseTarget,
    CompositeFavor,
    Keep,
    Pass,
    Pick,
)
from games.magnum_opus.notation import notation
from games.magnum_opus.state import CLOCK_PRICE, LANE_PRICE, MagnumOpusState, Patron
from games.magnum_opus.text import character_label, code_label, money, token_label

#: The longest label, once every seat placeholder is filled with a name this long.
#: More whole exchanges than this (rival × their card × yours) are left to step by step:
#: paging through them would take more clicks than the three decisions.
MOST_WHOLE_EXCHANGES = 50


#: What each kind of Favor does, in a few words, for a pick's label.
_FAVOR_WORDS = {
    "discard": msg("discard a rival's card"),
    "exchange": msg("swap a card with a rival"),
    "add": msg("lay a card from your pack"),
    "bribe": msg("buy a rival's card for 1"),
    "rob": msg("rob up to {most} silver", most=patronage.ROBBERY),
    "lane": msg("buy in the Lane for {price}", price=LANE_PRICE),
}


def _short_code(code: str) -> Msg:
    """A card in few characters: ``VI Hermes 🔵``, ``VII Marie``."""
    key, _, ingredient = code.partition("-")
    numeral = cards.numeral_of()[key]
    name = cards.characters()[numeral].name.split()[0]
    if ingredient:
        return msg(
            "{numeral} {character} {symbol}",
            numeral=cards.ROMAN[numeral],
            character=name,
            symbol=cards.ingredient_data()[ingredient].symbol,
        )
    return msg("{numeral} {character}", numeral=cards.ROMAN[numeral], character=name)


def _with_funds(label: Msg, numeral: int) -> Msg:
    """``label · +2 silver Funds`` for a Character that pays Funds, ``label`` otherwise."""
    funds = cards.characters()[numeral].funds
    if not funds:
        return label
    return joined([label, msg("+{silver} Funds", silver=money(funds))], " · ")


# ---------------------------------------------------------------------------- labels
def label(s: MagnumOpusState, seat: int, action: Action) -> str:
    """What ``action`` does for ``seat``, in words (see the module's docstring)."""
    match action:
        case Keep(opus):
            return _keep(opus)
        case Pick(numeral):
            return _pick(s, seat, numeral)
        case CompositeFavor(decisions):
            return _whole_favor(s, seat, decisions)
        case Back():
            return pmsg("button", "Back")
    patron = s.patron
    if patron is None or patron.seat != seat:
        return _out_of_turn(action)
    return _patron_decision(s, patron, action)


def _keep(opus: str) -> Msg:
    data = cards.opus_cards()[opus]
    first, second = (
        "".join(cards.ingredient_data()[kind].symbol for kind in formula)
        for formula in data.formulas
    )
    return msg(
        "Keep {card}: formulas {first} and {second}",
        card=data_msg(data.name),
        first=first,
        second=second,
    )


def _pick(s: MagnumOpusState, seat: int, numeral: int) -> str:
    character = cards.characters()[numeral]
    shown = cards.shown((numeral, s.alchemists[seat].held))
    label = character_label(numeral)
    bare = msg("Pick {character}", character=label)
    core = (
        msg("Pick {character} — {token}", character=label, token=token_label(shown))
        if shown
        else bare
    )
    favor = _FAVOR_WORDS[character.favor]
    funds: list[Msg] = [joined(["+", money(character.funds)], "")] if character.funds else []
    head = joined([core, *funds, favor], " · ")
    wordings: list[str] = []
    if shown:
        clock = msg(
            "{favor}, or {symbol} at the Clock",
            favor=favor,
            symbol=cards.ingredient_data()[shown].symbol,
        )
        wordings.append(joined([core, *funds, clock], " · "))
    # Every wording keeps the Favor: it is what the pick is for.
    return first_that_fits(
        *wordings,
        head,
        joined([core, favor], " · "),
        joined([bare, favor], " · "),
    )


def _patron_decision(s: MagnumOpusState, patron: Patron, action: Action) -> str:
    numeral = patron.numeral
    name = data_msg(cards.characters()[numeral].name)
    match action:
        case BuyAtClock(kind):
            return msg(
                "Buy {token} at the Clock for {price} (no Funds, no Favor)",
                token=token_label(kind),
                price=money(CLOCK_PRICE),
            )
        case BuyInLane(kind):
            bought = msg(
                "Buy {token} in the Golden Lane for {price}",
                token=token_label(kind),
                price=money(LANE_PRICE),
            )
            return _with_funds(bought, numeral)
        case AddFromPack(added):
            card = code_label(cards.card_code((added, s.alchemists[patron.seat].held)))
            return _with_funds(msg("Lay {card} from your pack", card=card), numeral)
        case Pass():
            funds = cards.characters()[numeral].funds
            if cards.characters()[numeral].favor == "rob":
                # Taking nothing is Venceslas's "up to 2" at its least.
                return msg(
                    "Take the {silver} Funds, rob nobody (take no silver)", silver=money(funds)
                )
            if funds:
                return msg(
                    "Take the {silver} Funds, let {character}'s Favor go",
                    silver=money(funds),
                    character=name,
                )
            return msg("Let {character}'s Favor go (no Funds)", character=name)
        case ChooseTarget("rob", target):
            taken = money(patronage.robbery(s, action))
            robbed = (
                msg("Rob {rival} of only {silver}", rival=seat_ref(target), silver=taken)
                if action.silver is not None
                else msg("Rob {rival} of {silver}", rival=seat_ref(target), silver=taken)
            )
            return _with_funds(robbed, patron.numeral)
        case ChooseTarget(favor, target):
            return _target(favor, target)
        case ChooseCard(verb, code):
            return _card(patron, verb, code)
    return _out_of_turn(action)


def _target(favor: str, target: int) -> Msg:
    who = seat_ref(target)
    if favor == "discard":
        return msg("Discard one of {rival}'s cards… (choose it next)", rival=who)
    if favor == "bribe":
        return msg(
            "Pay {rival} {silver} for one of their cards… (choose it next)",
            rival=who,
            silver=money(patronage.BRIBE),
        )
    return msg("Swap a card with {rival}… (choose both next)", rival=who)


def _card(patron: Patron, verb: str, code: str) -> str:
    who = seat_ref(patron.target)
    card = code_label(code)
    if verb == "discard":
        return msg("Discard {rival}'s {card}", rival=who, card=card)
    if verb == "give":
        return first_that_fits(
            msg(
                "Give {rival} your {card} for their {theirs}",
                rival=who,
                card=card,
                theirs=code_label(patron.taken),
            ),
            msg(
                "Give {rival} your {card} for their {theirs}",
                rival=who,
                card=card,
                theirs=_short_code(patron.taken),
            ),
            msg("Give {rival} your {card}", rival=who, card=card),
        )
    if cards.characters()[patron.numeral].favor == "exchange":
        return msg("Take {rival}'s {card} (give one back next)", rival=who, card=card)
    return msg(
        "Take {rival}'s {card} for {silver}",
        rival=who,
        card=card,
        silver=money(patronage.BRIBE),
    )


def _whole_favor(
    s: MagnumOpusState, seat: int, decisions: tuple[ChooseTarget | ChooseCard, ...]
) -> str:
    first = decisions[0]
    if not isinstance(first, ChooseTarget):
        return _notation_words(decisions)
    who = seat_ref(first.seat)
    codes = [d.card for d in decisions[1:] if isinstance(d, ChooseCard)]
    if first.favor == "discard" and len(codes) == 1:
        return first_that_fits(
            msg("Discard {rival}'s {card}", rival=who, card=code_label(codes[0])),
            msg("Discard {rival}'s {card}", rival=who, card=_short_code(codes[0])),
        )
    if first.favor == "bribe" and len(codes) == 1:
        silver = money(patronage.BRIBE)
        return first_that_fits(
            msg(
                "Pay {rival} {silver} for their {card}",
                rival=who,
                silver=silver,
                card=code_label(codes[0]),
            ),
            msg(
                "Pay {rival} {silver} for their {card}",
                rival=who,
                silver=silver,
                card=_short_code(codes[0]),
            ),
        )
    if first.favor == "exchange" and len(codes) == 2:
        theirs, mine = codes
        return first_that_fits(
            *(
                msg("Swap your {card} for {rival}'s {theirs}", card=c, rival=who, theirs=t)
                for c, t in (
                    (code_label(mine), code_label(theirs)),
                    (_short_code(mine), code_label(theirs)),
                    (code_label(mine), _short_code(theirs)),
                    (_short_code(mine), _short_code(theirs)),
                )
            )
        )
    return _notation_words(decisions)


def _notation_words(decisions: tuple[ChooseTarget | ChooseCard, ...]) -> str:
    return notation(CompositeFavor(decisions))


def _out_of_turn(action: Action) -> str:
    """A decision that is not the seat's to make now: named, never explained."""
    return notation(action)


# ----------------------------------------------------------------------- whole moves
def whole_moves(s: MagnumOpusState, seat: int) -> list[CompositeFavor]:
    """Every Favor aimed at a rival, with the cards it names, as one move each: open to the
    patron deciding how to use a Character (not partway through a Favor)."""
    patron = s.patron
    if s.phase != "patronage" or patron is None or patron.seat != seat or patron.target >= 0:
        return []
    openings = patronage.opening_choices(s, patron)
    targets = [a for a in openings if isinstance(a, ChooseTarget) and a.favor != "rob"]
    moves = [move for target in targets for move in _favor_moves(s, patron, target)]
    exchanges = sum(1 for m in moves if len(m.decisions) == 3)
    if exchanges > MOST_WHOLE_EXCHANGES:
        moves = [m for m in moves if len(m.decisions) != 3]
    return moves


def _favor_moves(
    s: MagnumOpusState, patron: Patron, target: ChooseTarget
) -> Iterator[CompositeFavor]:
    aimed = replace(patron, target=target.seat)
    for first in patronage.card_choices(s, aimed):
        if not isinstance(first, ChooseCard):
            continue
        if first.verb != "take" or target.favor != "exchange":
            yield CompositeFavor((target, first))
            continue
        for second in patronage.card_choices(s, replace(aimed, taken=first.card)):
            if isinstance(second, ChooseCard):
                yield CompositeFavor((target, first, second))


def deciding(s: MagnumOpusState, seat: int) -> bool:
    """Whether ``seat`` is partway through a Favor aimed at a rival (its target chosen)."""
    patron = s.patron
    return patron is not None and patron.seat == seat and patron.target >= 0
