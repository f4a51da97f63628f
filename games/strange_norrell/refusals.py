"""Why an action is refused: one plain sentence for the player."""

from __future__ import annotations

from games.core.words import Msg, joined, msg
from games.strange_norrell import cards, magic, movement, turn
from games.strange_norrell.actions import (
    Acquire,
    Action,
    Arrive,
    Attend,
    Back,
    Battlefield,
    Cast,
    Connexion,
    Discard,
    DiscardSpell,
    Element,
    KingsRoads,
    Libraries,
    Magic,
    Move,
    Named,
    On,
    Pass,
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
from games.strange_norrell.rules import CHOOSING
from games.strange_norrell.state import Step, StrangeNorrellState
from games.strange_norrell.text import (
    action_name,
    book_name,
    connexion_name,
    element_capital,
    element_list,
    element_word,
    name,
    place_name,
    space_name,
    spell_name,
)


def _owed_text(kind: str) -> Msg:
    return {
        "place": msg("finish placing your token (`with`, `element`, `on`) or go `back`"),
        "reward": msg("choose what the invitation brings (`take …`)"),
        "connexion": msg("choose your connexion"),
        "destination": msg("choose where to go"),
        "uncover": msg("choose the action disc to return"),
        "conjure": msg("choose the element to conjure"),
        "discard": msg("discard down to five social engagements"),
    }[kind]


def _owed(step: Step) -> Msg:
    """What the pending decision needs, offering `back` only where it is open."""
    if step.source in ("connexion", "honeyfoot"):
        # What a connexion's decision owes instead: it cannot be taken back.
        if step.kind == "place":
            return msg("place the connexion's token (`element`, `on`)")
        if step.kind == "reward":
            return msg("choose the feat the connexion brings")
    return _owed_text(step.kind)


def explain(s: StrangeNorrellState, seat: int, action: Action) -> Msg:
    """The reason ``action`` is not legal for ``seat``, who may act in ``s``."""
    if s.window:
        return _window_refusal(s, seat, action)
    if s.steps:
        step = s.steps[0]
        return _step_refusal(s, step, action) or msg("First {owed}.", owed=_owed(step))
    if s.current.phase == "choose":
        return _choose_refusal(s, seat, action)
    return _turn_refusal(s, seat, action)


def _window_refusal(s: StrangeNorrellState, seat: int, action: Action) -> Msg:
    if isinstance(action, Cast):
        if action.spell not in s.magicians[seat].spells:
            return msg("You hold no {spell}.", spell=_spell(action.spell))
        if cards.spells()[action.spell].timing != "any":
            return msg(
                "{spell} can be played only during your own turn.", spell=_spell(action.spell)
            )
        return msg("{spell} would have no effect now.", spell=_spell(action.spell))
    return msg(
        "Before the turns begin, you may only play spells allowed outside your turn, or pass."
    )


def _choose_refusal(s: StrangeNorrellState, seat: int, action: Action) -> Msg:
    m = s.magicians[seat]
    if isinstance(action, Cast | DiscardSpell):
        return _spell_refusal(s, seat, action)
    if not isinstance(action, CHOOSING):
        return msg("First choose an action for this turn, or still the waters.")
    key = _action_key(action)
    if isinstance(action, StillWaters):
        return msg("None of your action discs is covered yet: there is nothing to still.")
    if key in m.covered:
        which = action_name(key) if key != "unique" else msg("Your unique action")
        return msg(
            "{action} is covered by a disc: choose another action or still the waters.",
            action=which,
        )
    if key == "unique":
        data = cards.magicians()[m.board]
        if not _is_own_unique(data.unique, action):
            return msg(
                "That is not your unique action: yours is {unique}.",
                unique=name(data.unique_name),
            )
    if isinstance(action, Acquire | Libraries):
        return msg("{book} is not one of the available books of magic.", book=_book(action.book))
    return msg("You cannot choose that action now.")


def _action_key(action: Action) -> str:
    match action:
        case Acquire():
            return "acquire"
        case KingsRoads():
            return "kings-roads"
        case Study(key):
            return key
    return "unique"


def _is_own_unique(unique: str, action: Action) -> bool:
    own = {
        "battlefield": Battlefield,
        "libraries": Libraries,
        "read-cards": ReadCards,
        "school": School,
    }
    return isinstance(action, own[unique])


def _turn_refusal(s: StrangeNorrellState, seat: int, action: Action) -> Msg:
    m = s.magicians[seat]
    current = s.current
    if isinstance(action, CHOOSING):
        return msg("You have already chosen your action this turn.")
    match action:
        case Move() | Ride() | Arrive():
            return _move_refusal(s, seat, action)
        case Attend(card):
            return _attend_refusal(s, seat, card)
        case Magic(card):
            return _magic_refusal(s, seat, card)
        case Use(book):
            if book not in m.books:
                return msg("{book} is not one of your books of magic.", book=_book(book))
            if book in current.used_books:
                return msg("You have already used {book} this turn.", book=_book(book))
            return msg(
                "{book} cannot place a token now: {reason}",
                book=_book(book),
                reason=_book_reason(s, seat, book),
            )
        case Cast() | DiscardSpell():
            return _spell_refusal(s, seat, action)
        case Pass():
            return msg("There is no response window open.")
        case Back():
            return msg("There is nothing to take back.")
        case Discard():
            return msg(
                "Social engagements are discarded only at the end of your turn, down to five."
            )
    return msg("There is no such decision to make now.")


def _spell_refusal(s: StrangeNorrellState, seat: int, action: Cast | DiscardSpell) -> Msg:
    if action.spell not in s.magicians[seat].spells:
        return msg("You hold no {spell}.", spell=_spell(action.spell))
    return msg("{spell} would have no effect now.", spell=_spell(action.spell))


def _move_refusal(s: StrangeNorrellState, seat: int, action: Move | Ride | Arrive) -> Msg:
    m = s.magicians[seat]
    current = s.current
    if current.phase == "magic":
        return msg("Your visits are over once you have done magic this turn.")
    limit = turn.move_limit(s, seat)
    if current.moves >= limit:
        return msg("You have made all {limit} of your moves this turn.", limit=limit)
    if m.location is None:
        if isinstance(action, Arrive):
            return msg("You cannot move now.")
        return msg("Your magician is not on the map yet: arrive first, then choose where.")
    if isinstance(action, Arrive):
        return msg("Your magician is already on the map, at {place}.", place=place_name(m.location))
    if isinstance(action, Ride):
        return msg("You have no King's Roads to ride this turn.")
    here = place_name(m.location)
    near = ", ".join(movement.destinations(m.location))
    return msg(
        "{place} is not one move from {here}: you can reach {near}.",
        place=place_name(action.location),
        here=here,
        near=near,
    )


def _attend_refusal(s: StrangeNorrellState, seat: int, card: str) -> Msg:
    m = s.magicians[seat]
    current = s.current
    if card not in m.hand:
        return _not_in_hand(card)
    if current.phase == "magic":
        return msg("Your visits are over once you have done magic this turn.")
    limit = turn.engagement_limit(s, seat)
    if current.engagements >= limit:
        return msg(
            "You have fulfilled all {limit} of your social engagements this turn.", limit=limit
        )
    where = place_name(cards.engagements()[card].location)
    return msg(
        "That engagement is at {place}, and your magician is {at}.",
        place=where,
        at=_at(m.location),
    )


def _magic_refusal(s: StrangeNorrellState, seat: int, card: str) -> Msg:
    m = s.magicians[seat]
    if card not in m.hand:
        return _not_in_hand(card)
    element = cards.engagements()[card].element
    if element not in magic.available(s):
        allowed = element_list(magic.available(s))
        return msg(
            "{element} is not available this turn (available: {allowed}).",
            element=element_capital(element),
            allowed=allowed,
        )
    return msg("None of your feats of magic needs {element}.", element=element_word(element))


def _book_reason(s: StrangeNorrellState, seat: int, book: str) -> Msg:
    m = s.magicians[seat]
    data = cards.books()[book]
    if not magic.book_cards(m, book):
        return msg("you have no {element} card to discard.", element=element_word(data.element))
    if data.form != "convert" and data.element not in magic.available(s):
        return msg("{element} is not available this turn.", element=element_word(data.element))
    return msg("none of your feats needs a token it could place.")


def _step_refusal(s: StrangeNorrellState, step: Step, action: Action) -> Msg | None:
    m = s.magicians[step.seat]
    match action:
        case Back() if step.source in ("connexion", "honeyfoot"):
            return msg("A connexion's effect cannot be taken back: the connexion is already yours.")
        case Back() if step.kind in ("place", "reward"):
            return msg("That choice cannot be taken back: it is already under way.")
        case With(card) if step.kind == "place" and step.source == "book":
            if card not in m.hand:
                return _not_in_hand(card)
            if step.card:
                return msg("The book's card is already chosen.")
            element = element_word(cards.books()[step.code].element)
            return msg("This book discards a {element} card.", element=element)
        case Element(element) if step.kind == "place":
            if step.element:
                return msg("The token's element is already chosen.")
            if element not in step.elements:
                return msg(
                    "This token cannot be {element}: choose from {elements}.",
                    element=element_word(element),
                    elements=element_list(step.elements),
                )
            return msg("None of your feats needs {element}.", element=element_word(element))
        case On(feat) if step.kind == "place":
            if feat not in {held.feat for held in m.feats}:
                return msg("{feat} is not one of your feats of magic.", feat=feat)
            if step.element:
                return msg("That feat needs no more {element}.", element=element_word(step.element))
            return msg("That feat needs no more tokens of that element.")
        case Take() if step.kind == "reward" and step.source == "honeyfoot":
            return msg("Take one of the available feats of magic.")
        case Take() if step.kind == "reward":
            if step.tokens > 1:
                return msg(
                    "Take two of: `intro` (draw an introduction) or an available feat's code."
                )
            return msg("Take one of: `intro` (draw an introduction) or an available feat's code.")
        case Connexion(space) if step.kind == "connexion":
            return msg("Your {space} space already has a disc.", space=space_name(space))
        case Named(code) if step.kind == "connexion":
            if code not in s.connexion_offer:
                return msg(
                    "{named} is not an available named connexion.", named=connexion_name(code)
                )
            space = space_name(cards.connexions()[code].space)
            return msg(
                "{named} needs your {space} space, already filled.",
                named=connexion_name(code),
                space=space,
            )
        case To(location) if step.kind == "destination":
            return msg("Your magician is already at {place}.", place=place_name(location))
        case Stay() if step.kind == "destination":
            return msg("Only the Coachman's drive can be declined; choose a destination or `back`.")
        case Uncover(key) if step.kind == "uncover":
            return msg("{action} is not covered.", action=action_name(key))
        case Discard(card) if step.kind == "discard":
            return _not_in_hand(card)
    return None


def _at(location: str | None) -> Msg:
    if location is None:
        return msg("not on the map yet")
    return msg("at {place}", place=place_name(location))


def _not_in_hand(card: str) -> Msg:
    """A card the player does not hold, by its notation (what they typed)."""
    return msg("You have no {card} in your hand.", card=card)


def _book(code: str) -> Msg:
    return joined(("*", book_name(code), "*"), "")


def _spell(code: str) -> Msg:
    return joined(("**", spell_name(code), "**"), "")
