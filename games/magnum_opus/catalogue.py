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
from games.core.words import Msg, data_msg, joined, msg, pmsg
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
from games.magnum_opus.text import money, token_label

GOLDEN_LANE = "golden-lane"
CLOCK = "astronomical-clock"
OUROBOROS = "ouroboros"
FUNDS = "funds"
FAVOR = "favor"
PATRON = "patron"
SILVER = "silver"

#: Each Favor in a few words (its Character's summary without the full stop), for the short
#: entry; ``tests/games/magnum_opus/test_words.py`` checks they match the data.
FAVOR_SHORT: dict[str, Msg] = {
    "discard": msg("Discard one card of a higher numeral lying in front of another alchemist"),
    "exchange": msg("Swap one of your cards of a higher numeral for one of another alchemist's"),
    "add": msg("Lay one card of a higher numeral from your pack in front of you"),
    "bribe": msg("Pay another alchemist 1 silver to take one of their cards of a higher numeral"),
    "rob": msg("Take up to 2 silver from another alchemist"),
    "lane": msg("Buy one ingredient in the Golden Lane for 4 silver"),
}


# ------------------------------------------------------------------------ Characters
def character_key(numeral: int) -> str:
    """The catalogue key of Character ``numeral`` (its notation key: ``marie``)."""
    return cards.characters()[numeral].key


def _funds_words(numeral: int, start: bool = False) -> Msg:
    funds = cards.characters()[numeral].funds
    if funds:
        return msg("Funds {silver}", silver=money(funds))
    return msg("No Funds") if start else msg("no Funds")


def _clock_words(numeral: int) -> Msg:
    return msg(
        "Instead of Funds and Favor, its patron may buy one ingredient shown on their "
        "{numeral} cards at the Astronomical Clock for {price} silver.",
        numeral=cards.ROMAN[numeral],
        price=CLOCK_PRICE,
    )


@cache
def character_short(numeral: int) -> Msg:
    """Funds and Favor of a Character in at most :data:`SHORT_LIMIT` characters, with the
    Clock alternative of I–VI when it fits."""
    data = cards.characters()[numeral]
    head = msg(
        "{funds} · Favor: {favor}",
        funds=_funds_words(numeral, start=True),
        favor=FAVOR_SHORT[data.favor],
    )
    if numeral <= cards.LAST_SHOWING:
        for clock in (
            msg("or buy at the Clock for {price}", price=CLOCK_PRICE),
            msg("or the Clock"),
        ):
            longer = joined([head, clock], " · ")
            if len(longer) <= SHORT_LIMIT:
                return longer
    return head


def _shown_by_pack(numeral: int) -> Msg:
    return joined(
        [
            msg(
                "{symbol} {pack} {token}",
                symbol=pack.symbol,
                pack=data_msg(pack.name),
                token=token_label(cards.shown((numeral, index)) or ""),
            )
            for index, pack in enumerate(cards.packs())
        ],
        ", ",
    )


