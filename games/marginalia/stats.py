"""Attack and health on the page, and continuous abilities.

A continuous ability (Cancer's Flame Cloaked, a Reinforcement such as the Saint's Halo) is a
``Grant`` in the state. A grant starts as soon as its condition holds, but it ends only when
the reset phase checks every ability (the rules text's Cancer and Saint example): until then
a marginalis keeps what it was given, even after the reason for it is gone.
"""

from __future__ import annotations

from games.marginalia import cards
from games.marginalia.page import everyone
from games.marginalia.state import BACK, COLUMNS, FRONT, Grant, MarginaliaState, Marginalis


def attack_of(s: MarginaliaState, m: Marginalis) -> int:
    """A marginalis' attack now (never below 0)."""
    value = cards.card(m.card).attack + m.attack_bonus + m.turn_attack
    value += sum(g.attack for g in s.grants if g.target == m.uid)
    return max(0, value)


def health_of(s: MarginaliaState, m: Marginalis) -> int:
    """A marginalis' health now; it is erased once its damage reaches this."""
    value = cards.card(m.card).health + m.health_bonus
    return value + sum(g.health for g in s.grants if g.target == m.uid)


def condition_holds(s: MarginaliaState, seat: int, column: int, condition: str) -> bool:
    """Whether a front-line marginalis of ``seat`` in ``column`` meets ``condition``."""
    if condition == "facing":
        return s.sides[1 - seat].front[column] is not None
    if condition == "unopposed":
        return s.sides[1 - seat].front[column] is None
    if condition == "reinforced":
        return s.sides[seat].back[column] is not None
    if condition == "edge":
        return column in (0, COLUMNS - 1)
    return True


def wanted_grants(s: MarginaliaState) -> list[Grant]:
    """Every grant the continuous abilities on the page call for right now."""
    grants: list[Grant] = []
    for seat in (0, 1):
        for column in range(COLUMNS):
            grants += _front_grants(s, seat, column)
            grants += _reinforcement_grants(s, seat, column)
    return grants


def _front_grants(s: MarginaliaState, seat: int, column: int) -> list[Grant]:
    """What a front-line marginalis' continuous ability gives, while its condition holds."""
    side = s.sides[seat]
    m = side.front[column]
    ability = cards.static_ability(m.card) if m is not None else None
    if m is None or ability is None or ability.line != "front":
        return []
    if not condition_holds(s, seat, column, ability.condition):
        return []
    effect = ability.effect
    if effect.target == "self":
        return [Grant(m.uid, m.card, m.uid, effect.attack, effect.health)]
    beside = [side.front[c] for c in (column - 1, column + 1) if 0 <= c < COLUMNS]
    return [
        Grant(m.uid, m.card, b.uid, effect.attack, effect.health) for b in beside if b is not None
    ]


def _reinforcement_grants(s: MarginaliaState, seat: int, column: int) -> list[Grant]:
    """What a back-line marginalis' Reinforcement gives the marginalis in front of it."""
    side = s.sides[seat]
    behind, ahead = side.back[column], side.front[column]
    ability = cards.static_ability(behind.card) if behind is not None else None
    if behind is None or ahead is None or ability is None or ability.line != "back":
        return []
    effect = ability.effect
    return [Grant(behind.uid, behind.card, ahead.uid, effect.attack, effect.health)]


def start_grants(s: MarginaliaState) -> None:
    """Add the grants whose condition now holds; keep the others (they end at reset)."""
    wanted = wanted_grants(s)
    if not wanted and not s.grants:
        return
    on_page = {m.uid for _, m in everyone(s)}
    kept = [g for g in s.grants if g.target in on_page]
    have = {(g.source, g.target) for g in kept}
    s.grants = kept + [g for g in wanted if (g.source, g.target) not in have]


def check_grants(s: MarginaliaState) -> None:
    """The reset phase's check: exactly the grants that still apply remain."""
    s.grants = wanted_grants(s)


def lethal(s: MarginaliaState) -> list[tuple[int, int, int]]:
    """(seat, line, column) of every marginalis whose damage has reached its health, the
    active player's first, front line before back, left to right."""
    found = []
    for seat in (s.active, 1 - s.active):
        side = s.sides[seat]
        for line in (FRONT, BACK):
            for column, m in enumerate(side.line(line)):
                if m is not None and m.damage >= health_of(s, m):
                    found.append((seat, line, column))
    return found
