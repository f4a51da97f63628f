"""Why an action is refused: one plain sentence for the player."""

from __future__ import annotations

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
from games.strange_norrell.text import element_list, place_name

_OWED = {
    "place": "finish placing your token (`with`, `element`, `on`) or go `back`",
    "reward": "choose what the invitation brings (`take …`)",
    "connexion": "choose your connexion",
    "destination": "choose where to go",
    "uncover": "choose the action disc to return",
    "conjure": "choose the element to conjure",
    "discard": "discard down to five social engagements",
}


#: What a connexion's decision owes instead: it cannot be taken back, the connexion is gained.
_OWED_FOR_CONNEXION = {
    "place": "place the connexion's token (`element`, `on`)",
    "reward": "choose the feat the connexion brings",
}


def _owed(step: Step) -> str:
    """What the pending decision needs, offering `back` only where it is open."""
    if step.source in ("connexion", "honeyfoot"):
        return _OWED_FOR_CONNEXION.get(step.kind, _OWED[step.kind])
    return _OWED[step.kind]


def explain(s: StrangeNorrellState, seat: int, action: Action) -> str:
    """The reason ``action`` is not legal for ``seat``, who may act in ``s``."""
    if s.window:
        return _window_refusal(s, seat, action)
    if s.steps:
        step = s.steps[0]
        return _step_refusal(s, step, action) or f"First {_owed(step)}."
    if s.current.phase == "choose":
        return _choose_refusal(s, seat, action)
    return _turn_refusal(s, seat, action)


def _window_refusal(s: StrangeNorrellState, seat: int, action: Action) -> str:
    if isinstance(action, Cast):
        if action.spell not in s.magicians[seat].spells:
            return f"You hold no {_spell(action.spell)}."
        if cards.spells()[action.spell].timing != "any":
            return f"{_spell(action.spell)} can be played only during your own turn."
        return f"{_spell(action.spell)} would have no effect now."
    return "Before the turns begin, you may only play spells allowed outside your turn, or pass."


def _choose_refusal(s: StrangeNorrellState, seat: int, action: Action) -> str:
    m = s.magicians[seat]
    if isinstance(action, Cast | DiscardSpell):
        return _spell_refusal(s, seat, action)
    if not isinstance(action, CHOOSING):
        return "First choose an action for this turn, or still the waters."
    key = _action_key(action)
    if isinstance(action, StillWaters):
        return "None of your action discs is covered yet: there is nothing to still."
    if key in m.covered:
        name = cards.actions()[key].name if key != "unique" else "Your unique action"
        return f"{name} is covered by a disc: choose another action or still the waters."
    if key == "unique":
        data = cards.magicians()[m.board]
        if not _is_own_unique(data.unique, action):
            return f"That is not your unique action: yours is {data.unique_name}."
    if isinstance(action, Acquire | Libraries):
        return f"{_book(action.book)} is not one of the available books of magic."
    return "You cannot choose that action now."


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


def _turn_refusal(s: StrangeNorrellState, seat: int, action: Action) -> str:
    m = s.magicians[seat]
    current = s.current
    if isinstance(action, CHOOSING):
        return "You have already chosen your action this turn."
    match action:
        case Move() | Ride() | Arrive():
            return _move_refusal(s, seat, action)
        case Attend(card):
            return _attend_refusal(s, seat, card)
        case Magic(card):
            return _magic_refusal(s, seat, card)
        case Use(book):
            if book not in m.books:
                return f"{_book(book)} is not one of your books of magic."
            if book in current.used_books:
                return f"You have already used {_book(book)} this turn."
            return f"{_book(book)} cannot place a token now: {_book_reason(s, seat, book)}"
        case Cast() | DiscardSpell():
            return _spell_refusal(s, seat, action)
        case Pass():
            return "There is no response window open."
        case Back():
            return "There is nothing to take back."
        case Discard():
            return "Social engagements are discarded only at the end of your turn, down to five."
    return "There is no such decision to make now."


def _spell_refusal(s: StrangeNorrellState, seat: int, action: Cast | DiscardSpell) -> str:
    if action.spell not in s.magicians[seat].spells:
        return f"You hold no {_spell(action.spell)}."
    return f"{_spell(action.spell)} would have no effect now."


