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
from games.core.words import Msg, data_msg, msg, pmsg
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
from games.strange_norrell.text import (
    SYMBOLS,
    element_word,
    element_words,
    name,
    place_name,
    plural,
    space_name,
    tokens,
)

#: Where the project's own data is described.
OWN = pmsg("rules note", "Grimoire's own card")
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


def _book_form(form: str, element: Msg) -> Msg:
    return {
        "double": msg("discard a {element} card to place two {element} tokens.", element=element),
        "convert": msg(
            "discard a {element} card to place one token of any element.", element=element
        ),
        "focus": msg(
            "discard any social engagement to place one {element} token.", element=element
        ),
    }[form]


def _book_short(form: str, symbol: str, element: Msg) -> Msg:
    return {
        "double": msg(
            "{symbol} card → two {element} tokens, once a turn; 1 magicianship",
            symbol=symbol,
            element=element,
        ),
        "convert": msg(
            "{symbol} card → one token of any element, once a turn; 1 magicianship", symbol=symbol
        ),
        "focus": msg(
            "any card → one {element} token, once a turn; 1 magicianship", element=element
        ),
    }[form]


#: A unique action's effect in a menu option's room (the data's wording is longer).
def _unique_short(key: str) -> Msg:
    return {
        "battlefield": msg("Any two elements of your choice are available for magic this turn"),
        "libraries": msg("Take an available book; the other two are replaced by three new ones"),
        "read-cards": msg(
            "Last year's card of Marseilles' elements are available for magic this turn"
        ),
        "school": msg("Once this turn, fulfil one engagement wherever your magician is"),
    }[key]


def _named_short(key: str, text: str) -> Msg:
    if key == "vinulus":
        return msg("Draw an introduction, then place an allowed element's token without a card")
    return data_msg(text)


def _spell_short(effect: str, elements: Msg, amount: int, down: bool, anytime: bool) -> Msg:
    """A spell's effect in a menu option's room, by its effect in the data."""
    said = {
        "place": msg("Place a {elements} token, available this turn or not", elements=elements),
        "move": msg("Go to any location (not one of your moves)"),
        "introductions": msg("Draw {amount} introductions", amount=amount),
        "magicianship": msg("+1 magicianship once played"),
        "pupil": msg("Take a pupil: +3 magicianship"),
        "uncover": msg("Free one covered action disc: that action may be chosen again"),
        "prestige": msg("+{amount} prestige", amount=amount),
        "conjure": msg("Choose an element: it is available for magic this turn"),
        "fairy": (
            msg("Move the fairy {amount} spaces down", amount=amount)
            if down
            else msg("Move the fairy {amount} spaces up", amount=amount)
        ),
    }[effect]
    return msg("{effect} (also outside your turn)", effect=said) if anytime else said


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
    if entry is None:
        return ""
    brief = entry.brief
    # The message itself when it fits as it is, so that it is said in the reader's language.
    return entry.short if entry.short and brief == entry.short else brief


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
            name=name(data.name),
            kind=_kind("action"),
            text=msg(
                "{effect} Its disc then covers the action until you still the waters.",
                effect=name(data.text),
            ),
            short=name(data.text),
            rules=msg("Rules: “Standard actions”"),
            own=False,
        )
    yield CardText(
        key=STILL_WATERS,
        name=msg("Still the waters"),
        kind=_kind("action"),
        text=msg(
            "Instead of choosing an action, return every action disc to the silver basin: "
            "next turn every action is available again. Offered once a disc covers an action."
        ),
        short=msg("No action this turn; every covered action is free again"),
        rules=msg("Rules: “A. Choose an action or still the waters”"),
        own=False,
    )


