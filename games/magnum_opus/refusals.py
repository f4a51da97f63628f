"""Why an action is refused: one plain sentence for the player."""

from __future__ import annotations

from games.core import seat_ref
from games.magnum_opus import cards, patronage, rules
from games.magnum_opus.actions import (
    Action,
    AddFromPack,
    Back,
    BuyAtClock,
    BuyInLane,
    ChooseCard,
    ChooseTarget,
    Keep,
    Pick,
)
from games.magnum_opus.notation import notation
from games.magnum_opus.state import CLOCK_PRICE, LANE_PRICE, MagnumOpusState, Patron
from games.magnum_opus.text import card_label, character_label, code_label

_FAVOR_VERBS = {
    "discard": "discard a card in front of another alchemist",
    "exchange": "exchange a card with another alchemist",
    "add": "add a card from your pack",
    "bribe": "take another alchemist's card for 1 silver",
    "rob": "take up to 2 silver from another alchemist",
    "lane": "buy an ingredient in the Golden Lane",
}


def not_your_turn(s: MagnumOpusState, seat: int) -> str:
    """What a seat is told when it acts while it may not."""
    if not 0 <= seat < s.players:
        return "You are not seated in this game."
    waiting = _seats(sorted(rules.to_act(s)))
    if s.phase == "keep":
        return f"You have kept your Magnum Opus card; waiting for {waiting}."
    if s.phase == "pick":
        return f"You have already chosen your card; waiting for {waiting} to choose."
    if s.patron is not None:
        label = character_label(s.patron.numeral)
        return f"{seat_ref(s.patron.seat)} is deciding as the patron of {label}."
    return "It is not your turn."


def explain(s: MagnumOpusState, seat: int, action: Action) -> str:
    """The reason ``action`` is not legal for ``seat``, who is to act in ``s``."""
    if s.phase == "keep":
        return _keep_refusal(s, seat, action)
    if s.phase == "pick":
        return _pick_refusal(s, seat, action)
    patron = s.patron
    assert patron is not None
    if patron.target < 0:
        reason = _opening_refusal(s, patron, action)
    else:
        reason = _card_refusal(s, patron, action)
    return f"{reason} You may: {_choices(s)}."


def _seats(seats: list[int]) -> str:
    return ", ".join(seat_ref(seat) for seat in seats)


def _choices(s: MagnumOpusState) -> str:
    return ", ".join(notation(a) for a in patronage.choices(s))


def _keep_refusal(s: MagnumOpusState, seat: int, action: Action) -> str:
    first, second = s.alchemists[seat].dealt
    offer = f"keep {first} or keep {second}"
    if isinstance(action, Keep):
        name = cards.opus_cards()[action.opus].name
        return f"You were not dealt {name}: {offer}."
    return f"First keep one of your two Magnum Opus cards: {offer}."


def _pick_refusal(s: MagnumOpusState, seat: int, action: Action) -> str:
    held = s.alchemists[seat].held
    pack = ", ".join(card_label((n, held)) for n in s.packs[held])
    if isinstance(action, Pick):
        return f"Your pack has no {character_label(action.numeral)}: it holds {pack}."
    return f"Now choose a card from your pack: {pack}."


