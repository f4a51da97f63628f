"""Every card, action, connexion and keyword of the game in words: what ``/card`` looks up.

The entries are written from the game's data (``data/*.toml``), so a book's effect is read
from its form and element and a feat's from its tokens: nothing here repeats a fact the data
already holds. ``card_keys`` names the entries a decision (or a whole move) plays, takes,
places or aims, for the panel to quote beside the option.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from games.core.catalogue import CardText
from games.strange_norrell import cards, moves, rules, years
from games.strange_norrell.actions import (
    INTRO,
    Acquire,
    Action,
    Attend,
    Battlefield,
    Cast,
    Composite,
    Connexion,
    Discard,
    DiscardSpell,
    Element,
    End,
    KingsRoads,
    Libraries,
    Magic,
    Named,
    On,
    ReadCards,
    Ride,
    School,
    Stay,
    StillWaters,
    Study,
    Take,
    To,
    Uncover,
    Use,
    With,
)
from games.strange_norrell.state import StrangeNorrellState
from games.strange_norrell.text import SYMBOLS, plural, tokens

#: Where the project's own data is described.
OWN = "Grimoire's own card"
#: Key of the entry for stilling the waters, and of the keywords.
STILL_WATERS = "still-waters"
INVITATION, INTRODUCTION = "invitation", "introduction"
FAIRY, MAGICIANSHIP, PRESTIGE, CONNEXION, LONDON = (
    "fairy",
    "magicianship",
    "prestige",
    "connexion",
    "london",
)

_BOOK_FORMS = {
    "double": "discard a {e} card to place two {e} tokens.",
    "convert": "discard a {e} card to place one token of any element.",
    "focus": "discard any social engagement to place one {e} token.",
}
_BOOK_SHORT = {
    "double": "{s} card → two {e} tokens",
    "convert": "{s} card → one token of any element",
    "focus": "any card → one {e} token",
}
#: A unique action's effect in a menu option's room (the data's wording is longer).
_UNIQUE_SHORT = {
    "battlefield": "Any two elements of your choice are available for magic this turn",
    "libraries": "Take an available book; the other two are replaced by three new ones",
    "read-cards": "Last year's card of Marseilles' elements are available for magic this turn",
    "school": "Once this turn, fulfil one engagement wherever your magician is",
}
#: Named connexions whose wording is longer than a menu option's room.
_NAMED_SHORT = {
    "vinulus": "Draw an introduction, then place an allowed element's token without a card",
}
#: A spell's effect in a menu option's room, by its effect in the data.
_SPELL_SHORT = {
    "place": "Place a {elements} token, available this turn or not",
    "move": "Go to any location (not one of your moves)",
    "introductions": "Draw {amount} introductions",
    "magicianship": "+1 magicianship once played",
    "pupil": "Take a pupil: +3 magicianship",
    "uncover": "Free one covered action disc: that action may be chosen again",
    "prestige": "+{amount} prestige",
    "conjure": "Choose an element: it is available for magic this turn",
    "fairy": "Move the fairy {amount} spaces {way}",
}


def cards_text() -> tuple[CardText, ...]:
    """The whole catalogue, in the order a player would browse it."""
    return _catalogue()


@cache
def _catalogue() -> tuple[CardText, ...]:
    return (
        *_actions(),
        *_magicians(),
        *_spells(),
        *_books(),
        *_feats(),
        *_spaces(),
        *_named(),
        *_marseilles(),
        *_engagements(),
        *_keywords(),
    )


def short_of(key: str) -> str:
    """An entry's effect in a menu option's room (``""`` for no such entry)."""
    entry = _by_key().get(key)
    return entry.brief if entry is not None else ""


@cache
def _by_key() -> dict[str, CardText]:
    return {card.key: card for card in _catalogue()}


def unique_key(board: str) -> str:
    """The catalogue key of a magician board's unique action."""
    return cards.magicians()[board].unique