def _magicians() -> Iterator[CardText]:
    for data in cards.magicians().values():
        yield CardText(
            key=data.unique,
            name=name(data.unique_name),
            kind=_kind("unique action"),
            text=msg(
                "{magician}'s unique action. {effect} Its disc then covers it until you still "
                "the waters.",
                magician=name(data.name),
                effect=name(data.unique_text),
            ),
            short=_unique_short(data.unique),
            rules=msg("Rules: “Unique actions”; {own}", own=OWN),
        )
    for data in cards.magicians().values():
        yield CardText(
            key=data.key,
            name=name(data.name),
            kind=_kind("magician"),
            text=msg(
                "A magician board: the five standard actions, and the unique action "
                "{action}: {effect}",
                action=name(data.unique_name),
                effect=name(data.unique_text),
            ),
            short=msg("Unique action {action}", action=name(data.unique_name)),
            rules=msg("Rules: “Setup”, “Unique actions”; {own}", own=OWN),
        )


def _spells() -> Iterator[CardText]:
    for data in cards.spells().values():
        anytime = data.timing == "any"
        text = (
            msg(
                "{effect} Play it during your turn, or before the turns of a year the fairy is "
                "confronted. Or discard it in your turn for 1 prestige.",
                effect=name(data.text),
            )
            if anytime
            else msg(
                "{effect} Play it during your turn. Or discard it in your turn for 1 prestige.",
                effect=name(data.text),
            )
        )
        short = _spell_short(
            data.effect,
            element_words(data.elements, " / "),
            abs(data.amount),
            data.amount < 0,
            anytime,
        )
        yield CardText(
            key=data.key,
            name=name(data.name),
            kind=_kind("spell"),
            text=text,
            short=short,
            numbers=((msg("In the deck"), str(data.count)),),
            rules=msg("Rules: “Casting spells”, “Clarifications”; {own}", own=OWN),
        )


def _books() -> Iterator[CardText]:
    for data in cards.books().values():
        element = element_word(data.element)
        yield CardText(
            key=data.key,
            name=name(data.name),
            kind=_kind("book of magic"),
            text=msg(
                "When you do magic, once a turn: {effect} Every token must be of an element "
                "available this turn; the card need not be. Worth 1 magicianship.",
                effect=_book_form(data.form, element),
            ),
            short=_book_short(data.form, SYMBOLS[data.element], element),
            numbers=(
                (msg("Form"), _form(data.form)),
                (pmsg("number", "Element"), element),
                (pmsg("number", "Magicianship"), "1"),
            ),
            rules=msg("Rules: “Books of magic”; {own}", own=OWN),
        )


def _feats() -> Iterator[CardText]:
    for data in cards.feats().values():
        needs = element_words(data.elements)
        yield CardText(
            key=data.key,
            name=name(data.name),
            kind=_kind("feat of magic"),
            text=msg(
                "Complete it with exactly these element tokens: {needs}. Once complete it is "
                "worth {value} magicianship, and you draw a spell.",
                needs=needs,
                value=data.value,
            ),
            short=msg(
                "Needs {tokens}: {value} magicianship and a spell",
                tokens=tokens(data.elements),
                value=data.value,
            ),
            numbers=(
                (msg("Tokens"), needs),
                (pmsg("number", "Magicianship"), str(data.value)),
            ),
            rules=msg("Rules: “C. Do magic”, “Completing a feat of magic”; {own}", own=OWN),
        )


def _spaces() -> Iterator[CardText]:
    marks = ", ".join(str(n) for n in cards.board().prestige.connexion_spaces)
    for data in cards.board().connexion_spaces:
        yield CardText(
            key=data.key,
            name=name(data.name),
            kind=_kind("connexion space"),
            text=msg(
                "{effect} Gained with a disc on this space of your magician board when your "
                "prestige reaches or passes {marks}, or with a named connexion for it.",
                effect=name(data.text),
                marks=marks,
            ),
            short=name(data.text),
            rules=msg("Rules: “Moving your magician” (connexions); {own}", own=OWN),
        )


