"""The turn: draw, play, attack, reset, and on to the other player.

After every action ``advance`` runs whatever happens by itself until somebody owes a decision
or the game is over: the attack column by column, the reset phase's abilities and its check,
the next player's draw and the start of their play phase.
"""

from __future__ import annotations

from games.core import seat_ref
from games.core.words import data_msg, msg
from games.marginalia import cards
from games.marginalia.combat import attack_column, attack_order
from games.marginalia.effects import Ctx, draw, erase, lose, settle, start_effect, triggers
from games.marginalia.options import activations
from games.marginalia.page import by_uid, everyone
from games.marginalia.state import BACK, FRONT, HAND_DRAW, MarginaliaState
from games.marginalia.stats import check_grants, health_of, lethal
from games.marginalia.text import cards_count, end_reason, name


def start_turn(s: MarginaliaState, ctx: Ctx, seat: int) -> None:
    """``seat``'s turn begins: the draw phase, then the start of the play phase."""
    s.active = seat
    s.turn += 1
    s.plays = 0
    side = s.sides[seat]
    side.turns += 1
    s.phase = "play"
    limit = cards_count(s.play_limit(seat))
    ctx.say(
        msg(
            "— Turn {turn}: {player} plays up to {cards}. —",
            turn=s.turn,
            player=seat_ref(seat),
            cards=limit,
        )
    )
    if len(side.deck) + len(side.discard) < HAND_DRAW:
        lose(s, ctx, seat, end_reason(seat, side.health))
        return
    draw(s, ctx, seat, HAND_DRAW)
    phase_abilities(s, ctx, "play")


def phase_abilities(s: MarginaliaState, ctx: Ctx, trigger: str) -> None:
    """The active player's abilities that happen by themselves in this phase, left to right,
    the front line before the back line of each column."""
    side = s.sides[s.active]
    for column in range(len(side.front)):
        for line in (FRONT, BACK):
            m = side.line(line)[column]
            ability = cards.ability_of(m.card) if m is not None else None
            if s.finished or m is None or ability is None or ability.trigger != trigger:
                continue
            if ability.activated or ability.line != ("front" if line == FRONT else "back"):
                continue
            ctx.say(triggers(m.card, ability.name))
            start_effect(s, ctx, m.card, s.active, m.uid)
            settle(s, ctx)


def begin_attack(s: MarginaliaState, ctx: Ctx, start: str | None) -> None:
    """The play phase ends: the rest of the hand is discarded, the attack begins."""
    seat = s.active
    side = s.sides[seat]
    if side.hand:
        ctx.say(
            msg(
                "{player} discards {cards} face down.",
                player=seat_ref(seat),
                cards=cards_count(len(side.hand)),
            )
        )
        side.discard += side.hand
        side.hand = []
    s.attack_order = attack_order(start)
    s.phase = "attack"
    if not any(side.front):
        ctx.say(
            msg(
                "{player} has no marginalia on the front line to attack with.",
                player=seat_ref(seat),
            )
        )
        return
    if start is None:
        ctx.say(msg("{player} attacks.", player=seat_ref(seat)))
    else:
        ctx.say(msg("{player} attacks from column {column}.", player=seat_ref(seat), column=start))


def begin_cleanup(s: MarginaliaState) -> None:
    """The reset phase's check begins: effects that last until the end of the turn end."""
    end_turn_effects(s)
    s.phase = "cleanup"


def end_turn_effects(s: MarginaliaState) -> None:
    """Every change that lasts "until the end of the turn" ends."""
    for _, m in everyone(s):
        m.turn_attack = 0


def advance(s: MarginaliaState, ctx: Ctx) -> None:
    """Run the game on until a decision is owed or it is over."""
    while not s.finished and not s.steps:
        if s.phase == "play":
            return
        if s.phase == "attack":
            if s.attack_order:
                column = s.attack_order.pop(0)
                fought = s.sides[s.active].front[column] is not None
                attack_column(s, ctx, column)
                if fought and not s.finished and _fights_to_come(s):
                    s.phase = "between-fights"
            else:
                s.phase = "reset"
        elif s.phase == "between-fights":
            if activations(s, s.active, "between-fights"):
                return
            s.phase = "attack"
        elif s.phase == "reset":
            s.phase = "choose-reset"
            phase_abilities(s, ctx, "reset")
        elif s.phase == "choose-reset":
            if activations(s, s.active, "choose-reset"):
                return
            s.phase = "other-reset"
        elif s.phase == "other-reset":
            if activations(s, 1 - s.active, "other-reset"):
                return
            begin_cleanup(s)
        elif s.phase == "cleanup" and not _reset_check(s, ctx):
            # The check itself may bring a marginalis up to the front line (a Siren behind
            # one it erased): what its arrival gives "until the end of the turn" ends here,
            # with the turn, not at the end of the next one.
            end_turn_effects(s)
            for _, m in everyone(s):
                m.used = False
            start_turn(s, ctx, 1 - s.active)


def _fights_to_come(s: MarginaliaState) -> bool:
    """Whether a marginalis of the active player still stands in a column yet to attack.

    Between two fights the active player may use an ability "during any phase during their
    turn" (the Bishop of Lyons' Bless); before the first nothing has changed since the play
    phase, and after the last the reset phase offers it again, so the attack pauses only
    between fights."""
    front = s.sides[s.active].front
    return any(front[column] is not None for column in s.attack_order)


def _reset_check(s: MarginaliaState, ctx: Ctx) -> bool:
    """Every ability is checked: what no longer applies ends, and whoever that leaves with
    damage reaching its health is erased. True when somebody was."""
    before = s.grants
    check_grants(s)
    for ended in [g for g in before if g not in s.grants]:
        target = by_uid(s, ended.target)
        ability = cards.ability_of(ended.card)
        if target is not None and ability is not None:
            ctx.say(
                msg(
                    "{card}'s *{ability}* no longer applies to {target}.",
                    card=name(ended.card),
                    ability=data_msg(ability.name),
                    target=name(target.card),
                )
            )
    dead = lethal(s)
    for seat, line, column in dead:
        m = s.sides[seat].line(line)[column]
        if m is not None and not s.finished and m.damage >= health_of(s, m):
            erase(s, ctx, seat, line, column)
    settle(s, ctx)
    return bool(dead)
