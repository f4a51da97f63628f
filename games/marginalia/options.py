"""What a player could do now: cards they may play, abilities they may use, spaces to go to.

These answer "is it possible", never "is it this seat's decision"; ``rules`` combines them.
"""

from __future__ import annotations

from games.marginalia import cards
from games.marginalia.effects import choices, effect_of, has_effect
from games.marginalia.page import empty_front, find, free_spaces, space_code
from games.marginalia.state import FRONT, MarginaliaState, Marginalis

#: The triggers of abilities a player may choose to use, by the phase they are used in.
ACTIVATED_IN = {
    "play": ("play", "any"),
    "between-fights": ("any",),
    "choose-reset": ("reset", "any"),
    "other-reset": ("reset",),
}


def can_play(s: MarginaliaState, seat: int, code: str) -> bool:
    """Whether ``code`` could be played now: a free space for a marginalis, something for an
    incantation to act on."""
    data = cards.card(code)
    if data.is_marginalis:
        return bool(free_spaces(s, seat))
    assert data.effect is not None
    return has_effect(s, seat, data.effect)


def placements(s: MarginaliaState, seat: int, code: str) -> list[str]:
    """Spaces the card being played may go to: a marginalis to any free space, the token of
    an incantation to an empty front-line space."""
    if cards.card(code).is_marginalis:
        return [space_code(seat, line, column) for line, column in free_spaces(s, seat)]
    return [space_code(seat, FRONT, column) for column in empty_front(s, seat)]


def destinations(s: MarginaliaState, m: Marginalis) -> list[str]:
    """Flight: the unoccupied spaces a front-line marginalis may move to, in order: an empty
    front-line space, or behind another of its side's front-line marginalia."""
    place = find(s, m.uid)
    if place is None or place[1] != FRONT:
        return []
    seat, _, here = place
    spaces = []
    for line, column in free_spaces(s, seat):
        if column != here:
            spaces.append(space_code(seat, line, column))
    return sorted(spaces, key=lambda code: (code[1] in "14", code))


def usable(s: MarginaliaState, m: Marginalis) -> bool:
    """Whether this marginalis' activated ability would have something to do now."""
    ability = cards.ability_of(m.card)
    if ability is None:
        return False
    effect = ability.effect
    if effect.kind == "move":
        return bool(destinations(s, m))
    if effect.chosen:
        return bool(choices(s, effect))
    return True


def activations(s: MarginaliaState, seat: int, phase: str) -> list[str]:
    """Spaces of ``seat``'s front-line marginalia that may use their ability now (in
    "other-reset", only abilities that work in each player's reset phase)."""
    triggers = ACTIVATED_IN.get(phase, ())
    each_only = phase == "other-reset"
    found = []
    for column, m in enumerate(s.sides[seat].front):
        if m is None or m.used:
            continue
        ability = cards.ability_of(m.card)
        if (
            ability is not None
            and ability.activated
            and ability.trigger in triggers
            and (ability.whose == "each" or not each_only)
            and usable(s, m)
        ):
            found.append(space_code(seat, FRONT, column))
    return found


def search_finds(s: MarginaliaState, seat: int, code: str) -> list[str]:
    """The different cards of the searched type in ``seat``'s deck, by code."""
    kind = effect_of(code).type
    return sorted({c for c in s.sides[seat].deck if cards.is_type(c, kind)})
