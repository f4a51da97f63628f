"""The shape of a turn: when it begins, the end-of-turn cleanup, grading, and passing on.

Functions here change a state that the engine has already cloned.
"""

from __future__ import annotations

from games.core import LogEntry, seat_ref
from games.core.words import msg
from games.magic_spell import trading
from games.magic_spell.homework import cabinet_limit, credits, homework_limit, owns
from games.magic_spell.state import SPIRIT_FLOOR, MagicSpellState, make_step, offers_of
from games.magic_spell.text import credits_text

Log = list[LogEntry]


def begin(s: MagicSpellState, seat: int, log: Log) -> None:
    """The current student takes a turn action: from now on their turn has begun, and with
    Low Enrollment the trading between turns is over."""
    if s.started:
        return
    s.started = True
    if s.low_enrollment:
        trading.cancel_involving(s, seat, log, msg("{who}'s turn has begun", who=seat_ref(seat)))


def end_turn(s: MagicSpellState, log: Log) -> None:
    """The turn's action is over: gain spirit below five, then clean up."""
    student = s.students[s.current]
    s.steps[s.current] = None
    if owns(student, "daily_spirit") or student.spirit < SPIRIT_FLOOR:
        student.spirit += 1
    cleanup(s, log)


def cleanup(s: MagicSpellState, log: Log) -> None:
    """Ask for the tiles and spells over the limits, one at a time; then pass the turn."""
    seat = s.current
    student = s.students[seat]
    if len(student.cabinet) > cabinet_limit(student):
        s.steps[seat] = make_step("discard-tile")
        return
    if len(student.homework) > homework_limit(student):
        s.steps[seat] = make_step("discard-spell")
        return
    s.steps[seat] = None
    _pass_turn(s, log)


def _pass_turn(s: MagicSpellState, log: Log) -> None:
    seat = s.current
    student = s.students[seat]
    student.blocks = ()
    if s.grader < 0:
        points = credits(student)
        if points >= s.courseload:
            s.grader = seat
            s.last_turns = s.players - 1
            s.extra_turn = False
            log.append(
                LogEntry.public(
                    msg(
                        "{who} has {credits} and submits their spellbook for grading: every "
                        "other student has one last turn.",
                        who=seat_ref(seat),
                        credits=credits_text(points),
                    )
                )
            )
    else:
        s.last_turns -= 1
        if s.last_turns == 0:
            _finish(s, log, msg("Every last turn has been played: the spellbooks are graded."))
            return
    following = seat if s.extra_turn else (seat + 1) % s.players
    if s.extra_turn:
        log.append(LogEntry.public(msg("{who} takes another turn.", who=seat_ref(seat))))
    elif following == 0:
        s.round += 1
        if s.grader < 0 and s.round > s.last_round:
            _finish(
                s,
                log,
                msg(
                    "Round {round} is over and so is the semester: nobody has submitted a full "
                    "courseload, so the spellbooks are graded as they stand.",
                    round=s.last_round,
                ),
            )
            return
    s.extra_turn = False
    s.current = following
    s.turn += 1
    s.started = False
    s.offered &= ~offers_of(following)
    s.free_weave_used = False
    if not s.low_enrollment:
        s.steps[following] = None
        trading.cancel_involving(
            s, following, log, msg("it is {who}'s turn", who=seat_ref(following))
        )
    if s.grader >= 0:
        log.append(LogEntry.public(msg("{who} takes their last turn.", who=seat_ref(following))))


def _finish(s: MagicSpellState, log: Log, why: str) -> None:
    s.finished = True
    s.steps = [None] * s.players
    s.offers = []
    log.append(LogEntry.public(why))