def _character(numeral: int) -> CardText:
    data = cards.characters()[numeral]
    roman = cards.ROMAN[numeral]
    lines = [
        msg(
            "Character {numeral} of IX. {funds}; Favor: {summary}",
            numeral=roman,
            funds=_funds_words(numeral, start=True),
            summary=data_msg(data.summary),
        ),
        msg(
            "Its patron — whoever alone has the most {numeral} cards when it is called — takes "
            "the Funds, then may use the Favor once. Alchemists tied for the most take only the "
            "Funds.",
            numeral=roman,
        ),
    ]
    rules = msg("Rules: “The Character cards”, “3) Patronage phase”")
    if numeral <= cards.LAST_SHOWING:
        lines.append(_clock_words(numeral))
        lines.append(
            msg("The ingredient each pack's card shows: {packs}.", packs=_shown_by_pack(numeral))
        )
        rules = msg(
            "Rules: “The Character cards”, “3) Patronage phase”; the ingredients shown are "
            "Grimoire's own"
        )
    return CardText(
        key=character_key(numeral),
        name=data_msg(data.name),
        kind=msg("Character card"),
        text=joined(lines),
        short=character_short(numeral),
        numbers=((pmsg("number", "Numeral"), roman), (pmsg("number", "Funds"), money(data.funds))),
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
        name=data_msg(data.name),
        kind=msg("Alchemical Ingredient"),
        text=msg(
            "{token}: one of the five Alchemical Ingredients, {each} tokens ({two} in play with "
            "two alchemists). Bought at the Astronomical Clock for {clock} silver or in the "
            "Golden Lane for {lane}; each token held at the end scores 1 Prestige Point, and "
            "counts towards Prime pairs and Magnum Opus formulas.",
            token=token_label(kind),
            each=each,
            two=two,
            clock=CLOCK_PRICE,
            lane=LANE_PRICE,
        ),
        short=msg("1 Prestige Point each at the end; counts for Prime pairs and formulas"),
        numbers=((pmsg("number", "Tokens"), str(each)),),
        rules=msg("Rules: “End of the game”; its name is Grimoire's own"),
    )


def _pair_words(pair: tuple[str, str]) -> Msg:
    return joined([token_label(pair[0]), token_label(pair[1])], " + ")


def _prime(key: str) -> CardText:
    data = cards.prime_cards()[key]
    pair = _pair_words(data.pair)
    return CardText(
        key=key,
        name=data_msg(data.name),
        kind=msg("Prime Ingredient card"),
        text=msg(
            "Revealed at setup, it makes {pair} the Prime Ingredients of the game: every pair "
            "of one token of each held at the end scores 1 extra Prestige Point. A token "
            "belongs to one pair at most; tokens in pairs still count for formulas.",
            pair=pair,
        ),
        short=msg("+1 Prestige Point for each {pair} pair held at the end", pair=pair),
        numbers=((pmsg("number", "Points per pair"), "1"),),
        rules=msg("Rules: “End of the game”; Grimoire's own card"),
    )


def _formula_words(formula: Sequence[str]) -> Msg:
    return joined([token_label(kind) for kind in formula], " + ")


def _opus(key: str) -> CardText:
    data = cards.opus_cards()[key]
    first, second = data.formulas
    one, other = (
        "".join(cards.ingredient_data()[kind].symbol for kind in formula)
        for formula in data.formulas
    )
    return CardText(
        key=key,
        name=data_msg(data.name),
        kind=msg("Magnum Opus card"),
        text=msg(
            "A secret goal with two formulas: {first}, and {second}. Each formula whose "
            "ingredients you hold at the end scores 2 Prestige Points; a token serves one "
            "formula only, so both take six tokens (Prime pairs count too). Kept face down "
            "until the end of the game.",
            first=_formula_words(first),
            second=_formula_words(second),
        ),
        short=msg(
            "2 Prestige Points per formula held at the end: {first} or {second}",
            first=one,
            second=other,
        ),
        numbers=((pmsg("number", "Formulas"), "2"), (pmsg("number", "Points per formula"), "2")),
        rules=msg("Rules: “Setup” (5), “End of the game”; Grimoire's own card"),
    )


