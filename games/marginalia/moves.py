"""Moves made in one pick, and the decisions nobody needs to be asked.

A *move* in Marginalia is one card played (with its space or target, and the target its
arrival aims), one ability used, the attack, or the end of the turn: ``deciding`` is true
while a seat owes the rest of one. ``whole_moves`` offers each card and ability with every
place or target it may take, so that playing a card is one pick rather than two or three.

A whole move is offered only when the seat is done once it is made (or has nothing left but
decisions taken for it), whatever chance and hidden cards hold. A move that searches the deck
stays step by step, and so does one whose coin may ask for more (the Dancing Skeleton's Toll):
moves that flip a coin are tried with coins of :data:`TRIAL_COINS`, never the game's own, so
what is offered tells the player nothing about the coming flips or their deck.
"""

from __future__ import annotations

from enum import Enum

from games.marginalia import rules
from games.marginalia.actions import (
    Action,
    Attack,
    Back,
    Composite,
    Decline,
    EndTurn,
    PlayCard,
    Target,
    To,
    Use,
)
from games.marginalia.state import MarginaliaState

#: The most whole moves offered at once (a menu of two pages); past it, the cards and
#: abilities with the most targets are left to be played step by step.
MAX_WHOLE_MOVES = 50
#: Stand-ins for the game's generator when a move flips coins: both sides of the first coin
#: among them, and a few ways for the next ones to fall.
TRIAL_COINS = tuple(range(8))
#: More prompts in a row than any one move raises: a safety net for the loop that follows them.
_CHAIN_LIMIT = 20


class _After(Enum):
    """Where a seat stands once a few decisions are made."""

    DONE = "done"  # its move is over, or only decisions taken for it are left
    AIM = "aim"  # a newcomer's arrival asks it for a target (Salamander's Kindle)
    CHANCE = "chance"  # a coin was flipped or a deck shuffled on the way
    UNSURE = "unsure"  # the deck was searched, or a real choice is left


def deciding(s: MarginaliaState, seat: int) -> bool:
    """Whether ``seat`` is partway through a move: a decision of its own is owed."""
    return not s.finished and bool(s.steps) and s.steps[0].seat == seat


def automatic(s: MarginaliaState, seat: int) -> Action | None:
    """The decision taken for ``seat`` without asking: the one possible answer to a prompt
    ("back" aside), or the attack once it is all that is left of a play phase the seat has
    begun (every card played that could be, no ability to use, no direction to choose)."""
    if s.finished or seat not in rules.to_act(s):
        return None
    if s.steps:
        answers = [a for a in rules.legal_actions(s, seat) if not isinstance(a, Back)]
        return answers[0] if len(answers) == 1 else None
    if s.phase == "play" and _turn_begun(s, seat):
        legal = rules.legal_actions(s, seat)
        if legal == [Attack()]:
            return legal[0]
    return None


#: Where the turn stands while a seat may use an ability or let things go on: the pause
#: between two fights, its player's reset phase and the other player's.
OPTIONAL_PHASES = ("between-fights", "choose-reset", "other-reset")


def declining(s: MarginaliaState, seat: int) -> Action | None:
    """What ``seat`` does by saying nothing (``Engine.pass_action``): the "no" to a prompt
    it may ignore. Between two fights the attack goes on, a reset phase ends (the other
    player lets the turn end) with no ability used, an ability taken up there but not yet
    aimed or moved is put down again, and a card Rota Fortuna revealed is declined. The play
    phase, and a choice that must be made, are not declined: ``None``."""
    if s.finished or seat not in rules.to_act(s):
        return None
    if s.steps:
        step = s.steps[0]
        if step.kind == "fortune":
            return Decline()
        if step.source == "ability" and s.phase in OPTIONAL_PHASES:
            return Back()
        return None
    if s.phase == "between-fights":
        return Attack()
    if s.phase in ("choose-reset", "other-reset"):
        return EndTurn()
    return None


