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
from games.core.words import data_msg, msg, pmsg
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
from games.mandragora.text import card_name, colour_name

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

_TIMING = {
    "immediate": msg("Takes effect as soon as you cast it."),
    "permanent": msg("Lasts the whole game."),
    "end": msg("Applies at the end of the game, before the points are counted."),
}


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
        text = msg(
            "{effect} {timing} Cast at power N from the value-N stack, it scores N plus its "
            "spellbook's value. In the stacks of value {stacks} ({count} in the game).",
            effect=data_msg(spell.effect),
            timing=_TIMING[spell.timing],
            stacks=stacks,
            count=len(values),
        )
        entries.append(
            CardText(
                key=spell.key,
                name=data_msg(spell.name),
                kind=pmsg("kind", "spell"),
                text=text,
                short=data_msg(spell.sentence),
                numbers=(
                    (msg("Value"), " · ".join(str(v) for v in dict.fromkeys(values))),
                    (msg("In the game"), str(len(values))),
                ),
                rules=msg(
                    "Rules: “Spell descriptions”, “Cast a spell”; values and wording are "
                    "Grimoire's own card data"
                ),
            )
        )
    return entries


def _items() -> list[CardText]:
    data = cards.items()
    entries = []
    for colour in data.colours:
        name = data_msg(colour.name)
        entries.append(
            CardText(
                key=colour.name,
                name=name,
                kind=pmsg("kind", "ingredient card"),
                text=msg(
                    "A {colour} ingredient. Goes into a spell under a {colour} spellbook, the "
                    "black spellbook (ingredients all of different colours) or a mandrake used "
                    "as the spellbook; each ingredient raises the highest power the spell may be "
                    "cast at by 1. Left in your hand at the end, {colour} costs 1 point (once for "
                    "the colour).",
                    colour=name,
                ),
                short=msg(
                    "Ingredient of {colour} spells (or black magic): +1 to the top power",
                    colour=name,
                ),
                numbers=((msg("In the box"), str(colour.ingredients)),),
                rules=msg("Rules: “Prepare the spell”; the colour is Grimoire's own card data"),
            )
        )
    for book in dict.fromkeys(c for c in cards.all_cards() if cards.is_book(c)):
        entries.append(_book(book))
    entries.append(
        CardText(
            key=cards.MANDRAKE,
            name=card_name(cards.MANDRAKE),
            kind=pmsg("kind", "magical item"),
            text=msg(
                "Wild. Use it as an ingredient of any colour, or as the spellbook (worth 0 "
                "points) with ingredients all of one colour or all of different colours. At "
                "most one mandrake goes into a spell. Each sorcerer starts with one. Left in "
                "your hand at the end, mandrakes count as one colour, white (−1)."
            ),
            short=msg("Wild: any ingredient, or a spellbook worth 0; one per spell"),
            numbers=((msg("In the box"), str(data.mandrakes)),),
            rules=msg("Rules: “Mandrakes”, “Calculating your score”"),
            own=False,
        )
    )
    entries.append(
        CardText(
            key=cards.SCROLL,
            name=msg("cursed scroll"),
            kind=pmsg("kind", "magical item"),
            text=msg(
                "Never goes in your hand: taken from a shop (by the assistant or a Levitation) "
                "it is placed face up in front of you. Whoever has the most holds the Curse "
                "marker, −2 points at the end. Banishment returns one of yours to the box; "
                "Transfer passes one to an opponent. In the team variant, receiving scrolls "
                "lets you trade a card with your partner."
            ),
            short=msg("Goes in front of you; the most scrolls holds the Curse (−2 at the end)"),
            numbers=((msg("In the box"), str(data.cursed_scrolls)),),
            rules=msg(
                "Rules: “Send the assistant”, “Spell descriptions”; the Curse marker is "
                "Grimoire's rule decision 12"
            ),
            own=False,
        )
    )
    return entries


def _book(book: str) -> CardText:
    colour, value = cards.book_colour(book), cards.book_value(book)
    if colour == cards.BLACK:
        text = msg(
            "Start a spell with it and add ingredients all of different colours (at most five; "
            "a mandrake stands for one): one spellbook per spell, and the number of ingredients "
            "is the highest power. Each spell cast with it scores the spell's value plus "
            "{value}. Left in your hand at the end, it counts as a {colour} card (−1 for the "
            "colour).",
            value=value,
            colour=colour_name(colour),
        )
        short = msg(
            "Spellbook worth {value}: black magic, ingredients all of different colours",
            value=value,
        )
        rules = msg("Rules: “Black magic”; its value is Grimoire's own card data")
    else:
        text = msg(
            "Start a spell with it and add {colour} ingredients (a mandrake may stand for one): "
            "one spellbook per spell, and the number of ingredients is the highest power. Each "
            "spell cast with it scores the spell's value plus {value}. Left in your hand at the "
            "end, it counts as a {colour} card (−1 for the colour).",
            value=value,
            colour=colour_name(colour),
        )
        short = msg(
            "Spellbook worth {value}, for a spell of {colour} ingredients",
            value=value,
            colour=colour_name(colour),
        )
        rules = msg("Rules: “Prepare the spell”; colour and value are Grimoire's own card data")
    return CardText(
        key=book,
        name=card_name(book),
        kind=pmsg("kind", "spellbook"),
        text=text,
        short=short,
        numbers=((msg("Value"), str(value)),),
        rules=rules,
    )


