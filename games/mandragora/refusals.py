"""Why an action is refused: one plain sentence for the player."""

from __future__ import annotations

from collections import Counter

from games.core import seat_ref
from games.mandragora import cards, casting, rules
from games.mandragora.actions import (
    Action,
    AddIngredient,
    Back,
    CastBook,
    ChoosePower,
    DropOut,
    GiveCard,
    Levitate,
    Move,
    Share,
    Skip,
    Substitute,
    Transfer,
)
from games.mandragora.state import MandragoraState, Step
from games.mandragora.text import plural

_OWED = {
    "ingredients": "add ingredients to your spell, choose its power, or go back",
    "transfer": "choose who receives your cursed scroll",
    "substitute": "choose whose hand to draw from",
    "substitute-give": "choose the card to hand back",
    "levitate": "choose the card to levitate",
    "share": "choose a trade with your partner (share give/ask/swap/none)",
    "share-reply": "choose the card for your partner",
}


def explain(s: MandragoraState, seat: int, action: Action) -> str:
    """The reason ``action`` is not legal for ``seat``, who is to act in ``s``."""
    step = s.steps[0] if s.steps else None
    if step is None:
        return _turn_refusal(s, seat, action)
    reason = _step_refusal(s, seat, step, action)
    return reason or f"First {_OWED[step.kind]}."


def _turn_refusal(s: MandragoraState, seat: int, action: Action) -> str:
    hand = s.sorcerers[seat].hand
    match action:
        case Move(distance):
            return f"The assistant can walk 1 to {rules.reach(s, seat)} shops, not {distance}."
        case CastBook(book):
            if book not in hand:
                return f"You have no {book} in your hand."
            return f"You cannot cast a spell with {book}: not enough ingredients for it."
        case Skip():
            return "There is no extra turn to skip."
        case DropOut():
            return "You can drop out only during the three final rounds."
        case Back():
            return "There is nothing to take back."
    return "On your turn, send the assistant or start a spell."


def _step_refusal(s: MandragoraState, seat: int, step: Step, action: Action) -> str | None:
    match action:
        case AddIngredient(card) if step.kind == "ingredients":
            if card not in s.sorcerers[seat].hand:
                return f"You have no {card} in your hand."
            if not casting.can_add(step.book, step.ingredients, card, Counter({card: 1})):
                return f"{card} cannot go into this spell: {_book_rule(step.book)}"
            return f"You have no more {card} to add."
        case ChoosePower(power) if step.kind == "ingredients":
            if not s.stacks[power - 1]:
                return f"The value-{power} spell stack is empty."
            count = plural(len(step.ingredients), "ingredient")
            return f"With {count}, the power can be at most {len(step.ingredients)}."
        case Transfer(target) if step.kind == "transfer":
            return _target_refusal(s, seat, target, "pass a cursed scroll to")
        case Substitute(target) if step.kind == "substitute":
            if 0 <= target < s.players and target in s.opponents(seat):
                return f"{seat_ref(target)} has no card in hand to draw."
            return _target_refusal(s, seat, target, "draw from")
        case GiveCard(card) if step.kind == "substitute-give":
            return f"You have no {card} to hand over."
        case Levitate(shop, card) if step.kind == "levitate":
            if s.night[shop] and card is not None:
                return f"Shop {shop + 1} is a night shop: take a card blind (levitate {shop + 1})."
            if card is None:
                return f"Shop {shop + 1} has no face-down card; name the face-up card to take."
            return f"Shop {shop + 1} has no face-up {card}."
        case Share() if step.kind in ("share", "share-reply"):
            return "Your team cannot trade that way now: check both hands."
    return None


def _target_refusal(s: MandragoraState, seat: int, target: int, verb: str) -> str:
    if not 0 <= target < s.players:
        return f"Nobody plays number {target + 1} in this game."
    if target == seat:
        return f"You cannot {verb} yourself."
    return f"You cannot {verb} your partner: choose an opponent."


def _book_rule(book: str) -> str:
    if book == cards.MANDRAKE:
        return "with a mandrake as spellbook, ingredients are all one colour or all different."
    if cards.book_colour(book) == cards.BLACK:
        return "the black spellbook takes ingredients all of different colours."
    colour = cards.book_colour(book)
    return f"a {colour} spellbook takes {colour} ingredients and at most one mandrake."
