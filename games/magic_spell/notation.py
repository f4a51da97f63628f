"""Text for Magic Spell's actions, and reading it back.

Seats and laboratory places are numbered from 1 in text, from 0 inside the engine; tiles are
their letter (``q``) or ``stone``; spells are their magic word. Examples::

    weave q on quidnunc    move     move to quidnunc    move q from ken    done
    move q from ken to quidnunc             scrounge 11-20   tile 17   scrounge 17
    weave it on quidnunc   keep             put back               research        rest
    cast yegg              target 2         row 11-20              use e           letter q
    homework ken           pay e            cast yegg target 2     take augury     jettison e
    return e               return ken       back
    weave q on quidnunc done                weave it on quidnunc done
    trade with 2           give e           give e from ken        give ken        for q
    for stone              for quaff        for homework           ask q            ask stone
    trade with 2 give e for q               trade with 2 give e and ken for q and quaff
    accept 2               decline 2        withdraw 2
"""

from __future__ import annotations

from functools import lru_cache

from games.magic_spell.actions import (
    Accept,
    Action,
    Ask,
    AskAlso,
    Back,
    Cast,
    CastChoice,
    ChooseHomework,
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
    NameLetter,
    Pay,
    PutBack,
    Research,
    Rest,
    ReturnSpell,
    ReturnTile,
    Row,
    ScroungeRow,
    StartMove,
    Take,
    Target,
    Tile,
    TradeWith,
    Use,
    Weave,
    WeaveFound,
    Withdraw,
)
from games.magic_spell.laboratory import ROWS
from games.magic_spell.spells import spells
from games.magic_spell.state import LAB_PLACES, ROW, Item, Want
from games.magic_spell.text import read_tile, row_label, tile_word

MAX_SEATS = 4


# Actions are small frozen values met again and again (every legal action's text is asked
# for when showing choices, and each one taken is written down): their text is kept.
@lru_cache(maxsize=1 << 14)
def notation(action: Action) -> str:
    """The canonical text of an action."""
    match action:
        case Weave(letter, target):
            return f"weave {tile_word(letter)} on {target}"
        case StartMove():
            return "move"
        case MoveTo(target):
            return f"move to {target}"
        case MoveTile(letter, source):
            return f"move {tile_word(letter)} from {source}"
        case CompositeMove(letter, source, target):
            return f"move {tile_word(letter)} from {source} to {target}"
        case Done():
            return "done"
        case CompositeWeaveDone(weave):
            return f"{notation(weave)} done"
        case ScroungeRow(row):
            return f"scrounge {row_label(row)}"
        case Tile(slot):
            return f"tile {slot + 1}"
        case CompositeScrounge(slot):
            return f"scrounge {slot + 1}"
        case WeaveFound(target):
            return f"weave it on {target}"
        case Keep():
            return "keep"
        case PutBack():
            return "put back"
        case Research():
            return "research"
        case Rest():
            return "rest"
        case Cast(word):
            return f"cast {word}"
        case CompositeCast(word, choices):
            return " ".join(["cast", word, *(notation(c) for c in choices)])
        case Target(seat):
            return f"target {seat + 1}"
        case Row(row):
            return f"row {row_label(row)}"
        case Use(letter):
            return f"use {tile_word(letter)}"
        case NameLetter(letter):
            return f"letter {tile_word(letter)}"
        case ChooseHomework(word):
            return f"homework {word}"
        case Pay(letter):
            return f"pay {tile_word(letter)}"
        case Take(word):
            return f"take {word}"
        case Jettison(letter):
            return f"jettison {tile_word(letter)}"
        case ReturnTile(letter):
            return f"return {tile_word(letter)}"
        case ReturnSpell(word):
            return f"return {word}"
        case Back():
            return "back"
        case TradeWith(seat):
            return f"trade with {seat + 1}"
        case Give(item):
            return f"give {item_text(item)}"
        case AskAlso(want):
            return f"ask {want_text(want)}"
        case Ask(want):
            return f"for {want_text(want)}"
        case CompositeOffer(seat, items, wants):
            given = " and ".join(item_text(item) for item in items)
            asked = " and ".join(want_text(want) for want in wants)
            return f"trade with {seat + 1} give {given} for {asked}"
        case Withdraw(seat):
            return f"withdraw {seat + 1}"
        case Accept(seat):
            return f"accept {seat + 1}"
        case Decline(seat):
            return f"decline {seat + 1}"
    raise TypeError(f"not a Magic Spell action: {action!r}")


