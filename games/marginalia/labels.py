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
from games.core.words import Msg, data_msg, msg, nmsg, pmsg
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
from games.marginalia.text import card_name, cards_count, marginalia

#: The longest label, in characters, with names filled in (a Discord button's limit).
#: How long a player's name may be when a label's length is checked.


def _condition(condition: str, change: Msg, adjacent: bool) -> Msg:
    """A lasting change and when it holds: ``+1/+1 while facing a foe``."""
    if adjacent:
        change = msg("{change} to its neighbours", change=change)
    match condition:
        case "facing":
            return msg("{change} while facing a foe", change=change)
        case "unopposed":
            return msg("{change} while unopposed", change=change)
        case "reinforced":
            return msg("{change} while reinforced", change=change)
        case "edge":
            return msg("{change} in an edge column", change=change)
    return change


#: When an ability works, from its trigger: (as a label says it, at the start of a sentence).
_WHEN: dict[str, tuple[Msg, Msg]] = {
    "front": (msg("on arrival"), msg("On arrival")),
    "play": (msg("at the start of your play phase"), msg("At the start of your play phase")),
    "reset": (msg("in your reset phase"), msg("In your reset phase")),
    "attack": (msg("when attacking"), msg("When attacking")),
    "attacked": (msg("when attacked"), msg("When attacked")),
    "any": (msg("once in your turn"), msg("Once in your turn")),
}
#: When an ability its controller chooses to use may be used.
_CHOSEN_WHEN: dict[str, tuple[Msg, Msg]] = {
    "play": (msg("once a turn, in your play phase"), msg("Once a turn, in your play phase")),
    "reset": _WHEN["reset"],
}
_EACH_RESET = (msg("in each reset phase"), msg("In each reset phase"))


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
            return msg("Let the turn end · use no reset ability")
        case EndTurn():
            return msg("End your turn · use no more reset abilities")
        case Summon(card):
            return _summon(s, seat, step, card)
        case Decline():
            if step is None:
                return msg("Decline the card · it goes to your discard pile")
            return msg("Decline {card} · it goes to your discard pile", card=_name(step.card))
        case Back():
            return pmsg("button", "Back")
    raise TypeError(f"not a Marginalia action: {action!r}")


# --------------------------------------------------------------------- the cards
def _name(code: str) -> Msg:
    return card_name(code)


def _stats(s: MarginaliaState, m: Marginalis) -> str:
    """Attack and the health left, as the page shows them: ``4/3``."""
    return f"{attack_of(s, m)}/{health_of(s, m) - m.damage}"


def _card_stats(code: str) -> str:
    data = cards.card(code)
    return f"{data.attack}/{data.health}"


def _card(code: str) -> Msg:
    """A marginalis with its attack and health: ``Saint 3/4``."""
    return msg("{card} {stats}", card=_name(code), stats=_card_stats(code))


def _on_page(s: MarginaliaState, m: Marginalis) -> Msg:
    """A marginalis on the page with its attack and health left."""
    return msg("{card} {stats}", card=_name(m.card), stats=_stats(s, m))


def brief(code: str, cap: bool = False) -> Msg:
    """What a card does, in a few words: an incantation's effect, a marginalis' ability
    (``cap``: begun with a capital, to stand on its own)."""
    data = cards.card(code)
    if data.effect is not None:
        return _effect(data.effect, cap)
    ability = data.ability
    if ability is None:
        return msg("No ability") if cap else msg("no ability")
    return _ability(ability, cap)


def _ability(ability: Ability, cap: bool = False) -> Msg:
    effect = ability.effect
    if effect.kind == "grant":
        change = _grant(effect)
        if ability.reinforcement:
            if cap:
                return msg("From behind, the one in front gets {change}", change=change)
            return msg("from behind, the one in front gets {change}", change=change)
        return _condition(ability.condition, change, effect.target == "adjacent")
    index = 1 if cap and not ability.reinforcement else 0
    if ability.whose == "each":
        when = _EACH_RESET[index]
    elif ability.activated and ability.trigger in _CHOSEN_WHEN:
        when = _CHOSEN_WHEN[ability.trigger][index]
    else:
        when = _WHEN[ability.trigger][index]
    if ability.reinforcement:
        if cap:
            when = msg("From behind, {when}", when=when)
        else:
            when = msg("from behind, {when}", when=when)
    return msg("{when}: {effect}", when=when, effect=_effect(effect))


