"""Magic Spell's catalogue: every spell, the philosopher's stone, the turn's actions and the
words of the game, in plain words (``Engine.cards``), and the entries an action names
(``Engine.card_keys``).

The spells' effects come from ``data/spells.toml``, the project's own deck; the actions and
words follow the rules text, in our own words.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from games.core.catalogue import SHORT_LIMIT, CardText
from games.core.words import data_msg, msg, msg_list, pmsg, proper_name
from games.magic_spell.actions import (
    Accept,
    Action,
    Ask,
    AskAlso,
    Cast,
    CompositeCast,
    CompositeMove,
    CompositeOffer,
    CompositeScrounge,
    CompositeWeaveDone,
    Decline,
    Done,
    Give,
    Jettison,
    Keep,
    MoveTile,
    MoveTo,
    PutBack,
    Research,
    Rest,
    ReturnSpell,
    ReturnTile,
    ScroungeRow,
    StartMove,
    Take,
    Tile,
    TradeWith,
    Weave,
    WeaveFound,
    Withdraw,
)
from games.magic_spell.spells import STONE, SpellData, spell, spells
from games.magic_spell.state import (
    CABINET_LIMIT,
    COURSELOAD,
    HOMEWORK_LIMIT,
    RESEARCH_COST,
    REST_GAIN,
    SAFETY_ROUNDS,
    SPIRIT_FLOOR,
    START_SPIRIT,
    Item,
    MagicSpellState,
    Want,
)
from games.magic_spell.text import credits_text, tiles_count

STONE_KEY = "tile-stone"


def spell_key(word: str) -> str:
    """The catalogue key of a spell."""
    return f"spell-{word}"


def requirement(data: SpellData, *, where: bool = True) -> str:
    """What casting the spell asks for, in words ("" for none); ``where``: saying the tiles
    come from your cabinet."""
    parts: list[str] = []
    if data.spirit:
        parts.append(msg("{amount} spirit", amount=data.spirit))
    if data.tiles:
        tiles = tiles_count(data.tiles)
        parts.append(msg("{tiles} from your cabinet", tiles=tiles) if where else tiles)
    return msg_list(parts) if parts else ""


def spell_brief(data: SpellData) -> str:
    """The spell's effect in at most ``SHORT_LIMIT`` characters, its requirement first."""
    effect = data_msg(data.short or data.text)
    needs = requirement(data, where=False)
    brief = msg("({needs}) {effect}", needs=needs, effect=effect) if needs else effect
    if len(brief) > SHORT_LIMIT:
        raise ValueError(f"{data.word}: the short effect is over {SHORT_LIMIT} characters")
    return brief


def _spell_entry(data: SpellData) -> CardText:
    needs = requirement(data)
    if data.castable:
        how = (
            msg("Cast on your turn; requirement: {needs}.", needs=needs)
            if needs
            else msg("Cast on your turn.")
        )
    else:
        how = msg("Works from your spellbook; it is never cast.")
    text = msg(
        "{effect} {how} Worth {credits} in your spellbook; spell {letters} with {count} tiles "
        "to weave it. The word means “{meaning}”.",
        effect=data_msg(data.text),
        how=how,
        credits=credits_text(data.credits),
        letters=data.letters,
        count=len(data.word),
        meaning=data_msg(data.meaning),
    )
    numbers: list[tuple[str, str]] = [
        (pmsg("number", "Credits"), str(data.credits)),
        (pmsg("number", "Letters"), str(len(data.word))),
    ]
    if data.spirit:
        numbers.append((pmsg("number", "Spirit"), str(data.spirit)))
    if data.tiles:
        numbers.append((pmsg("number", "Tiles"), str(data.tiles)))
    return CardText(
        key=spell_key(data.word),
        name=proper_name(data.name),
        kind=pmsg("kind", "passive spell") if not data.castable else pmsg("kind", "spell"),
        text=text,
        short=spell_brief(data),
        numbers=tuple(numbers),
        rules=msg("Grimoire's own spell; Rules: “Cast”"),
        own=True,
    )


def _rules_entry(
    key: str, name: str, kind: str, text: str, short: str, rules: str, *, own: bool = False
) -> CardText:
    return CardText(key=key, name=name, kind=kind, text=text, short=short, rules=rules, own=own)