def item_text(item: Item) -> str:
    """``e``, ``e from ken``, ``ken``: a tile, a woven tile, a spell."""
    if item.kind == "tile":
        return tile_word(item.letter)
    if item.kind == "woven":
        return f"{tile_word(item.letter)} from {item.spell}"
    return item.spell


def want_text(want: Want) -> str:
    """``q``, ``quaff``, ``homework``: what an offer asks for."""
    if want.kind == "letter":
        return tile_word(want.letter)
    if want.kind == "spellbook":
        return want.spell
    return "homework"


# ------------------------------------------------------------------------------- reading
def _spell(word: str) -> str | None:
    return word if word in spells() else None


def _number(word: str, low: int, high: int) -> int | None:
    if not word.isdigit():
        return None
    value = int(word)
    return value if low <= value <= high else None


def _place(word: str) -> int | None:
    place = _number(word, 1, LAB_PLACES)
    return place - 1 if place is not None else None


def _seat(word: str) -> int | None:
    seat = _number(word, 1, MAX_SEATS)
    return seat - 1 if seat is not None else None


def _row(word: str) -> int | None:
    """``11-20`` → row 1."""
    first, dash, last = word.partition("-")
    start = _number(first, 1, LAB_PLACES)
    if not dash or start is None or (start - 1) % ROW or last != str(start + ROW - 1):
        return None
    row = (start - 1) // ROW
    return row if row < ROWS else None


def parse_syntax(text: str) -> Action | None:
    """Read normalized text as an action; None when it is not Magic Spell notation.

    >>> parse_syntax("weave q on quidnunc")
    Weave(letter='Q', target='quidnunc')
    >>> parse_syntax("scrounge 17"), parse_syntax("scrounge 11-20")
    (CompositeScrounge(slot=16), ScroungeRow(row=1))
    >>> parse_syntax("weave q on nothing") is None
    True
    """
    words = text.split()
    if not words:
        return None
    head, rest = words[0], words[1:]
    if not rest:
        return _BARE.get(head)
    if words[-1] == "done":
        return _parse_weave_done(words[:-1])
    if head == "weave":
        return _parse_weave(rest)
    if head == "move":
        return _parse_move(rest)
    if head == "cast":
        return _parse_cast(rest)
    if head == "trade":
        return _parse_trade(rest)
    if head == "put" and rest == ["back"]:
        return PutBack()
    if head == "scrounge" and len(rest) == 1:
        row = _row(rest[0])
        if row is not None:
            return ScroungeRow(row)
        place = _place(rest[0])
        return CompositeScrounge(place) if place is not None else None
    if head in ("give", "for", "ask"):
        return _parse_give_or_ask(head, rest)
    if len(rest) == 1:
        choice = _parse_choice(head, rest[0])
        if choice is not None:
            return choice
        return _parse_one(head, rest[0])
    return None


_BARE: dict[str, Action] = {
    "done": Done(),
    "keep": Keep(),
    "research": Research(),
    "rest": Rest(),
    "back": Back(),
    "move": StartMove(),
}


def _parse_one(head: str, word: str) -> Action | None:
    match head:
        case "take":
            spell = _spell(word)
            return Take(spell) if spell else None
        case "jettison":
            letter = read_tile(word)
            return Jettison(letter) if letter else None
        case "return":
            letter = read_tile(word)
            if letter:
                return ReturnTile(letter)
            spell = _spell(word)
            return ReturnSpell(spell) if spell else None
        case "accept" | "decline" | "withdraw":
            seat = _seat(word)
            if seat is None:
                return None
            if head == "accept":
                return Accept(seat)
            return Decline(seat) if head == "decline" else Withdraw(seat)
    return None


def _parse_choice(head: str, word: str) -> CastChoice | None:
    """One decision of a cast (or the tile of a scrounge): ``target 2``, ``tile 17``…"""
    match head:
        case "target":
            seat = _seat(word)
            return Target(seat) if seat is not None else None
        case "row":
            row = _row(word)
            return Row(row) if row is not None else None
        case "tile":
            place = _place(word)
            return Tile(place) if place is not None else None
        case "use" | "letter" | "pay":
            letter = read_tile(word)
            if letter is None:
                return None
            return (
                Use(letter)
                if head == "use"
                else NameLetter(letter)
                if head == "letter"
                else Pay(letter)
            )
        case "homework":
            spell = _spell(word)
            return ChooseHomework(spell) if spell else None
    return None


