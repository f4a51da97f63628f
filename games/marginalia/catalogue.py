"""Marginalia's cards in words: the catalogue ``/card`` shows and the turn panel quotes.

Every card entry is written from the pool's data (``data/*.toml``, read by ``cards.py``): the
name, the ability or effect in the card's own words, when the ability works (from its
trigger and line), its humor and types, its attack and health, and a short form built by
``labels.brief`` from the effect itself, so the words never drift from what the engine plays.
The two tokens follow, then the rules text's terms a player meets by name (the front and back
lines, reinforcing, the erased pile, …). ``card_keys`` names the entries a decision plays,
places, aims or takes.
"""

from __future__ import annotations

from functools import cache

from games.core.catalogue import SHORT_LIMIT, CardText, fit_short
from games.marginalia import cards, labels
from games.marginalia.actions import (
    TOKEN,
    Action,
    Back,
    Composite,
    Decline,
    PlayCard,
    Summon,
    Target,
    To,
    Use,
)
from games.marginalia.cards import Ability, CardData
from games.marginalia.effects import effect_of
from games.marginalia.page import at
from games.marginalia.state import MAX_PLAYS, MarginaliaState
from games.marginalia.text import article

#: Cards whose ability or effect the rules text itself quotes as its examples; every other
#: card, and every number but Cancer's, the Saint's and cura te ipsum's, is Grimoire's own.
QUOTED = frozenset({"cancer", "bishop-of-lyons", "smiting-angel", "ziz", "cura-te-ipsum"})

_POOL = "(in Grimoire's own card pool)"
_OWN_POOL = f"Grimoire's own card {_POOL}"
_QUOTED = f"the rules text's example, with Grimoire's attack, health and copies {_POOL}"
#: Where a card's numbers come from when it is not as ``_QUOTED`` or ``_OWN_POOL`` say: the
#: rules text gives Cancer (3/3) and cura te ipsum (heal 5) whole, and the Saint's 3/4 with
#: no ability.
_SOURCES = {
    "cancer": (
        "the rules text's example, its ability, attack and health as the text gives them "
        f"(the copies in the pool are Grimoire's) {_POOL}"
    ),
    "cura-te-ipsum": (
        "the rules text's example, its effect as the text gives it (the copies in the pool "
        f"are Grimoire's) {_POOL}"
    ),
    "saint": (
        "Grimoire's own ability and copies, on the rules text's Saint with its attack and "
        f"health (3/4) {_POOL}"
    ),
}

#: Where the rules text says more about a card of each kind.
_RULES_FOR = {
    "marginalis": "Rules: “Playing a Marginalis”",
    "incantation": "Rules: “Playing an Incantation”",
    "token": "Rules: “Playing a Marginalis”; Grimoire's rule decision 24 (tokens)",
}

#: When an ability works, from its trigger (and whether its controller chooses to use it).
_WHEN = {
    "front": (
        "It triggers when this marginalis reaches the front line, played there or moving up "
        "from behind; played to the back line, it waits."
    ),
    "attack": "It triggers when this marginalis attacks, before damage is dealt.",
    "attacked": "It triggers when this marginalis is attacked in a fight, before damage.",
    "play": "It triggers by itself at the start of your play phase.",
    "reset": "It triggers by itself in your reset phase.",
}
_CHOSEN = {
    "play": "Use it from your turn panel in your play phase, once per turn.",
    "reset": "You may use it from your turn panel in your reset phase, once per turn.",
    "each": (
        "You may use it from your turn panel once per turn, in your reset phase or in the "
        "other player's, after they are done with theirs."
    ),
    "any": (
        "Use it from your turn panel once per turn, in any phase of your turn: the play "
        "phase, between two fights of your attack, or the reset phase."
    ),
}
_STATIC = (
    "It applies as soon as its condition holds, and ends only when a reset phase checks it "
    "(the rules' Cancer and Saint example)."
)
_REINFORCEMENT = (
    "A Reinforcement: it works only from the back line, on the marginalis in front of this one."
)


def _when(ability: Ability) -> str:
    if ability.reinforcement and ability.trigger == "static":
        return _REINFORCEMENT
    if ability.reinforcement:
        return f"{_REINFORCEMENT} {_WHEN[ability.trigger]}"
    if ability.trigger == "static":
        return f"It works while this marginalis is on the front line. {_STATIC}"
    if ability.activated:
        return _CHOSEN["each" if ability.whose == "each" else ability.trigger]
    return _WHEN[ability.trigger]


