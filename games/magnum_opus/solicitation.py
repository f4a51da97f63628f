"""Keeping a Magnum Opus card, then the Solicitations: secret picks, revealed together, and
the packs passed around the table and under the Ouroboros.

Every function here works on a state the engine has already cloned.
"""

from __future__ import annotations

from bisect import insort
from functools import cache

from games.core import LogEntry, seat_ref
from games.core.words import Msg, data_msg, joined, msg
from games.magnum_opus import cards, patronage, rounds
from games.magnum_opus.state import PICKS_PER_ROUND, MagnumOpusState
from games.magnum_opus.text import card_label

Log = list[LogEntry]


def keep(s: MagnumOpusState, seat: int, opus: str, log: Log) -> None:
    """Keep one Magnum Opus card face down; once everyone has, the first round starts."""
    alchemist = s.alchemists[seat]
    alchemist.opus = opus
    discarded = next(card for card in alchemist.dealt if card != opus)
    data = cards.opus_cards()
    log.append(
        LogEntry.public(msg("{alchemist} keeps a Magnum Opus card.", alchemist=seat_ref(seat)))
    )
    log.append(
        LogEntry.private(
            msg(
                "You keep **{kept}** and discard {discarded}.",
                kept=data_msg(data[opus].name),
                discarded=data_msg(data[discarded].name),
            ),
            [seat],
        )
    )
    if all(a.opus for a in s.alchemists):
        rounds.start_round(s, log)


def pick(s: MagnumOpusState, seat: int, numeral: int, log: Log) -> None:
    """Lay a card from the pack in hand face down; when the last alchemist has, reveal all."""
    alchemist = s.alchemists[seat]
    s.packs[alchemist.held].remove(numeral)
    alchemist.pick = numeral
    log += _pick_entries(seat, (numeral, alchemist.held))
    if all(a.pick for a in s.alchemists):
        _reveal(s, log)


@cache
def _pick_entries(seat: int, card: cards.Card) -> tuple[LogEntry, LogEntry]:
    """What a pick tells everyone (that a card is chosen) and the picker (which one).

    Entries are immutable, and picks are by far the most frequent moves, so each possible
    pair is built once."""
    return (
        LogEntry.public(msg("{alchemist} has chosen a card.", alchemist=seat_ref(seat))),
        LogEntry.private(msg("You choose {card}.", card=card_label(card)), [seat]),
    )


def _reveal(s: MagnumOpusState, log: Log) -> None:
    shown = []
    for seat, alchemist in enumerate(s.alchemists):
        card = (alchemist.pick, alchemist.held)
        insort(alchemist.front, card)
        alchemist.pick = 0
        shown.append(_revealed(seat, card))
    s.picks += 1
    log.append(
        LogEntry.public(
            msg(
                "Cards revealed ({picks} of 6): {cards}.",
                picks=s.picks,
                cards=joined(shown, " · "),
            )
        )
    )
    if s.picks < PICKS_PER_ROUND:
        pass_packs(s)
    else:
        patronage.begin(s, log)


@cache
def _revealed(seat: int, card: cards.Card) -> Msg:
    return msg("{alchemist}: {card}", alchemist=seat_ref(seat), card=card_label(card))


def pass_packs(s: MagnumOpusState) -> None:
    """Every pack goes to the neighbour; the Ouroboros keeper takes the pack under it instead
    of the one passed to them, which goes under the Ouroboros."""
    step = 1 if s.passes_left() else -1
    held = [0] * s.players
    for seat, alchemist in enumerate(s.alchemists):
        held[(seat + step) % s.players] = alchemist.held
    held[s.keeper], s.under = s.under, held[s.keeper]
    for seat, alchemist in enumerate(s.alchemists):
        alchemist.held = held[seat]