def _grant(effect: Effect) -> Msg:
    if effect.attack and effect.health:
        return msg("+{attack}/+{health}", attack=effect.attack, health=effect.health)
    if effect.attack:
        return msg("+{attack} attack", attack=effect.attack)
    return msg("+{health} health", health=effect.health)


_WHOM = {
    "any": msg("a target"),
    "marginalis": msg("a marginalis"),
    "player": msg("a player"),
    "self": msg("itself"),
    "controller": msg("you"),
    "front": msg("the one in front"),
    "opposing": msg("the foe facing it"),
    "enemy-front": msg("each foe in front"),
    "allies": msg("all yours"),
    "adjacent": msg("its neighbours"),
}
#: The same, at the start of a sentence (only the targets an effect may start with).
_WHOM_CAP = {
    "any": msg("A target"),
    "marginalis": msg("A marginalis"),
    "player": msg("A player"),
}


def _effect(effect: Effect, cap: bool = False) -> Msg:
    """An effect in a few words: ``3 damage to a target``, ``+2 attack this turn``."""
    whom = _WHOM[effect.target]
    match effect.kind:
        case "damage":
            return nmsg("{n} damage to {whom}", "{n} damage to {whom}", effect.amount, whom=whom)
        case "heal":
            if cap:
                return msg("Heal {whom} for {amount}", whom=whom, amount=effect.amount)
            return msg("heal {whom} for {amount}", whom=whom, amount=effect.amount)
        case "buff":
            change = _change(effect)
            if effect.target == "self":
                return change
            if cap and effect.target in _WHOM_CAP:
                whom = _WHOM_CAP[effect.target]
            return msg("{whom} {change}", whom=whom, change=change)
        case "erase":
            if effect.only == "damaged" and effect.target != "opposing":
                return (
                    msg("Erase a damaged marginalis") if cap else msg("erase a damaged marginalis")
                )
            return msg("Erase {whom}", whom=whom) if cap else msg("erase {whom}", whom=whom)
        case "coin":
            heads = _effect(effect.heads) if effect.heads is not None else msg("nothing")
            if effect.tails is not None:
                tails = _effect(effect.tails)
                if cap:
                    return msg("Coin: heads {heads}, tails {tails}", heads=heads, tails=tails)
                return msg("coin: heads {heads}, tails {tails}", heads=heads, tails=tails)
            return (
                msg("Coin: heads {heads}", heads=heads)
                if cap
                else msg("coin: heads {heads}", heads=heads)
            )
        case "prevent":
            return msg("No damage") if cap else msg("no damage")
        case "ward":
            if cap:
                return nmsg("Takes {n} less damage", "Takes {n} less damage", effect.amount)
            return nmsg("takes {n} less damage", "takes {n} less damage", effect.amount)
        case "token":
            token, stats = _name(effect.token), _card_stats(effect.token)
            if cap:
                return msg("A {token} token {stats} on your front line", token=token, stats=stats)
            return msg("a {token} token {stats} on your front line", token=token, stats=stats)
        case "search":
            kind = type_name(effect.type)
            if cap:
                return msg("A {kind} from your deck behind it", kind=kind)
            return msg("a {kind} from your deck behind it", kind=kind)
        case "fortune":
            if cap:
                return msg("Play your deck's top card (free)")
            return msg("play your deck's top card (free)")
        case "draw":
            if cap:
                return msg("Draw {cards}", cards=cards_count(effect.amount))
            return msg("draw {cards}", cards=cards_count(effect.amount))
        case "move":
            return msg("May move to a free space") if cap else msg("may move to a free space")
    return msg("{kind}", kind=effect.kind)


