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
from games.core.words import Msg, data_msg, joined, msg, pmsg
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
from games.marginalia.text import HUMOR_NAMES, article, card_name

#: Cards whose ability or effect the rules text itself quotes as its examples; every other
#: card, and every number but Cancer's, the Saint's and cura te ipsum's, is Grimoire's own.
QUOTED = frozenset({"cancer", "bishop-of-lyons", "smiting-angel", "ziz", "cura-te-ipsum"})

_OWN_POOL = msg("Grimoire's own card (in Grimoire's own card pool)")
_QUOTED = msg(
    "the rules text's example, with Grimoire's attack, health and copies "
    "(in Grimoire's own card pool)"
)
#: Where a card's numbers come from when it is not as ``_QUOTED`` or ``_OWN_POOL`` say: the
#: rules text gives Cancer (3/3) and cura te ipsum (heal 5) whole, and the Saint's 3/4 with
#: no ability.
_SOURCES = {
    "cancer": msg(
        "the rules text's example, its ability, attack and health as the text gives them "
        "(the copies in the pool are Grimoire's) (in Grimoire's own card pool)"
    ),
    "cura-te-ipsum": msg(
        "the rules text's example, its effect as the text gives it (the copies in the pool "
        "are Grimoire's) (in Grimoire's own card pool)"
    ),
    "saint": msg(
        "Grimoire's own ability and copies, on the rules text's Saint with its attack and "
        "health (3/4) (in Grimoire's own card pool)"
    ),
}

#: Where the rules text says more about a card of each kind.
_RULES_FOR = {
    "marginalis": msg("Rules: “Playing a Marginalis”"),
    "incantation": msg("Rules: “Playing an Incantation”"),
    "token": msg("Rules: “Playing a Marginalis”; Grimoire's rule decision 24 (tokens)"),
}
#: The kinds of entry, as the catalogue names them.
_KINDS = {
    "marginalis": pmsg("card kind", "marginalis"),
    "incantation": pmsg("card kind", "incantation"),
    "token": pmsg("card kind", "token"),
    "keyword": pmsg("card kind", "keyword"),
}

#: When an ability works, from its trigger (and whether its controller chooses to use it).
_WHEN = {
    "front": msg(
        "It triggers when this marginalis reaches the front line, played there or moving up "
        "from behind; played to the back line, it waits."
    ),
    "attack": msg("It triggers when this marginalis attacks, before damage is dealt."),
    "attacked": msg("It triggers when this marginalis is attacked in a fight, before damage."),
    "play": msg("It triggers by itself at the start of your play phase."),
    "reset": msg("It triggers by itself in your reset phase."),
}
_CHOSEN = {
    "play": msg("Use it from your turn panel in your play phase, once per turn."),
    "reset": msg("You may use it from your turn panel in your reset phase, once per turn."),
    "each": msg(
        "You may use it from your turn panel once per turn, in your reset phase or in the "
        "other player's, after they are done with theirs."
    ),
    "any": msg(
        "Use it from your turn panel once per turn, in any phase of your turn: the play "
        "phase, between two fights of your attack, or the reset phase."
    ),
}
_STATIC = msg(
    "It works while this marginalis is on the front line. It applies as soon as its "
    "condition holds, and ends only when a reset phase checks it (the rules' Cancer and "
    "Saint example)."
)
_REINFORCEMENT = msg(
    "A Reinforcement: it works only from the back line, on the marginalis in front of this one."
)


def _when(ability: Ability) -> Msg:
    if ability.reinforcement and ability.trigger == "static":
        return _REINFORCEMENT
    if ability.reinforcement:
        return joined((_REINFORCEMENT, _WHEN[ability.trigger]), " ")
    if ability.trigger == "static":
        return _STATIC
    if ability.activated:
        return _CHOSEN["each" if ability.whose == "each" else ability.trigger]
    return _WHEN[ability.trigger]


def _humor(data: CardData) -> Msg:
    return HUMOR_NAMES[data.humor]


def _stats(data: CardData) -> str:
    return f"{data.attack}/{data.health}"