# --------------------------------------------------------------- places and keywords
def _places() -> tuple[CardText, ...]:
    market = pmsg("kind", "market")
    return (
        CardText(
            key=GOLDEN_LANE,
            name=msg("Golden Lane"),
            kind=market,
            text=msg(
                "A row of tokens revealed at setup, and each round two tokens drawn face down "
                "(one with two alchemists) plus the leftmost of that row, for sale. The patrons "
                "of VI to IX (Hermes Malavici, Marie, Kunhuta, Lukas) may use their Favor to buy "
                "one of them for {price} silver, after taking the Funds. Unsold tokens go to the "
                "box at the end of the round.",
                price=LANE_PRICE,
            ),
            short=msg(
                "The Favor of VI–IX buys one of its tokens for {price} silver", price=LANE_PRICE
            ),
            numbers=((pmsg("number", "Price"), money(LANE_PRICE)),),
            rules=msg("Rules: “1) Supply phase”, the Favors of Characters VI to IX"),
            own=False,
        ),
        CardText(
            key=CLOCK,
            name=msg("Astronomical Clock"),
            kind=market,
            text=msg(
                "{tokens} tokens drawn face down each round, and the Prime Ingredient card. The "
                "patron of a Character I to VI may renounce its Funds and Favor to buy one token "
                "here for {price} silver, of an ingredient shown on their cards of that "
                "Character. Tied holders may not. Unsold tokens go to the box at the end of the "
                "round.",
                tokens=CLOCK_TOKENS,
                price=CLOCK_PRICE,
            ),
            short=msg(
                "Patrons of I–VI may skip Funds and Favor to buy a shown ingredient for {price}",
                price=CLOCK_PRICE,
            ),
            numbers=((pmsg("number", "Price"), money(CLOCK_PRICE)),),
            rules=msg("Rules: “1) Supply phase”, “3) Patronage phase”"),
            own=False,
        ),
    )


def _keywords() -> tuple[CardText, ...]:
    keyword = pmsg("kind", "keyword")
    rules = msg("Rules: “3) Patronage phase”")
    return (
        CardText(
            key=OUROBOROS,
            name=msg("Ouroboros"),
            kind=keyword,
            text=msg(
                "Its keeper calls the Characters in the Patronage and, whenever packs pass, "
                "takes the spare pack lying under it instead of the one passed to them, "
                "leaving that one under it. It passes to the left at the end of each round."
            ),
            short=msg("Its keeper takes the spare pack when packs pass; it moves left each round"),
            rules=msg(
                "Rules: “Setup” (7), “2) Solicitations phase”, “Prepare the following round”"
            ),
            own=False,
        ),
        CardText(
            key=PATRON,
            name=msg("Patron"),
            kind=keyword,
            text=msg(
                "When a Character is called, the alchemist who alone has the most of its cards "
                "is its patron: they take its Funds and may use its Favor once (or, for I to "
                "VI, buy at the Astronomical Clock instead). Alchemists tied for the most take "
                "only the Funds."
            ),
            short=msg("The sole holder of the most cards of a Character: Funds and Favor"),
            rules=rules,
            own=False,
        ),
        CardText(
            key=FUNDS,
            name=pmsg("keyword", "Funds"),
            kind=keyword,
            text=msg(
                "The silver a Character pays its patron (and every alchemist tied for the "
                "most of it). The patron who buys at the Astronomical Clock renounces it."
            ),
            short=msg("Silver a Character pays its patron, and anyone tied for the most of it"),
            rules=rules,
            own=False,
        ),
        CardText(
            key=FAVOR,
            name=pmsg("keyword", "Favor"),
            kind=keyword,
            text=msg(
                "What a Character lets its sole patron do once, after taking the Funds. A "
                "Favor touches only cards of a higher numeral than its Character's."
            ),
            short=msg("A Character's effect, used once by its sole patron, on higher numerals"),
            rules=rules,
            own=False,
        ),
        CardText(
            key=SILVER,
            name=pmsg("keyword", "Silver"),
            kind=keyword,
            text=msg(
                "Money: {start} each at the start; gold tokens are change worth {gold} silver. "
                "It buys ingredients, pays Jezebel's price and Venceslas takes up to {most} of "
                "it; at the end the most silver breaks a tie on points and formulas.",
                start=STARTING_SILVER,
                gold=cards.alchemy().gold_value,
                most=patronage.ROBBERY,
            ),
            short=msg("Buys ingredients; the most silver breaks a tie on points and formulas"),
            numbers=((pmsg("number", "At the start"), str(STARTING_SILVER)),),
            rules=msg("Rules: “Setup” (6), “End of the game”"),
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
