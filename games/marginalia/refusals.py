"""Why an action is refused: one plain sentence for the player."""

from __future__ import annotations

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
from games.marginalia.options import ACTIVATED_IN, can_play, usable
from games.marginalia.page import at, front_count, locate, player_of
from games.marginalia.state import FRONT, MarginaliaState, Step
from games.marginalia.text import marginalia, plural

_OWED = {
    "place": "choose the space for the card, or go back",
    "target": "choose a target",
    "fortune": "play the revealed card or decline it",
    "search": "choose a card from your deck or a token",
    "move": "choose where to fly, or go back",
}
_PLAY_HINT = "In your play phase: play a card, use an ability, or attack."
_RESET_HINT = "In your reset phase: use an ability, or end your turn."
_FIGHTS_HINT = "Between two fights: use an ability, or attack to go on."
_OTHER_RESET_HINT = (
    "In the other player's reset phase: use an ability that works in every reset "
    "phase, or end turn to let the turn end."
)


def explain(s: MarginaliaState, seat: int, action: Action) -> str:
    """The reason ``action`` is not legal for ``seat``, who is to act in ``s``."""
    if s.steps:
        step = s.steps[0]
        return _step_refusal(s, step, action) or f"First {_OWED[step.kind]}."
    if s.phase == "play":
        return _play_refusal(s, seat, action)
    if s.phase == "between-fights":
        return _fights_refusal(s, seat, action)
    if s.phase == "other-reset":
        return _other_reset_refusal(s, seat, action)
    return _reset_refusal(s, seat, action)


def _name(code: str) -> str:
    return cards.card(code).name


def _play_refusal(s: MarginaliaState, seat: int, action: Action) -> str:
    match action:
        case PlayCard(card):
            if card not in s.sides[seat].hand:
                return f"You have no {_name(card)} in your hand."
            limit = s.play_limit(seat)
            if s.plays >= limit:
                return f"You have already played the {plural(limit, 'card')} allowed this turn."
            if cards.card(card).is_marginalis:
                return "There is no free space on your side of the page."
            return f"{_name(card)} has nothing to act on now."
        case Use(space):
            return _use_refusal(s, seat, space, "play")
        case Attack(start):
            if start is None:
                return (
                    "With two or more marginalia on your front line, choose where the attack "
                    "starts: attack from a, or attack from e."
                )
            count = marginalia(front_count(s, seat))
            return (
                f"With {count} on your front line the direction makes no difference: type attack."
            )
        case EndTurn():
            return "You have not attacked yet. " + _PLAY_HINT
    return _nothing_pending(action) + " " + _PLAY_HINT


def _fights_refusal(s: MarginaliaState, seat: int, action: Action) -> str:
    match action:
        case Use(space):
            return _use_refusal(s, seat, space, "between-fights")
        case PlayCard():
            return "The play phase is over. " + _FIGHTS_HINT
        case Attack():
            return "The attack has begun in the direction you chose: type attack to go on."
        case EndTurn():
            return "The attack is not over yet. " + _FIGHTS_HINT
    return _nothing_pending(action) + " " + _FIGHTS_HINT


def _other_reset_refusal(s: MarginaliaState, seat: int, action: Action) -> str:
    match action:
        case Use(space):
            return _use_refusal(s, seat, space, "other-reset")
        case PlayCard() | Attack():
            return "It is not your turn. " + _OTHER_RESET_HINT
    return _nothing_pending(action) + " " + _OTHER_RESET_HINT


def _reset_refusal(s: MarginaliaState, seat: int, action: Action) -> str:
    match action:
        case Use(space):
            return _use_refusal(s, seat, space, "choose-reset")
        case PlayCard():
            return "The play phase is over. " + _RESET_HINT
        case Attack():
            return "You have already attacked this turn. " + _RESET_HINT
    return _nothing_pending(action) + " " + _RESET_HINT


def _nothing_pending(action: Action) -> str:
    """An answer to a decision nobody asked for."""
    match action:
        case Back():
            return "There is nothing to take back."
        case To():
            return "Nothing is waiting for a space."
        case Target():
            return "Nothing is waiting for a target."
        case Summon():
            return "No search is under way."
        case Decline():
            return "No card has been revealed."
    return "There is no such decision to make now."


def _use_refusal(s: MarginaliaState, seat: int, space: str, phase: str) -> str:
    m = at(s, space)
    if m is None:
        return f"There is no marginalis on {space}."
    name = _name(m.card)
    if m.owner != seat:
        return f"{name} on {space} is not yours."
    ability = cards.ability_of(m.card)
    if ability is None:
        return f"The {name} token has no ability."
    place = locate(space)
    if place is not None and place[1] != FRONT:
        return f"{name} is in the back line: only a front-line marginalis uses its ability."
    if not ability.activated:
        return f"{name}'s {ability.name} is not used at will: it works by itself."
    if m.used:
        return f"{name} has already used {ability.name} this turn."
    if ability.trigger not in ACTIVATED_IN[phase] or (
        phase == "other-reset" and ability.whose != "each"
    ):
        when = "play" if ability.trigger == "play" else "reset"
        return f"{name}'s {ability.name} is used during your {when} phase."
    if not usable(s, m):
        return f"{name}'s {ability.name} has nothing to act on now."
    return f"{name} cannot use {ability.name} now."


def _step_refusal(s: MarginaliaState, step: Step, action: Action) -> str | None:
    match action:
        case To(space) if step.kind in ("place", "move"):
            place = locate(space)
            assert place is not None
            owner, line, column = place
            if owner != step.seat:
                return f"{space} is on the other side of the page."
            if s.sides[owner].line(line)[column] is not None:
                return f"{space} is occupied."
            if step.kind == "place" and not cards.card(step.card).is_marginalis:
                return "The token goes on an empty space of your front line."
            if line != FRONT:
                return f"{space} is in the back line: a marginalis goes there only behind one."
            return f"{space} is the space it is leaving."
        case Target(target) if step.kind == "target":
            effect = effect_of(step.card, step.branch)
            if player_of(target) is not None:
                return f"{_name(step.card)} targets a marginalis, not a player."
            m = at(s, target)
            if m is None:
                return f"There is no marginalis on {target}."
            if effect.target == "player":
                return f"{_name(step.card)} targets a player, not a marginalis."
            return f"{_name(m.card)} on {target} has no damage to be the target."
        case PlayCard(card) if step.kind == "fortune":
            if card != step.card:
                return f"Rota Fortuna revealed {_name(step.card)}: play {step.card} or decline."
            if not can_play(s, step.seat, card):
                return f"{_name(card)} cannot be played now: decline it."
        case Summon(card) if step.kind == "search":
            kind = effect_of(step.card).type
            if card not in cards.catalogue() or not cards.is_type(card, kind):
                return f"{_name(card)} is not a {kind}."
            return f"There is no {_name(card)} in your deck."
        case Back() if step.kind == "target":
            return "This effect has begun and must have a target."
        case Decline() if step.kind != "fortune":
            return None
    return None


__all__ = ["explain"]
