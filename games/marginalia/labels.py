"""Marginalia's decisions in words, for buttons and menus.

Every label says what happens, from the deciding seat's side of the table: which card goes
where and what it meets there ("Saint → c3 (your front line) · faces Ziz 4/3"), what an effect
does to its target ("Ignis Sacer → {p1} (opponent): 3 damage, 14 → 11 ❤️"). Labels read only
what that seat may know: the page, both players' health, its own hand, the card it is
playing, and the cards its own search shows it. Seats are ``{p0}``/``{p1}`` placeholders.

A label is at most :data:`LABEL_LIMIT` characters once names of up to :data:`NAME_LIMIT` characters
replace the placeholders; the longer wordings fall back to shorter ones to stay within it.
"""

from __future__ import annotations

from games.core import seat_ref
from games.core.labels import first_that_fits
from games.marginalia import cards, rules
from games.marginalia.actions import (
    TOKEN,
    Action,
    Attack,
    Back,
    Composite,
    Decline,
    EndTurn,
    PlayCard,
    Summon,
    Target,
    To,
    Use,
)
from games.marginalia.cards import Ability, Effect
from games.marginalia.effects import effect_of
from games.marginalia.page import at, locate, player_of, space_code
from games.marginalia.state import BACK, FRONT, START_HEALTH, MarginaliaState, Marginalis, Step
from games.marginalia.stats import attack_of, health_of
from games.marginalia.text import marginalia, plural

#: The longest label, in characters, with names filled in (a Discord button's limit).
#: How long a player's name may be when a label's length is checked.

_CONDITIONS = {
    "facing": " while facing a foe",
    "unopposed": " while unopposed",
    "reinforced": " while reinforced",
    "edge": " in an edge column",
    "always": "",
}
_WHEN = {
    "front": "on arrival",
    "play": "at the start of your play phase",
    "reset": "in your reset phase",
    "attack": "when attacking",
    "attacked": "when attacked",
    "any": "once in your turn",
}
#: When an ability its controller chooses to use may be used.
_CHOSEN_WHEN = {"play": "once a turn, in your play phase", "reset": "in your reset phase"}


# ----------------------------------------------------------------------- entry point
def label(s: MarginaliaState, seat: int, action: Action) -> str:
    """What ``action`` does for ``seat`` now, in words (see the module's docstring)."""
    step = s.steps[0] if s.steps and s.steps[0].seat == seat else None
    match action:
        case Composite(decisions):
            return _composite(s, seat, decisions)
        case PlayCard(card):
            revealed = step is not None and step.kind == "fortune"
            return _play(card, revealed)
        case To(space) if step is not None and step.kind == "move":
            return _flight(s, seat, step.uid, space)
        case To(space):
            return _placement(s, seat, step.card if step is not None else "", space)
        case Target(target):
            return _target(s, seat, step, target)
        case Use(space):
            return _use(s, space)
        case Attack(start):
            return _attack(s, seat, start)
        case EndTurn() if seat != s.active:
            return "Let the turn end · use no reset ability"
        case EndTurn():
            return "End your turn · use no more reset abilities"
        case Summon(card):
            return _summon(s, seat, step, card)
        case Decline():
            shown = cards.card(step.card).name if step is not None else "the card"
            return f"Decline {shown} · it goes to your discard pile"
        case Back():
            return "Back"
    raise TypeError(f"not a Marginalia action: {action!r}")


# --------------------------------------------------------------------- the cards
def _name(code: str) -> str:
    return cards.card(code).name


def _stats(s: MarginaliaState, m: Marginalis) -> str:
    """Attack and the health left, as the page shows them: ``4/3``."""
    return f"{attack_of(s, m)}/{health_of(s, m) - m.damage}"


def _card_stats(code: str) -> str:
    data = cards.card(code)
    return f"{data.attack}/{data.health}"


def brief(code: str) -> str:
    """What a card does, in a few words: an incantation's effect, a marginalis' ability."""
    data = cards.card(code)
    if data.effect is not None:
        return _effect(data.effect)
    ability = data.ability
    if ability is None:
        return "no ability"
    return _ability(ability)


