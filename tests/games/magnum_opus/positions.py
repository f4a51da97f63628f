"""Building exact Magnum Opus positions for rule-by-rule tests.

Positions start from a real ``new_game`` and then have their fields set directly, so each test
shows only what matters to the rule it checks. Seats are 0-based here, as inside the engine;
notation text numbers them from 1. Cards are given by their codes (``jezebel-salt``,
``marie``), as players name them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import cast

import games
from games.core import LogEntry, Transition
from games.magnum_opus import MagnumOpusEngine, cards, patronage
from games.magnum_opus.state import MagnumOpusState

ENGINE = cast(MagnumOpusEngine, games.get("magnum-opus"))


def new_game(players: int = 3, seed: int = 1, first_player: int | None = None) -> MagnumOpusState:
    """A real table straight from setup: everyone still to keep a Magnum Opus card."""
    return ENGINE.new_game(players, seed, {"first_player": first_player})


def started(players: int = 3, seed: int = 1) -> MagnumOpusState:
    """A real table in round 1, everyone having kept the first Magnum Opus card dealt."""
    s = new_game(players, seed)
    for seat in range(players):
        s = act(s, seat, f"keep {s.alchemists[seat].dealt[0]}").state
    return s


def card(code: str) -> cards.Card:
    """A physical card of that code: from the first pack whose card shows its ingredient."""
    numeral = cards.numeral_of_code(code)
    return next(
        (numeral, pack) for pack in range(cards.PACKS) if cards.card_code((numeral, pack)) == code
    )


def patronage_table(
    players: int = 3,
    *,
    fronts: Sequence[Sequence[str]],
    silver: Sequence[int] | None = None,
    ingredients: Sequence[Sequence[str]] | None = None,
    lane: Sequence[str] = ("salt", "mercury", "cinnabar"),
    clock: Sequence[str] = ("sulfur", "vitriol", "salt"),
    hands: Sequence[Sequence[int]] | None = None,
    calling: int = 1,
    seed: int = 1,
) -> tuple[MagnumOpusState, list[LogEntry]]:
    """A round-1 table whose Patronage starts by calling Character ``calling``, with exactly
    these cards in front of each alchemist (and, if given, these numerals left in each one's
    pack); the state once play waits for a decision (or the
    round has ended), and the log of the calls made so far."""
    s = started(players, seed).clone()
    for seat, alchemist in enumerate(s.alchemists):
        alchemist.front = sorted(card(code) for code in fronts[seat])
        alchemist.silver = silver[seat] if silver is not None else 3
        alchemist.ingredients = list(ingredients[seat]) if ingredients is not None else []
        alchemist.pick = 0
        if hands is not None:
            s.packs[alchemist.held] = list(hands[seat])
    s.lane = list(lane)
    s.clock = list(clock)
    s.phase = "patronage"
    s.picks = 6
    s.calling = calling - 1
    log: list[LogEntry] = []
    patronage.call_next(s, log)
    return s, log


def act(s: MagnumOpusState, seat: int, text: str) -> Transition[MagnumOpusState]:
    """Read ``text`` for ``seat`` and apply it (both checked by the engine)."""
    return ENGINE.apply(s, seat, ENGINE.parse(s, seat, text))


def play(s: MagnumOpusState, *moves: tuple[int, str]) -> MagnumOpusState:
    """Apply several ``(seat, text)`` moves in a row; the state after the last."""
    for seat, text in moves:
        s = act(s, seat, text).state
    return s


def pick_all(s: MagnumOpusState, choose: str = "first") -> MagnumOpusState:
    """Everyone picks a card (the first or last of their pack), seat order."""
    for seat in sorted(ENGINE.to_act(s)):
        legal = ENGINE.legal_actions(s, seat)
        s = ENGINE.apply(s, seat, legal[0] if choose == "first" else legal[-1]).state
    return s


def texts(s: MagnumOpusState, seat: int) -> list[str]:
    """The notation of every legal action of ``seat``."""
    return [ENGINE.notation(a) for a in ENGINE.legal_actions(s, seat)]


def fronts(s: MagnumOpusState) -> list[list[str]]:
    """The codes of the cards in front of each alchemist."""
    return [[cards.card_code(c) for c in a.front] for a in s.alchemists]


def token_count(s: MagnumOpusState) -> Counter[str]:
    """Every ingredient token: face down, on the Golden Lane row, for sale, bought, in the box."""
    count = Counter(s.pool + s.lane_row + s.lane + s.clock + s.box)
    for alchemist in s.alchemists:
        count.update(alchemist.ingredients)
    return count


def character_count(s: MagnumOpusState) -> Counter[int]:
    """Every Character card of the packs in play: in packs, chosen, in front, discarded."""
    count: Counter[int] = Counter()
    for pack in (*s.home, s.spare):
        count.update(s.packs[pack])
    for alchemist in s.alchemists:
        count.update(numeral for numeral, _ in alchemist.front)
        if alchemist.pick:
            count[alchemist.pick] += 1
    count.update(numeral for numeral, _ in s.discarded)
    return count


def decide_simply(s: MagnumOpusState, seat: int) -> MagnumOpusState:
    """One move for ``seat``: ``pass`` when offered, else the first legal action."""
    legal = ENGINE.legal_actions(s, seat)
    texts_offered = [ENGINE.notation(a) for a in legal]
    action = legal[texts_offered.index("pass")] if "pass" in texts_offered else legal[0]
    return ENGINE.apply(s, seat, action).state


def play_to_round(s: MagnumOpusState, round_number: int) -> MagnumOpusState:
    """Play simply (first pick, ``pass`` as patron) until ``round_number`` starts."""
    while s.round < round_number and not s.finished:
        s = decide_simply(s, min(ENGINE.to_act(s)))
    return s


def play_to_end(s: MagnumOpusState) -> MagnumOpusState:
    """Play simply to the end of the game."""
    while not s.finished:
        s = decide_simply(s, min(ENGINE.to_act(s)))
    return s


def final_table(
    *,
    ingredients: Sequence[Sequence[str]],
    opus: Sequence[str],
    silver: Sequence[int] | None = None,
    prime: str = "brine-and-ember",
) -> MagnumOpusState:
    """A finished game with exactly these purchases, Magnum Opus cards and silver."""
    s = started(len(ingredients)).clone()
    for seat, alchemist in enumerate(s.alchemists):
        alchemist.ingredients = list(ingredients[seat])
        alchemist.opus = opus[seat]
        alchemist.silver = silver[seat] if silver is not None else 0
    s.prime = prime
    s.phase = "over"
    return s
