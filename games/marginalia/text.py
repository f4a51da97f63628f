"""Card names and short descriptions for logs and boards, as messages (``games.core.words``)."""

from __future__ import annotations

from games.core import seat_ref
from games.core.words import Msg, data_msg, joined, msg, nmsg
from games.marginalia import cards
from games.marginalia.state import HAND_DRAW

HUMOR_SYMBOLS = {"coleric": "🟡", "flegmat": "🔵", "sanguin": "🔴", "melanc": "⚫"}

#: Each humor's name, as the catalogue gives it.
HUMOR_NAMES: dict[str, Msg] = {
    "coleric": msg("Yellow Bile (coleric)"),
    "flegmat": msg("Phlegm (flegmat)"),
    "sanguin": msg("Blood (sanguin)"),
    "melanc": msg("Black Bile (melanc)"),
}


def card_name(code: str) -> Msg:
    """A card's name, said in the reader's language: ``Cancer``."""
    return data_msg(cards.card(code).name)


def name(code: str) -> Msg:
    """A card's name in bold, as logs show it: ``**Cancer**``."""
    return msg("**{card}**", card=card_name(code))


def cards_count(count: int) -> Msg:
    """``1 card``, ``2 cards``."""
    return nmsg("{n} card", "{n} cards", count)


def marginalia(count: int) -> Msg:
    """``1 marginalis``, ``2 marginalia``."""
    return nmsg("{n} marginalis", "{n} marginalia", count)


def names(codes: list[str] | tuple[str, ...]) -> Msg:
    """Cards as a readable list: ``**Cancer**, **Saint**``."""
    return joined((name(c) for c in codes), ", ") if codes else msg("nothing")


def card_line(code: str) -> Msg:
    """One card in full for a hand: its humor, name, stats, and what it does."""
    data = cards.card(code)
    symbol = HUMOR_SYMBOLS[data.humor]
    if data.kind == "incantation":
        return msg(
            "{symbol} **{card}** (incantation): {text}",
            symbol=symbol,
            card=card_name(code),
            text=data_msg(data.text),
        )
    return msg(
        "{symbol} **{card}** {attack}/{health} · {ability}",
        symbol=symbol,
        card=card_name(code),
        attack=data.attack,
        health=data.health,
        ability=ability_line(code),
    )


def ability_line(code: str) -> Msg:
    """A marginalis' ability as ``Name: text`` (tokens have none)."""
    ability = cards.ability_of(code)
    if ability is None:
        return msg("a token, with no ability")
    return msg("*{ability}*: {text}", ability=data_msg(ability.name), text=data_msg(ability.text))


def end_reason(loser: int, health: int) -> Msg:
    """Why ``loser`` lost: no health left, or (with ``health`` left) no cards to draw."""
    if health <= 0:
        return msg("{player} has no health left", player=seat_ref(loser))
    return msg("{player} cannot draw {n} cards", player=seat_ref(loser), n=HAND_DRAW)


#: Words that begin with a vowel letter but are said with a consonant ("a unicorn").
_SAID_WITH_A_CONSONANT = ("uni", "use", "usu", "eu", "one")


def article(word: str) -> str:
    """ "A" or "An", as ``word`` is said in English: "An angel", "A unicorn"."""
    low = word.lower()
    vowel = low[:1] in ("a", "e", "i", "o", "u") and not low.startswith(_SAID_WITH_A_CONSONANT)
    return "An" if vowel else "A"
