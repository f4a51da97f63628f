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
from games.magnum_opus.text import character_label, code_label, token_label

#: The longest label, once every seat placeholder is filled with a name this long.
#: More whole exchanges than this (rival × their card × yours) are left to step by step:
#: paging through them would take more clicks than the three decisions.
MOST_WHOLE_EXCHANGES = 50


#: What each kind of Favor does, in a few words, for a pick's label.
_FAVOR_WORDS = {
    "discard": "discard a rival's card",
    "exchange": "swap a card with a rival",
    "add": "lay a card from your pack",
    "bribe": "buy a rival's card for 1",
    "rob": f"rob up to {patronage.ROBBERY} silver",
    "lane": f"buy in the Lane for {LANE_PRICE}",
}


def _short_code(code: str) -> str:
    """A card in few characters: ``VI Hermes 🔵``, ``VII Marie``."""
    key, _, ingredient = code.partition("-")
    numeral = cards.numeral_of()[key]
    name = cards.characters()[numeral].name.split()[0]
    symbol = f" {cards.ingredient_data()[ingredient].symbol}" if ingredient else ""
    return f"{cards.ROMAN[numeral]} {name}{symbol}"


def _funds(numeral: int) -> str:
    """`` · +2 silver Funds`` for a Character that pays Funds, nothing otherwise."""
    funds = cards.characters()[numeral].funds
    return f" · +{funds} silver Funds" if funds else ""


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
            return "Back"
    patron = s.patron
    if patron is None or patron.seat != seat:
        return _out_of_turn(action)
    return _patron_decision(s, patron, action)


def _keep(opus: str) -> str:
    data = cards.opus_cards()[opus]
    formulas = " and ".join(
        "".join(cards.ingredient_data()[kind].symbol for kind in formula)
        for formula in data.formulas
    )
    return f"Keep {data.name}: formulas {formulas}"


def _pick(s: MagnumOpusState, seat: int, numeral: int) -> str:
    character = cards.characters()[numeral]
    shown = cards.shown((numeral, s.alchemists[seat].held))
    ingredient = f" — {token_label(shown)}" if shown else ""
    funds = f" · +{character.funds} silver" if character.funds else ""
    head = f"Pick {character_label(numeral)}{ingredient}{funds} · {_FAVOR_WORDS[character.favor]}"
    clock = f", or {cards.ingredient_data()[shown].symbol} at the Clock" if shown else ""
    # Every wording keeps the Favor: it is what the pick is for.
    return first_that_fits(
        f"{head}{clock}",
        head,
        f"Pick {character_label(numeral)}{ingredient} · {_FAVOR_WORDS[character.favor]}",
        f"Pick {character_label(numeral)} · {_FAVOR_WORDS[character.favor]}",
    )


def _patron_decision(s: MagnumOpusState, patron: Patron, action: Action) -> str:
    numeral = patron.numeral
    name = cards.characters()[numeral].name
    match action:
        case BuyAtClock(kind):
            price = f"{CLOCK_PRICE} silver"
            return f"Buy {token_label(kind)} at the Clock for {price} (no Funds, no Favor)"
        case BuyInLane(kind):
            price = f"{LANE_PRICE} silver"
            return f"Buy {token_label(kind)} in the Golden Lane for {price}{_funds(numeral)}"
        case AddFromPack(added):
            card = code_label(cards.card_code((added, s.alchemists[patron.seat].held)))
            return f"Lay {card} from your pack{_funds(numeral)}"
        case Pass():
            funds = cards.characters()[numeral].funds
            if cards.characters()[numeral].favor == "rob":
                # Taking nothing is Venceslas's "up to 2" at its least.
                return f"Take the {funds} silver Funds, rob nobody (take no silver)"
            if funds:
                return f"Take the {funds} silver Funds, let {name}'s Favor go"
            return f"Let {name}'s Favor go (no Funds)"
        case ChooseTarget("rob", target):
            taken = patronage.robbery(s, action)
            only = "only " if action.silver is not None else ""
            return f"Rob {seat_ref(target)} of {only}{taken} silver{_funds(patron.numeral)}"
        case ChooseTarget(favor, target):
            return _target(favor, target)
        case ChooseCard(verb, code):
            return _card(patron, verb, code)
    return _out_of_turn(action)


def _target(favor: str, target: int) -> str:
    who = seat_ref(target)
    if favor == "discard":
        return f"Discard one of {who}'s cards… (choose it next)"
    if favor == "bribe":
        return f"Pay {who} {patronage.BRIBE} silver for one of their cards… (choose it next)"
    return f"Swap a card with {who}… (choose both next)"


def _card(patron: Patron, verb: str, code: str) -> str:
    who = seat_ref(patron.target)
    card = code_label(code)
    if verb == "discard":
        return f"Discard {who}'s {card}"
    if verb == "give":
        return first_that_fits(
            f"Give {who} your {card} for their {code_label(patron.taken)}",
            f"Give {who} your {card} for their {_short_code(patron.taken)}",
            f"Give {who} your {card}",
        )
    if cards.characters()[patron.numeral].favor == "exchange":
        return f"Take {who}'s {card} (give one back next)"
    return f"Take {who}'s {card} for {patronage.BRIBE} silver"


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
            f"Discard {who}'s {code_label(codes[0])}", f"Discard {who}'s {_short_code(codes[0])}"
        )
    if first.favor == "bribe" and len(codes) == 1:
        return first_that_fits(
            f"Pay {who} {patronage.BRIBE} silver for their {code_label(codes[0])}",
            f"Pay {who} {patronage.BRIBE} silver for their {_short_code(codes[0])}",
        )
    if first.favor == "exchange" and len(codes) == 2:
        theirs, mine = codes
        return first_that_fits(
            f"Swap your {code_label(mine)} for {who}'s {code_label(theirs)}",
            f"Swap your {_short_code(mine)} for {who}'s {code_label(theirs)}",
            f"Swap your {code_label(mine)} for {who}'s {_short_code(theirs)}",
            f"Swap your {_short_code(mine)} for {who}'s {_short_code(theirs)}",
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
