"""Text for the game's actions, and reading it back. Examples::

    acquire rook-grammar        kings roads        study rain hills      still waters
    battlefield birds rain      libraries rook-grammar      read cards     school
    arrive     move york     ride     to dover     stay     attend york-wind
    take intro intro     take intro rain-fleet     take rain-fleet kestrel
    magic york-wind     use rook-grammar     with york-stones-3     element wind     on rain-fleet
    back     cast daedalus-rose     discard daedalus-rose     uncover kings-roads     pass
    connexion horses     named coachman     end     discard york-wind

Several decisions typed at once make a composite move: ``arrive to york``, ``magic york-birds
on lost-ring``, ``attend york-wind take intro intro``, ``discard york-wind discard bath-rain``.

>>> parse_syntax("take rain-fleet intro")
Take(picks=('intro', 'rain-fleet'))
>>> notation(Study("birds-stones"))
'study birds stones'
"""

from __future__ import annotations

from collections.abc import Callable

from games.strange_norrell import cards
from games.strange_norrell.actions import (
    INTRO,
    Acquire,
    Action,
    Arrive,
    Attend,
    Back,
    Battlefield,
    Cast,
    Composite,
    Connexion,
    Decision,
    Discard,
    DiscardSpell,
    Element,
    End,
    KingsRoads,
    Libraries,
    Magic,
    Move,
    Named,
    On,
    Pass,
    ReadCards,
    Ride,
    School,
    Stay,
    StillWaters,
    Study,
    Take,
    To,
    Uncover,
    Use,
    With,
)

_BARE: dict[str, Decision] = {
    "kings roads": KingsRoads(),
    "read cards": ReadCards(),
    "school": School(),
    "still waters": StillWaters(),
    "arrive": Arrive(),
    "ride": Ride(),
    "stay": Stay(),
    "back": Back(),
    "pass": Pass(),
    "end": End(),
}
_BARE_TEXT: dict[type, str] = {type(action): text for text, action in _BARE.items()}
#: verb -> (kind of code it takes, action built from the code)
_ONE_CODE: dict[str, tuple[str, Callable[[str], Decision]]] = {
    "acquire": ("book", Acquire),
    "libraries": ("book", Libraries),
    "move": ("location", Move),
    "to": ("location", To),
    "attend": ("engagement", Attend),
    "magic": ("engagement", Magic),
    "use": ("book", Use),
    "with": ("engagement", With),
    "element": ("element", Element),
    "on": ("feat", On),
    "cast": ("spell", Cast),
    "uncover": ("action", Uncover),
    "connexion": ("space", Connexion),
    "named": ("connexion", Named),
}
_VERB: dict[object, str] = {build: verb for verb, (_, build) in _ONE_CODE.items()}


def notation(action: Action) -> str:
    """The canonical text of an action."""
    if type(action) in _BARE_TEXT:
        return _BARE_TEXT[type(action)]
    match action:
        case Study(key):
            return "study " + key.replace("-", " ")
        case Battlefield(first, second):
            return f"battlefield {first} {second}"
        case Take(picks):
            return "take " + " ".join(picks)
        case DiscardSpell(spell):
            return f"discard {spell}"
        case Discard(card):
            return f"discard {card}"
        case Composite(decisions):
            return " ".join(notation(d) for d in decisions)
    return f"{_VERB[type(action)]} {_code_of(action)}"


def _code_of(action: Action) -> str:
    match action:
        case Acquire(x) | Libraries(x) | Use(x):
            return x
        case Move(x) | To(x):
            return x
        case Attend(x) | Magic(x) | With(x):
            return x
        case Element(x):
            return x
        case On(x):
            return x
        case Cast(x):
            return x
        case Uncover(x):
            return x
        case Connexion(x):
            return x
        case Named(x):
            return x
    raise TypeError(f"not a Jonathan Strange & Mr Norrell action: {action!r}")


#: The most words one decision takes (``take intro rain-fleet``, ``study rain hills``).
_LONGEST_DECISION = 3


def parse_syntax(text: str) -> Action | None:
    """Read normalized text as an action; None when it is not this game's notation."""
    single = _parse_decision(text)
    if single is not None or len(text.split()) < _LONGEST_DECISION:
        return single
    return _parse_composite(text.split())


def _parse_composite(words: list[str]) -> Composite | None:
    """Decisions one after the other, each read as the longest run of words it can be."""
    decisions: list[Decision] = []
    start = 0
    while start < len(words):
        for length in range(min(_LONGEST_DECISION, len(words) - start), 0, -1):
            decision = _parse_decision(" ".join(words[start : start + length]))
            if decision is not None:
                decisions.append(decision)
                start += length
                break
        else:
            return None
    return Composite(tuple(decisions)) if len(decisions) > 1 else None


def _parse_decision(text: str) -> Decision | None:
    """Read normalized text as a single decision."""
    if text in _BARE:
        return _BARE[text]
    words = text.split()
    if len(words) < 2:
        return None
    head, rest = words[0], words[1:]
    kinds = cards.code_kinds()
    if head == "study" and len(rest) == 2:
        key = "-".join(rest)
        return Study(key) if key in cards.STUDIES else None
    if head == "battlefield" and len(rest) == 2:
        return _battlefield(rest[0], rest[1])
    if head == "take":
        return _take(rest)
    if len(rest) != 1:
        return None
    code = rest[0]
    kind = kinds.get(code)
    if head == "discard":
        if kind == "spell":
            return DiscardSpell(code)
        return Discard(code) if kind == "engagement" else None
    if head in _ONE_CODE:
        wanted, build = _ONE_CODE[head]
        return build(code) if kind == wanted else None
    return None


def _battlefield(first: str, second: str) -> Decision | None:
    if first == second or first not in cards.ELEMENTS or second not in cards.ELEMENTS:
        return None
    a, b = sorted((first, second), key=cards.ELEMENTS.index)
    return Battlefield(a, b)


def _take(picks: list[str]) -> Decision | None:
    if not 1 <= len(picks) <= 2:
        return None
    feats = cards.feats()
    if any(p != INTRO and p not in feats for p in picks):
        return None
    if len(picks) == 2 and picks[0] == picks[1] != INTRO:
        return None
    intros = [p for p in picks if p == INTRO]
    return Take(tuple(intros + sorted(p for p in picks if p != INTRO)))