def _short(data: CardData) -> Msg | str:
    """The effect in a few words, with a marginalis' attack/health and ability name."""
    words = labels.brief(data.code, cap=True)
    if data.ability is not None:
        long = msg(
            "{stats} · {ability}: {brief}",
            stats=_stats(data),
            ability=data_msg(data.ability.name),
            brief=words,
        )
        return long if len(long) <= SHORT_LIMIT else _fitted(words)
    if data.kind == "token":
        return msg("{stats} token, no ability", stats=_stats(data))
    return _fitted(words)


def _fitted(words: Msg) -> Msg | str:
    """``words`` as they are when they fit a menu option (always, in the pool's English)."""
    return words if len(words) <= SHORT_LIMIT and "\n" not in words else fit_short(words)


def _numbers(data: CardData, *, copies: bool, stats: bool) -> tuple[tuple[str, str], ...]:
    found: list[tuple[str, str]] = []
    if stats:
        found += [
            (pmsg("card number", "Attack"), str(data.attack)),
            (pmsg("card number", "Health"), str(data.health)),
        ]
    if copies:
        found.append((pmsg("card number", "Copies in the pool"), str(data.copies)))
    return tuple(found)


def _rules(kind: str, source: Msg) -> Msg:
    return msg("{rules}; {source}", rules=_RULES_FOR[kind], source=source)


def _marginalis(data: CardData) -> CardText:
    ability = data.ability
    assert ability is not None
    kind = labels.type_name(" and ".join(data.types))
    facts = {
        "kind": kind,
        "humor": _humor(data),
        "attack": data.attack,
        "health": data.health,
    }
    if article(" and ".join(data.types)) == "An":
        head = msg("An {kind} marginalis of {humor}, {attack} attack and {health} health.", **facts)
    else:
        head = msg("A {kind} marginalis of {humor}, {attack} attack and {health} health.", **facts)
    text = msg(
        "{head}\n*{ability}*: {text}\n{when}",
        head=head,
        ability=data_msg(ability.name),
        text=data_msg(ability.text),
        when=_when(ability),
    )
    return CardText(
        key=data.code,
        name=card_name(data.code),
        kind=_KINDS["marginalis"],
        text=text,
        short=_short(data),
        numbers=_numbers(data, copies=True, stats=True),
        rules=_rules("marginalis", _source(data.code)),
        own=data.code not in QUOTED,
    )


def _incantation(data: CardData) -> CardText:
    humor = _humor(data)
    # A card kept after use says where it goes in its own words.
    if data.keep:
        text = msg(
            "An incantation of {humor}: it resolves at once when played and counts toward "
            "your card limit.\n{text}",
            humor=humor,
            text=data_msg(data.text),
        )
    else:
        text = msg(
            "An incantation of {humor}: it resolves at once when played and counts toward "
            "your card limit.\n{text}\nThen it is erased (to your erased pile).",
            humor=humor,
            text=data_msg(data.text),
        )
    return CardText(
        key=data.code,
        name=card_name(data.code),
        kind=_KINDS["incantation"],
        text=text,
        short=_short(data),
        numbers=_numbers(data, copies=True, stats=False),
        rules=_rules("incantation", _source(data.code)),
        own=data.code not in QUOTED,
    )


def _token(data: CardData) -> CardText:
    makers = [card_name(c.code) for c in cards.catalogue().values() if _makes(c, data.code)]
    text = msg(
        "A token marginalis, {attack} attack and {health} health, made by {makers}. It has no "
        "ability, never counts toward the card limit, and leaves the game when it is erased.",
        attack=data.attack,
        health=data.health,
        makers=msg_and(makers) if makers else msg("nothing"),
    )
    return CardText(
        key=data.code,
        name=card_name(data.code),
        kind=_KINDS["token"],
        text=text,
        short=_short(data),
        numbers=_numbers(data, copies=False, stats=True),
        rules=_rules("token", msg("Grimoire's own token")),
        own=True,
    )


def msg_and(parts: list[Msg]) -> Msg:
    """Names joined by "and", every one of them."""
    joined_up = parts[0]
    for later in parts[1:]:
        joined_up = msg("{first} and {then}", first=joined_up, then=later)
    return joined_up


