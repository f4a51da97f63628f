"""Why an action is refused: one plain sentence for the player."""

from __future__ import annotations

from games.core.words import Msg, data_msg, msg
from games.marginalia import cards
from games.marginalia.actions import (
    Action,
    Attack,
    Back,
    Decline,
    EndTurn,
    PlayCard,
    Summon,
    Target,
    To,
    Use,
)
from games.marginalia.effects import effect_of
from games.marginalia.labels import type_name
from games.marginalia.options import ACTIVATED_IN, can_play, usable
from games.marginalia.page import at, front_count, locate, player_of
from games.marginalia.state import FRONT, MarginaliaState, Step
from games.marginalia.text import card_name, cards_count, marginalia

_OWED = {
    "place": msg("First choose the space for the card, or go back."),
    "target": msg("First choose a target."),
    "fortune": msg("First play the revealed card or decline it."),
    "search": msg("First choose a card from your deck or a token."),
    "move": msg("First choose where to fly, or go back."),
}
_PLAY_HINT = msg("In your play phase: play a card, use an ability, or attack.")
_RESET_HINT = msg("In your reset phase: use an ability, or end your turn.")
_FIGHTS_HINT = msg("Between two fights: use an ability, or attack to go on.")
_OTHER_RESET_HINT = msg(
    "In the other player's reset phase: use an ability that works in every reset "
    "phase, or end turn to let the turn end."
)


def explain(s: MarginaliaState, seat: int, action: Action) -> Msg:
    """The reason ``action`` is not legal for ``seat``, who is to act in ``s``."""
    if s.steps:
        step = s.steps[0]
        return _step_refusal(s, step, action) or _OWED[step.kind]
    if s.phase == "play":
        return _play_refusal(s, seat, action)
    if s.phase == "between-fights":
        return _fights_refusal(s, seat, action)
    if s.phase == "other-reset":
        return _other_reset_refusal(s, seat, action)
    return _reset_refusal(s, seat, action)


def _name(code: str) -> Msg:
    return card_name(code)


def _then(first: Msg, hint: Msg) -> Msg:
    """A refusal, then what may be done instead."""
    return msg("{refusal} {hint}", refusal=first, hint=hint)


def _play_refusal(s: MarginaliaState, seat: int, action: Action) -> Msg:
    match action:
        case PlayCard(card):
            if card not in s.sides[seat].hand:
                return msg("You have no {card} in your hand.", card=_name(card))
            limit = s.play_limit(seat)
            if s.plays >= limit:
                return msg(
                    "You have already played the {cards} allowed this turn.",
                    cards=cards_count(limit),
                )
            if cards.card(card).is_marginalis:
                return msg("There is no free space on your side of the page.")
            return msg("{card} has nothing to act on now.", card=_name(card))
        case Use(space):
            return _use_refusal(s, seat, space, "play")
        case Attack(start):
            if start is None:
                return msg(
                    "With two or more marginalia on your front line, choose where the attack "
                    "starts: attack from a, or attack from e."
                )
            count = marginalia(front_count(s, seat))
            return msg(
                "With {marginalia} on your front line the direction makes no difference: "
                "type attack.",
                marginalia=count,
            )
        case EndTurn():
            return _then(msg("You have not attacked yet."), _PLAY_HINT)
    return _then(_nothing_pending(action), _PLAY_HINT)


def _fights_refusal(s: MarginaliaState, seat: int, action: Action) -> Msg:
    match action:
        case Use(space):
            return _use_refusal(s, seat, space, "between-fights")
        case PlayCard():
            return _then(msg("The play phase is over."), _FIGHTS_HINT)
        case Attack():
            return msg("The attack has begun in the direction you chose: type attack to go on.")
        case EndTurn():
            return _then(msg("The attack is not over yet."), _FIGHTS_HINT)
    return _then(_nothing_pending(action), _FIGHTS_HINT)


def _other_reset_refusal(s: MarginaliaState, seat: int, action: Action) -> Msg:
    match action:
        case Use(space):
            return _use_refusal(s, seat, space, "other-reset")
        case PlayCard() | Attack():
            return _then(msg("It is not your turn."), _OTHER_RESET_HINT)
    return _then(_nothing_pending(action), _OTHER_RESET_HINT)