def _turn_begun(s: MarginaliaState, seat: int) -> bool:
    """Whether ``seat`` has played a card or used an ability this turn: the start of a turn is
    never taken for the player, even when all it may do is attack."""
    side = s.sides[seat]
    return s.plays > 0 or any(m is not None and m.used for m in (*side.front, *side.back))


def whole_moves(s: MarginaliaState, seat: int) -> list[Composite]:
    """Every card ``seat`` may play with each space or target it may take, then every ability
    with each target or destination: placements first, then incantations, then abilities."""
    if s.finished or seat not in rules.to_act(s):
        return []
    if s.steps and s.steps[0].kind != "fortune":
        return []
    placements: list[list[Composite]] = []
    aimed: list[list[Composite]] = []
    abilities: list[list[Composite]] = []
    for action in rules.legal_actions(s, seat):
        if not isinstance(action, PlayCard | Use):
            continue
        group = _expand(s, seat, action)
        if not group:
            continue
        if isinstance(action, Use):
            abilities.append(group)
        elif isinstance(group[0].decisions[1], To):
            placements.append(group)
        else:
            aimed.append(group)
    groups = [*placements, *aimed, *abilities]
    while sum(len(g) for g in groups) > MAX_WHOLE_MOVES:
        groups.remove(max(reversed(groups), key=len))
    return [move for group in groups for move in group]


def _expand(s: MarginaliaState, seat: int, first: PlayCard | Use) -> list[Composite]:
    """``first`` with each answer to the prompt it raises (and, for a marginalis whose arrival
    aims its ability, each target), keeping those after which the seat is done."""
    begun = _after(s, seat, first)
    if begun.rng != s.rng or not deciding(begun, seat):
        return []
    moves: list[Composite] = []
    for second in rules.legal_actions(begun, seat):
        if not isinstance(second, To | Target):
            continue
        placed = _after(begun, seat, second)
        where = _settles(s, placed, seat)
        if where is _After.CHANCE and _done_whatever_the_coins(s, seat, (first, second)):
            where = _After.DONE
        if where is _After.DONE:
            moves.append(Composite((first, second)))
        elif where is _After.AIM and isinstance(first, PlayCard) and isinstance(second, To):
            for third in rules.legal_actions(placed, seat):
                if isinstance(third, Target):
                    aimed = _after(placed, seat, third)
                    if _settles(s, aimed, seat) is _After.DONE:
                        moves.append(Composite((first, second, third)))
    return moves


def _after(s: MarginaliaState, seat: int, action: Action) -> MarginaliaState:
    """The state once ``seat`` takes ``action``, one of its legal actions."""
    new = s.clone()
    rules.apply(new, seat, action)
    return new


def _done_whatever_the_coins(
    s: MarginaliaState, seat: int, decisions: tuple[PlayCard | Use, To | Target]
) -> bool:
    """Whether ``seat`` is done after ``decisions`` however the coins they flip fall."""
    for coins in TRIAL_COINS:
        trial = s.clone()
        trial.rng = coins
        for decision in decisions:
            if decision not in rules.legal_actions(trial, seat):
                return False
            trial = _after(trial, seat, decision)
        if _settles(s, trial, seat, chance=True) is not _After.DONE:
            return False
    return True


def _settles(
    before: MarginaliaState, s: MarginaliaState, seat: int, *, chance: bool = False
) -> _After:
    """Where ``seat`` stands in ``s``, reached from ``before`` by its own decisions, once the
    decisions taken for it are made (``chance``: coins were expected to be flipped)."""
    for _ in range(_CHAIN_LIMIT):
        if s.rng != before.rng and not chance:
            return _After.CHANCE
        if not deciding(s, seat):
            return _After.DONE
        step = s.steps[0]
        if step.kind == "search":
            return _After.UNSURE
        taken = automatic(s, seat)
        if taken is None:
            aim = step.kind == "target" and step.source == "effect"
            return _After.AIM if aim else _After.UNSURE
        s = _after(s, seat, taken)
    return _After.UNSURE
