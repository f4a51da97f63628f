"""Why an action is refused: one plain sentence for the player."""

from __future__ import annotations

from collections.abc import Callable

from games.core import seat_ref
from games.core.words import Msg, data_msg, joined, msg
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
from games.magnum_opus.text import card_label, character_label, code_label, ingredient_word

_FAVOR_VERBS: dict[str, Callable[[Msg], Msg]] = {
    "discard": lambda c: msg(
        "{character}'s Favor is to discard a card in front of another alchemist.", character=c
    ),
    "exchange": lambda c: msg(
        "{character}'s Favor is to exchange a card with another alchemist.", character=c
    ),
    "add": lambda c: msg("{character}'s Favor is to add a card from your pack.", character=c),
    "bribe": lambda c: msg(
        "{character}'s Favor is to take another alchemist's card for 1 silver.", character=c
    ),
    "rob": lambda c: msg(
        "{character}'s Favor is to take up to 2 silver from another alchemist.", character=c
    ),
    "lane": lambda c: msg(
        "{character}'s Favor is to buy an ingredient in the Golden Lane.", character=c
    ),
}


def not_your_turn(s: MagnumOpusState, seat: int) -> Msg:
    """What a seat is told when it acts while it may not."""
    if not 0 <= seat < s.players:
        return msg("You are not seated in this game.")
    waiting = _seats(sorted(rules.to_act(s)))
    if s.phase == "keep":
        return msg("You have kept your Magnum Opus card; waiting for {waiting}.", waiting=waiting)
    if s.phase == "pick":
        return msg(
            "You have already chosen your card; waiting for {waiting} to choose.", waiting=waiting
        )
    if s.patron is not None:
        label = character_label(s.patron.numeral)
        return msg(
            "{patron} is deciding as the patron of {character}.",
            patron=seat_ref(s.patron.seat),
            character=label,
        )
    return msg("It is not your turn.")


def explain(s: MagnumOpusState, seat: int, action: Action) -> Msg:
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
    return msg("{reason} You may: {choices}.", reason=reason, choices=_choices(s))


def _word(kind: str) -> Msg | str:
    """An ingredient's word, or what the player typed when it names none."""
    return ingredient_word(kind) if kind in cards.ingredient_data() else kind


def _seats(seats: list[int]) -> Msg:
    return joined([seat_ref(seat) for seat in seats], ", ")


def _choices(s: MagnumOpusState) -> Msg:
    return joined([notation(a) for a in patronage.choices(s)], ", ")


def _keep_refusal(s: MagnumOpusState, seat: int, action: Action) -> Msg:
    first, second = s.alchemists[seat].dealt
    offer = msg("keep {first} or keep {second}", first=first, second=second)
    if isinstance(action, Keep):
        name = data_msg(cards.opus_cards()[action.opus].name)
        return msg("You were not dealt {card}: {offer}.", card=name, offer=offer)
    return msg("First keep one of your two Magnum Opus cards: {offer}.", offer=offer)


def _pick_refusal(s: MagnumOpusState, seat: int, action: Action) -> Msg:
    held = s.alchemists[seat].held
    pack = joined([card_label((n, held)) for n in s.packs[held]], ", ")
    if isinstance(action, Pick):
        return msg(
            "Your pack has no {character}: it holds {pack}.",
            character=character_label(action.numeral),
            pack=pack,
        )
    return msg("Now choose a card from your pack: {pack}.", pack=pack)