def _named() -> Iterator[CardText]:
    for data in cards.connexions().values():
        space = cards.spaces()[data.space]
        yield CardText(
            key=data.key,
            name=name(data.name),
            kind=_kind("named connexion"),
            text=msg(
                "Taken instead of a connexion, with its immediate effect: {effect} It fills "
                "your connexion space “{space}”, so you also gain its ability: {ability}",
                effect=name(data.text),
                space=space_name(data.space),
                ability=name(space.text),
            ),
            short=_named_short(data.key, data.text),
            numbers=((msg("Space"), space_name(data.space)),),
            rules=msg("Rules: “Moving your magician”, “Clarifications”; {own}", own=OWN),
        )


def _marseilles() -> Iterator[CardText]:
    for data in cards.marseilles().values():
        elements = element_words(data.elements)
        invitations = plural(data.invitations, "invitation")
        yield CardText(
            key=data.key,
            name=name(data.name),
            kind=_kind("card of Marseilles"),
            text=msg(
                "When revealed, the fairy grows {strength} stronger. For the year, {elements} "
                "are available for magic, and each magician draws {invitations} at the end of "
                "a turn.",
                strength=data.strength,
                elements=elements,
                invitations=invitations,
            ),
            short=msg(
                "Fairy +{strength}; {elements}; {invitations} a turn",
                strength=data.strength,
                elements=elements,
                invitations=invitations,
            ),
            numbers=(
                (msg("Strength"), str(data.strength)),
                (msg("Elements"), elements),
                (msg("Invitations"), str(data.invitations)),
            ),
            rules=msg("Rules: “B. Reveal a new card of Marseilles”; {own}", own=OWN),
        )


def _engagements() -> Iterator[CardText]:
    for code, data in cards.engagements().items():
        where = place_name(data.location)
        element = element_word(data.element)
        if data.is_introduction:
            yield CardText(
                key=code,
                name=msg(
                    "Introduction at {place} ({element}, +{prestige})",
                    place=where,
                    element=element,
                    prestige=data.prestige,
                ),
                kind=_kind("introduction"),
                text=msg(
                    "Fulfil it at {place}: move up {prestige} on the prestige tracker. Or "
                    "discard it to do magic with a {element} token.",
                    place=where,
                    prestige=data.prestige,
                    element=element,
                ),
                short=msg(
                    "At {place}: +{prestige} prestige; or magic with {element}",
                    place=where,
                    prestige=data.prestige,
                    element=element,
                ),
                numbers=(
                    (pmsg("number", "Prestige"), str(data.prestige)),
                    (pmsg("number", "Element"), element),
                ),
                rules=msg("Rules: “Fulfil social engagements”; {own}", own=OWN),
            )
        else:
            yield CardText(
                key=code,
                name=msg("Invitation at {place} ({element})", place=where, element=element),
                kind=_kind("invitation"),
                text=msg(
                    "Fulfil it at {place}: draw two introductions, take two available feats of "
                    "magic, or one of each. Or discard it to do magic with a {element} token.",
                    place=where,
                    element=element,
                ),
                short=msg(
                    "At {place}: 2 introductions or feats; or magic with {element}",
                    place=where,
                    element=element,
                ),
                numbers=((pmsg("number", "Element"), element),),
                rules=msg("Rules: “Fulfil social engagements”; {own}", own=OWN),
            )


