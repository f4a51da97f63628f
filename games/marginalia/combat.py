"""The attack phase: one column at a time, in the direction the attacker chose.

Whoever stands on the active player's front line of a column when that column's turn comes
attacks. Unopposed, it deals its attack to the other player; opposed, it and the marginalis
facing it deal damage to each other at the same time. Abilities that trigger during an attack
resolve first.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import seat_ref
from games.core.words import msg
from games.marginalia import cards
from games.marginalia.cards import Effect
from games.marginalia.effects import Ctx, flip, hurt_player, settle, triggers
from games.marginalia.page import space_code
from games.marginalia.state import COLUMNS, FRONT, MarginaliaState, Marginalis
from games.marginalia.stats import attack_of
from games.marginalia.text import name


@dataclass
class Guard:
    """How a defender's abilities change the damage it takes in one fight."""

    immune: bool = False
    less: int = 0


def attack_order(start: str | None) -> list[int]:
    """Columns in the order they attack: from column a, or from column e."""
    columns = list(range(COLUMNS))
    return columns[::-1] if start == "e" else columns


def attack_column(s: MarginaliaState, ctx: Ctx, column: int) -> None:
    """The active player's marginalis in ``column`` (if any) attacks."""
    seat = s.active
    attacker = s.sides[seat].front[column]
    if attacker is None:
        return
    enemy = 1 - seat
    where = space_code(seat, FRONT, column)
    _fight_ability(s, ctx, attacker, "attack", Guard())
    defender = s.sides[enemy].front[column]
    if defender is None:
        hit = attack_of(s, attacker)
        ctx.say(
            msg(
                "{card} ({space}) attacks {player} unopposed.",
                card=name(attacker.card),
                space=where,
                player=seat_ref(enemy),
            )
        )
        if hit:
            hurt_player(s, ctx, enemy, hit)
        return
    guard = Guard()
    _fight_ability(s, ctx, defender, "attacked", guard)
    dealt = 0 if guard.immune else max(0, attack_of(s, attacker) - guard.less)
    taken = attack_of(s, defender)
    defender.damage += dealt
    attacker.damage += taken
    ctx.say(
        msg(
            "{card} ({space}) attacks {foe} ({foe_space}): deals {dealt}, takes {taken}.",
            card=name(attacker.card),
            space=where,
            foe=name(defender.card),
            foe_space=space_code(enemy, FRONT, column),
            dealt=dealt,
            taken=taken,
        )
    )
    settle(s, ctx)


def _fight_ability(s: MarginaliaState, ctx: Ctx, m: Marginalis, trigger: str, guard: Guard) -> None:
    ability = cards.ability_of(m.card)
    if ability is None or ability.trigger != trigger:
        return
    ctx.say(triggers(m.card, ability.name))
    _fight_effect(s, ctx, m, ability.effect, guard)


def _fight_effect(
    s: MarginaliaState, ctx: Ctx, m: Marginalis, effect: Effect, guard: Guard
) -> None:
    if effect.kind == "coin":
        side = effect.heads if flip(s, ctx) else effect.tails
        if side is not None:
            _fight_effect(s, ctx, m, side, guard)
    elif effect.kind == "buff" and effect.until == "turn":
        m.turn_attack += effect.attack
        ctx.say(
            msg(
                "{who} gains {n} attack until the end of the turn.",
                who=name(m.card),
                n=effect.attack,
            )
        )
    elif effect.kind == "buff":
        m.attack_bonus += effect.attack
        m.health_bonus += effect.health
        ctx.say(
            msg(
                "{who} gains {attack}/{health}.",
                who=name(m.card),
                attack=effect.attack,
                health=effect.health,
            )
        )
    elif effect.kind == "prevent":
        guard.immune = True
        ctx.say(msg("{card} takes no damage from this attack.", card=name(m.card)))
    elif effect.kind == "ward":
        guard.less += effect.amount