def _opening_refusal(s: MagnumOpusState, patron: Patron, action: Action) -> str:
    numeral = patron.numeral
    label = character_label(numeral)
    favor = cards.characters()[numeral].favor
    alchemist = s.alchemists[patron.seat]
    purse = alchemist.silver + cards.characters()[numeral].funds
    match action:
        case BuyAtClock(kind):
            if numeral > cards.LAST_SHOWING:
                return "Only Characters I to VI let their patron buy at the Astronomical Clock."
            if alchemist.silver < CLOCK_PRICE:
                return f"The Clock asks {CLOCK_PRICE} silver; you have {alchemist.silver}."
            shown = sorted({str(cards.shown(c)) for c in alchemist.front if c[0] == numeral})
            if kind not in shown:
                return f"Your {label} cards show only {', '.join(shown)}."
            return f"There is no {kind} at the Astronomical Clock."
        case BuyInLane(kind):
            if favor != "lane":
                return f"{label}'s Favor is not a purchase in the Golden Lane."
            if purse < LANE_PRICE:
                return f"The Golden Lane asks {LANE_PRICE} silver; with the Funds you have {purse}."
            return f"There is no {kind} in the Golden Lane."
        case AddFromPack(other):
            if favor != "add":
                return f"Only Johann's Favor adds a card from your pack, not {label}'s."
            if other <= numeral:
                return f"The Favor may add only a card of a higher numeral than {label}."
            return f"Your pack has no {character_label(other)}."
        case ChooseTarget("rob", target, silver) if silver is not None and favor == "rob":
            return _robbery_refusal(s, patron, target, silver)
        case ChooseTarget(wanted, target):
            return _target_refusal(s, patron, wanted, target, purse)
        case ChooseCard():
            return "First choose whom the Favor aims at."
        case Back():
            return "There is nothing to take back."
    return f"You are the patron of {label}."


def _robbery_refusal(s: MagnumOpusState, patron: Patron, target: int, silver: int) -> str:
    if not 0 <= target < s.players or target == patron.seat:
        return _target_refusal(s, patron, "rob", target, 0)
    if silver == 0:
        return "To take no silver, pass: you keep the Funds and rob nobody."
    has = s.alchemists[target].silver
    if silver > patronage.ROBBERY:
        return f"Venceslas takes at most {patronage.ROBBERY} silver."
    if has == 0:
        return f"{seat_ref(target)} has no silver to take."
    if silver > has:
        return f"{seat_ref(target)} has only {has} silver."
    # The most there is to take has its own, shorter notation.
    return f"Taking {silver} silver is rob {target + 1}."


def _target_refusal(
    s: MagnumOpusState, patron: Patron, wanted: str, target: int, purse: int
) -> str:
    numeral = patron.numeral
    label = character_label(numeral)
    favor = cards.characters()[numeral].favor
    if wanted != favor:
        return f"{label}'s Favor is to {_FAVOR_VERBS[favor]}."
    if not 0 <= target < s.players:
        return f"Nobody plays number {target + 1} in this game."
    if target == patron.seat:
        return "The Favor must aim at another alchemist, not at you."
    if favor == "rob":
        return f"{seat_ref(target)} has no silver to take."
    if favor == "bribe" and purse < 1:
        return "You have no silver to give for a card."
    if favor == "exchange":
        return (
            f"No exchange with {seat_ref(target)} would change anything: each of you needs a "
            f"card of a higher numeral than {cards.ROMAN[numeral]}, and they must differ."
        )
    return f"{seat_ref(target)} has no card of a higher numeral than {cards.ROMAN[numeral]}."


def _card_refusal(s: MagnumOpusState, patron: Patron, action: Action) -> str:
    expected = {c.verb for c in patronage.card_choices(s, patron) if isinstance(c, ChooseCard)}
    verb = next(iter(expected), "take")
    if not isinstance(action, ChooseCard) or action.verb != verb:
        return f"First name the card to {verb} (or go back)."
    code = action.card
    if cards.numeral_of_code(code) <= patron.numeral:
        return (
            f"{character_label(patron.numeral)}'s Favor touches only cards of a higher "
            f"numeral than {cards.ROMAN[patron.numeral]}."
        )
    if verb == "give":
        if code == patron.taken:
            return "Giving back the same card would change nothing."
        return f"You have no {code_label(code)} in front of you."
    target = s.alchemists[patron.target]
    if any(cards.card_code(c) == code for c in target.front):
        return f"You have no card other than {code_label(code)} to give in exchange."
    return f"{seat_ref(patron.target)} has no {code_label(code)} in front of them."