def _ability(ability: Ability) -> str:
    effect = ability.effect
    if effect.kind == "grant":
        change = _grant(effect)
        if ability.reinforcement:
            return f"from behind, the one in front gets {change}"
        whom = " to its neighbours" if effect.target == "adjacent" else ""
        return f"{change}{whom}{_CONDITIONS[ability.condition]}"
    when = _CHOSEN_WHEN.get(ability.trigger, "") if ability.activated else ""
    when = "in each reset phase" if ability.whose == "each" else when or _WHEN[ability.trigger]
    if ability.reinforcement:
        when = f"from behind, {when}"
    return f"{when}: {_effect(effect)}"


def _grant(effect: Effect) -> str:
    if effect.attack and effect.health:
        return f"+{effect.attack}/+{effect.health}"
    if effect.attack:
        return f"+{effect.attack} attack"
    return f"+{effect.health} health"


_WHOM = {
    "any": "a target",
    "marginalis": "a marginalis",
    "player": "a player",
    "self": "itself",
    "controller": "you",
    "front": "the one in front",
    "opposing": "the foe facing it",
    "enemy-front": "each foe in front",
    "allies": "all yours",
    "adjacent": "its neighbours",
}


def _effect(effect: Effect) -> str:
    """An effect in a few words: ``3 damage to a target``, ``+2 attack this turn``."""
    whom = _WHOM[effect.target]
    match effect.kind:
        case "damage":
            return f"{effect.amount} damage to {whom}"
        case "heal":
            return f"heal {whom} for {effect.amount}"
        case "buff":
            change = _change(effect)
            return change if effect.target == "self" else f"{whom} {change}"
        case "erase":
            if effect.target == "opposing":
                return f"erase {whom}"
            return "erase a damaged marginalis" if effect.only == "damaged" else f"erase {whom}"
        case "coin":
            heads = _effect(effect.heads) if effect.heads is not None else "nothing"
            tails = f", tails {_effect(effect.tails)}" if effect.tails is not None else ""
            return f"coin: heads {heads}{tails}"
        case "prevent":
            return "no damage"
        case "ward":
            return f"takes {effect.amount} less damage"
        case "token":
            return f"a {_name(effect.token)} token {_card_stats(effect.token)} on your front line"
        case "search":
            return f"a {effect.type} from your deck behind it"
        case "fortune":
            return "play your deck's top card (free)"
        case "draw":
            return f"draw {plural(effect.amount, 'card')}"
        case "move":
            return "may move to a free space"
    return effect.kind


def _change(effect: Effect) -> str:
    """``+2 attack this turn``, ``+1/+1``, ``-1/-1``."""
    if effect.until == "turn":
        return f"{effect.attack:+d} attack this turn"
    if effect.attack and effect.health:
        return f"{effect.attack:+d}/{effect.health:+d}"
    if effect.attack:
        return f"{effect.attack:+d} attack"
    return f"{effect.health:+d} health"


def _play(code: str, revealed: bool) -> str:
    """Play a card from the hand, or the card Rota Fortuna revealed."""
    data = cards.card(code)
    what = f"{data.name} {_card_stats(code)}" if data.is_marginalis else data.name
    source = " from your deck (free)" if revealed else ""
    return first_that_fits(f"Play {what}{source} · {brief(code)}", f"Play {what}{source}")


# ----------------------------------------------------------------- spaces and lines
def _line_words(seat: int, space: str) -> str:
    place = locate(space)
    assert place is not None
    owner, line, _ = place
    whose = "your" if owner == seat else "their"
    return f"{whose} {'front' if line == FRONT else 'back'} line"


def _surroundings(s: MarginaliaState, seat: int, space: str, moving: int = -1) -> str:
    """What a marginalis arriving on ``space`` of ``seat``'s side meets: the foe it faces, or
    the marginalis it reinforces (``moving``: the uid of one leaving its space)."""
    place = locate(space)
    assert place is not None
    _, line, column = place
    if line == BACK:
        ahead = s.sides[seat].front[column]
        if ahead is None or ahead.uid == moving:
            return "behind an empty space"
        return f"behind {_name(ahead.card)} {_stats(s, ahead)}"
    foe = s.sides[1 - seat].front[column]
    if foe is None:
        return "unopposed"
    return f"faces {_name(foe.card)} {_stats(s, foe)}"


