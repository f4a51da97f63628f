"""Text for Magnum Opus's actions, and reading it back.

Seats are numbered from 1 in text, from 0 inside the engine. Characters are named by their
key (``marie``) or numeral (``7``); cards in front of an alchemist by their code, which adds
the ingredient shown on cards I to VI (``jezebel-salt``). Examples::

    keep aurora            pick marie          pick 7
    clock salt             lane mercury        pass          back
    discard 3              discard marie       rob 2         rob 2 1       add lukas
    bribe 2                take kunhuta        exchange 3    take marie     give jezebel-salt
    discard 3 marie        bribe 2 take kunhuta       exchange 3 take marie give lukas
"""

from __future__ import annotations

from functools import cache

from games.magnum_opus import cards
from games.magnum_opus.actions import (
    Action,
    AddFromPack,
    Back,
    BuyAtClock,
    BuyInLane,
    CardVerb,
    ChooseCard,
    ChooseTarget,
    CompositeFavor,
    Keep,
    Pass,
    Pick,
    TargetFavor,
)

MAX_SEATS = 5
_TARGETS: dict[str, TargetFavor] = {
    "discard": "discard",
    "exchange": "exchange",
    "bribe": "bribe",
    "rob": "rob",
}
_CARD_VERBS: dict[str, CardVerb] = {"discard": "discard", "take": "take", "give": "give"}
#: In a Favor typed at once, a card named without a verb is taken to mean these, in order.
_DEFAULT_VERBS: dict[str, tuple[CardVerb, ...]] = {
    "discard": ("discard",),
    "bribe": ("take",),
    "exchange": ("take", "give"),
}


@cache
def notation(action: Action) -> str:
    """The canonical text of an action."""
    match action:
        case Keep(opus):
            return f"keep {opus}"
        case Pick(numeral):
            return f"pick {cards.characters()[numeral].key}"
        case BuyAtClock(kind):
            return f"clock {kind}"
        case BuyInLane(kind):
            return f"lane {kind}"
        case ChooseTarget(favor, seat, None):
            return f"{favor} {seat + 1}"
        case ChooseTarget(favor, seat, silver):
            return f"{favor} {seat + 1} {silver}"
        case ChooseCard(verb, code):
            return f"{verb} {code}"
        case AddFromPack(numeral):
            return f"add {cards.characters()[numeral].key}"
        case Pass():
            return "pass"
        case Back():
            return "back"
        case CompositeFavor(decisions):
            return _composite_favor(decisions)
    raise TypeError(f"not a Magnum Opus action: {action!r}")


def _composite_favor(decisions: tuple[ChooseTarget | ChooseCard, ...]) -> str:
    words: list[str] = []
    verb = ""
    for decision in decisions:
        if isinstance(decision, ChooseCard) and decision.verb == verb:
            words.append(decision.card)
        else:
            words.append(notation(decision))
        verb = decision.verb if isinstance(decision, ChooseCard) else decision.favor
    return " ".join(words)


@cache
def _characters_by_word() -> dict[str, int]:
    words = dict(cards.numeral_of())
    for numeral in cards.NUMERALS:
        words[str(numeral)] = numeral
        words[cards.ROMAN[numeral].lower()] = numeral
    return words


def _seat(word: str) -> int | None:
    if not word.isdigit() or len(word) > 1:
        return None
    seat = int(word)
    return seat - 1 if 1 <= seat <= MAX_SEATS else None


def parse_syntax(text: str) -> Action | None:
    """Read normalized text as an action; None when it is not Magnum Opus notation."""
    words = text.split()
    if len(words) == 1:
        bare: dict[str, Action] = {"pass": Pass(), "back": Back()}
        return bare.get(words[0])
    if len(words) < 2:
        return None
    head, word = words[0], words[1]
    if head in _TARGETS:
        seat = _seat(word)
        if seat is not None:
            target = ChooseTarget(_TARGETS[head], seat)
            if len(words) == 2:
                return target
            if head == "rob":
                return _parse_robbery(target, words[2:])
            return _parse_composite_favor(target, words[2:])
    if len(words) != 2:
        return None
    return _parse_pair(head, word)


def _parse_pair(head: str, word: str) -> Action | None:
    if head in ("pick", "add"):
        numeral = _characters_by_word().get(word)
        if numeral is None:
            return None
        return Pick(numeral) if head == "pick" else AddFromPack(numeral)
    if head in ("clock", "lane"):
        if word not in cards.ingredients():
            return None
        return BuyAtClock(word) if head == "clock" else BuyInLane(word)
    if head == "keep":
        return Keep(word) if word in cards.opus_cards() else None
    if head in _CARD_VERBS and word in cards.all_codes():
        return ChooseCard(_CARD_VERBS[head], word)
    return None


def _parse_robbery(target: ChooseTarget, rest: list[str]) -> ChooseTarget | None:
    """``rob 2 1``: Venceslas takes only this much silver (``rob 2`` takes the most)."""
    if len(rest) == 2 and rest[1] == "silver":
        rest = rest[:1]
    if len(rest) != 1 or not rest[0].isdigit() or len(rest[0]) > 1:
        return None
    return ChooseTarget(target.favor, target.seat, int(rest[0]))


def _parse_composite_favor(target: ChooseTarget, rest: list[str]) -> CompositeFavor | None:
    defaults = list(_DEFAULT_VERBS.get(target.favor, ()))
    decisions: list[ChooseTarget | ChooseCard] = [target]
    verb: CardVerb | None = None
    for word in rest:
        if word in _CARD_VERBS and verb is None:
            verb = _CARD_VERBS[word]
            continue
        if word not in cards.all_codes() or not defaults:
            return None
        default = defaults.pop(0)
        decisions.append(ChooseCard(verb or default, word))
        verb = None
    if verb is not None:
        return None
    return CompositeFavor(tuple(decisions))