def _turn() -> list[CardText]:
    return [
        CardText(
            key=SEND,
            name=msg("Send the assistant"),
            kind=pmsg("kind", "action"),
            text=msg(
                "Move the assistant 1 to 3 shops clockwise (one more per Swiftness you own) and "
                "take every card in the shop where it stops: items to your hand, cursed scrolls "
                "in front of you. Then the shop it left and each shop it passed get the top "
                "card of the deck (face up by day, face down by night)."
            ),
            short=msg("Walk 1–3 shops clockwise, take every card there; the shops passed restock"),
            rules=msg(
                "Rules: “Send the assistant to seek new magical items”; Grimoire's rule decision 8"
            ),
            own=False,
        ),
        CardText(
            key=CAST,
            name=msg("Cast a spell"),
            kind=pmsg("kind", "action"),
            text=msg(
                "Put down one spellbook (or a mandrake as the spellbook) with ingredients it "
                "takes, choose a power from 1 up to the number of ingredients, take the top "
                "spell of that value stack and apply it. The spell scores its value plus the "
                "spellbook's at the end; the ingredients score nothing."
            ),
            short=msg("Spellbook + ingredients: power up to their number, take that stack's spell"),
            rules=msg("Rules: “Cast a spell”; Grimoire's rule decisions 5–7"),
            own=False,
        ),
        CardText(
            key=DROP_OUT,
            name=msg("Drop out"),
            kind=pmsg("kind", "action"),
            text=msg(
                "During the three final rounds, instead of a turn: take no more turns this "
                "game. The game ends at once when everyone has dropped out."
            ),
            short=msg("In the final rounds: take no more turns this game"),
            rules=msg("Rules: “End of the game”; Grimoire's rule decision 14"),
            own=False,
        ),
    ]


def _terms() -> list[CardText]:
    return [
        CardText(
            key=DAY_SHOP,
            name=msg("Day shop"),
            kind=pmsg("kind", "place"),
            text=msg(
                "One of the {count} day shops: its cards lie face up, seen by all.",
                count=SHOPS - NIGHT_SHOPS,
            ),
            short=msg("Its cards lie face up"),
            rules=msg("Rules: “Setup”, “Restock the shops”"),
            own=False,
        ),
        CardText(
            key=NIGHT_SHOP,
            name=msg("Night shop"),
            kind=pmsg("kind", "place"),
            text=msg(
                "One of the {count} night shops: its cards lie face down. The assistant "
                "takes them all unseen; a Levitation takes the top one blind.",
                count=NIGHT_SHOPS,
            ),
            short=msg("Its cards lie face down: taken unseen"),
            rules=msg("Rules: “Setup”, “Restock the shops”; Grimoire's rule decision 9"),
            own=False,
        ),
        CardText(
            key=ASSISTANT,
            name=msg("Assistant"),
            kind=pmsg("kind", "keyword"),
            text=msg(
                "The figurine the sorcerers share. Sent on a turn, it walks clockwise and brings "
                "back every card of the shop where it stops. Casting leaves it where it is."
            ),
            short=msg("Shared figurine: walks clockwise, brings back a shop's cards"),
            rules=msg("Rules: “Send the assistant to seek new magical items”"),
            own=False,
        ),
        CardText(
            key=BLACK_MAGIC,
            name=msg("Black magic"),
            kind=pmsg("kind", "keyword"),
            text=msg(
                "A spell of the black spellbook, or of a mandrake used as the spellbook, with "
                "ingredients all of different colours: at most five, a mandrake standing for a "
                "colour not otherwise used."
            ),
            short=msg("Ingredients all of different colours, at most five"),
            rules=msg("Rules: “Black magic”, “Mandrakes”; Grimoire's rule decision 7"),
            own=False,
        ),
        CardText(
            key=CURSE,
            name=msg("Curse marker"),
            kind=pmsg("kind", "keyword"),
            text=msg(
                "Held by the sorcerer with the most cursed scrolls, and moved as that changes; "
                "on a tie its holder keeps it if tied. Its holder loses 2 points at the end."
            ),
            short=msg("Most cursed scrolls holds it: −2 points at the end"),
            numbers=((msg("Penalty"), "−2"),),
            rules=msg("Rules: “Calculating your score”; Grimoire's rule decision 12"),
            own=False,
        ),
        CardText(
            key=FINAL_ROUNDS,
            name=msg("Final rounds"),
            kind=pmsg("kind", "keyword"),
            text=msg(
                "Once the deck is empty, three rounds remain, starting with the next sorcerer. "
                "During them you may drop out instead of taking a turn."
            ),
            short=msg("Deck empty: three more rounds from the next sorcerer"),
            numbers=((msg("Rounds"), "3"),),
            rules=msg("Rules: “End of the game”; Grimoire's rule decision 13"),
            own=False,
        ),
        CardText(
            key=TEAM_TRADE,
            name=msg("Team trade"),
            kind=pmsg("kind", "keyword"),
            text=msg(
                "Team variant: whenever you receive cursed scrolls (from a shop or a spell), "
                "you may give your partner a card, ask them for one of their choice, or offer "
                "one in exchange for one they choose; or not trade."
            ),
            short=msg("On receiving scrolls: give, ask for or swap a card with your partner"),
            rules=msg("Rules: “Team variant”; Grimoire's rule decision 17"),
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
