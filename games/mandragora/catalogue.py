"""Mandragora's cards in words: what ``/card`` shows and the turn panel quotes.

Every magical item (each ingredient colour, each spellbook, the mandrake, the cursed scroll),
each of the eight spells, the two things a turn may be, and the terms of the table (shops by
day and night, the assistant, black magic, the Curse marker, the final rounds, team trades).
Effects of spells and figures of items come from ``data/*.toml``; the rest is said once here.
An item's key is its card code (``red``, ``red-2``, ``mandrake``, ``scroll``), a spell's its
data key (``levitation``), so the rules modules and the catalogue name things alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from games.core.catalogue import CardText
from games.mandragora import cards
from games.mandragora.actions import (
    Action,
    AddIngredient,
    CastBook,
    ChoosePower,
    CompositeCast,
    DropOut,
    FinishCast,
    GiveCard,
    Levitate,
    Move,
    Share,
    Skip,
    Substitute,
    Transfer,
)
from games.mandragora.state import NIGHT_SHOPS, SHOPS, MandragoraState

# Keys of the entries that are not cards.
SEND = "send-the-assistant"
CAST = "cast-a-spell"
DROP_OUT = "drop-out"
DAY_SHOP = "day-shop"
NIGHT_SHOP = "night-shop"
ASSISTANT = "assistant"
BLACK_MAGIC = "black-magic"
CURSE = "curse-marker"
FINAL_ROUNDS = "final-rounds"
TEAM_TRADE = "team-trade"

OWN_DATA = "Grimoire's own card data"

_TIMING = {
    "immediate": "Takes effect as soon as you cast it.",
    "permanent": "Lasts the whole game.",
    "end": "Applies at the end of the game, before the points are counted.",
}


def sentence(words: str) -> str:
    """``words`` with a capital first letter, as a menu option's description starts."""
    return words[:1].upper() + words[1:]


@cache
def catalogue() -> tuple[CardText, ...]:
    """Every entry, in the order a player would browse them: spells, items, the turn, terms."""
    return (*_spells(), *_items(), *_turn(), *_terms())


def entry(key: str) -> CardText:
    """The entry with ``key``; every card code and spell key has one."""
    return _by_key()[key]


@cache
def _by_key() -> dict[str, CardText]:
    return {card.key: card for card in catalogue()}


def _spells() -> list[CardText]:
    entries = []
    for spell in cards.spells().values():
        values = [value for value, count in sorted(spell.stacks.items()) for _ in range(count)]
        stacks = ", ".join(
            f"{value} ×{count}" if count > 1 else str(value)
            for value, count in sorted(spell.stacks.items())
        )
        text = (
            f"{spell.effect} {_TIMING[spell.timing]} Cast at power N from the value-N stack, it "
            f"scores N plus its spellbook's value. In the stacks of value {stacks} "
            f"({len(values)} in the game)."
        )
        entries.append(
            CardText(
                key=spell.key,
                name=spell.name,
                kind="spell",
                text=text,
                short=sentence(spell.short),
                numbers=(
                    ("Value", " · ".join(str(v) for v in dict.fromkeys(values))),
                    ("In the game", str(len(values))),
                ),
                rules=f"Rules: “Spell descriptions”, “Cast a spell”; values and wording are "
                f"{OWN_DATA}",
            )
        )
    return entries


def _items() -> list[CardText]:
    data = cards.items()
    entries = []
    for colour in data.colours:
        entries.append(
            CardText(
                key=colour.name,
                name=colour.name,
                kind="ingredient card",
                text=(
                    f"A {colour.name} ingredient. Goes into a spell under a {colour.name} "
                    "spellbook, the black spellbook (ingredients all of different colours) or a "
                    "mandrake used as the spellbook; each ingredient raises the highest power "
                    f"the spell may be cast at by 1. Left in your hand at the end, {colour.name} "
                    "costs 1 point (once for the colour)."
                ),
                short=f"Ingredient of {colour.name} spells (or black magic): +1 to the top power",
                numbers=(("In the box", str(colour.ingredients)),),
                rules=f"Rules: “Prepare the spell”; the colour is {OWN_DATA}",
            )
        )
    for book in dict.fromkeys(c for c in cards.all_cards() if cards.is_book(c)):
        entries.append(_book(book))
    entries.append(
        CardText(
            key=cards.MANDRAKE,
            name=cards.MANDRAKE,
            kind="magical item",
            text=(
                "Wild. Use it as an ingredient of any colour, or as the spellbook (worth 0 "
                "points) with ingredients all of one colour or all of different colours. At "
                "most one mandrake goes into a spell. Each sorcerer starts with one. Left in "
                "your hand at the end, mandrakes count as one colour, white (−1)."
            ),
            short="Wild: any ingredient, or a spellbook worth 0; one per spell",
            numbers=(("In the box", str(data.mandrakes)),),
            rules="Rules: “Mandrakes”, “Calculating your score”",
            own=False,
        )
    )
    entries.append(
        CardText(
            key=cards.SCROLL,
            name="cursed scroll",
            kind="magical item",
            text=(
                "Never goes in your hand: taken from a shop (by the assistant or a Levitation) "
                "it is placed face up in front of you. Whoever has the most holds the Curse "
                "marker, −2 points at the end. Banishment returns one of yours to the box; "
                "Transfer passes one to an opponent. In the team variant, receiving scrolls "
                "lets you trade a card with your partner."
            ),
            short="Goes in front of you; the most scrolls holds the Curse (−2 at the end)",
            numbers=(("In the box", str(data.cursed_scrolls)),),
            rules="Rules: “Send the assistant”, “Spell descriptions”; the Curse marker is "
            "Grimoire's rule decision 12",
            own=False,
        )
    )
    return entries