def _keywords() -> Iterator[CardText]:
    board = cards.board()
    marks = ", ".join(str(n) for n in board.prestige.connexion_spaces)
    years_ = ", ".join(str(y) for y in board.confront_years)
    yield from (
        CardText(
            key=INVITATION,
            name=msg("Invitation"),
            kind=_kind("keyword"),
            text=msg(
                "A social engagement kept secret in hand. Fulfilled at its location: draw two "
                "introductions, take two available feats of magic, or one of each."
            ),
            short=msg("Fulfil at its place: two introductions or feats of magic, or one of each"),
            rules=msg("Rules: “Fulfil social engagements”"),
            own=False,
        ),
        CardText(
            key=INTRODUCTION,
            name=msg("Introduction"),
            kind=_kind("keyword"),
            text=msg(
                "A social engagement kept secret in hand. Fulfilled at its location: move up the "
                "prestige tracker by the number on the card."
            ),
            short=msg("Fulfil at its place: move up the prestige it shows"),
            rules=msg("Rules: “Fulfil social engagements”"),
            own=False,
        ),
        CardText(
            key=FAIRY,
            name=msg("The fairy"),
            kind=_kind("keyword"),
            text=msg(
                "The gentleman with the thistle-down hair grows by each year's card of "
                "Marseilles. In {years}, a magician ending their turn with magicianship at least "
                "his strength defeats him, and the game ends at once.",
                years=years_,
            ),
            short=msg(
                "Confronted in {years}: magicianship ≥ his strength defeats him", years=years_
            ),
            rules=msg("Rules: “D. Confront the fairy”, “Game end”"),
            own=False,
        ),
        CardText(
            key=MAGICIANSHIP,
            name=pmsg("number", "Magicianship"),
            kind=_kind("keyword"),
            text=msg(
                "What wins the game: 2 to 5 per completed feat of magic, 1 per book of magic, "
                "3 for a pupil, 1 per spell of magicianship played."
            ),
            short=msg("Feats 2–5 each, books 1 each, a pupil 3, spells of magicianship 1"),
            rules=msg("Rules: “D. Confront the fairy”, “Game end”"),
            own=False,
        ),
        CardText(
            key=PRESTIGE,
            name=pmsg("number", "Prestige"),
            kind=_kind("keyword"),
            text=msg(
                "Your disc on the prestige tracker sets the turn order (highest first, the top "
                "of a stack first) and breaks ties. Reaching or passing {marks} gains a "
                "connexion.",
                marks=marks,
            ),
            short=msg("Turn order and ties; reaching {marks} gains a connexion", marks=marks),
            rules=msg("Rules: “Player turns”, “Moving your magician”; Grimoire's rule decision 9"),
            own=False,
        ),
        CardText(
            key=CONNEXION,
            name=msg("Connexion"),
            kind=_kind("keyword"),
            text=msg(
                "Gained when your prestige reaches or passes a marked space: a disc on an empty "
                "connexion space of your board gives its lasting ability, or take one of the "
                "available named connexions instead for its immediate effect as well."
            ),
            short=msg(
                "A disc on an empty connexion space (a lasting ability) or a named connexion"
            ),
            rules=msg("Rules: “Moving your magician”"),
            own=False,
        ),
        CardText(
            key=LONDON,
            name=place_name("london"),
            kind=_kind("place"),
            text=msg(
                "A move onto London goes to any location of the City of London instead; from "
                "the City, one move reaches another City location or a location next to London."
            ),
            short=msg("Moving onto it goes to any City location; the City leads next to London"),
            rules=msg("Rules: “Moving your magician”; Grimoire's rule decision 6"),
            own=False,
        ),
    )


def _kind(kind: str) -> Msg:
    """A kind of entry, in words."""
    return {
        "action": pmsg("kind", "action"),
        "unique action": pmsg("kind", "unique action"),
        "magician": pmsg("kind", "magician"),
        "spell": pmsg("kind", "spell"),
        "book of magic": pmsg("kind", "book of magic"),
        "feat of magic": pmsg("kind", "feat of magic"),
        "connexion space": pmsg("kind", "connexion space"),
        "named connexion": pmsg("kind", "named connexion"),
        "card of Marseilles": pmsg("kind", "card of Marseilles"),
        "introduction": pmsg("kind", "introduction"),
        "invitation": pmsg("kind", "invitation"),
        "keyword": pmsg("kind", "keyword"),
        "place": pmsg("kind", "place"),
    }[kind]


def _form(form: str) -> Msg:
    """A book's form in a word."""
    return {
        "double": pmsg("book form", "double"),
        "convert": pmsg("book form", "convert"),
        "focus": pmsg("book form", "focus"),
    }[form]


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