def _makes(data: CardData, token: str) -> bool:
    effect = data.effect if data.ability is None else data.ability.effect
    return effect is not None and any(e.token == token for e in effect.branches())


def _source(code: str) -> Msg:
    """Where the card comes from: the rules text's examples, in part or whole, or the pool."""
    if code in _SOURCES:
        return _SOURCES[code]
    return _QUOTED if code in QUOTED else _OWN_POOL


#: The rules text's terms a player meets by name, in Grimoire's words: (key, name, text,
#: short, where the rules say more).
_KEYWORDS: tuple[tuple[str, Msg, Msg, Msg, Msg], ...] = (
    (
        "front-line",
        msg("Front line"),
        msg(
            "The row of your side of the page nearest the other player (rank 2 for p1, 3 for "
            "p2). Marginalia are played there, fight the marginalis facing them in the same "
            "column, and most abilities work only from there."
        ),
        msg("Where marginalia are played, fight, and use their abilities"),
        msg("Rules: “The Page”"),
    ),
    (
        "back-line",
        msg("Back line"),
        msg(
            "The row of your side nearest you (rank 1 for p1, 4 for p2). A marginalis goes "
            "there only behind one of yours on the front line (reinforcing it), and moves up "
            "as soon as that one is erased."
        ),
        msg("Behind a front-line marginalis: it waits, reinforces, and moves up when it falls"),
        msg("Rules: “The Page”"),
    ),
    (
        "reinforcing",
        msg("Reinforcing"),
        msg(
            "Playing a marginalis to the back line, behind one of yours on the front line. Its "
            "ability waits until it reaches the front line, except a Reinforcement ability, "
            "which works only from the back line, on the marginalis in front of it."
        ),
        msg("A marginalis behind one of yours; it moves up when the one in front is erased"),
        msg("Rules: “The Page”, “Playing a Marginalis”"),
    ),
    (
        "card-limit",
        msg("Card limit"),
        msg(
            "How many cards you may play from your hand in a turn: the first player 1, then 2, "
            "the second player 2; then {most} each. Cards played by another card's effect and "
            "tokens do not count.",
            most=MAX_PLAYS,
        ),
        msg("Cards from your hand per turn: 1 or 2 at first, then {most}", most=MAX_PLAYS),
        msg("Rules: “Play Phase”"),
    ),
    (
        "unopposed",
        msg("Unopposed"),
        msg(
            "A front-line marginalis with no enemy marginalis in the same column. When it "
            "attacks, it deals its attack to the other player."
        ),
        msg("Nothing faces it: its attack hits the other player"),
        msg("Rules: “Attack Phase”"),
    ),
    (
        "erased-pile",
        msg("Erased pile"),
        msg(
            "Where erased marginalia and used incantations go, face up. A marginalis is erased "
            "once its damage equals or exceeds its health."
        ),
        msg("Erased marginalia and used incantations, face up"),
        msg("Rules: “The Page”, “Attack Phase”"),
    ),
    (
        "discard-pile",
        msg("Discard pile"),
        msg(
            "Where the rest of your hand goes, face down, when you attack. When your deck "
            "cannot give you 5 cards, the discard pile is shuffled into a new deck; with too "
            "few cards in both, you lose."
        ),
        msg("Your unplayed cards, face down; it becomes your deck when the deck runs short"),
        msg("Rules: “Draw Phase”, “Play Phase”"),
    ),
    (
        "humor",
        msg("Humor"),
        msg(
            "Every card belongs to one of four humors: {humors}. The humor is its family; no "
            "rule depends on it.",
            humors=joined((HUMOR_NAMES[h] for h in cards.HUMORS), ", "),
        ),
        msg("The card's family: Yellow Bile, Phlegm, Blood or Black Bile"),
        msg("Rules: “The Humors”"),
    ),
)


def _keyword(key: str, name: Msg, text: Msg, short: Msg, rules: Msg) -> CardText:
    return CardText(
        key=key,
        name=name,
        kind=_KINDS["keyword"],
        text=text,
        short=short,
        rules=rules,
        own=False,
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
