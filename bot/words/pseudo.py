"""The pseudo-language ``en-XA``: English with every translated word marked and lengthened.

Played over whole games, it shows what escaped translation: any word a member reads without
the marks was never a message. Each template is wrapped in ``⟦ ⟧``, its letters accented and
about 40 % added, so texts that would overflow Discord's limits in a longer language overflow
here too. Placeholders are kept as they are.
"""

from __future__ import annotations

from games.core.words import PLACEHOLDER

OPEN, CLOSE = "⟦", "⟧"
_ACCENTED = str.maketrans(
    "AaCcEeIiNnOoUuYy",
    "ÂâÇçÉéÎîÑñÕõÜüÝý",
)


def pseudo(template: str) -> str:
    """``template`` in the pseudo-language.

    >>> pseudo("You have {n} cards.")
    '⟦Ýõü hâvé {n} çârds.·······⟧'
    """
    if not template.strip():
        return template
    pieces: list[str] = []
    last = 0
    shown = 0
    for match in PLACEHOLDER.finditer(template):
        outside = template[last : match.start()]
        pieces.append(outside.translate(_ACCENTED))
        shown += len(outside)
        pieces.append(match.group(0))
        last = match.end()
    tail = template[last:]
    pieces.append(tail.translate(_ACCENTED))
    shown += len(tail)
    padding = "·" * max(1, (shown * 2 + 4) // 5) if shown else ""
    return f"{OPEN}{''.join(pieces)}{padding}{CLOSE}"