# ------------------------------------------------------------------------- entries
def _actions() -> Iterator[CardText]:
    for key in cards.ACTIONS:
        if key == "unique":
            continue
        data = cards.actions()[key]
        yield CardText(
            key=key,
            name=data.name,
            kind="action",
            text=f"{data.text} Its disc then covers the action until you still the waters.",
            short=data.text,
            rules="Rules: “Standard actions”",
            own=False,
        )
    yield CardText(
        key=STILL_WATERS,
        name="Still the waters",
        kind="action",
        text="Instead of choosing an action, return every action disc to the silver basin: "
        "next turn every action is available again. Offered once a disc covers an action.",
        short="No action this turn; every covered action is free again",
        rules="Rules: “A. Choose an action or still the waters”",
        own=False,
    )


def _magicians() -> Iterator[CardText]:
    for data in cards.magicians().values():
        yield CardText(
            key=data.unique,
            name=data.unique_name,
            kind="unique action",
            text=f"{data.name}'s unique action. {data.unique_text} Its disc then covers it "
            "until you still the waters.",
            short=_UNIQUE_SHORT[data.unique],
            rules=f"Rules: “Unique actions”; {OWN}",
        )
    for data in cards.magicians().values():
        yield CardText(
            key=data.key,
            name=data.name,
            kind="magician",
            text=f"A magician board: the five standard actions, and the unique action "
            f"{data.unique_name}: {data.unique_text}",
            short=f"Unique action {data.unique_name}",
            rules=f"Rules: “Setup”, “Unique actions”; {OWN}",
        )


def _spells() -> Iterator[CardText]:
    for data in cards.spells().values():
        when = (
            "Play it during your turn, or before the turns of a year the fairy is confronted."
            if data.timing == "any"
            else "Play it during your turn."
        )
        short = _SPELL_SHORT[data.effect].format(
            elements=" / ".join(data.elements),
            amount=abs(data.amount),
            way="down" if data.amount < 0 else "up",
        )
        if data.timing == "any":
            short += " (also outside your turn)"
        yield CardText(
            key=data.key,
            name=data.name,
            kind="spell",
            text=f"{data.text} {when} Or discard it in your turn for 1 prestige.",
            short=short,
            numbers=(("In the deck", str(data.count)),),
            rules=f"Rules: “Casting spells”, “Clarifications”; {OWN}",
        )


def _books() -> Iterator[CardText]:
    for data in cards.books().values():
        effect = _BOOK_FORMS[data.form].format(e=data.element)
        yield CardText(
            key=data.key,
            name=data.name,
            kind="book of magic",
            text=f"When you do magic, once a turn: {effect} Every token must be of an element "
            "available this turn; the card need not be. Worth 1 magicianship.",
            short=_BOOK_SHORT[data.form].format(s=SYMBOLS[data.element], e=data.element)
            + ", once a turn; 1 magicianship",
            numbers=(("Form", data.form), ("Element", data.element), ("Magicianship", "1")),
            rules=f"Rules: “Books of magic”; {OWN}",
        )


def _feats() -> Iterator[CardText]:
    for data in cards.feats().values():
        needs = ", ".join(data.elements)
        yield CardText(
            key=data.key,
            name=data.name,
            kind="feat of magic",
            text=f"Complete it with exactly these element tokens: {needs}. Once complete it is "
            f"worth {data.value} magicianship, and you draw a spell.",
            short=f"Needs {tokens(data.elements)}: {data.value} magicianship and a spell",
            numbers=(("Tokens", needs), ("Magicianship", str(data.value))),
            rules=f"Rules: “C. Do magic”, “Completing a feat of magic”; {OWN}",
        )


def _spaces() -> Iterator[CardText]:
    marks = ", ".join(str(n) for n in cards.board().prestige.connexion_spaces)
    for data in cards.board().connexion_spaces:
        yield CardText(
            key=data.key,
            name=data.name,
            kind="connexion space",
            text=f"{data.text} Gained with a disc on this space of your magician board when "
            f"your prestige reaches or passes {marks}, or with a named connexion for it.",
            short=data.text,
            rules=f"Rules: “Moving your magician” (connexions); {OWN}",
        )