def _book(book: str) -> CardText:
    colour, value = cards.book_colour(book), cards.book_value(book)
    if colour == cards.BLACK:
        takes = "ingredients all of different colours (at most five; a mandrake stands for one)"
        short = f"Spellbook worth {value}: black magic, ingredients all of different colours"
        rules = "Rules: “Black magic”; its value is " + OWN_DATA
    else:
        takes = f"{colour} ingredients (a mandrake may stand for one)"
        short = f"Spellbook worth {value}, for a spell of {colour} ingredients"
        rules = "Rules: “Prepare the spell”; colour and value are " + OWN_DATA
    return CardText(
        key=book,
        name=book,
        kind="spellbook",
        text=(
            f"Start a spell with it and add {takes}: one spellbook per spell, and the number "
            "of ingredients is the highest power. Each spell cast with it scores the spell's "
            f"value plus {value}. Left in your hand at the end, it counts as a {colour} card "
            "(−1 for the colour)."
        ),
        short=short,
        numbers=(("Value", str(value)),),
        rules=rules,
    )


def _turn() -> list[CardText]:
    return [
        CardText(
            key=SEND,
            name="Send the assistant",
            kind="action",
            text=(
                "Move the assistant 1 to 3 shops clockwise (one more per Swiftness you own) and "
                "take every card in the shop where it stops: items to your hand, cursed scrolls "
                "in front of you. Then the shop it left and each shop it passed get the top "
                "card of the deck (face up by day, face down by night)."
            ),
            short="Walk 1–3 shops clockwise, take every card there; the shops passed restock",
            rules=(
                "Rules: “Send the assistant to seek new magical items”; Grimoire's rule decision 8"
            ),
            own=False,
        ),
        CardText(
            key=CAST,
            name="Cast a spell",
            kind="action",
            text=(
                "Put down one spellbook (or a mandrake as the spellbook) with ingredients it "
                "takes, choose a power from 1 up to the number of ingredients, take the top "
                "spell of that value stack and apply it. The spell scores its value plus the "
                "spellbook's at the end; the ingredients score nothing."
            ),
            short="Spellbook + ingredients: power up to their number, take that stack's spell",
            rules="Rules: “Cast a spell”; Grimoire's rule decisions 5–7",
            own=False,
        ),
        CardText(
            key=DROP_OUT,
            name="Drop out",
            kind="action",
            text=(
                "During the three final rounds, instead of a turn: take no more turns this "
                "game. The game ends at once when everyone has dropped out."
            ),
            short="In the final rounds: take no more turns this game",
            rules="Rules: “End of the game”; Grimoire's rule decision 14",
            own=False,
        ),
    ]


