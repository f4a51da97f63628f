"""Marginalia's rules: who acts, what they may do, and doing it.

Every function here works on a state that ``MarginaliaEngine`` has already cloned, so the
mutations never reach the caller's state.
"""

from __future__ import annotations

from games.core import LogEntry, seat_ref
from games.core.words import Msg, data_msg, msg
from games.marginalia import cards
from games.marginalia.actions import (
    TOKEN,
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
from games.marginalia.effects import (
    Ctx,
    choices,
    effect_of,
    place_marginalis,
    reach_front,
    resolve,
    settle,
    shuffle,
    start_effect,
)
from games.marginalia.flow import advance, begin_attack, begin_cleanup
from games.marginalia.options import (
    activations,
    can_play,
    destinations,
    placements,
    search_finds,
)
from games.marginalia.page import at, by_uid, find, front_count, locate, space_code
from games.marginalia.state import BACK, FRONT, MarginaliaState, Marginalis, Source, Step
from games.marginalia.text import name


# ----------------------------------------------------------------- who acts, with what
def to_act(s: MarginaliaState) -> frozenset[int]:
    """The one seat that owes a decision now (none once the game is over)."""
    if s.finished:
        return frozenset()
    if s.steps:
        return frozenset({s.steps[0].seat})
    return frozenset({acting(s)})


def acting(s: MarginaliaState) -> int:
    """The seat whose decision it is when no step is owed: the active player, or the other
    one while the reset phase waits for their ability."""
    return 1 - s.active if s.phase == "other-reset" else s.active


def legal_actions(s: MarginaliaState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, in a fixed order."""
    if s.finished:
        return []
    if s.steps:
        return step_actions(s, s.steps[0]) if s.steps[0].seat == seat else []
    if seat != acting(s):
        return []
    if s.phase == "play":
        return play_actions(s, seat)
    if s.phase == "between-fights":
        return [*(Use(x) for x in activations(s, seat, "between-fights")), Attack()]
    if s.phase in ("choose-reset", "other-reset"):
        return [*(Use(x) for x in activations(s, seat, s.phase)), EndTurn()]
    return []


def play_actions(s: MarginaliaState, seat: int) -> list[Action]:
    """The play phase: a card from the hand (within the limit), an ability, or the attack."""
    actions: list[Action] = []
    if s.plays < s.play_limit(seat):
        hand = dict.fromkeys(s.sides[seat].hand)
        actions += [PlayCard(c) for c in hand if can_play(s, seat, c)]
    actions += [Use(x) for x in activations(s, seat, "play")]
    if front_count(s, seat) >= 2:
        return [*actions, Attack("a"), Attack("e")]
    return [*actions, Attack()]


def step_actions(s: MarginaliaState, step: Step) -> list[Action]:
    """The answers to the decision owed now."""
    actions: list[Action]
    match step.kind:
        case "place":
            return [*(To(x) for x in placements(s, step.seat, step.card)), Back()]
        case "target":
            effect = effect_of(step.card, step.branch)
            actions = [Target(x) for x in choices(s, effect)]
            return actions if step.source == "effect" else [*actions, Back()]
        case "fortune":
            actions = [PlayCard(step.card)] if can_play(s, step.seat, step.card) else []
            return [*actions, Decline()]
        case "search":
            finds = search_finds(s, step.seat, step.card)
            return [*(Summon(c) for c in finds), Summon(TOKEN)]
        case "move":
            mover = _marginalis(s, step.uid)
            return [*(To(x) for x in destinations(s, mover)), Back()]
    raise AssertionError(step.kind)


# ------------------------------------------------------------------------- applying
def apply(s: MarginaliaState, seat: int, action: Action) -> list[LogEntry]:
    """Apply a legal action to the (already cloned) state; the log of what happened."""
    ctx = Ctx()
    match action:
        case PlayCard(card):
            _play(s, ctx, seat, card)
        case To(space):
            _to(s, ctx, seat, space)
        case Target(target):
            _target(s, ctx, seat, target)
        case Use(space):
            _use(s, ctx, seat, space)
        case Attack() if s.phase == "between-fights":
            ctx.say(msg("{player} goes on with the attack.", player=seat_ref(seat)))
            s.phase = "attack"
        case Attack(start):
            begin_attack(s, ctx, start)
        case EndTurn() if s.phase == "other-reset":
            ctx.say(msg("{player} lets the turn end.", player=seat_ref(seat)))
            begin_cleanup(s)
        case EndTurn():
            ctx.say(msg("{player} is done with the reset phase.", player=seat_ref(seat)))
            s.phase = "other-reset"
        case Summon(card):
            _summon(s, ctx, seat, card)
        case Decline():
            step = s.steps.pop(0)
            s.sides[seat].discard_face_up(step.card)
            ctx.say(
                msg(
                    "{player} declines {card}; it goes to the discard pile.",
                    player=seat_ref(seat),
                    card=name(step.card),
                )
            )
        case Back():
            s.steps.pop(0)
        case _:
            raise AssertionError(action)
    advance(s, ctx)
    return ctx.log


def _play(s: MarginaliaState, ctx: Ctx, seat: int, card: str) -> None:
    source: Source = "revealed" if s.steps and s.steps[0].kind == "fortune" else "hand"
    data = cards.card(card)
    effect = data.effect
    if data.is_marginalis or (effect is not None and effect.kind == "token"):
        ctx.ask(s, Step("place", seat, card, source))
    elif effect is not None and effect.chosen:
        ctx.ask(s, Step("target", seat, card, source))
    else:
        _cast(s, ctx, seat, card, source, None)


def _take(s: MarginaliaState, seat: int, card: str, source: Source) -> bool:
    """The card leaves the hand (counting toward the limit) or the top of the deck (True)."""
    if source == "hand":
        s.sides[seat].hand.remove(card)
        s.plays += 1
        return False
    step = s.steps.pop(0)
    assert step.kind == "fortune"
    assert step.card == card
    return True


def _plays(seat: int, card: str, from_deck: bool) -> Msg:
    """``{p0} plays **Sors**`` (``from the top of their deck``)."""
    if from_deck:
        return msg(
            "{player} plays {card} from the top of their deck",
            player=seat_ref(seat),
            card=name(card),
        )
    return msg("{player} plays {card}", player=seat_ref(seat), card=name(card))


def _cast(
    s: MarginaliaState, ctx: Ctx, seat: int, card: str, source: Source, target: str | None
) -> None:
    """An incantation is played: resolved at once, then erased (or discarded if it says so)."""
    played = _plays(seat, card, _take(s, seat, card, source))
    if target is not None:
        ctx.say(msg("{played} on {target}.", played=played, target=target))
    else:
        ctx.say(msg("{played}.", played=played))
    if target is not None:
        resolve(s, ctx, effect_of(card), seat, -1, target)
    else:
        start_effect(s, ctx, card, seat, -1)
    side = s.sides[seat]
    if cards.card(card).keep:
        side.discard_face_up(card)
    else:
        side.erased.append(card)


def _to(s: MarginaliaState, ctx: Ctx, seat: int, space: str) -> None:
    step = s.steps.pop(0)
    place = locate(space)
    assert place is not None
    _, line, column = place
    if step.kind == "move":
        _fly(s, ctx, seat, step.uid, line, column)
        return
    played = _plays(seat, step.card, _take(s, seat, step.card, step.source))
    data = cards.card(step.card)
    if data.is_marginalis:
        ctx.say(msg("{played} to {space}.", played=played, space=space))
        place_marginalis(s, ctx, seat, step.card, line, column)
        return
    assert data.effect is not None
    token = data.effect.token
    ctx.say(
        msg("{played}: a {token} token on {space}.", played=played, token=name(token), space=space)
    )
    place_marginalis(s, ctx, seat, token, line, column, token=True)
    s.sides[seat].erased.append(step.card)


def _target(s: MarginaliaState, ctx: Ctx, seat: int, target: str) -> None:
    step = s.steps.pop(0)
    if step.source in ("hand", "revealed"):
        _cast(s, ctx, seat, step.card, step.source, target)
        return
    ability = cards.ability_of(step.card)
    if step.source == "ability":
        assert ability is not None
        _marginalis(s, step.uid).used = True
        ctx.say(
            msg(
                "{card} uses *{ability}* on {target}.",
                card=name(step.card),
                ability=data_msg(ability.name),
                target=target,
            )
        )
    else:
        if ability:
            what = msg("{card}'s *{ability}*", card=name(step.card), ability=data_msg(ability.name))
        else:
            what = name(step.card)
        ctx.say(msg("{what} targets {target}.", what=what, target=target))
    resolve(s, ctx, effect_of(step.card, step.branch), seat, step.uid, target)


def _use(s: MarginaliaState, ctx: Ctx, seat: int, space: str) -> None:
    m = at(s, space)
    assert m is not None
    ability = cards.ability_of(m.card)
    assert ability is not None
    if ability.effect.kind == "move":
        ctx.ask(s, Step("move", seat, m.card, "ability", m.uid))
    elif ability.effect.chosen:
        ctx.ask(s, Step("target", seat, m.card, "ability", m.uid))
    else:
        m.used = True
        ctx.say(msg("{card} uses *{ability}*.", card=name(m.card), ability=data_msg(ability.name)))
        start_effect(s, ctx, m.card, seat, m.uid)
        settle(s, ctx)


def _fly(s: MarginaliaState, ctx: Ctx, seat: int, uid: int, line: int, column: int) -> None:
    """Flight: the marginalis moves; the one that reinforced it, if any, moves up."""
    place = find(s, uid)
    assert place is not None
    _, _, here = place
    side = s.sides[seat]
    mover = side.front[here]
    assert mover is not None
    side.front[here] = None
    side.line(line)[column] = mover
    mover.used = True
    ctx.say(
        msg(
            "{card} flies from {origin} to {space}.",
            card=name(mover.card),
            origin=space_code(seat, FRONT, here),
            space=space_code(seat, line, column),
        )
    )
    behind = side.back[here]
    if behind is not None:
        side.back[here] = None
        side.front[here] = behind
        ctx.say(
            msg(
                "{card} moves up to {space}.",
                card=name(behind.card),
                space=space_code(seat, FRONT, here),
            )
        )
        reach_front(s, ctx, behind)
    settle(s, ctx)


def _summon(s: MarginaliaState, ctx: Ctx, seat: int, card: str) -> None:
    """Pure Virgin's search: a unicorn from the deck, or a token, behind her."""
    step = s.steps.pop(0)
    place = find(s, step.uid)
    if place is None or place[1] != FRONT or s.sides[seat].back[place[2]] is not None:
        ctx.say(msg("{card} is no longer there to be reinforced.", card=name(step.card)))
        return
    column = place[2]
    where = space_code(seat, BACK, column)
    if card == TOKEN:
        token = effect_of(step.card).token
        ctx.say(
            msg(
                "{player} creates a {token} token on {space}.",
                player=seat_ref(seat),
                token=name(token),
                space=where,
            )
        )
        place_marginalis(s, ctx, seat, token, BACK, column, token=True)
        return
    deck = s.sides[seat].deck
    deck.remove(card)
    shuffle(s, deck)
    ctx.say(
        msg(
            "{player} finds {card} in their deck and plays it to {space}.",
            player=seat_ref(seat),
            card=name(card),
            space=where,
        )
    )
    place_marginalis(s, ctx, seat, card, BACK, column)
    ctx.say(msg("{player} shuffles their deck.", player=seat_ref(seat)))


def _marginalis(s: MarginaliaState, uid: int) -> Marginalis:
    m = by_uid(s, uid)
    assert m is not None
    return m
