"""Moves made in one pick, and the decisions nobody needs to be asked.

A *move* is one decision of the turn with everything it opens: an action, a move on the map
(``arrive``, then where), an engagement fulfilled (an invitation, then its rewards), magic
(a card, then the feat its token goes on), a book or a spell with its choices, the end of the
turn with the discards down to the hand limit. ``deciding`` is true while a seat owes the rest
of one. ``whole_moves`` offers each of those with every way to finish it, so that most of them
are one pick; the turn itself goes on move after move, and the panel stays open through it.

What is offered never depends on anything hidden: a move is explored in the real state, but
no decision owed within one comes from a card drawn on the way.
"""

from __future__ import annotations

from itertools import combinations

from games.core import LogEntry
from games.strange_norrell import cards, rules
from games.strange_norrell.actions import (
    Action,
    Arrive,
    Attend,
    Back,
    Cast,
    Composite,
    Decision,
    Discard,
    End,
    Magic,
    Ride,
    Use,
)
from games.strange_norrell.state import StrangeNorrellState

#: The most whole moves offered at once (a menu of two pages); past it, the moves with the
#: most ways to finish them are left to be made step by step.
MAX_WHOLE_MOVES = 50
#: The most sets of cards offered for the discards down to the hand limit. The panel shows
#: them as one menu where the cards are picked together, so their number is not a menu's
#: length; this only bounds the work for an extreme hand (924: any six of twelve cards, a
#: turn of three invitations each rewarded with two introductions, then four drawn).
MAX_DISCARD_SETS = 924
#: More decisions than any one move takes: a safety net for the search.
_CHAIN_LIMIT = 8
#: The order whole moves are listed in, by their first decision: magic first, travel last.
_KIND_ORDER: tuple[type, ...] = (Magic, Use, Attend, Cast, Arrive, Ride)


def deciding(s: StrangeNorrellState, seat: int) -> bool:
    """Whether ``seat`` is partway through a move: a decision of its own is owed."""
    return not s.finished and not s.window and bool(s.steps) and s.steps[0].seat == seat


def automatic(s: StrangeNorrellState, seat: int) -> Action | None:
    """The decision taken for ``seat`` without asking: the one possible answer to a prompt
    ("back" aside), or the end of a turn whose action is chosen once nothing else is left."""
    if s.finished or s.window or seat not in rules.to_act(s):
        return None
    if s.steps:
        if s.steps[0].seat != seat:
            return None
        answers = [a for a in rules.legal_actions(s, seat) if not isinstance(a, Back)]
        return answers[0] if len(answers) == 1 else None
    turn = s.turn
    if turn is None or turn.seat != seat or turn.phase == "choose":
        return None
    legal = rules.legal_actions(s, seat)
    return legal[0] if legal == [End()] else None


def after(s: StrangeNorrellState, seat: int, decision: Action) -> StrangeNorrellState:
    """The state once ``seat`` makes ``decision`` (already known to be legal)."""
    new = s.clone()
    log: list[LogEntry] = []
    rules.apply(new, seat, decision, log)
    return new


def whole_moves(s: StrangeNorrellState, seat: int) -> list[Composite]:
    """Every move of several decisions ``seat`` may start now, with each way to finish it
    (the same outcome offered once); partway through the discards down to the hand limit,
    every set of cards that brings the hand to the limit."""
    if s.finished or s.window or seat not in rules.to_act(s):
        return []
    if s.steps:
        step = s.steps[0]
        return _discards(s, seat) if step.seat == seat and step.kind == "discard" else []
    if s.current.seat != seat:
        return []
    groups: list[list[Composite]] = []
    for kind in _KIND_ORDER:
        for first in legal_decisions(s, seat):
            if type(first) is kind and (ways := ways_to_finish(s, seat, first)) is not None:
                groups.append(ways)
    while sum(len(g) for g in groups) > MAX_WHOLE_MOVES:
        groups.remove(max(groups, key=len))
    return [move for group in groups for move in group]


def ways_to_finish(s: StrangeNorrellState, seat: int, first: Decision) -> list[Composite] | None:
    """Each way to finish the move ``first`` starts, as a composite (none when ``first``
    finishes it alone); ``None`` when there are more ways than could be offered."""
    start = after(s, seat, first)
    if not deciding(start, seat):
        return []
    ways: list[Composite] = []
    outcomes: list[StrangeNorrellState] = []
    pending: list[tuple[tuple[Decision, ...], StrangeNorrellState]] = [((first,), start)]
    while pending:
        made, state = pending.pop(0)
        if not deciding(state, seat):
            # Two orders of the same tokens leave the same table: one is offered.
            if state not in outcomes:
                outcomes.append(state)
                ways.append(Composite(made))
            continue
        if len(made) >= _CHAIN_LIMIT or len(ways) + len(pending) > MAX_WHOLE_MOVES:
            return None
        for decision in legal_decisions(state, seat):
            if not isinstance(decision, Back):
                pending.append(((*made, decision), after(state, seat, decision)))
    return ways


def legal_decisions(s: StrangeNorrellState, seat: int) -> list[Decision]:
    """The seat's legal decisions (never composite: those are typed, not listed)."""
    return [a for a in rules.legal_actions(s, seat) if not isinstance(a, Composite)]


def _discards(s: StrangeNorrellState, seat: int) -> list[Composite]:
    """Each set of cards that brings the hand down to the limit at once, when more than one
    card must go: every set of that many of the cards the discard step lists, each discarded
    in the order of the hand (as the step lists them), so that the sets are exactly the
    choices of that many cards together (a panel shows them as one menu picking them all)."""
    hand = s.magicians[seat].hand
    over = len(hand) - cards.board().hand_limit
    distinct = sorted(set(hand))
    if over < 2 or len(distinct) < over:
        return []
    ways = list(combinations(distinct, over))
    if len(ways) > MAX_DISCARD_SETS:
        return []
    return [Composite(tuple(Discard(card) for card in way)) for way in ways]


def decisions(action: Action) -> list[Action] | None:
    """The single decisions a composite move stands for."""
    return list(action.decisions) if isinstance(action, Composite) else None