def _move_refusal(s: StrangeNorrellState, seat: int, action: Move | Ride | Arrive) -> str:
    m = s.magicians[seat]
    current = s.current
    if current.phase == "magic":
        return "Your visits are over once you have done magic this turn."
    limit = turn.move_limit(s, seat)
    if current.moves >= limit:
        return f"You have made all {limit} of your moves this turn."
    if m.location is None:
        if isinstance(action, Arrive):
            return "You cannot move now."
        return "Your magician is not on the map yet: arrive first, then choose where."
    if isinstance(action, Arrive):
        return f"Your magician is already on the map, at {place_name(m.location)}."
    if isinstance(action, Ride):
        return "You have no King's Roads to ride this turn."
    here = place_name(m.location)
    near = ", ".join(movement.destinations(m.location))
    return f"{place_name(action.location)} is not one move from {here}: you can reach {near}."


def _attend_refusal(s: StrangeNorrellState, seat: int, card: str) -> str:
    m = s.magicians[seat]
    current = s.current
    if card not in m.hand:
        return f"You have no {card} in your hand."
    if current.phase == "magic":
        return "Your visits are over once you have done magic this turn."
    limit = turn.engagement_limit(s, seat)
    if current.engagements >= limit:
        return f"You have fulfilled all {limit} of your social engagements this turn."
    where = place_name(cards.engagements()[card].location)
    return f"That engagement is at {where}, and your magician is {_at(m.location)}."


def _magic_refusal(s: StrangeNorrellState, seat: int, card: str) -> str:
    m = s.magicians[seat]
    if card not in m.hand:
        return f"You have no {card} in your hand."
    element = cards.engagements()[card].element
    if element not in magic.available(s):
        allowed = element_list(magic.available(s))
        return f"{element.capitalize()} is not available this turn (available: {allowed})."
    return f"None of your feats of magic needs {element}."


def _book_reason(s: StrangeNorrellState, seat: int, book: str) -> str:
    m = s.magicians[seat]
    data = cards.books()[book]
    if not magic.book_cards(m, book):
        return f"you have no {data.element} card to discard."
    if data.form != "convert" and data.element not in magic.available(s):
        return f"{data.element} is not available this turn."
    return "none of your feats needs a token it could place."


def _step_refusal(s: StrangeNorrellState, step: Step, action: Action) -> str | None:
    m = s.magicians[step.seat]
    match action:
        case Back() if step.source in ("connexion", "honeyfoot"):
            return "A connexion's effect cannot be taken back: the connexion is already yours."
        case Back() if step.kind in ("place", "reward"):
            return "That choice cannot be taken back: it is already under way."
        case With(card) if step.kind == "place" and step.source == "book":
            if card not in m.hand:
                return f"You have no {card} in your hand."
            if step.card:
                return "The book's card is already chosen."
            element = cards.books()[step.code].element
            return f"This book discards a {element} card."
        case Element(element) if step.kind == "place":
            if step.element:
                return "The token's element is already chosen."
            if element not in step.elements:
                return f"This token cannot be {element}: choose from {element_list(step.elements)}."
            return f"None of your feats needs {element}."
        case On(feat) if step.kind == "place":
            if feat not in {held.feat for held in m.feats}:
                return f"{feat} is not one of your feats of magic."
            return f"That feat needs no more {step.element or 'tokens of that element'}."
        case Take() if step.kind == "reward" and step.source == "honeyfoot":
            return "Take one of the available feats of magic."
        case Take() if step.kind == "reward":
            count = "two" if step.tokens > 1 else "one"
            return f"Take {count} of: `intro` (draw an introduction) or an available feat's code."
        case Connexion(space) if step.kind == "connexion":
            return f"Your {cards.spaces()[space].name} space already has a disc."
        case Named(code) if step.kind == "connexion":
            if code not in s.connexion_offer:
                return f"{cards.connexions()[code].name} is not an available named connexion."
            space = cards.spaces()[cards.connexions()[code].space].name
            return f"{cards.connexions()[code].name} needs your {space} space, already filled."
        case To(location) if step.kind == "destination":
            return f"Your magician is already at {place_name(location)}."
        case Stay() if step.kind == "destination":
            return "Only the Coachman's drive can be declined; choose a destination or `back`."
        case Uncover(key) if step.kind == "uncover":
            return f"{cards.actions()[key].name} is not covered."
        case Discard(card) if step.kind == "discard":
            return f"You have no {card} in your hand."
    return None


def _at(location: str | None) -> str:
    return "not on the map yet" if location is None else f"at {place_name(location)}"


def _book(code: str) -> str:
    return f"*{cards.books()[code].name}*"


def _spell(code: str) -> str:
    return f"**{cards.spells()[code].name}**"