def _humor(data: CardData) -> str:
    return cards.HUMOR_NAMES[data.humor]


def _short(data: CardData) -> str:
    """The effect in a few words, with a marginalis' attack/health and ability name."""
    words = labels.brief(data.code)
    words = words[:1].upper() + words[1:]
    if data.ability is not None:
        long = f"{data.attack}/{data.health} · {data.ability.name}: {words}"
        return long if len(long) <= SHORT_LIMIT else fit_short(words)
    if data.kind == "token":
        return f"{data.attack}/{data.health} token, no ability"
    return fit_short(words)


def _marginalis(data: CardData) -> CardText:
    ability = data.ability
    assert ability is not None
    types = " and ".join(data.types)
    text = (
        f"{article(types)} {types} marginalis of {_humor(data)}, {data.attack} attack and "
        f"{data.health} health.\n*{ability.name}*: {ability.text}\n{_when(ability)}"
    )
    return CardText(
        key=data.code,
        name=data.name,
        kind="marginalis",
        text=text,
        short=_short(data),
        numbers=(
            ("Attack", str(data.attack)),
            ("Health", str(data.health)),
            ("Copies in the pool", str(data.copies)),
        ),
        rules=f"{_RULES_FOR['marginalis']}; {_source(data.code)}",
        own=data.code not in QUOTED,
    )


def _incantation(data: CardData) -> CardText:
    # A card kept after use says where it goes in its own words.
    after = "" if data.keep else "\nThen it is erased (to your erased pile)."
    text = (
        f"An incantation of {_humor(data)}: it resolves at once when played and counts "
        f"toward your card limit.\n{data.text}{after}"
    )
    return CardText(
        key=data.code,
        name=data.name,
        kind="incantation",
        text=text,
        short=_short(data),
        numbers=(("Copies in the pool", str(data.copies)),),
        rules=f"{_RULES_FOR['incantation']}; {_source(data.code)}",
        own=data.code not in QUOTED,
    )


def _token(data: CardData) -> CardText:
    makers = [c.name for c in cards.catalogue().values() if _makes(c, data.code)]
    text = (
        f"A token marginalis, {data.attack} attack and {data.health} health, made by "
        f"{' and '.join(makers)}. It has no ability, never counts toward the card limit, and "
        "leaves the game when it is erased."
    )
    return CardText(
        key=data.code,
        name=data.name,
        kind="token",
        text=text,
        short=_short(data),
        numbers=(("Attack", str(data.attack)), ("Health", str(data.health))),
        rules=f"{_RULES_FOR['token']}; Grimoire's own token",
        own=True,
    )


def _makes(data: CardData, token: str) -> bool:
    effect = data.effect if data.ability is None else data.ability.effect
    return effect is not None and any(e.token == token for e in effect.branches())


def _source(code: str) -> str:
    """Where the card comes from: the rules text's examples, in part or whole, or the pool."""
    if code in _SOURCES:
        return _SOURCES[code]
    return _QUOTED if code in QUOTED else _OWN_POOL


