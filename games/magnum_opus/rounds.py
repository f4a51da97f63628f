"""The frame of a round: the Supply phase before it, clearing and passing the Ouroboros after.

Every function here works on a state the engine has already cloned.
"""

from __future__ import annotations

from games.core import LogEntry, seat_ref
from games.core.words import data_msg, msg
from games.magnum_opus import cards, scoring
from games.magnum_opus.state import MagnumOpusState
from games.magnum_opus.text import (
    formulas_count,
    ingredients_count,
    prestige_count,
    prime_pairs_count,
    token_list,
)

CLOCK_TOKENS = 3

Log = list[LogEntry]


def lane_draws(players: int) -> int:
    """Face-down tokens drawn for the Golden Lane each round: two, one with two alchemists."""
    return 1 if players == 2 else 2


def start_round(s: MagnumOpusState, log: Log) -> None:
    """Supply phase, then the Solicitations begin: everyone chooses a card at once."""
    drawn = [s.pool.pop() for _ in range(min(lane_draws(s.players), len(s.pool)))]
    from_row = s.lane_row[:1]
    del s.lane_row[:1]
    s.lane = drawn + from_row
    s.clock = [s.pool.pop() for _ in range(min(CLOCK_TOKENS, len(s.pool)))]
    s.phase = "pick"
    s.picks = 0
    s.calling = 0
    if s.passes_left():
        text = msg(
            "**Round {round} of {rounds}.** Golden Lane: {lane}. Astronomical Clock: {clock}. "
            "Packs pass to the left; {keeper} keeps the Ouroboros.",
            round=s.round,
            rounds=s.rounds,
            lane=token_list(s.lane),
            clock=token_list(s.clock),
            keeper=seat_ref(s.keeper),
        )
    else:
        text = msg(
            "**Round {round} of {rounds}.** Golden Lane: {lane}. Astronomical Clock: {clock}. "
            "Packs pass to the right; {keeper} keeps the Ouroboros.",
            round=s.round,
            rounds=s.rounds,
            lane=token_list(s.lane),
            clock=token_list(s.clock),
            keeper=seat_ref(s.keeper),
        )
    log.append(LogEntry.public(text))


def end_round(s: MagnumOpusState, log: Log) -> None:
    """Leftover tokens to the box; then the next round, or the end of the game."""
    leftovers = s.lane + s.clock
    s.box += leftovers
    s.lane = []
    s.clock = []
    s.calling = 0
    if leftovers:
        log.append(
            LogEntry.public(
                msg("Unsold tokens go to the box: {tokens}.", tokens=token_list(leftovers))
            )
        )
    if s.round == s.rounds:
        _end_game(s, log)
        return
    for pack in (*s.home, s.spare):
        s.packs[pack] = list(cards.NUMERALS)
    for seat, alchemist in enumerate(s.alchemists):
        alchemist.front = []
        alchemist.held = s.home[seat]
    s.discarded = []
    s.keeper = (s.keeper + 1) % s.players
    s.under = s.spare
    log.append(
        LogEntry.public(msg("The Ouroboros passes left to {keeper}.", keeper=seat_ref(s.keeper)))
    )
    s.round += 1
    start_round(s, log)


def _end_game(s: MagnumOpusState, log: Log) -> None:
    s.phase = "over"
    s.patron = None
    for seat, alchemist in enumerate(s.alchemists):
        total, formulas, pairs, ingredients = scoring.tally(s, seat)
        name = data_msg(cards.opus_cards()[alchemist.opus].name)
        log.append(
            LogEntry.public(
                msg(
                    "{alchemist} reveals **{card}**: {points} ({ingredients}, {pairs}, "
                    "{formulas}).",
                    alchemist=seat_ref(seat),
                    card=name,
                    points=prestige_count(total),
                    ingredients=ingredients_count(ingredients),
                    pairs=prime_pairs_count(pairs),
                    formulas=formulas_count(formulas),
                )
            )
        )
    log.append(LogEntry.public(msg("The game is over.")))