def _actions() -> list[CardText]:
    return [
        _rules_entry(
            "action-weave",
            pmsg("card", "Weave"),
            pmsg("kind", "action"),
            msg(
                "Your turn: put a tile from your cabinet on a homework spell whose magic "
                "word still has that letter unmatched. The first weave of a turn is free, "
                "each further one costs 1 spirit, and moving a tile from one homework spell "
                "to another costs 1 spirit more. When the last letter is matched the spell "
                "goes to your spellbook and its tiles return to the laboratory face up."
            ),
            msg(
                "Put a cabinet tile on a homework spell that needs it; the first weave a "
                "turn is free"
            ),
            msg("Rules: “Weave”; Grimoire's rule decisions 6-8"),
        ),
        _rules_entry(
            "action-cast",
            pmsg("card", "Cast"),
            pmsg("kind", "action"),
            msg(
                "Your turn: use a spell of your spellbook. Pay its requirement (spirit, or "
                "tiles returned from your cabinet); if you cannot pay it all you pay what "
                "you can and the spell has no effect. Passive spells work from the spellbook "
                "and are never cast."
            ),
            msg("Use a spell of your spellbook, paying its requirement"),
            msg("Rules: “Cast”; Grimoire's rule decision 13"),
        ),
        _rules_entry(
            "action-scrounge",
            pmsg("card", "Scrounge"),
            pmsg("kind", "action"),
            msg(
                "Your turn: look at one face-down tile of the laboratory without showing it. "
                "Weave it on a homework spell it fits, keep it in your cabinet, or put it "
                "back where it lies (a philosopher's stone put back leaves the game)."
            ),
            msg("Look at a laboratory tile: weave it, keep it, or put it back"),
            msg("Rules: “Scrounge”; Grimoire's rule decisions 4-6"),
        ),
        _rules_entry(
            "action-research",
            pmsg("card", "Research"),
            pmsg("kind", "action"),
            msg(
                "Your turn: spend {cost} spirit to draw a spell from the deck into your homework.",
                cost=RESEARCH_COST,
            ),
            msg("Spend {cost} spirit to draw a spell into your homework", cost=RESEARCH_COST),
            msg("Rules: “Research”"),
        ),
        _rules_entry(
            "action-rest",
            pmsg("card", "Rest"),
            pmsg("kind", "action"),
            msg("Your turn: gain {gain} spirit.", gain=REST_GAIN),
            msg("Gain {gain} spirit", gain=REST_GAIN),
            msg("Rules: “Rest”"),
        ),
        _rules_entry(
            "action-trade",
            pmsg("card", "Trade"),
            pmsg("kind", "action"),
            msg(
                "When you are not taking a turn, offer another student who is not taking one "
                "up to three things (cabinet tiles, tiles woven on your homework at 1 spirit "
                "each, homework or spellbook spells) for up to three; with Low Enrollment "
                "the two students trade between turns, until the next turn's first action. "
                "You may send each other student one offer a round (counted again from the "
                "start of each of your turns), and several offers may be open at once. An "
                "offer stays open until the partner accepts it, choosing what meets each "
                "thing asked, or declines it, you withdraw it, or either student's turn "
                "begins (an embargo on either, or something it trades being gone, cancels it "
                "too). Spirit is never traded."
            ),
            msg("Out of turn: offer tiles or spells for others, one offer a round to each student"),
            msg("Rules: “When it is not your turn…”; Grimoire's rule decisions 17-19"),
        ),
    ]