def _opening_refusal(s: MagnumOpusState, patron: Patron, action: Action) -> Msg:
    numeral = patron.numeral
    label = character_label(numeral)
    favor = cards.characters()[numeral].favor
    alchemist = s.alchemists[patron.seat]
    purse = alchemist.silver + cards.characters()[numeral].funds
    match action:
        case BuyAtClock(kind):
            if numeral > cards.LAST_SHOWING:
                return msg(
                    "Only Characters I to VI let their patron buy at the Astronomical Clock."
                )
            if alchemist.silver < CLOCK_PRICE:
                return msg(
                    "The Clock asks {price} silver; you have {silver}.",
                    price=CLOCK_PRICE,
                    silver=alchemist.silver,
                )
            shown = sorted({str(cards.shown(c)) for c in alchemist.front if c[0] == numeral})
            if kind not in shown:
                return msg(
                    "Your {character} cards show only {ingredients}.",
                    character=label,
                    ingredients=joined([_word(k) for k in shown], ", "),
                )
            return msg(
                "There is no {ingredient} at the Astronomical Clock.", ingredient=_word(kind)
            )
        case BuyInLane(kind):
            if favor != "lane":
                return msg(
                    "{character}'s Favor is not a purchase in the Golden Lane.", character=label
                )
            if purse < LANE_PRICE:
                return msg(
                    "The Golden Lane asks {price} silver; with the Funds you have {silver}.",
                    price=LANE_PRICE,
                    silver=purse,
                )
            return msg("There is no {ingredient} in the Golden Lane.", ingredient=_word(kind))
        case AddFromPack(other):
            if favor != "add":
                return msg(
                    "Only Johann's Favor adds a card from your pack, not {character}'s.",
                    character=label,
                )
            if other <= numeral:
                return msg(
                    "The Favor may add only a card of a higher numeral than {character}.",
                    character=label,
                )
            return msg("Your pack has no {character}.", character=character_label(other))
        case ChooseTarget("rob", target, silver) if silver is not None and favor == "rob":
            return _robbery_refusal(s, patron, target, silver)
        case ChooseTarget(wanted, target):
            return _target_refusal(s, patron, wanted, target, purse)
        case ChooseCard():
            return msg("First choose whom the Favor aims at.")
        case Back():
            return msg("There is nothing to take back.")
    return msg("You are the patron of {character}.", character=label)


def _robbery_refusal(s: MagnumOpusState, patron: Patron, target: int, silver: int) -> Msg:
    if not 0 <= target < s.players or target == patron.seat:
        return _target_refusal(s, patron, "rob", target, 0)
    if silver == 0:
        return msg("To take no silver, pass: you keep the Funds and rob nobody.")
    has = s.alchemists[target].silver
    if silver > patronage.ROBBERY:
        return msg("Venceslas takes at most {most} silver.", most=patronage.ROBBERY)
    if has == 0:
        return msg("{rival} has no silver to take.", rival=seat_ref(target))
    if silver > has:
        return msg("{rival} has only {silver} silver.", rival=seat_ref(target), silver=has)
    # The most there is to take has its own, shorter notation.
    move = " ".join(("rob", str(target + 1)))
    return msg("Taking {silver} silver is {move}.", silver=silver, move=move)


def _target_refusal(
    s: MagnumOpusState, patron: Patron, wanted: str, target: int, purse: int
) -> Msg:
    numeral = patron.numeral
    label = character_label(numeral)
    favor = cards.characters()[numeral].favor
    if wanted != favor:
        return _FAVOR_VERBS[favor](label)
    if not 0 <= target < s.players:
        return msg("Nobody plays number {number} in this game.", number=target + 1)
    if target == patron.seat:
        return msg("The Favor must aim at another alchemist, not at you.")
    if favor == "rob":
        return msg("{rival} has no silver to take.", rival=seat_ref(target))
    if favor == "bribe" and purse < 1:
        return msg("You have no silver to give for a card.")
    if favor == "exchange":
        return msg(
            "No exchange with {rival} would change anything: each of you needs a "
            "card of a higher numeral than {numeral}, and they must differ.",
            rival=seat_ref(target),
            numeral=cards.ROMAN[numeral],
        )
    return msg(
        "{rival} has no card of a higher numeral than {numeral}.",
        rival=seat_ref(target),
        numeral=cards.ROMAN[numeral],
    )


def _card_refusal(s: MagnumOpusState, patron: Patron, action: Action) -> Msg:
    expected = {c.verb for c in patronage.card_choices(s, patron) if isinstance(c, ChooseCard)}
    verb = next(iter(expected), "take")
    if not isinstance(action, ChooseCard) or action.verb != verb:
        return _FIRST_NAME[verb]
    code = action.card
    if cards.numeral_of_code(code) <= patron.numeral:
        return msg(
            "{character}'s Favor touches only cards of a higher numeral than {numeral}.",
            character=character_label(patron.numeral),
            numeral=cards.ROMAN[patron.numeral],
        )
    if verb == "give":
        if code == patron.taken:
            return msg("Giving back the same card would change nothing.")
        return msg("You have no {card} in front of you.", card=code_label(code))
    target = s.alchemists[patron.target]
    if any(cards.card_code(c) == code for c in target.front):
        return msg("You have no card other than {card} to give in exchange.", card=code_label(code))
    return msg(
        "{rival} has no {card} in front of them.",
        rival=seat_ref(patron.target),
        card=code_label(code),
    )


_FIRST_NAME = {
    "take": msg("First name the card to take (or go back)."),
    "give": msg("First name the card to give (or go back)."),
    "discard": msg("First name the card to discard (or go back)."),
}