def _arrival(code: str, space: str) -> tuple[str, str]:
    """The ability a marginalis sets off by arriving on the front line, if any: in full, and
    by its name alone."""
    ability = cards.ability_of(code)
    place = locate(space)
    if ability is None or place is None or place[1] != FRONT or ability.trigger != "front":
        return "", ""
    return f" · {ability.name}: {_effect(ability.effect)}", f" · {ability.name} on arrival"


def _placement(s: MarginaliaState, seat: int, code: str, space: str) -> str:
    """A marginalis (or an incantation's token) being played to ``space``."""
    data = cards.card(code) if code else None
    if data is not None and data.effect is not None and data.effect.kind == "token":
        who = f"{_name(data.effect.token)} token {_card_stats(data.effect.token)}"
    elif data is not None:
        who = f"{data.name} {_card_stats(code)}"
    else:
        who = "To"
    where = f"{who} → {space} ({_line_words(seat, space)})"
    meets = _surroundings(s, seat, space)
    full, named = _arrival(code, space) if data is not None else ("", "")
    return first_that_fits(
        f"{where} · {meets}{full}", f"{where} · {meets}{named}", f"{where} · {meets}", where
    )


def _flight(s: MarginaliaState, seat: int, uid: int, space: str) -> str:
    """Flight: a marginalis on the front line moves to an unoccupied space."""
    front = s.sides[seat].front
    column = next((c for c, m in enumerate(front) if m is not None and m.uid == uid), None)
    mover = front[column] if column is not None else None
    if mover is None or column is None:
        return f"Fly → {space} ({_line_words(seat, space)})"
    origin = space_code(seat, FRONT, column)
    where = f"{_name(mover.card)} flies {origin} → {space} ({_line_words(seat, space)})"
    meets = _surroundings(s, seat, space, uid)
    return first_that_fits(f"{where} · {meets}", where)


# ------------------------------------------------------------------------ targets
def _who(s: MarginaliaState, seat: int, target: str) -> str:
    """A target, from the seat's side: ``{p1} (opponent)``, ``their Ziz c3 4/3``."""
    player = player_of(target)
    if player is not None:
        return f"{seat_ref(player)} ({'you' if player == seat else 'opponent'})"
    m = at(s, target)
    if m is None:
        return target
    whose = "your" if m.owner == seat else "their"
    return f"{whose} {_name(m.card)} {target} {_stats(s, m)}"


def _outcome(s: MarginaliaState, effect: Effect, target: str) -> str:
    """What ``effect`` does to ``target``, and where that leaves it."""
    player = player_of(target)
    if player is not None:
        health = s.sides[player].health
        if effect.kind == "damage":
            return f"{effect.amount} damage, ❤️ {health} → {max(0, health - effect.amount)}"
        if effect.kind == "heal" and health >= START_HEALTH:
            return f"heal {effect.amount}, ❤️ {health} already full"
        if effect.kind == "heal":
            return f"heal {effect.amount}, ❤️ {health} → {min(START_HEALTH, health + effect.amount)}"
        return _effect(effect)
    m = at(s, target)
    if m is None:
        return _effect(effect)
    left = health_of(s, m) - m.damage
    match effect.kind:
        case "damage":
            return (
                f"{effect.amount} damage, erased"
                if effect.amount >= left
                else (f"{effect.amount} damage, {left} → {left - effect.amount} health")
            )
        case "heal":
            healed = min(effect.amount, m.damage)
            return f"heal {healed}" if healed else "no damage to heal"
        case "buff":
            change = _change(effect)
            return f"{change}, erased" if left + effect.health <= 0 else change
        case "erase":
            return "erased"
    return _effect(effect)


def _target(s: MarginaliaState, seat: int, step: Step | None, target: str) -> str:
    """The target of the effect being resolved."""
    who = _who(s, seat, target)
    if step is None:
        return f"Target {who}"
    effect = effect_of(step.card, step.branch)
    return first_that_fits(f"{who}: {_outcome(s, effect, target)}", who)