def _reset_refusal(s: MarginaliaState, seat: int, action: Action) -> Msg:
    match action:
        case Use(space):
            return _use_refusal(s, seat, space, "choose-reset")
        case PlayCard():
            return _then(msg("The play phase is over."), _RESET_HINT)
        case Attack():
            return _then(msg("You have already attacked this turn."), _RESET_HINT)
    return _then(_nothing_pending(action), _RESET_HINT)


def _nothing_pending(action: Action) -> Msg:
    """An answer to a decision nobody asked for."""
    match action:
        case Back():
            return msg("There is nothing to take back.")
        case To():
            return msg("Nothing is waiting for a space.")
        case Target():
            return msg("Nothing is waiting for a target.")
        case Summon():
            return msg("No search is under way.")
        case Decline():
            return msg("No card has been revealed.")
    return msg("There is no such decision to make now.")


def _use_refusal(s: MarginaliaState, seat: int, space: str, phase: str) -> Msg:
    m = at(s, space)
    if m is None:
        return msg("There is no marginalis on {space}.", space=space)
    name = _name(m.card)
    if m.owner != seat:
        return msg("{card} on {space} is not yours.", card=name, space=space)
    ability = cards.ability_of(m.card)
    if ability is None:
        return msg("The {card} token has no ability.", card=name)
    place = locate(space)
    if place is not None and place[1] != FRONT:
        return msg(
            "{card} is in the back line: only a front-line marginalis uses its ability.", card=name
        )
    skill = data_msg(ability.name)
    if not ability.activated:
        return msg(
            "{card}'s {ability} is not used at will: it works by itself.", card=name, ability=skill
        )
    if m.used:
        return msg("{card} has already used {ability} this turn.", card=name, ability=skill)
    if ability.trigger not in ACTIVATED_IN[phase] or (
        phase == "other-reset" and ability.whose != "each"
    ):
        if ability.trigger == "play":
            return msg(
                "{card}'s {ability} is used during your play phase.", card=name, ability=skill
            )
        return msg("{card}'s {ability} is used during your reset phase.", card=name, ability=skill)
    if not usable(s, m):
        return msg("{card}'s {ability} has nothing to act on now.", card=name, ability=skill)
    return msg("{card} cannot use {ability} now.", card=name, ability=skill)


def _step_refusal(s: MarginaliaState, step: Step, action: Action) -> Msg | None:
    match action:
        case To(space) if step.kind in ("place", "move"):
            place = locate(space)
            assert place is not None
            owner, line, column = place
            if owner != step.seat:
                return msg("{space} is on the other side of the page.", space=space)
            if s.sides[owner].line(line)[column] is not None:
                return msg("{space} is occupied.", space=space)
            if step.kind == "place" and not cards.card(step.card).is_marginalis:
                return msg("The token goes on an empty space of your front line.")
            if line != FRONT:
                return msg(
                    "{space} is in the back line: a marginalis goes there only behind one.",
                    space=space,
                )
            return msg("{space} is the space it is leaving.", space=space)
        case Target(target) if step.kind == "target":
            effect = effect_of(step.card, step.branch)
            if player_of(target) is not None:
                return msg("{card} targets a marginalis, not a player.", card=_name(step.card))
            m = at(s, target)
            if m is None:
                return msg("There is no marginalis on {space}.", space=target)
            if effect.target == "player":
                return msg("{card} targets a player, not a marginalis.", card=_name(step.card))
            return msg(
                "{card} on {space} has no damage to be the target.",
                card=_name(m.card),
                space=target,
            )
        case PlayCard(card) if step.kind == "fortune":
            if card != step.card:
                return msg(
                    "Rota Fortuna revealed {card}: play {code} or decline.",
                    card=_name(step.card),
                    code=step.card,
                )
            if not can_play(s, step.seat, card):
                return msg("{card} cannot be played now: decline it.", card=_name(card))
        case Summon(card) if step.kind == "search":
            kind = effect_of(step.card).type
            if card not in cards.catalogue() or not cards.is_type(card, kind):
                return msg("{card} is not a {kind}.", card=_name(card), kind=type_name(kind))
            return msg("There is no {card} in your deck.", card=_name(card))
        case Back() if step.kind == "target":
            return msg("This effect has begun and must have a target.")
        case Decline() if step.kind != "fortune":
            return None
    return None


__all__ = ["explain"]
