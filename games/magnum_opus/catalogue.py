"""Magnum Opus's cards in words: the catalogue ``/card`` shows and the turn panel quotes.

Every entry is written from the game's data (``cards.py`` and ``data/*.toml``) and its rules
constants, so a card's words never drift from what the engine plays: the nine Characters (the
rules text's, with Grimoire's own summary of each Favor and the ingredients its packs show),
the five ingredients, the ten Prime Ingredient and ten Magnum Opus cards (Grimoire's own), the
two markets, and the game's keywords. ``card_keys`` names the entries a decision touches.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from games.core.catalogue import SHORT_LIMIT, CardText
from games.magnum_opus import cards, patronage
from games.magnum_opus.actions import (
    Action,
    AddFromPack,
    BuyAtClock,
    BuyInLane,
    ChooseCard,
    ChooseTarget,
    CompositeFavor,
    Keep,
    Pass,
    Pick,
)
from games.magnum_opus.rounds import CLOCK_TOKENS
from games.magnum_opus.state import (
    CLOCK_PRICE,
    LANE_PRICE,
    STARTING_SILVER,
    MagnumOpusState,
)
from games.magnum_opus.text import token_label

GOLDEN_LANE = "golden-lane"
CLOCK = "astronomical-clock"
OUROBOROS = "ouroboros"
FUNDS = "funds"
FAVOR = "favor"
PATRON = "patron"
SILVER = "silver"

_OWN_CARD = "Grimoire's own card"


# ------------------------------------------------------------------------ Characters
def character_key(numeral: int) -> str:
    """The catalogue key of Character ``numeral`` (its notation key: ``marie``)."""
    return cards.characters()[numeral].key


def _funds_words(numeral: int, start: bool = False) -> str:
    funds = cards.characters()[numeral].funds
    if funds:
        return f"Funds {funds} silver"
    return "No Funds" if start else "no Funds"


def _clock_words(numeral: int) -> str:
    return (
        f"Instead of Funds and Favor, its patron may buy one ingredient shown on their "
        f"{cards.ROMAN[numeral]} cards at the Astronomical Clock for {CLOCK_PRICE} silver."
    )


@cache
def character_short(numeral: int) -> str:
    """Funds and Favor of a Character in at most :data:`SHORT_LIMIT` characters, with the
    Clock alternative of I–VI when it fits."""
    data = cards.characters()[numeral]
    head = f"{_funds_words(numeral, start=True)} · Favor: {data.summary.rstrip('.')}"
    if numeral <= cards.LAST_SHOWING:
        for clock in (f" · or buy at the Clock for {CLOCK_PRICE}", " · or the Clock"):
            if len(head + clock) <= SHORT_LIMIT:
                return head + clock
    return head


def _shown_by_pack(numeral: int) -> str:
    return ", ".join(
        f"{pack.symbol} {pack.name} {token_label(cards.shown((numeral, index)) or '')}"
        for index, pack in enumerate(cards.packs())
    )


def _character(numeral: int) -> CardText:
    data = cards.characters()[numeral]
    roman = cards.ROMAN[numeral]
    lines = [
        f"Character {roman} of IX. {_funds_words(numeral, start=True)}; Favor: {data.summary}",
        f"Its patron — whoever alone has the most {roman} cards when it is called — takes the "
        "Funds, then may use the Favor once. Alchemists tied for the most take only the Funds.",
    ]
    if numeral <= cards.LAST_SHOWING:
        lines.append(_clock_words(numeral))
        lines.append(f"The ingredient each pack's card shows: {_shown_by_pack(numeral)}.")
    rules = "Rules: “The Character cards”, “3) Patronage phase”"
    if numeral <= cards.LAST_SHOWING:
        rules += "; the ingredients shown are Grimoire's own"
    return CardText(
        key=character_key(numeral),
        name=data.name,
        kind="Character card",
        text="\n".join(lines),
        short=character_short(numeral),
        numbers=(("Numeral", roman), ("Funds", f"{data.funds} silver")),
        rules=rules,
        own=False,
    )


# ------------------------------------------------------------- ingredients and cards
def ingredient_key(kind: str) -> str:
    """The catalogue key of an ingredient (its notation word: ``salt``)."""
    return kind


def _ingredient(kind: str) -> CardText:
    data = cards.ingredient_data()[kind]
    each = cards.alchemy().tokens_per_ingredient
    two = each - cards.alchemy().removed_with_two
    return CardText(
        key=ingredient_key(kind),
        name=data.name,
        kind="Alchemical Ingredient",
        text=(
            f"{token_label(kind)}: one of the five Alchemical Ingredients, {each} tokens "
            f"({two} in play with two alchemists). Bought at the Astronomical Clock for "
            f"{CLOCK_PRICE} silver or in the Golden Lane for {LANE_PRICE}; each token held "
            "at the end scores 1 Prestige Point, and counts towards Prime pairs and Magnum "
            "Opus formulas."
        ),
        short="1 Prestige Point each at the end; counts for Prime pairs and formulas",
        numbers=(("Tokens", str(each)),),
        rules="Rules: “End of the game”; its name is Grimoire's own",
    )


def _pair_words(pair: tuple[str, str]) -> str:
    return f"{token_label(pair[0])} + {token_label(pair[1])}"


def _prime(key: str) -> CardText:
    data = cards.prime_cards()[key]
    pair = _pair_words(data.pair)
    return CardText(
        key=key,
        name=data.name,
        kind="Prime Ingredient card",
        text=(
            f"Revealed at setup, it makes {pair} the Prime Ingredients of the game: every "
            "pair of one token of each held at the end scores 1 extra Prestige Point. A token "
            "belongs to one pair at most; tokens in pairs still count for formulas."
        ),
        short=f"+1 Prestige Point for each {pair} pair held at the end",
        numbers=(("Points per pair", "1"),),
        rules=f"Rules: “End of the game”; {_OWN_CARD}",
    )


def _formula_words(formula: Sequence[str]) -> str:
    return " + ".join(token_label(kind) for kind in formula)


def _opus(key: str) -> CardText:
    data = cards.opus_cards()[key]
    first, second = data.formulas
    symbols = " or ".join(
        "".join(cards.ingredient_data()[kind].symbol for kind in formula)
        for formula in data.formulas
    )
    return CardText(
        key=key,
        name=data.name,
        kind="Magnum Opus card",
        text=(
            f"A secret goal with two formulas: {_formula_words(first)}, and "
            f"{_formula_words(second)}. Each formula whose ingredients you hold at the end "
            "scores 2 Prestige Points; a token serves one formula only, so both take six "
            "tokens (Prime pairs count too). Kept face down until the end of the game."
        ),
        short=f"2 Prestige Points per formula held at the end: {symbols}",
        numbers=(("Formulas", "2"), ("Points per formula", "2")),
        rules=f"Rules: “Setup” (5), “End of the game”; {_OWN_CARD}",
    )


# --------------------------------------------------------------- places and keywords
def _places() -> tuple[CardText, ...]:
    return (
        CardText(
            key=GOLDEN_LANE,
            name="Golden Lane",
            kind="market",
            text=(
                "A row of tokens revealed at setup, and each round two tokens drawn face "
                "down (one with two alchemists) plus the leftmost of that row, for sale. The "
                "patrons of VI to IX (Hermes Malavici, Marie, Kunhuta, Lukas) may use their "
                f"Favor to buy one of them for {LANE_PRICE} silver, after taking the Funds. "
                "Unsold tokens go to the box at the end of the round."
            ),
            short=f"The Favor of VI–IX buys one of its tokens for {LANE_PRICE} silver",
            numbers=(("Price", f"{LANE_PRICE} silver"),),
            rules="Rules: “1) Supply phase”, the Favors of Characters VI to IX",
            own=False,
        ),
        CardText(
            key=CLOCK,
            name="Astronomical Clock",
            kind="market",
            text=(
                f"{CLOCK_TOKENS} tokens drawn face down each round, and the Prime Ingredient "
                "card. The patron of a Character I to VI may renounce its Funds and Favor to "
                f"buy one token here for {CLOCK_PRICE} silver, of an ingredient shown on "
                "their cards of that Character. Tied holders may not. Unsold tokens go to the "
                "box at the end of the round."
            ),
            short=f"Patrons of I–VI may skip Funds and Favor to buy a shown ingredient for "
            f"{CLOCK_PRICE}",
            numbers=(("Price", f"{CLOCK_PRICE} silver"),),
            rules="Rules: “1) Supply phase”, “3) Patronage phase”",
            own=False,
        ),
    )


def _keywords() -> tuple[CardText, ...]:
    keyword = "keyword"
    rules = "Rules: “3) Patronage phase”"
    return (
        CardText(
            key=OUROBOROS,
            name="Ouroboros",
            kind=keyword,
            text=(
                "Its keeper calls the Characters in the Patronage and, whenever packs pass, "
                "takes the spare pack lying under it instead of the one passed to them, "
                "leaving that one under it. It passes to the left at the end of each round."
            ),
            short="Its keeper takes the spare pack when packs pass; it moves left each round",
            rules="Rules: “Setup” (7), “2) Solicitations phase”, “Prepare the following round”",
            own=False,
        ),
        CardText(
            key=PATRON,
            name="Patron",
            kind=keyword,
            text=(
                "When a Character is called, the alchemist who alone has the most of its cards "
                "is its patron: they take its Funds and may use its Favor once (or, for I to "
                "VI, buy at the Astronomical Clock instead). Alchemists tied for the most take "
                "only the Funds."
            ),
            short="The sole holder of the most cards of a Character: Funds and Favor",
            rules=rules,
            own=False,
        ),
        CardText(
            key=FUNDS,
            name="Funds",
            kind=keyword,
            text=(
                "The silver a Character pays its patron (and every alchemist tied for the "
                "most of it). The patron who buys at the Astronomical Clock renounces it."
            ),
            short="Silver a Character pays its patron, and anyone tied for the most of it",
            rules=rules,
            own=False,
        ),
        CardText(
            key=FAVOR,
            name="Favor",
            kind=keyword,
            text=(
                "What a Character lets its sole patron do once, after taking the Funds. A "
                "Favor touches only cards of a higher numeral than its Character's."
            ),
            short="A Character's effect, used once by its sole patron, on higher numerals",
            rules=rules,
            own=False,
        ),
        CardText(
            key=SILVER,
            name="Silver",
            kind=keyword,
            text=(
                f"Money: {STARTING_SILVER} each at the start; gold tokens are change worth "
                f"{cards.alchemy().gold_value} silver. It buys ingredients, pays Jezebel's "
                f"price and Venceslas takes up to {patronage.ROBBERY} of it; at the end the "
                "most silver breaks a tie on points and formulas."
            ),
            short="Buys ingredients; the most silver breaks a tie on points and formulas",
            numbers=(("At the start", str(STARTING_SILVER)),),
            rules="Rules: “Setup” (6), “End of the game”",
            own=False,
        ),
    )


@cache
def catalogue() -> tuple[CardText, ...]:
    """Every entry, in the order a player meets them: Characters, markets, ingredients,
    Prime Ingredient cards, Magnum Opus cards, keywords."""
    return (
        *(_character(numeral) for numeral in cards.NUMERALS),
        *_places(),
        *(_ingredient(kind) for kind in cards.ingredients()),
        *(_prime(key) for key in cards.prime_cards()),
        *(_opus(key) for key in cards.opus_cards()),
        *_keywords(),
    )


# ------------------------------------------------------------------------- card keys
def card_keys(s: MagnumOpusState, seat: int, action: Action) -> list[str]:
    """The entries ``action`` plays, takes or aims, most telling first (see ``Engine``)."""
    patron = s.patron
    patron_key = [character_key(patron.numeral)] if patron is not None else []
    match action:
        case Keep(opus):
            return [opus]
        case Pick(numeral):
            shown = cards.shown((numeral, s.alchemists[seat].held))
            return [character_key(numeral), *([ingredient_key(shown)] if shown else [])]
        case BuyAtClock(kind):
            return [CLOCK, ingredient_key(kind), *patron_key]
        case BuyInLane(kind):
            return [GOLDEN_LANE, ingredient_key(kind), *patron_key]
        case AddFromPack(numeral):
            return [character_key(numeral), *patron_key]
        case ChooseCard(_, code):
            return [character_key(cards.numeral_of_code(code)), *patron_key]
        case CompositeFavor(decisions):
            touched = [
                character_key(cards.numeral_of_code(d.card))
                for d in decisions
                if isinstance(d, ChooseCard)
            ]
            return list(dict.fromkeys([*touched, *patron_key]))
        case ChooseTarget(favor):
            # Venceslas aims at a rival's silver; the other Favors name their card next.
            return [*patron_key, SILVER] if favor == "rob" else patron_key
        case Pass():
            return [*patron_key, FUNDS]
    return []