#: The rules text's terms a player meets by name, in Grimoire's words: (key, name, text,
#: short, where the rules say more).
_KEYWORDS: tuple[tuple[str, str, str, str, str], ...] = (
    (
        "front-line",
        "Front line",
        "The row of your side of the page nearest the other player (rank 2 for p1, 3 for p2). "
        "Marginalia are played there, fight the marginalis facing them in the same column, "
        "and most abilities work only from there.",
        "Where marginalia are played, fight, and use their abilities",
        "Rules: “The Page”",
    ),
    (
        "back-line",
        "Back line",
        "The row of your side nearest you (rank 1 for p1, 4 for p2). A marginalis goes there "
        "only behind one of yours on the front line (reinforcing it), and moves up as soon as "
        "that one is erased.",
        "Behind a front-line marginalis: it waits, reinforces, and moves up when it falls",
        "Rules: “The Page”",
    ),
    (
        "reinforcing",
        "Reinforcing",
        "Playing a marginalis to the back line, behind one of yours on the front line. Its "
        "ability waits until it reaches the front line, except a Reinforcement ability, which "
        "works only from the back line, on the marginalis in front of it.",
        "A marginalis behind one of yours; it moves up when the one in front is erased",
        "Rules: “The Page”, “Playing a Marginalis”",
    ),
    (
        "card-limit",
        "Card limit",
        f"How many cards you may play from your hand in a turn: the first player 1, then 2, "
        f"the second player 2; then {MAX_PLAYS} each. Cards played by another card's effect "
        "and tokens do not count.",
        f"Cards from your hand per turn: 1 or 2 at first, then {MAX_PLAYS}",
        "Rules: “Play Phase”",
    ),
    (
        "unopposed",
        "Unopposed",
        "A front-line marginalis with no enemy marginalis in the same column. When it "
        "attacks, it deals its attack to the other player.",
        "Nothing faces it: its attack hits the other player",
        "Rules: “Attack Phase”",
    ),
    (
        "erased-pile",
        "Erased pile",
        "Where erased marginalia and used incantations go, face up. A marginalis is erased "
        "once its damage equals or exceeds its health.",
        "Erased marginalia and used incantations, face up",
        "Rules: “The Page”, “Attack Phase”",
    ),
    (
        "discard-pile",
        "Discard pile",
        "Where the rest of your hand goes, face down, when you attack. When your deck cannot "
        "give you 5 cards, the discard pile is shuffled into a new deck; with too few cards "
        "in both, you lose.",
        "Your unplayed cards, face down; it becomes your deck when the deck runs short",
        "Rules: “Draw Phase”, “Play Phase”",
    ),
    (
        "humor",
        "Humor",
        "Every card belongs to one of four humors: "
        + ", ".join(cards.HUMOR_NAMES[h] for h in cards.HUMORS)
        + ". The humor is its family; no rule depends on it.",
        "The card's family: Yellow Bile, Phlegm, Blood or Black Bile",
        "Rules: “The Humors”",
    ),
)


def _keyword(key: str, name: str, text: str, short: str, rules: str) -> CardText:
    return CardText(
        key=key, name=name, kind="keyword", text=text, short=short, rules=rules, own=False
    )


@cache
def catalogue() -> tuple[CardText, ...]:
    """Every card of the pool by humor, in the data's order, then the tokens and keywords."""
    entries: list[CardText] = []
    for data in cards.catalogue().values():
        if data.kind == "marginalis":
            entries.append(_marginalis(data))
        elif data.kind == "incantation":
            entries.append(_incantation(data))
        else:
            entries.append(_token(data))
    entries += [_keyword(*words) for words in _KEYWORDS]
    return tuple(entries)


# ----------------------------------------------------------------- what an action names
def card_keys(s: MarginaliaState, seat: int, action: Action) -> tuple[str, ...]:
    """The cards ``action`` plays, places, aims, moves or takes (the card acting first, then
    a token it makes and the marginalis it aims at), from what ``seat`` may know."""
    found: list[str] = []
    decisions = action.decisions if isinstance(action, Composite) else (action,)
    for index, decision in enumerate(decisions):
        found += _keys(s, decision, first=index == 0, lead=found[0] if found else "")
    return tuple(dict.fromkeys(found))


def _keys(s: MarginaliaState, decision: Action, *, first: bool, lead: str) -> list[str]:
    step = s.steps[0] if s.steps and first else None
    match decision:
        case PlayCard(card):
            return [card]
        case Use(space):
            m = at(s, space)
            return [m.card] if m is not None else []
        case To():
            card = step.card if step is not None else lead
            return [card, *_token_of(card)] if card else []
        case Target(target):
            m = at(s, target)
            acting = [step.card] if step is not None else []
            return [*acting, *([m.card] if m is not None else [])]
        case Summon(card):
            searcher = step.card if step is not None else ""
            summoned = effect_of(searcher).token if card == TOKEN and searcher else card
            return [summoned, *([searcher] if searcher else [])]
        case Decline() | Back():
            return [step.card] if step is not None and step.card else []
    return []


def _token_of(code: str) -> list[str]:
    """The token an incantation places (Procession's Pilgrim), if it places one."""
    effect = cards.card(code).effect
    return [effect.token] if effect is not None and effect.kind == "token" else []