def _named() -> Iterator[CardText]:
    for data in cards.connexions().values():
        space = cards.spaces()[data.space]
        yield CardText(
            key=data.key,
            name=data.name,
            kind="named connexion",
            text=f"Taken instead of a connexion, with its immediate effect: {data.text} It "
            f"fills your connexion space “{space.name}”, so you also gain its ability: "
            f"{space.text}",
            short=_NAMED_SHORT.get(data.key, data.text),
            numbers=(("Space", space.name),),
            rules=f"Rules: “Moving your magician”, “Clarifications”; {OWN}",
        )


def _marseilles() -> Iterator[CardText]:
    for data in cards.marseilles().values():
        elements = ", ".join(data.elements)
        yield CardText(
            key=data.key,
            name=data.name,
            kind="card of Marseilles",
            text=f"When revealed, the fairy grows {data.strength} stronger. For the year, "
            f"{elements} are available for magic, and each magician draws "
            f"{plural(data.invitations, 'invitation')} at the end of a turn.",
            short=f"Fairy +{data.strength}; {elements}; {plural(data.invitations, 'invitation')} "
            "a turn",
            numbers=(
                ("Strength", str(data.strength)),
                ("Elements", elements),
                ("Invitations", str(data.invitations)),
            ),
            rules=f"Rules: “B. Reveal a new card of Marseilles”; {OWN}",
        )


def _engagements() -> Iterator[CardText]:
    names = cards.location_names()
    for code, data in cards.engagements().items():
        where = names[data.location]
        magic = f"Or discard it to do magic with a {data.element} token."
        if data.is_introduction:
            yield CardText(
                key=code,
                name=f"Introduction at {where} ({data.element}, +{data.prestige})",
                kind="introduction",
                text=f"Fulfil it at {where}: move up {data.prestige} on the prestige tracker. "
                + magic,
                short=f"At {where}: +{data.prestige} prestige; or magic with {data.element}",
                numbers=(("Prestige", str(data.prestige)), ("Element", data.element)),
                rules=f"Rules: “Fulfil social engagements”; {OWN}",
            )
        else:
            yield CardText(
                key=code,
                name=f"Invitation at {where} ({data.element})",
                kind="invitation",
                text=f"Fulfil it at {where}: draw two introductions, take two available feats "
                "of magic, or one of each. " + magic,
                short=f"At {where}: 2 introductions or feats; or magic with {data.element}",
                numbers=(("Element", data.element),),
                rules=f"Rules: “Fulfil social engagements”; {OWN}",
            )