#: The types of marginalia, as a search names them.
_TYPES = {
    "angel": msg("angel"),
    "beast": msg("beast"),
    "bird": msg("bird"),
    "cleric": msg("cleric"),
    "dead": msg("dead"),
    "dragon": msg("dragon"),
    "folk": msg("folk"),
    "maiden": msg("maiden"),
    "monster": msg("monster"),
    "unicorn": msg("unicorn"),
}


def type_name(kind: str) -> Msg:
    """A type of marginalis in words: ``unicorn``."""
    return _TYPES.get(kind) or msg("{kind}", kind=kind)


def _change(effect: Effect) -> Msg:
    """``+2 attack this turn``, ``+1/+1``, ``-1/-1``."""
    if effect.until == "turn":
        return msg("{attack:+d} attack this turn", attack=effect.attack)
    if effect.attack and effect.health:
        return msg("{attack:+d}/{health:+d}", attack=effect.attack, health=effect.health)
    if effect.attack:
        return msg("{attack:+d} attack", attack=effect.attack)
    return msg("{health:+d} health", health=effect.health)


def _play(code: str, revealed: bool) -> str:
    """Play a card from the hand, or the card Rota Fortuna revealed."""
    data = cards.card(code)
    what = _card(code) if data.is_marginalis else _name(code)
    if revealed:
        return first_that_fits(
            msg("Play {card} from your deck (free) · {brief}", card=what, brief=brief(code)),
            msg("Play {card} from your deck (free)", card=what),
        )
    return first_that_fits(
        msg("Play {card} · {brief}", card=what, brief=brief(code)),
        msg("Play {card}", card=what),
    )


# ----------------------------------------------------------------- spaces and lines
def _line_words(seat: int, space: str) -> Msg:
    place = locate(space)
    assert place is not None
    owner, line, _ = place
    if owner == seat:
        return msg("your front line") if line == FRONT else msg("your back line")
    return msg("their front line") if line == FRONT else msg("their back line")


def _surroundings(s: MarginaliaState, seat: int, space: str, moving: int = -1) -> Msg:
    """What a marginalis arriving on ``space`` of ``seat``'s side meets: the foe it faces, or
    the marginalis it reinforces (``moving``: the uid of one leaving its space)."""
    place = locate(space)
    assert place is not None
    _, line, column = place
    if line == BACK:
        ahead = s.sides[seat].front[column]
        if ahead is None or ahead.uid == moving:
            return msg("behind an empty space")
        return msg("behind {card}", card=_on_page(s, ahead))
    foe = s.sides[1 - seat].front[column]
    if foe is None:
        return msg("unopposed")
    return msg("faces {card}", card=_on_page(s, foe))


def _arrival(code: str, space: str) -> tuple[Msg, Msg] | None:
    """The ability a marginalis sets off by arriving on the front line, if any: in full, and
    by its name alone."""
    ability = cards.ability_of(code)
    place = locate(space)
    if ability is None or place is None or place[1] != FRONT or ability.trigger != "front":
        return None
    named = data_msg(ability.name)
    return (
        msg("{ability}: {effect}", ability=named, effect=_effect(ability.effect)),
        msg("{ability} on arrival", ability=named),
    )


def _placement(s: MarginaliaState, seat: int, code: str, space: str) -> str:
    """A marginalis (or an incantation's token) being played to ``space``."""
    data = cards.card(code) if code else None
    who: Msg
    if data is not None and data.effect is not None and data.effect.kind == "token":
        token = data.effect.token
        who = msg("{token} token {stats}", token=_name(token), stats=_card_stats(token))
    elif data is not None:
        who = _card(code)
    else:
        who = pmsg("label", "To")
    where = msg("{who} → {space} ({line})", who=who, space=space, line=_line_words(seat, space))
    meets = _surroundings(s, seat, space)
    arrival = _arrival(code, space) if data is not None else None
    if arrival is None:
        return first_that_fits(msg("{where} · {meets}", where=where, meets=meets), where)
    full, named = arrival
    return first_that_fits(
        msg("{where} · {meets} · {arrival}", where=where, meets=meets, arrival=full),
        msg("{where} · {meets} · {arrival}", where=where, meets=meets, arrival=named),
        msg("{where} · {meets}", where=where, meets=meets),
        where,
    )


