"""Card names and short descriptions for logs and boards."""

from __future__ import annotations

from games.marginalia import cards

HUMOR_SYMBOLS = {"coleric": "🟡", "flegmat": "🔵", "sanguin": "🔴", "melanc": "⚫"}


def name(code: str) -> str:
    """A card's name in bold, as logs show it: ``**Cancer**``."""
    return f"**{cards.card(code).name}**"


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


#: Words that begin with a vowel letter but are said with a consonant ("a unicorn").
_SAID_WITH_A_CONSONANT = ("uni", "use", "usu", "eu", "one")


def article(word: str) -> str:
    """ "A" or "An", as ``word`` is said: "An angel", "A unicorn"."""
    low = word.lower()
    vowel = low[:1] in ("a", "e", "i", "o", "u") and not low.startswith(_SAID_WITH_A_CONSONANT)
    return "An" if vowel else "A"


def marginalia(count: int) -> str:
    """``1 marginalis``, ``2 marginalia``."""
    return f"{count} {'marginalis' if count == 1 else 'marginalia'}"


def names(codes: list[str] | tuple[str, ...]) -> str:
    """Cards as a readable list: ``**Cancer**, **Saint**``."""
    return ", ".join(name(c) for c in codes) if codes else "nothing"


def card_line(code: str) -> str:
    """One card in full for a hand: its humor, name, stats, and what it does."""
    data = cards.card(code)
    symbol = HUMOR_SYMBOLS[data.humor]
    if data.kind == "incantation":
        return f"{symbol} **{data.name}** (incantation): {data.text}"
    return f"{symbol} **{data.name}** {data.attack}/{data.health} · {ability_line(code)}"


def ability_line(code: str) -> str:
    """A marginalis' ability as ``Name: text`` (tokens have none)."""
    ability = cards.ability_of(code)
    if ability is None:
        return "a token, with no ability"
    return f"*{ability.name}*: {ability.text}"