def _words() -> list[CardText]:
    return [
        _rules_entry(
            STONE_KEY,
            pmsg("card", "Philosopher's stone"),
            pmsg("kind", "tile"),
            msg(
                "With the Philosopher's Stone variant: a tile that stands for the last "
                "unmatched letter of a spell, at most one per spell. A stone that would "
                "return to the laboratory leaves the game instead. Each stone in your "
                "cabinet at the end is worth a credit, not towards submitting."
            ),
            msg("Stands for any one letter of a spell; leaves the game instead of returning"),
            msg("Rules: “Philosopher's Stone”; Grimoire's rule decision 9"),
        ),
        _rules_entry(
            "word-spirit",
            pmsg("card", "Spirit"),
            pmsg("kind", "keyword"),
            msg(
                "What spells and extra weaves cost. You start with {start}; below {floor} "
                "you gain 1 at the end of your turn; resting gains {gain}. It is never "
                "traded and never drops below nothing.",
                start=START_SPIRIT,
                floor=SPIRIT_FLOOR,
                gain=REST_GAIN,
            ),
            msg("Pays for extra weaves, research and spells; +1 at the end of a turn below five"),
            msg("Rules: “Glossary”, “At the end of your turn”; Grimoire's rule decision 11"),
        ),
        _rules_entry(
            "word-cabinet",
            pmsg("card", "Cabinet"),
            pmsg("kind", "keyword"),
            msg(
                "Your own tiles, kept secret. At the end of your turn you return tiles over "
                "{limit} to the laboratory, face up.",
                limit=CABINET_LIMIT,
            ),
            msg("Your secret tiles; at most {limit} at the end of your turn", limit=CABINET_LIMIT),
            msg("Rules: “Glossary”, “General Rules”; Grimoire's rule decision 10"),
        ),
        _rules_entry(
            "word-homework",
            pmsg("card", "Homework"),
            pmsg("kind", "keyword"),
            msg(
                "The spells in your hand, kept secret, with the tiles woven on them so far. "
                "At the end of your turn spells over {limit} go to the bottom of the deck "
                "and their tiles return.",
                limit=HOMEWORK_LIMIT,
            ),
            msg(
                "Your secret spells being woven; at most {limit} at the end of your turn",
                limit=HOMEWORK_LIMIT,
            ),
            msg("Rules: “Glossary”, “General Rules”; Grimoire's rule decision 10"),
        ),
        _rules_entry(
            "word-spellbook",
            pmsg("card", "Spellbook"),
            pmsg("kind", "keyword"),
            msg(
                "Your completed spells, face up for all: you may cast them, and their "
                "credits count towards your courseload."
            ),
            msg("Your completed spells: cast them, and their credits count"),
            msg("Rules: “Glossary”"),
        ),
        _rules_entry(
            "word-laboratory",
            pmsg("card", "Laboratory"),
            pmsg("kind", "keyword"),
            msg(
                "The tiles nobody owns, face down at numbered places. Returned tiles are "
                "shown to all, then lie face down in the lowest empty places, so a good "
                "memory pays."
            ),
            msg("The face-down tiles nobody owns, at numbered places"),
            msg("Rules: “Glossary”; Grimoire's rule decisions 1 and 4"),
        ),
        _rules_entry(
            "word-courseload",
            pmsg("card", "Courseload"),
            pmsg("kind", "keyword"),
            msg(
                "{courseload} credits of spells in your spellbook (12 or 15 with Heavy "
                "Courseload). Whoever has it at the end of their turn submits for grading: "
                "every other student has one last turn, then most credits wins, a tie going "
                "to the submitter.",
                courseload=COURSELOAD,
            ),
            msg(
                "{courseload} credits in your spellbook at the end of your turn: submit for "
                "grading",
                courseload=COURSELOAD,
            ),
            msg("Rules: “Winning”, “Heavy Courseload”; Grimoire's rule decisions 20-21"),
        ),
        _rules_entry(
            "word-semester",
            pmsg("card", "Semester"),
            pmsg("kind", "keyword"),
            msg(
                "A number of rounds a table may set when the game is made (option rounds). "
                "If nobody has submitted when its last round ends, the spellbooks are graded "
                "as they stand. Without one the game goes on until someone submits; after "
                "round {rounds} it ends all the same.",
                rounds=SAFETY_ROUNDS,
            ),
            msg("The rounds a table may set: after the last, spellbooks are graded as they stand"),
            msg("Grimoire's rule decision 22"),
            own=True,
        ),
        _rules_entry(
            "word-requirement",
            pmsg("card", "Requirement"),
            pmsg("kind", "keyword"),
            msg(
                "What a spell asks for when cast: spirit, tiles returned from your cabinet, "
                "or both. Cast without enough, you give what you have and the spell has no "
                "effect."
            ),
            msg("Spirit or tiles a spell asks for; without enough it has no effect"),
            msg("Rules: “General Rules”, “Cast”; Grimoire's rule decision 13"),
        ),
    ]