def _parse_weave(rest: list[str]) -> Action | None:
    """``L on X``, ``it on X``."""
    if len(rest) != 3 or rest[1] != "on":
        return None
    target = _spell(rest[2])
    if target is None:
        return None
    if rest[0] == "it":
        return WeaveFound(target)
    letter = read_tile(rest[0])
    return Weave(letter, target) if letter else None


def _parse_weave_done(words: list[str]) -> CompositeWeaveDone | None:
    """``weave q on quidnunc done``, ``weave it on quidnunc done``, ``move q from ken to
    quidnunc done``: one weave, then done."""
    weave = parse_syntax(" ".join(words))
    if isinstance(weave, Weave | WeaveFound | CompositeMove):
        return CompositeWeaveDone(weave)
    return None


def _parse_move(rest: list[str]) -> Action | None:
    """``to X``, ``L from Y``, ``L from Y to X``."""
    if len(rest) == 2 and rest[0] == "to":
        target = _spell(rest[1])
        return MoveTo(target) if target else None
    if len(rest) not in (3, 5) or rest[1] != "from":
        return None
    letter, source = read_tile(rest[0]), _spell(rest[2])
    if letter is None or source is None:
        return None
    if len(rest) == 3:
        return MoveTile(letter, source)
    target = _spell(rest[4])
    return CompositeMove(letter, source, target) if rest[3] == "to" and target else None


def _parse_cast(rest: list[str]) -> Action | None:
    """``cast X``, or a whole cast: ``cast X target 2 use e`` …"""
    word = _spell(rest[0])
    if word is None:
        return None
    tail = rest[1:]
    if not tail:
        return Cast(word)
    if len(tail) % 2:
        return None
    choices: list[CastChoice] = []
    for head, value in zip(tail[::2], tail[1::2], strict=True):
        choice = _parse_choice(head, value)
        if choice is None:
            return None
        choices.append(choice)
    return CompositeCast(word, tuple(choices))


def _parse_item(words: list[str]) -> Item | None:
    if not words:
        return None
    letter = read_tile(words[0])
    if len(words) == 1:
        if letter:
            return Item("tile", letter)
        spell = _spell(words[0])
        return Item("spell", spell=spell) if spell else None
    if letter and len(words) == 3 and words[1] == "from":
        spell = _spell(words[2])
        return Item("woven", letter, spell) if spell else None
    return None


def _parse_want(words: list[str]) -> Want | None:
    if len(words) != 1:
        return None
    letter = read_tile(words[0])
    if letter:
        return Want("letter", letter)
    if words[0] == "homework":
        return Want("homework")
    spell = _spell(words[0])
    return Want("spellbook", spell=spell) if spell else None


def _parse_give_or_ask(head: str, rest: list[str]) -> Action | None:
    if head == "give":
        item = _parse_item(rest)
        return Give(item) if item else None
    want = _parse_want(rest)
    if want is None:
        return None
    return Ask(want) if head == "for" else AskAlso(want)


def _parse_trade(rest: list[str]) -> Action | None:
    """``trade with 2``, or a whole offer: ``trade with 2 give e from ken for q``."""
    if len(rest) < 2 or rest[0] != "with":
        return None
    seat = _seat(rest[1])
    if seat is None:
        return None
    tail = rest[2:]
    if not tail:
        return TradeWith(seat)
    if tail[0] != "give" or "for" not in tail:
        return None
    split = tail.index("for")
    items = [_parse_item(part) for part in _parts(tail[1:split])]
    wants = [_parse_want(part) for part in _parts(tail[split + 1 :])]
    if not items or not wants:
        return None
    given = tuple(item for item in items if item is not None)
    asked = tuple(want for want in wants if want is not None)
    if len(given) < len(items) or len(asked) < len(wants):
        return None
    return CompositeOffer(seat, given, asked)


def _parts(words: list[str]) -> list[list[str]]:
    """``e and k from ken`` as ``[["e"], ["k", "from", "ken"]]``."""
    parts: list[list[str]] = [[]]
    for word in words:
        if word == "and":
            parts.append([])
        else:
            parts[-1].append(word)
    return parts