def _flight(s: MarginaliaState, seat: int, uid: int, space: str) -> str:
    """Flight: a marginalis on the front line moves to an unoccupied space."""
    front = s.sides[seat].front
    column = next((c for c, m in enumerate(front) if m is not None and m.uid == uid), None)
    mover = front[column] if column is not None else None
    if mover is None or column is None:
        return msg("Fly → {space} ({line})", space=space, line=_line_words(seat, space))
    origin = space_code(seat, FRONT, column)
    where = msg(
        "{card} flies {origin} → {space} ({line})",
        card=_name(mover.card),
        origin=origin,
        space=space,
        line=_line_words(seat, space),
    )
    meets = _surroundings(s, seat, space, uid)
    return first_that_fits(msg("{where} · {meets}", where=where, meets=meets), where)


# ------------------------------------------------------------------------ targets
def _who(s: MarginaliaState, seat: int, target: str) -> Msg | str:
    """A target, from the seat's side: ``{p1} (opponent)``, ``their Ziz c3 4/3``."""
    player = player_of(target)
    if player is not None:
        if player == seat:
            return msg("{player} (you)", player=seat_ref(player))
        return msg("{player} (opponent)", player=seat_ref(player))
    m = at(s, target)
    if m is None:
        return target
    if m.owner == seat:
        return msg(
            "your {card} {space} {stats}", card=_name(m.card), space=target, stats=_stats(s, m)
        )
    return msg("their {card} {space} {stats}", card=_name(m.card), space=target, stats=_stats(s, m))


def _outcome(s: MarginaliaState, effect: Effect, target: str) -> Msg:
    """What ``effect`` does to ``target``, and where that leaves it."""
    player = player_of(target)
    amount = effect.amount
    if player is not None:
        health = s.sides[player].health
        if effect.kind == "damage":
            return nmsg(
                "{n} damage, ❤️ {health} → {left}",
                "{n} damage, ❤️ {health} → {left}",
                amount,
                health=health,
                left=max(0, health - amount),
            )
        if effect.kind == "heal" and health >= START_HEALTH:
            return msg("heal {amount}, ❤️ {health} already full", amount=amount, health=health)
        if effect.kind == "heal":
            return msg(
                "heal {amount}, ❤️ {health} → {left}",
                amount=amount,
                health=health,
                left=min(START_HEALTH, health + amount),
            )
        return _effect(effect)
    m = at(s, target)
    if m is None:
        return _effect(effect)
    left = health_of(s, m) - m.damage
    match effect.kind:
        case "damage":
            if amount >= left:
                return nmsg("{n} damage, erased", "{n} damage, erased", amount)
            return nmsg(
                "{n} damage, {health} → {left} health",
                "{n} damage, {health} → {left} health",
                amount,
                health=left,
                left=left - amount,
            )
        case "heal":
            healed = min(amount, m.damage)
            return msg("heal {amount}", amount=healed) if healed else msg("no damage to heal")
        case "buff":
            change = _change(effect)
            if left + effect.health <= 0:
                return msg("{change}, erased", change=change)
            return change
        case "erase":
            return msg("erased")
    return _effect(effect)


def _target(s: MarginaliaState, seat: int, step: Step | None, target: str) -> Msg | str:
    """The target of the effect being resolved."""
    who = _who(s, seat, target)
    if step is None:
        return msg("Target {who}", who=who)
    effect = effect_of(step.card, step.branch)
    return first_that_fits(
        msg("{who}: {outcome}", who=who, outcome=_outcome(s, effect, target)), who
    )


def _use(s: MarginaliaState, space: str) -> str:
    m = at(s, space)
    ability = cards.ability_of(m.card) if m is not None else None
    if m is None or ability is None:
        return msg("Use {space}", space=space)
    head = msg(
        "{ability} ({card} {space})",
        ability=data_msg(ability.name),
        card=_name(m.card),
        space=space,
    )
    return first_that_fits(msg("{head}: {effect}", head=head, effect=_effect(ability.effect)), head)


