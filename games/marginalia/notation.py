"""Text for Marginalia's actions, and reading it back.

Spaces are named like chess squares (see ``page``): files ``a``-``e``, ranks 1-4, the first
seat's side on ranks 1-2. Players are ``p1`` and ``p2``; cards go by their code. Examples::

    play cancer          to c2            play cancer to c2     (both at once)
    play ignis-sacer     target c3        play ignis-sacer target p2
    play salamander to c2 target p2       (a card, its space, and the target its arrival aims)
    use b2               target p1        use b2 target p1      use c2 to a2
    attack               attack from a    attack from e
    end turn             summon white-unicorn    summon token
    decline              back
"""

from __future__ import annotations

from games.marginalia import cards
from games.marginalia.actions import (
    TOKEN,
    Action,
    Attack,
    Back,
    Composite,
    Decline,
    EndTurn,
    PlayCard,
    Summon,
    Target,
    To,
    Use,
)
from games.marginalia.page import is_target_code, locate

#: Words that may name where an attack starts; ``left`` and ``right`` are read too.
_STARTS = {"a": "a", "e": "e", "left": "a", "right": "e"}


def notation(action: Action) -> str:
    """The canonical text of an action."""
    match action:
        case PlayCard(card):
            return f"play {card}"
        case To(space):
            return f"to {space}"
        case Target(target):
            return f"target {target}"
        case Use(space):
            return f"use {space}"
        case Attack(start):
            return "attack" if start is None else f"attack from {start}"
        case EndTurn():
            return "end turn"
        case Summon(card):
            return f"summon {card}"
        case Decline():
            return "decline"
        case Back():
            return "back"
        case Composite(decisions):
            return " ".join(notation(decision) for decision in decisions)
    raise TypeError(f"not a Marginalia action: {action!r}")


def parse_syntax(text: str) -> Action | None:
    """Read normalized text as an action; None when it is not Marginalia notation."""
    words = text.split()
    if not words:
        return None
    if len(words) > 2 and words[0] in ("play", "use"):
        return _parse_composite(words)
    return _parse_simple(words)


def _parse_simple(words: list[str]) -> Action | None:
    head, rest = words[0], words[1:]
    if not rest:
        bare: dict[str, Action] = {"attack": Attack(), "decline": Decline(), "back": Back()}
        return bare.get(head)
    if len(rest) != 1:
        if head == "attack" and len(rest) == 2 and rest[0] == "from" and rest[1] in _STARTS:
            return Attack("a" if _STARTS[rest[1]] == "a" else "e")
        return None
    word = rest[0]
    match head:
        case "play":
            return PlayCard(word) if word in cards.card_codes() else None
        case "to":
            return To(word) if locate(word) is not None else None
        case "target":
            return Target(word) if is_target_code(word) else None
        case "use":
            return Use(word) if locate(word) is not None else None
        case "end":
            return EndTurn() if word == "turn" else None
        case "summon":
            return Summon(word) if word == TOKEN or word in cards.card_codes() else None
    return None


def _parse_composite(words: list[str]) -> Action | None:
    if len(words) not in (4, 6):
        return None
    first = _parse_simple(words[:2])
    second = _parse_simple(words[2:4])
    if not isinstance(first, PlayCard | Use) or not isinstance(second, To | Target):
        return None
    if len(words) == 4:
        return Composite((first, second))
    third = _parse_simple(words[4:])
    if not isinstance(first, PlayCard) or not isinstance(second, To):
        return None
    if not isinstance(third, Target):
        return None
    return Composite((first, second, third))