def _keywords() -> Iterator[CardText]:
    board = cards.board()
    marks = ", ".join(str(n) for n in board.prestige.connexion_spaces)
    years_ = ", ".join(str(y) for y in board.confront_years)
    yield from (
        CardText(
            key=INVITATION,
            name="Invitation",
            kind="keyword",
            text="A social engagement kept secret in hand. Fulfilled at its location: draw "
            "two introductions, take two available feats of magic, or one of each.",
            short="Fulfil at its place: two introductions or feats of magic, or one of each",
            rules="Rules: “Fulfil social engagements”",
            own=False,
        ),
        CardText(
            key=INTRODUCTION,
            name="Introduction",
            kind="keyword",
            text="A social engagement kept secret in hand. Fulfilled at its location: move "
            "up the prestige tracker by the number on the card.",
            short="Fulfil at its place: move up the prestige it shows",
            rules="Rules: “Fulfil social engagements”",
            own=False,
        ),
        CardText(
            key=FAIRY,
            name="The fairy",
            kind="keyword",
            text="The gentleman with the thistle-down hair grows by each year's card of "
            f"Marseilles. In {years_}, a magician ending their turn with magicianship at least "
            "his strength defeats him, and the game ends at once.",
            short=f"Confronted in {years_}: magicianship ≥ his strength defeats him",
            rules="Rules: “D. Confront the fairy”, “Game end”",
            own=False,
        ),
        CardText(
            key=MAGICIANSHIP,
            name="Magicianship",
            kind="keyword",
            text="What wins the game: 2 to 5 per completed feat of magic, 1 per book of magic, "
            "3 for a pupil, 1 per spell of magicianship played.",
            short="Feats 2–5 each, books 1 each, a pupil 3, spells of magicianship 1",
            rules="Rules: “D. Confront the fairy”, “Game end”",
            own=False,
        ),
        CardText(
            key=PRESTIGE,
            name="Prestige",
            kind="keyword",
            text="Your disc on the prestige tracker sets the turn order (highest first, the "
            f"top of a stack first) and breaks ties. Reaching or passing {marks} gains a "
            "connexion.",
            short=f"Turn order and ties; reaching {marks} gains a connexion",
            rules="Rules: “Player turns”, “Moving your magician”; Grimoire's rule decision 9",
            own=False,
        ),
        CardText(
            key=CONNEXION,
            name="Connexion",
            kind="keyword",
            text="Gained when your prestige reaches or passes a marked space: a disc on an "
            "empty connexion space of your board gives its lasting ability, or take one of "
            "the available named connexions instead for its immediate effect as well.",
            short="A disc on an empty connexion space (a lasting ability) or a named connexion",
            rules="Rules: “Moving your magician”",
            own=False,
        ),
        CardText(
            key=LONDON,
            name="London",
            kind="place",
            text="A move onto London goes to any location of the City of London instead; from "
            "the City, one move reaches another City location or a location next to London.",
            short="Moving onto it goes to any City location; the City leads next to London",
            rules="Rules: “Moving your magician”; Grimoire's rule decision 6",
            own=False,
        ),
    )


# ------------------------------------------------------------------ keys of actions
def card_keys(s: StrangeNorrellState, seat: int, action: Action) -> list[str]:
    """The entries ``action`` plays, takes, places or aims, most telling first; a whole
    move's, decision after decision."""
    if not isinstance(action, Composite):
        return _keys(s, seat, action)
    found: list[str] = []
    state = s
    for decision in action.decisions:
        found += _keys(state, seat, decision)
        if decision not in rules.legal_actions(state, seat):
            break
        state = moves.after(state, seat, decision)
    return list(dict.fromkeys(found))


def _keys(s: StrangeNorrellState, seat: int, action: Action) -> list[str]:
    step = s.steps[0] if s.steps and not s.window else None
    board = s.magicians[seat].board
    match action:
        case Acquire(book):
            return [book, "acquire"]
        case Libraries(book):
            return ["libraries", book]
        case KingsRoads() | Ride():
            return ["kings-roads"]
        case Study(key):
            return [key]
        case Battlefield():
            return ["battlefield"]
        case ReadCards():
            return ["read-cards", *s.revealed[-2:-1]]
        case School():
            return ["school"]
        case StillWaters():
            return [STILL_WATERS]
        case Attend(card) | Magic(card) | Discard(card):
            return [card]
        case Use(book):
            return [book]
        case Cast(spell) | DiscardSpell(spell):
            return [spell]
        case Uncover(key):
            dish = [step.code] if step is not None else []
            return [unique_key(board) if key == "unique" else key, *dish]
        case Connexion(space):
            return [space, CONNEXION]
        case Named(code):
            return [code, cards.connexions()[code].space]
        case End():
            return [FAIRY] if years.is_confrontation(s.year) else []
    return _step_keys(s, action)


def _step_keys(s: StrangeNorrellState, action: Action) -> list[str]:
    """Keys of the decisions that answer a pending step: the step's source comes last."""
    step = s.steps[0] if s.steps and not s.window else None
    if step is None:
        return []
    source = [step.code] if step.code in _by_key() else []
    match action:
        case Take(picks):
            taken = [p for p in picks if p != INTRO] + ([INTRODUCTION] if INTRO in picks else [])
            return [*dict.fromkeys(taken), *source]
        case With(card):
            return [card, *source]
        case On(feat):
            return [feat, *source]
        case Element() | Stay():
            return source
        case To():
            return ["kings-roads"] if step.source == "roads" else source
    return []
