"""A sensible beginner's rules of thumb, for the AI (``Engine.policy``): play the cards in
hand up to the turn's limit, marginalia onto the front line where there is room, aim what
helps at one's own side and what harms at the enemy's (a buff on a friend, damage on an
enemy), and hold back an incantation that could only help the opponent; abilities and the
attack are left to the AI's own look ahead. Cheap on purpose: the search's playouts follow
these rules at every step."""

from __future__ import annotations

import random

from games.marginalia import cards
from games.marginalia.actions import Action, PlayCard, Target, To
from games.marginalia.cards import Effect
from games.marginalia.effects import choices, effect_of
from games.marginalia.options import placements
from games.marginalia.page import at, player_of
from games.marginalia.rules import acting, legal_actions, play_actions
from games.marginalia.state import MarginaliaState
from games.marginalia.stats import attack_of

#: The ranks of the two front lines (``c2`` faces ``c3``).
FRONT_RANKS = "23"
#: Effects that help whatever they are aimed at, and effects that harm it.
HELPING = frozenset({"heal", "ward", "prevent"})
HARMING = frozenset({"damage", "erase"})


def policy(s: MarginaliaState, seat: int, rng: random.Random) -> Action | None:
    """A card to play, the space it goes to or the target of its effect; ``None`` for every
    other decision, and when no card in hand is worth playing now."""
    if s.finished:
        return None
    if s.steps:
        step = s.steps[0]
        if step.seat != seat:
            return None
        if step.kind == "target":
            return _aim(s, seat, effect_of(step.card, step.branch))
        if step.kind != "place":
            return None
        spaces = placements(s, seat, step.card)
        front = [space for space in spaces if space[1] in FRONT_RANKS]
        return To(rng.choice(front or spaces)) if spaces else None
    if seat != acting(s) or s.phase != "play":
        return None
    plays = [a for a in play_actions(s, seat) if isinstance(a, PlayCard) and _useful(s, seat, a)]
    return rng.choice(plays) if plays else None


def sign(effect: Effect) -> int:
    """1 for an effect that helps what it is aimed at, -1 for one that harms it, 0 when it
    depends (a coin, a move)."""
    if effect.kind == "buff":
        change = effect.attack + effect.health
        return (change > 0) - (change < 0)
    if effect.kind in HELPING:
        return 1
    return -1 if effect.kind in HARMING else 0


def _side(s: MarginaliaState, code: str) -> int | None:
    """Whose a target is: the player it names, or the owner of the marginalis on it."""
    player = player_of(code)
    if player is not None:
        return player
    found = at(s, code)
    return None if found is None else found.owner


def _aim(s: MarginaliaState, seat: int, effect: Effect) -> Action | None:
    """What helps goes to one's own side and what harms to the enemy's, on its strongest
    marginalis (the player only when no marginalis may be aimed at); ``None`` when the
    effect's sign depends, or no target is on the right side."""
    wanted = sign(effect)
    if not wanted:
        return None
    side = seat if wanted > 0 else 1 - seat
    targets = [
        a for a in legal_actions(s, seat) if isinstance(a, Target) and _side(s, a.target) == side
    ]
    if not targets:
        return None

    def strength(action: Target) -> int:
        found = at(s, action.target)
        return -1 if found is None else attack_of(s, found)

    return max(targets, key=strength)


def _useful(s: MarginaliaState, seat: int, play: PlayCard) -> bool:
    """Whether playing ``play`` can do ``seat`` good: an incantation aimed by its player
    needs a target on the right side (a buff a friend, damage an enemy)."""
    effect = cards.card(play.card).effect
    if effect is None or not effect.chosen:
        return True
    wanted = sign(effect)
    if not wanted:
        return True
    side = seat if wanted > 0 else 1 - seat
    return any(_side(s, code) == side for code in choices(s, effect))