@cache
def catalogue() -> tuple[CardText, ...]:
    """Every entry, spells first in the deck's order, then the actions and the words."""
    return (*(_spell_entry(data) for data in spells().values()), *_actions(), *_words())


# ------------------------------------------------------------------------ what actions name
def card_keys(s: MagicSpellState, seat: int, action: Action) -> Sequence[str]:
    """The entries ``action`` of ``seat`` plays, takes or aims, most telling first."""
    step = s.steps[seat]
    match action:
        case Weave(letter, target):
            return _with_stone([spell_key(target), "action-weave"], letter)
        case MoveTile(letter, source):
            onto = [spell_key(step.spell)] if step is not None and step.spell else []
            return _with_stone([*onto, spell_key(source), "action-weave"], letter)
        case CompositeMove(letter, source, target):
            return _with_stone([spell_key(target), spell_key(source), "action-weave"], letter)
        case MoveTo(target) | WeaveFound(target):
            return [spell_key(target), "action-weave"]
        case CompositeWeaveDone(weave):
            return card_keys(s, seat, weave)
        case StartMove():
            return ["action-weave"]
        case Done():
            jettison = step is not None and step.kind == "jettison"
            return [spell_key("jettison")] if jettison else ["action-weave"]
        case ScroungeRow() | CompositeScrounge() | Keep() | PutBack():
            return _scrounged(s, seat)
        case Tile() if step is not None and step.kind == "row":
            return ["action-scrounge"]
        case Research():
            return ["action-research"]
        case Rest():
            return ["action-rest"]
        case Cast(word) | CompositeCast(word, _):
            return [spell_key(word), "action-cast"]
        case Take(word):
            return [spell_key(word), spell_key("augury")]
        case Jettison(letter):
            return _with_stone([spell_key("jettison")], letter)
        case ReturnTile(letter):
            return _with_stone(["word-cabinet"], letter)
        case ReturnSpell(word):
            return [spell_key(word), "word-homework"]
        case TradeWith() | Decline() | Withdraw():
            return ["action-trade"]
        case Give(item):
            return [*_item_keys(item), "action-trade"]
        case Ask(want) | AskAlso(want):
            return [*_want_keys(want), "action-trade"]
        case CompositeOffer(_, items, wants):
            keys = [k for item in items for k in _item_keys(item)]
            keys += [k for want in wants for k in _want_keys(want)]
            return [*dict.fromkeys(keys), "action-trade"]
        case Accept(proposer):
            return _accepted(s, seat, proposer)
    if step is not None and step.kind == "cast":
        return _cast_keys(s, seat)
    return []


def _cast_keys(s: MagicSpellState, seat: int) -> list[str]:
    step = s.steps[seat]
    return [spell_key(step.spell), "action-cast"] if step is not None and step.spell else []


def _scrounged(s: MagicSpellState, seat: int) -> list[str]:
    step = s.steps[seat]
    if step is not None and step.kind == "found" and s.lab[step.slot] == STONE:
        return ["action-scrounge", STONE_KEY]
    return ["action-scrounge"]


def _with_stone(keys: list[str], letter: str) -> list[str]:
    return [*keys, STONE_KEY] if letter == STONE else keys


def _item_keys(item: Item) -> list[str]:
    """A spell handed over, or the spell a woven tile comes off; a stone."""
    keys = [spell_key(item.spell)] if item.spell else []
    return [*keys, STONE_KEY] if item.letter == STONE else keys


def _want_keys(want: Want) -> list[str]:
    if want.kind == "spellbook":
        return [spell_key(want.spell)]
    return [STONE_KEY] if want.kind == "letter" and want.letter == STONE else []


def _accepted(s: MagicSpellState, seat: int, proposer: int) -> list[str]:
    """An accepted offer names the spells it brings the partner (they were told of them)."""
    for offer in s.offers:
        if offer.proposer == proposer and offer.partner == seat:
            keys = [k for item in offer.gives for k in _item_keys(item)]
            return [*dict.fromkeys(keys), "action-trade"]
    return ["action-trade"]


def effect_line(word: str) -> str:
    """A spell's name and short effect, for boards: "**Vim** — Gain 3 spirit."."""
    data = spell(word)
    return msg("**{spell}** — {effect}", spell=proper_name(data.name), effect=spell_brief(data))