def _terms() -> list[CardText]:
    return [
        CardText(
            key=DAY_SHOP,
            name="Day shop",
            kind="place",
            text=f"One of the {SHOPS - NIGHT_SHOPS} day shops: its cards lie face up, seen by all.",
            short="Its cards lie face up",
            rules="Rules: “Setup”, “Restock the shops”",
            own=False,
        ),
        CardText(
            key=NIGHT_SHOP,
            name="Night shop",
            kind="place",
            text=(
                f"One of the {NIGHT_SHOPS} night shops: its cards lie face down. The assistant "
                "takes them all unseen; a Levitation takes the top one blind."
            ),
            short="Its cards lie face down: taken unseen",
            rules="Rules: “Setup”, “Restock the shops”; Grimoire's rule decision 9",
            own=False,
        ),
        CardText(
            key=ASSISTANT,
            name="Assistant",
            kind="keyword",
            text=(
                "The figurine the sorcerers share. Sent on a turn, it walks clockwise and brings "
                "back every card of the shop where it stops. Casting leaves it where it is."
            ),
            short="Shared figurine: walks clockwise, brings back a shop's cards",
            rules="Rules: “Send the assistant to seek new magical items”",
            own=False,
        ),
        CardText(
            key=BLACK_MAGIC,
            name="Black magic",
            kind="keyword",
            text=(
                "A spell of the black spellbook, or of a mandrake used as the spellbook, with "
                "ingredients all of different colours: at most five, a mandrake standing for a "
                "colour not otherwise used."
            ),
            short="Ingredients all of different colours, at most five",
            rules="Rules: “Black magic”, “Mandrakes”; Grimoire's rule decision 7",
            own=False,
        ),
        CardText(
            key=CURSE,
            name="Curse marker",
            kind="keyword",
            text=(
                "Held by the sorcerer with the most cursed scrolls, and moved as that changes; "
                "on a tie its holder keeps it if tied. Its holder loses 2 points at the end."
            ),
            short="Most cursed scrolls holds it: −2 points at the end",
            numbers=(("Penalty", "−2"),),
            rules="Rules: “Calculating your score”; Grimoire's rule decision 12",
            own=False,
        ),
        CardText(
            key=FINAL_ROUNDS,
            name="Final rounds",
            kind="keyword",
            text=(
                "Once the deck is empty, three rounds remain, starting with the next sorcerer. "
                "During them you may drop out instead of taking a turn."
            ),
            short="Deck empty: three more rounds from the next sorcerer",
            numbers=(("Rounds", "3"),),
            rules="Rules: “End of the game”; Grimoire's rule decision 13",
            own=False,
        ),
        CardText(
            key=TEAM_TRADE,
            name="Team trade",
            kind="keyword",
            text=(
                "Team variant: whenever you receive cursed scrolls (from a shop or a spell), "
                "you may give your partner a card, ask them for one of their choice, or offer "
                "one in exchange for one they choose; or not trade."
            ),
            short="On receiving scrolls: give, ask for or swap a card with your partner",
            rules="Rules: “Team variant”; Grimoire's rule decision 17",
            own=False,
        ),
    ]


# --------------------------------------------------------------------- what an action names
def card_keys(s: MandragoraState, seat: int, action: Action) -> list[str]:
    """The entries ``action`` plays, takes or aims, most telling first. Only what ``seat``
    may know: its own cards, face-up shop cards, the face-up tops of the spell stacks."""
    keys = _keys(s, seat, action)
    return list(dict.fromkeys(keys))


def _keys(s: MandragoraState, seat: int, action: Action) -> list[str]:
    match action:
        case Move(distance):
            shop = (s.assistant + distance) % SHOPS
            if s.night[shop]:
                return [NIGHT_SHOP, SEND]
            return [*_ordered(s.shops[shop]), SEND]
        case CastBook(book):
            return [book, *_black(book), CAST]
        case AddIngredient(card):
            return [card]
        case ChoosePower(power):
            return [_top(s, power), s.steps[0].book]
        case CompositeCast(book, ingredients, power, then):
            return [_top(s, power), book, *_ordered(ingredients), *_follow_ups(then)]
        case FinishCast(ingredients, power, then):
            book = s.steps[0].book
            return [_top(s, power), book, *_ordered(ingredients), *_follow_ups(then)]
        case Skip():
            return ["replication"]
        case DropOut():
            return [DROP_OUT, FINAL_ROUNDS]
        case Transfer() | Substitute() | GiveCard() | Levitate():
            return _follow_ups([action])
        case Share(_, card):
            return [card, TEAM_TRADE] if card else [TEAM_TRADE]
    return []


def _follow_ups(then: Sequence[Action]) -> list[str]:
    keys: list[str] = []
    for action in then:
        match action:
            case Transfer():
                keys += ["transfer", cards.SCROLL]
            case Substitute():
                keys.append("substitution")
            case GiveCard(card):
                keys += [card, "substitution"]
            case Levitate(_, card):
                keys += [card or NIGHT_SHOP, "levitation"]
    return keys


def _top(s: MandragoraState, power: int) -> str:
    """The spell on top of the value-``power`` stack: face up, known to everyone."""
    return s.stacks[power - 1][-1]


def _black(book: str) -> list[str]:
    return (
        [BLACK_MAGIC] if book != cards.MANDRAKE and cards.book_colour(book) == cards.BLACK else []
    )


def _ordered(items: Sequence[str]) -> list[str]:
    """Distinct cards in the box's order (ingredients, spellbooks, mandrake, scroll)."""
    order = {card: i for i, card in enumerate(dict.fromkeys(cards.all_cards()))}
    return sorted(dict.fromkeys(items), key=lambda card: order.get(card, len(order)))