# ------------------------------------------------------------------- the rest
def _attack(s: MarginaliaState, seat: int, start: str | None) -> Msg:
    side = s.sides[seat]
    if s.phase == "between-fights":
        to_come = sum(1 for column in s.attack_order if side.front[column] is not None)
        return msg(
            "⚔️ Go on with the attack · {marginalia} still to attack",
            marginalia=marginalia(to_come),
        )
    attackers = sum(1 for m in side.front if m is not None)
    discards = cards_count(len(side.hand))
    if start is not None:
        order = "a → e" if start == "a" else "e → a"
        if side.hand:
            return msg(
                "⚔️ Attack from column {column} ({order}, discards {cards})",
                column=start,
                order=order,
                cards=discards,
            )
        return msg("⚔️ Attack from column {column} ({order})", column=start, order=order)
    if not attackers:
        if side.hand:
            return msg(
                "End the play phase · nothing to attack with, discards {cards}", cards=discards
            )
        return msg("End the play phase · nothing to attack with")
    if side.hand:
        return msg(
            "⚔️ Attack with {marginalia}, discards {cards}",
            marginalia=marginalia(attackers),
            cards=discards,
        )
    return msg("⚔️ Attack with {marginalia}", marginalia=marginalia(attackers))


def _summon(s: MarginaliaState, seat: int, step: Step | None, card: str) -> str:
    where: str | None = None
    if step is not None:
        m = next((m for m in s.sides[seat].front if m is not None and m.uid == step.uid), None)
        if m is not None:
            column = s.sides[seat].front.index(m)
            where = space_code(seat, BACK, column)
    if card == TOKEN:
        token = effect_of(step.card).token if step is not None else "unicorn"
        stats = _card_stats(token)
        if where is None:
            return msg("Create a {token} token {stats}", token=_name(token), stats=stats)
        return msg(
            "Create a {token} token {stats} → {space} (your back line)",
            token=_name(token),
            stats=stats,
            space=where,
        )
    if where is None:
        head = msg("{card} from your deck", card=_card(card))
    else:
        head = msg(
            "{card} from your deck → {space} (your back line)", card=_card(card), space=where
        )
    return first_that_fits(msg("{head} · {brief}", head=head, brief=brief(card)), head)


# --------------------------------------------------------------------- composites
def _composite(
    s: MarginaliaState, seat: int, decisions: tuple[PlayCard | To | Target | Use, ...]
) -> Msg | str:
    """A whole move in one: the card or ability, where it goes, what it aims at."""
    match decisions:
        case (PlayCard(card), To(space)):
            return _placement(s, seat, card, space)
        case (PlayCard(card), To(space), Target(target)):
            return _placement_then_target(s, seat, card, space, target)
        case (PlayCard(card), Target(target)):
            effect = effect_of(card)
            head = msg("{card} → {who}", card=_name(card), who=_who(s, seat, target))
            return first_that_fits(
                msg("{head}: {outcome}", head=head, outcome=_outcome(s, effect, target)), head
            )
        case (Use(space), Target(target)):
            m = at(s, space)
            ability = cards.ability_of(m.card) if m is not None else None
            if ability is None:
                return msg("Use {space} → {who}", space=space, who=_who(s, seat, target))
            head = msg(
                "{ability} ({space}) → {who}",
                ability=data_msg(ability.name),
                space=space,
                who=_who(s, seat, target),
            )
            return first_that_fits(
                msg("{head}: {outcome}", head=head, outcome=_outcome(s, ability.effect, target)),
                head,
            )
        case (Use(space), To(destination)):
            m = at(s, space)
            return _flight(s, seat, m.uid if m is not None else -1, destination)
    steps = [label(s, seat, d) for d in decisions]
    result: Msg | str = steps[0]
    for later in steps[1:]:
        result = msg("{first} then {then}", first=result, then=later)
    return result


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
    head = msg(
        "{card} → {space} · {ability} → {who}",
        card=_name(card),
        space=space,
        ability=data_msg(ability.name),
        who=_who(arrived, seat, target),
    )
    if step is None or step.kind != "target":
        return head
    effect = effect_of(step.card, step.branch)
    return first_that_fits(
        msg("{head}: {outcome}", head=head, outcome=_outcome(arrived, effect, target)), head
    )