def _use(s: MarginaliaState, space: str) -> str:
    m = at(s, space)
    ability = cards.ability_of(m.card) if m is not None else None
    if m is None or ability is None:
        return f"Use {space}"
    head = f"{ability.name} ({_name(m.card)} {space})"
    return first_that_fits(f"{head}: {_effect(ability.effect)}", head)


# ------------------------------------------------------------------- the rest
def _attack(s: MarginaliaState, seat: int, start: str | None) -> str:
    side = s.sides[seat]
    if s.phase == "between-fights":
        to_come = sum(1 for column in s.attack_order if side.front[column] is not None)
        return f"⚔️ Go on with the attack · {marginalia(to_come)} still to attack"
    attackers = sum(1 for m in side.front if m is not None)
    hand = f", discards {plural(len(side.hand), 'card')}" if side.hand else ""
    if start is not None:
        order = "a → e" if start == "a" else "e → a"
        return f"⚔️ Attack from column {start} ({order}{hand})"
    if not attackers:
        return f"End the play phase · nothing to attack with{hand}"
    return f"⚔️ Attack with {marginalia(attackers)}{hand}"


def _summon(s: MarginaliaState, seat: int, step: Step | None, card: str) -> str:
    where = ""
    if step is not None:
        m = next((m for m in s.sides[seat].front if m is not None and m.uid == step.uid), None)
        if m is not None:
            column = s.sides[seat].front.index(m)
            where = f" → {space_code(seat, BACK, column)} (your back line)"
    if card == TOKEN:
        token = effect_of(step.card).token if step is not None else "unicorn"
        return f"Create a {_name(token)} token {_card_stats(token)}{where}"
    return first_that_fits(
        f"{_name(card)} {_card_stats(card)} from your deck{where} · {brief(card)}",
        f"{_name(card)} {_card_stats(card)} from your deck{where}",
    )


# --------------------------------------------------------------------- composites
def _composite(
    s: MarginaliaState, seat: int, decisions: tuple[PlayCard | To | Target | Use, ...]
) -> str:
    """A whole move in one: the card or ability, where it goes, what it aims at."""
    match decisions:
        case (PlayCard(card), To(space)):
            return _placement(s, seat, card, space)
        case (PlayCard(card), To(space), Target(target)):
            return _placement_then_target(s, seat, card, space, target)
        case (PlayCard(card), Target(target)):
            effect = effect_of(card)
            head = f"{_name(card)} → {_who(s, seat, target)}"
            return first_that_fits(f"{head}: {_outcome(s, effect, target)}", head)
        case (Use(space), Target(target)):
            m = at(s, space)
            ability = cards.ability_of(m.card) if m is not None else None
            if ability is None:
                return f"Use {space} → {_who(s, seat, target)}"
            head = f"{ability.name} ({space}) → {_who(s, seat, target)}"
            return first_that_fits(f"{head}: {_outcome(s, ability.effect, target)}", head)
        case (Use(space), To(destination)):
            m = at(s, space)
            return _flight(s, seat, m.uid if m is not None else -1, destination)
    return " then ".join(label(s, seat, d) for d in decisions)


def _placement_then_target(
    s: MarginaliaState, seat: int, card: str, space: str, target: str
) -> str:
    """A marginalis whose arrival aims its ability (Salamander's Kindle). The target is
    described as the page will stand once the newcomer is there: placing it involves no
    chance and nothing hidden, so the label plays it out on a copy."""
    ability = cards.ability_of(card)
    assert ability is not None
    arrived = s.clone()
    rules.apply(arrived, seat, PlayCard(card))
    rules.apply(arrived, seat, To(space))
    step = arrived.steps[0] if arrived.steps else None
    head = f"{_name(card)} → {space} · {ability.name}"
    who = _who(arrived, seat, target)
    if step is None or step.kind != "target":
        return f"{head} → {who}"
    effect = effect_of(step.card, step.branch)
    return first_that_fits(
        f"{head} → {who}: {_outcome(arrived, effect, target)}", f"{head} → {who}"
    )
