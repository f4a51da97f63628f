"""Magnum Opus's rules: who acts, with what, and doing it.

``apply`` works on a state the engine has already cloned, so the mutations never reach the
caller's state.
"""

from __future__ import annotations

from games.core import LogEntry
from games.magnum_opus import cards, patronage, solicitation
from games.magnum_opus.actions import Action, Decision, Keep, Pick
from games.magnum_opus.state import MagnumOpusState

_PICKS = {numeral: Pick(numeral) for numeral in cards.NUMERALS}
_NOBODY: frozenset[int] = frozenset()


def to_act(s: MagnumOpusState) -> frozenset[int]:
    """Every alchemist still to choose (keeping or picking at once), or the patron deciding."""
    phase = s.phase
    if phase == "pick":
        return frozenset([seat for seat, a in enumerate(s.alchemists) if not a.pick])
    if phase == "patronage":
        return frozenset({s.patron.seat}) if s.patron is not None else _NOBODY
    if phase == "keep":
        return frozenset(seat for seat, a in enumerate(s.alchemists) if not a.opus)
    return _NOBODY


def completes_the_turn(s: MagnumOpusState, seat: int) -> bool:
    """Whether ``seat``, still to choose this turn's card, is the last to do so."""
    return [a.pick for a in s.alchemists].count(0) == 1


def legal_actions(s: MagnumOpusState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, in a fixed order."""
    if not 0 <= seat < s.players:
        return []
    alchemist = s.alchemists[seat]
    phase = s.phase
    if phase == "pick":
        if alchemist.pick:
            return []
        return [_PICKS[numeral] for numeral in s.packs[alchemist.held]]
    if phase == "patronage":
        if s.patron is None or s.patron.seat != seat:
            return []
        return patronage.choices(s)
    if phase == "keep" and not alchemist.opus:
        return [Keep(opus) for opus in alchemist.dealt]
    return []


def declining(s: MagnumOpusState, seat: int) -> Action | None:
    """What ``seat`` does by saying nothing (``Engine.pass_action``): a patron leaves the
    Favor unused and takes the Funds (`pass`), first taking back a Favor begun but not
    finished (`back`). Keeping and picking cards must be done: ``None``."""
    patron = s.patron
    if s.phase != "patronage" or patron is None or patron.seat != seat:
        return None
    return patronage.BACK if patron.target >= 0 else patronage.PASS


def apply(s: MagnumOpusState, seat: int, action: Decision, log: list[LogEntry]) -> None:
    """Apply a legal action to the (already cloned) state, writing what happened to ``log``."""
    match action:
        case Pick(numeral):
            solicitation.pick(s, seat, numeral, log)
        case Keep(opus):
            solicitation.keep(s, seat, opus, log)
        case _:
            patronage.apply(s, seat, action, log)
