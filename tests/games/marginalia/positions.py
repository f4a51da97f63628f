"""Building exact Marginalia positions for rule-by-rule tests.

Positions start from a real ``new_game`` and then have their fields set directly, so each test
shows only the cards that matter to the rule it checks. Seats are 0-based here, as inside the
engine; spaces are named as in the notation (``c2`` is the first seat's front line, column c).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import cast

import games
from games.core import LogEntry, SeededRng, Transition
from games.marginalia import MarginaliaEngine, cards
from games.marginalia.page import everyone, locate, space_code
from games.marginalia.state import MarginaliaState, Marginalis, Phase
from games.marginalia.stats import attack_of, health_of, start_grants

ENGINE = cast(MarginaliaEngine, games.get("marginalia"))

#: A deck long enough that no test runs it out by accident; nothing in it triggers on a draw.
FILLER = ("great-snail",) * 20

#: A placed marginalis: its card, or its card and the damage it has taken.
Placed = str | tuple[str, int]


def new_game(seed: int = 1) -> MarginaliaState:
    """A real game straight from setup."""
    return ENGINE.new_game(2, seed)


def position(
    *,
    hands: Sequence[Sequence[str]] = ((), ()),
    decks: Sequence[Sequence[str]] = (FILLER, FILLER),
    discards: Sequence[Sequence[str]] = ((), ()),
    page: Mapping[str, Placed] | None = None,
    health: Sequence[int] = (20, 20),
    active: int = 0,
    first: int = 0,
    turns: Sequence[int] = (3, 3),
    plays: int = 0,
    phase: Phase = "play",
    seed: int = 1,
) -> MarginaliaState:
    """A table with exactly these cards: seat ``active`` in its play phase (by default) of a
    turn late enough to play 3 cards, nothing erased, the continuous abilities applied."""
    s = new_game(seed).clone()
    for seat, side in enumerate(s.sides):
        side.hand = sorted(hands[seat])
        side.deck = list(decks[seat])
        side.discard = list(discards[seat])
        side.erased = []
        side.front = [None] * 5
        side.back = [None] * 5
        side.health = health[seat]
        side.turns = turns[seat]
        side.deck_known = False
    s.active, s.first, s.plays, s.phase = active, first, plays, phase
    s.turn = sum(turns)
    s.steps, s.grants, s.attack_order = [], [], []
    for space, placed in (page or {}).items():
        card, damage = (placed, 0) if isinstance(placed, str) else placed
        put(s, space, card, damage)
    start_grants(s)
    return s


def put(s: MarginaliaState, space: str, card: str, damage: int = 0) -> Marginalis:
    """Stand a marginalis (a token if ``card`` names one) on ``space``, no trigger."""
    place = locate(space)
    assert place is not None, space
    seat, line, column = place
    m = Marginalis(s.next_uid, card, seat, token=cards.card(card).kind == "token", damage=damage)
    s.next_uid += 1
    s.sides[seat].line(line)[column] = m
    return m


def at(s: MarginaliaState, space: str) -> Marginalis | None:
    """The marginalis on a space."""
    place = locate(space)
    assert place is not None, space
    seat, line, column = place
    return s.sides[seat].line(line)[column]


def card_at(s: MarginaliaState, space: str) -> str | None:
    """The card on a space, or None."""
    m = at(s, space)
    return m.card if m is not None else None


def stats(s: MarginaliaState, space: str) -> tuple[int, int, int]:
    """(attack, health, damage) of the marginalis on a space."""
    m = at(s, space)
    assert m is not None, f"nothing on {space}"
    return attack_of(s, m), health_of(s, m), m.damage


def page_cards(s: MarginaliaState) -> dict[str, str]:
    """Every space with a marginalis, and its card."""
    return {space_code(*place): m.card for place, m in everyone(s)}


def coins(s: MarginaliaState, results: str) -> MarginaliaState:
    """Set the generator so the next coin flips come out as ``results`` (``"HT"``: heads,
    then tails), assuming nothing else draws from it in between."""
    for candidate in range(100_000):
        rng = SeededRng(candidate)
        if all((rng.below(2) == 0) == (r == "H") for r in results):
            s.rng = candidate
            return s
    raise AssertionError(f"no generator state flips {results}")


def act(s: MarginaliaState, seat: int, text: str) -> Transition[MarginaliaState]:
    """Read ``text`` for ``seat`` and apply it (both checked by the engine)."""
    return ENGINE.apply(s, seat, ENGINE.parse(s, seat, text))


def play(s: MarginaliaState, *moves: tuple[int, str]) -> MarginaliaState:
    """Apply several ``(seat, text)`` moves in a row; the state after the last."""
    for seat, text in moves:
        s = act(s, seat, text).state
    return s


def play_logged(s: MarginaliaState, *moves: tuple[int, str]) -> tuple[MarginaliaState, str]:
    """Apply moves; the state after the last and the public log they wrote, one line each."""
    lines: list[str] = []
    for seat, text in moves:
        t = act(s, seat, text)
        s = t.state
        lines += [e.text for e in t.log if e.audience is None]
    return s, "\n".join(lines)


def texts(s: MarginaliaState, seat: int) -> list[str]:
    """The notation of every legal action of ``seat``."""
    return [ENGINE.notation(a) for a in ENGINE.legal_actions(s, seat)]


def public(log: Iterable[LogEntry]) -> str:
    """The entries of a log that everyone may read, one a line."""
    return "\n".join(e.text for e in log if e.audience is None)
