"""Final scoring: ingredients, pairs of Prime Ingredients, completed formulas."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from pydantic import BaseModel, ConfigDict

from games.core import Outcome
from games.core.words import msg
from games.magnum_opus import cards
from games.magnum_opus.state import MagnumOpusState
from games.magnum_opus.text import formulas_count, money

FORMULA_POINTS = 2
#: Ties go to most completed formulas, then most silver: one number, formulas weighing more
#: than any amount of silver a game can produce.
FORMULA_TIEBREAK = 1000


class ScoreLine(BaseModel):
    """One alchemist's Prestige Points, item by item."""

    model_config = ConfigDict(frozen=True)

    seat: int
    ingredients: int
    prime_pairs: int
    formulas: int
    total: int
    silver: int


def prime_pairs(tokens: Sequence[str], prime: str) -> int:
    """Pairs of the Prime Ingredients: one token of each of the card's two ingredients.

    >>> prime_pairs(["salt", "salt", "sulfur"], "brine-and-ember")
    1
    """
    first, second = cards.prime_cards()[prime].pair
    return min(tokens.count(first), tokens.count(second))


Need = tuple[tuple[str, int], ...]


@cache
def _needs(opus: str) -> tuple[Need, Need, Need]:
    """What each formula of a card asks for, and both together, as (ingredient, count)."""
    first, second = (Counter(f) for f in cards.opus_cards()[opus].formulas)
    return tuple(first.items()), tuple(second.items()), tuple((first + second).items())


def _covers(tokens: Sequence[str], need: Need) -> bool:
    return all(tokens.count(kind) >= count for kind, count in need)


def formulas_completed(tokens: Sequence[str], opus: str) -> int:
    """Formulas of the card the tokens complete, no token serving two formulas.

    >>> formulas_completed(["salt", "sulfur", "mercury", "mercury"], "aurora")
    1
    """
    first, second, both = _needs(opus)
    if _covers(tokens, both):
        return 2
    return 1 if _covers(tokens, first) or _covers(tokens, second) else 0


def tally(s: MagnumOpusState, seat: int) -> tuple[int, int, int, int]:
    """``seat``'s Prestige Points if the game ended now, then its completed formulas,
    Prime pairs and ingredients."""
    alchemist = s.alchemists[seat]
    tokens = alchemist.ingredients
    pairs = prime_pairs(tokens, s.prime)
    formulas = formulas_completed(tokens, alchemist.opus) if alchemist.opus else 0
    return len(tokens) + pairs + FORMULA_POINTS * formulas, formulas, pairs, len(tokens)


def score_line(s: MagnumOpusState, seat: int) -> ScoreLine:
    """``seat``'s score if the game ended now, item by item."""
    total, formulas, pairs, ingredients = tally(s, seat)
    return ScoreLine(
        seat=seat,
        ingredients=ingredients,
        prime_pairs=pairs,
        formulas=formulas,
        total=total,
        silver=s.alchemists[seat].silver,
    )


def outcome(s: MagnumOpusState) -> Outcome:
    """Most Prestige Points wins; ties go to most completed formulas, then most silver."""
    tallies = [tally(s, seat) for seat in range(s.players)]
    return Outcome.ranked(
        [total for total, *_ in tallies],
        [
            FORMULA_TIEBREAK * formulas + alchemist.silver
            for (_, formulas, *_), alchemist in zip(tallies, s.alchemists, strict=True)
        ],
    )


def results(s: MagnumOpusState) -> tuple[str, ...]:
    """Each alchemist's Prestige Points in words, with what breaks a tie (completed formulas,
    then silver): "23 prestige, 2 formulas, 5 silver"."""
    words = []
    for seat in range(s.players):
        line = score_line(s, seat)
        words.append(
            msg(
                "{total} prestige, {formulas}, {silver}",
                total=line.total,
                formulas=formulas_count(line.formulas),
                silver=money(line.silver),
            )
        )
    return tuple(words)
