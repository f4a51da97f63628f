"""Why an action is refused: one plain sentence for the player."""

from __future__ import annotations

from collections import Counter

from games.core import seat_ref
from games.core.words import Msg, msg, nmsg
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
from games.mandragora.text import card_name, colour_name

_OWED = {
    "ingredients": msg("First add ingredients to your spell, choose its power, or go back."),
    "transfer": msg("First choose who receives your cursed scroll."),
    "substitute": msg("First choose whose hand to draw from."),
    "substitute-give": msg("First choose the card to hand back."),
    "levitate": msg("First choose the card to levitate."),
    "share": msg("First choose a trade with your partner (share give/ask/swap/none)."),
    "share-reply": msg("First choose the card for your partner."),
}


def explain(s: MandragoraState, seat: int, action: Action) -> Msg:
    """The reason ``action`` is not legal for ``seat``, who is to act in ``s``."""
    step = s.steps[0] if s.steps else None
    if step is None:
        return _turn_refusal(s, seat, action)
    reason = _step_refusal(s, seat, step, action)
    return reason or _OWED[step.kind]


def _turn_refusal(s: MandragoraState, seat: int, action: Action) -> Msg:
    hand = s.sorcerers[seat].hand
    match action:
        case Move(distance):
            return msg(
                "The assistant can walk 1 to {reach} shops, not {distance}.",
                reach=rules.reach(s, seat),
                distance=distance,
            )
        case CastBook(book):
            if book not in hand:
                return msg("You have no {card} in your hand.", card=card_name(book))
            return msg(
                "You cannot cast a spell with {card}: not enough ingredients for it.",
                card=card_name(book),
            )
        case Skip():
            return msg("There is no extra turn to skip.")
        case DropOut():
            return msg("You can drop out only during the three final rounds.")
        case Back():
            return msg("There is nothing to take back.")
    return msg("On your turn, send the assistant or start a spell.")


def _step_refusal(s: MandragoraState, seat: int, step: Step, action: Action) -> Msg | None:
    match action:
        case AddIngredient(card) if step.kind == "ingredients":
            if card not in s.sorcerers[seat].hand:
                return msg("You have no {card} in your hand.", card=card_name(card))
            if not casting.can_add(step.book, step.ingredients, card, Counter({card: 1})):
                return msg(
                    "{card} cannot go into this spell: {rule}",
                    card=card_name(card),
                    rule=_book_rule(step.book),
                )
            return msg("You have no more {card} to add.", card=card_name(card))
        case ChoosePower(power) if step.kind == "ingredients":
            if not s.stacks[power - 1]:
                return msg("The value-{power} spell stack is empty.", power=power)
            return nmsg(
                "With {n} ingredient, the power can be at most {n}.",
                "With {n} ingredients, the power can be at most {n}.",
                len(step.ingredients),
            )
        case Transfer(target) if step.kind == "transfer":
            return _target_refusal(s, seat, target, transfer=True)
        case Substitute(target) if step.kind == "substitute":
            if 0 <= target < s.players and target in s.opponents(seat):
                return msg("{who} has no card in hand to draw.", who=seat_ref(target))
            return _target_refusal(s, seat, target, transfer=False)
        case GiveCard(card) if step.kind == "substitute-give":
            return msg("You have no {card} to hand over.", card=card_name(card))
        case Levitate(shop, card) if step.kind == "levitate":
            if s.night[shop] and card is not None:
                return msg(
                    "Shop {shop} is a night shop: take a card blind (levitate {shop}).",
                    shop=shop + 1,
                )
            if card is None:
                return msg(
                    "Shop {shop} has no face-down card; name the face-up card to take.",
                    shop=shop + 1,
                )
            return msg("Shop {shop} has no face-up {card}.", shop=shop + 1, card=card_name(card))
        case Share() if step.kind in ("share", "share-reply"):
            return msg("Your team cannot trade that way now: check both hands.")
    return None


def _target_refusal(s: MandragoraState, seat: int, target: int, *, transfer: bool) -> Msg:
    if not 0 <= target < s.players:
        return msg("Nobody plays number {number} in this game.", number=target + 1)
    if target == seat:
        if transfer:
            return msg("You cannot pass a cursed scroll to yourself.")
        return msg("You cannot draw from yourself.")
    if transfer:
        return msg("You cannot pass a cursed scroll to your partner: choose an opponent.")
    return msg("You cannot draw from your partner: choose an opponent.")


def _book_rule(book: str) -> Msg:
    if book == cards.MANDRAKE:
        return msg("with a mandrake as spellbook, ingredients are all one colour or all different.")
    if cards.book_colour(book) == cards.BLACK:
        return msg("the black spellbook takes ingredients all of different colours.")
    colour = colour_name(cards.book_colour(book))
    return msg(
        "a {colour} spellbook takes {colour} ingredients and at most one mandrake.",
        colour=colour,
    )
