"""What a player's panel offers: the engine's legal moves in words, whole moves picked in one
go, and how many clicks a move takes.

The panel shows two lists. *Whole moves* (``Engine.whole_moves``) are complete moves, one pick
each, in a menu paged by :data:`PAGE_SIZE`. *Steps* are the next single decisions
(``Engine.legal_actions``), as buttons when few and short, as a paged menu otherwise. A decision
the engine would take anyway (``Engine.automatic``) is never asked for: it follows the
player's own decision in the same click.

When the whole moves are exactly every set of ``n`` different steps, each made in the steps'
order (the discards down to a hand limit), the panel offers them as one menu where the ``n``
steps are picked together (:class:`PickSeveral`) instead of a long list of sets: the pick is
the whole move of that set, so the engine checks and applies it as it would the list's entry.

:func:`clicks_for` counts the clicks of a recorded move through this same model, so the
targets for a turn's clicks are tested against what the panel really shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb
from typing import Any

from games.core import BACK, Engine
from games.core.catalogue import CardText

#: Steps shown as buttons when there are at most this many (and their labels are short).
MAX_BUTTON_CHOICES = 15
#: The longest label a button carries (Discord's limit).
BUTTON_LABEL = 80
#: Options per page of a select menu (Discord's limit).
PAGE_SIZE = 25
#: Rows of components a message holds (Discord's limit).
ROWS = 5


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing a player may pick: its position in the engine's list, the words on it
    (neutral text: seats as ``{p0}``…), the notation that types it, and the catalogue keys
    of the cards it plays, takes or aims (``Engine.card_keys``, most telling first)."""

    index: int
    label: str
    notation: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PickSeveral:
    """The whole moves as one menu of the steps where ``count`` of them are picked together:
    each set of steps (their indices among the legal actions) is the whole move at
    ``whole_index[set]``."""

    count: int
    whole_index: Mapping[frozenset[int], int]

    def move_for(self, picked: Sequence[int]) -> int | None:
        """The index among the whole moves of the steps ``picked`` together, when they are
        ``count`` different steps making one of the sets."""
        chosen = frozenset(picked)
        if len(chosen) != self.count or len(picked) != self.count:
            return None
        return self.whole_index.get(chosen)


@dataclass(frozen=True, slots=True)
class PanelChoices:
    """What a panel offers a seat now."""

    whole: tuple[Choice, ...]
    """Complete moves, one pick each (maybe none)."""
    steps: tuple[Choice, ...]
    """The next single decisions, "back" left out."""
    back: int | None
    """The index of "back" among the legal actions, when the seat may take a step back."""
    catalogue: Mapping[str, CardText] = field(default_factory=dict)
    """The catalogue entries the choices name, by key (keys a game names but does not list
    are left out, so every key here can be shown)."""
    several: PickSeveral | None = None
    """When the whole moves are every set of a few steps together: the one menu that picks
    them (it replaces the list of whole moves)."""

    def card_of(self, choice: Choice) -> CardText | None:
        """The most telling card ``choice`` names, when it names one."""
        return next((self.catalogue[k] for k in choice.cards if k in self.catalogue), None)

    def step_cards(self) -> list[CardText]:
        """The distinct cards the steps name, in the order the steps come."""
        seen: dict[str, CardText] = {}
        for choice in self.steps:
            for key in choice.cards:
                if key in self.catalogue:
                    seen.setdefault(key, self.catalogue[key])
        return list(seen.values())

    @property
    def whole_rows(self) -> int:
        """The rows of a message the whole-move menu takes: the menu, and its page turns."""
        if not self.whole:
            return 0
        return 1 if self.several is not None or len(self.whole) <= PAGE_SIZE else 2

    @property
    def steps_as_buttons(self) -> bool:
        """Whether the steps fit as buttons (five to a row, "back" among them) in the rows
        the whole-move menu leaves, rather than a menu of their own."""
        room = (ROWS - self.whole_rows) * 5 - (self.back is not None)
        return len(self.steps) <= min(MAX_BUTTON_CHOICES, room) and all(
            len(c.label) <= BUTTON_LABEL for c in self.steps
        )

    def __bool__(self) -> bool:
        return bool(self.whole or self.steps or self.back is not None)


def panel_choices(
    engine: Engine[Any, Any], state: Any, seat: int, *, cards: bool = True
) -> PanelChoices:
    """The whole moves and single steps ``seat`` may take now, labelled in words; with
    ``cards``, each with the cards it names (counting clicks does not need them)."""
    legal = engine.legal_actions(state, seat)
    if not legal:
        return PanelChoices((), (), None)

    def choice(index: int, action: Any, notation: str) -> Choice:
        keys = tuple(engine.card_keys(state, seat, action)) if cards else ()
        return Choice(index, engine.action_label(state, seat, action), notation, keys)

    steps: list[Choice] = []
    back: int | None = None
    for index, action in enumerate(legal):
        notation = engine.notation(action)
        if notation == BACK:
            back = index
            continue
        steps.append(choice(index, action, notation))
    whole = tuple(
        choice(index, move, engine.notation(move))
        for index, move in enumerate(engine.whole_moves(state, seat))
    )
    named = {k for c in (*steps, *whole) for k in c.cards}
    catalogue = {k: card for k in named if (card := engine.card(k)) is not None}
    several = _pick_several(engine, state, seat, steps, whole)
    return PanelChoices(whole, tuple(steps), back, catalogue, several)


def _pick_several(
    engine: Engine[Any, Any],
    state: Any,
    seat: int,
    steps: Sequence[Choice],
    whole: Sequence[Choice],
) -> PickSeveral | None:
    """The whole moves as steps picked together (see :class:`PickSeveral`), when they are
    exactly every set of ``n`` (two or more) different steps, each in the steps' order, and
    the steps fit one menu."""
    if not whole or len(steps) > PAGE_SIZE:
        return None
    moves = engine.whole_moves(state, seat)
    place = {c.notation: position for position, c in enumerate(steps)}
    sets: dict[tuple[int, ...], int] = {}
    for choice in whole:
        decisions = engine.decisions(state, seat, moves[choice.index]) or ()
        positions = tuple(place.get(engine.notation(d), -1) for d in decisions)
        if len(positions) < 2 or -1 in positions or list(positions) != sorted(set(positions)):
            return None
        sets[positions] = choice.index
    count = len(next(iter(sets)))
    if len(sets) != len(whole) or len(sets) != comb(len(steps), count):
        return None
    if any(positions not in sets for positions in combinations(range(len(steps)), count)):
        return None
    return PickSeveral(
        count,
        {frozenset(steps[p].index for p in positions): i for positions, i in sets.items()},
    )


def automatic_followers(
    engine: Engine[Any, Any], state: Any, seat: int, *, limit: int | None = None
) -> list[Any]:
    """The decisions taken for ``seat`` straight after one of its own, in order, from
    ``state`` (the state after that decision): each ``Engine.automatic`` answer, applied."""
    taken: list[Any] = []
    for _ in range(engine.step_limit if limit is None else limit):
        action = engine.automatic(state, seat)
        if action is None:
            break
        taken.append(action)
        state = engine.apply(state, seat, action).state
    return taken


def page_count(count: int) -> int:
    """The pages a menu of ``count`` entries takes (one at least)."""
    return max(1, -(-count // PAGE_SIZE))


def _page_clicks(position: int) -> int:
    """The "Next ▶" clicks to reach the page holding entry ``position`` of a paged menu."""
    return position // PAGE_SIZE


def _whole_clicks(
    engine: Engine[Any, Any], state: Any, seat: int, panel: PanelChoices, rest: Sequence[str]
) -> tuple[int, int] | None:
    """The clicks to pick the longest whole move that ``rest`` starts with (decisions taken
    without asking included), when the panel offers one, and how many decisions of ``rest``
    it makes. Steps picked together (:class:`PickSeveral`) are one pick whatever order
    ``rest`` made them in: the menu asks which, not in what order (it makes them in the order
    it lists them)."""
    moves = engine.whole_moves(state, seat) if panel.whole else ()
    best: tuple[int, int] | None = None
    for choice in panel.whole:
        whole = moves[choice.index]
        decisions = engine.decisions(state, seat, whole) or [whole]
        after = engine.apply(state, seat, whole).state
        spelled = [engine.notation(d) for d in decisions]
        spelled += [engine.notation(a) for a in automatic_followers(engine, after, seat)]
        made = list(rest[: len(spelled)])
        if panel.several is not None and sorted(spelled) == sorted(made):
            found = (1, len(spelled))
        elif spelled == made:
            found = (1 + _page_clicks(choice.index), len(spelled))
        else:
            continue
        if best is None or found[1] > best[1]:
            best = found
    return best


def clicks_for(engine: Engine[Any, Any], state: Any, seat: int, move: Sequence[Any]) -> int:
    """How many clicks the panel needs, once open, for ``seat`` to make ``move`` (its
    decisions in order, as recorded: one move, or a turn of several) from ``state``: one pick
    of a whole move for the longest one the decisions start with, otherwise one click per
    decision asked for, plus the page turns of long menus, and so on to the last decision.
    Decisions the engine takes by itself cost nothing."""
    notations = [engine.notation(d) for d in move]
    clicks = 0
    position = 0
    while position < len(move):
        panel = panel_choices(engine, state, seat, cards=False)
        # The panel offers whole moves at every step, not only at the start of a move.
        whole = _whole_clicks(engine, state, seat, panel, notations[position:])
        if whole is not None:
            clicks += whole[0]
            for decision in move[position : position + whole[1]]:
                state = engine.apply(state, seat, decision).state
            position += whole[1]
            continue
        decision = move[position]
        notation = notations[position]
        place = next((i for i, c in enumerate(panel.steps) if c.notation == notation), None)
        clicks += 1
        if place is not None and not panel.steps_as_buttons:
            clicks += _page_clicks(place)
        state = engine.apply(state, seat, decision).state
        position += 1
        for follower in automatic_followers(engine, state, seat):
            if position < len(move) and notations[position] == engine.notation(follower):
                state = engine.apply(state, seat, follower).state
                position += 1
            else:
                break
    return clicks
