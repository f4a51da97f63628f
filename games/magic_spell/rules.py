"""Magic Spell's rules: who may act, with what, and doing it.

Every function here works on a state that ``MagicSpellEngine`` has already cloned, so the
mutations never reach the caller's state.
"""

from __future__ import annotations

from games.core import LogEntry, seat_ref
from games.core.words import msg
from games.magic_spell import casting, effects, laboratory, trading, turns, weaving
from games.magic_spell.actions import (
    BACK,
    DECLINES,
    DONE,
    RESEARCH,
    REST,
    SCROUNGE_ROWS,
    TILES,
    Accept,
    Action,
    Ask,
    AskAlso,
    Back,
    Cast,
    ChooseHomework,
    Decline,
    Done,
    Give,
    Jettison,
    Keep,
    MoveTile,
    MoveTo,
    NameLetter,
    Pay,
    PutBack,
    Research,
    Rest,
    ReturnSpell,
    ReturnTile,
    Row,
    ScroungeRow,
    StartMove,
    Take,
    Target,
    Tile,
    TradeWith,
    Use,
    Weave,
    WeaveFound,
    Withdraw,
)
from games.magic_spell.state import (
    RESEARCH_COST,
    REST_GAIN,
    Homework,
    MagicSpellState,
    Step,
    make_step,
)
from games.magic_spell.text import spell_name, woven_count

Log = list[LogEntry]


# ------------------------------------------------------------------- who acts, with what
def to_act(s: MagicSpellState) -> frozenset[int]:
    """The current student, and every other student who has something to do about trades."""
    if s.finished:
        return frozenset()
    seats = trading.seats_with_trade_actions(s)
    seats.add(s.current)
    return frozenset(seats)


def may_act(s: MagicSpellState, seat: int) -> bool:
    """Whether ``seat`` is one of ``to_act(s)``, without working out the others."""
    if s.finished or not 0 <= seat < s.players:
        return False
    return seat == s.current or trading.has_trade_actions(s, seat)


def legal_actions(s: MagicSpellState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, in a fixed order."""
    if s.finished or not 0 <= seat < s.players:
        return []
    step = s.steps[seat]
    if step is not None:
        if step.kind in trading.TRADE_STEPS:
            return trading.step_actions(s, seat, step)
        return _turn_step_actions(s, seat, step)
    if seat != s.current:
        return trading.top_actions(s, seat)
    actions = turn_actions(s, seat)
    if s.low_enrollment and not s.started:
        actions += trading.top_actions(s, seat)
    return actions


def declining(s: MagicSpellState, seat: int) -> Action | None:
    """What ``seat`` does by saying nothing (``Engine.pass_action``): the "no" to what it
    may leave undone. After a weave it weaves no more (`done`), Jettison returns no more
    tiles (`done`), an extra tile move or an offer being built is taken back (`back`), and an
    offer made to it is declined. Its turn itself, and the choices a move it began must
    finish (where a scrounged tile goes, a spell's choices), are not declined: ``None``."""
    if not may_act(s, seat):
        return None
    step = s.steps[seat]
    if step is not None:
        if step.kind in ("more", "jettison"):
            return DONE
        if step.kind in trading.TRADE_STEPS or (step.kind in ("move-to", "move") and step.extra):
            return BACK
        return None
    if trading.may_trade(s, seat):
        for offer in trading.incoming(s, seat):
            return DECLINES[offer.proposer]
    return None


def turn_actions(s: MagicSpellState, seat: int) -> list[Action]:
    """The five actions of a turn: weave, cast, scrounge, research, rest."""
    student = s.students[seat]
    actions: list[Action] = [*weaving.weaves(s, seat, extra=False)]
    if weaving.move_targets(s, seat, extra=False):
        actions.append(StartMove())
    actions += [Cast(word) for word in casting.castable(s, seat)]
    if "scrounge" not in student.blocks:
        actions += [SCROUNGE_ROWS[row] for row in laboratory.rows_with_tiles(s)]
    if student.spirit >= RESEARCH_COST and s.deck:
        actions.append(RESEARCH)
    actions.append(REST)
    return actions


def _turn_step_actions(s: MagicSpellState, seat: int, step: Step) -> list[Action]:
    student = s.students[seat]
    match step.kind:
        case "move-to":
            return [*(MoveTo(t) for t in weaving.move_targets(s, seat, step.extra)), BACK]
        case "move":
            return [*weaving.move_sources(s, seat, step.spell, step.extra), BACK]
        case "more":
            actions: list[Action] = [*weaving.weaves(s, seat, extra=True)]
            if weaving.move_targets(s, seat, extra=True):
                actions.append(StartMove())
            return [*actions, DONE]
        case "row":
            return [*(TILES[i] for i in laboratory.face_down_in_row(s, step.row)), BACK]
        case "found":
            return weaving.found_actions(s, seat, step)
        case "cast":
            return casting.options(s, seat, step)
        case "augury":
            return [Take(word) for word in step.seen]
        case "jettison":
            return [*(Jettison(t) for t in sorted(set(student.cabinet))), DONE]
        case "discard-tile":
            return [ReturnTile(t) for t in sorted(set(student.cabinet))]
        case "discard-spell":
            return [ReturnSpell(h.spell) for h in student.homework]
    raise AssertionError(step.kind)


def is_legal(s: MagicSpellState, seat: int, action: Action) -> bool:
    """Whether ``action`` is among ``legal_actions(s, seat)``, answered without listing them
    where there are many (an offer being built)."""
    step = s.steps[seat]
    if step is not None and step.kind == "want" and may_act(s, seat):
        return trading.allows(s, seat, step, action)
    return action in legal_actions(s, seat)


# ------------------------------------------------------------------------------ applying
def only_decides(s: MagicSpellState, seat: int, action: Action) -> bool:
    """Whether ``action`` changes nothing but decisions in progress and offers (so the table
    and the students need not be copied to apply it)."""
    step = s.steps[seat]
    if isinstance(
        action, TradeWith | Ask | AskAlso | Decline | Withdraw | ScroungeRow | StartMove | MoveTo
    ):
        return True
    if isinstance(action, Give):
        return step is not None and step.kind in ("give", "want")
    return isinstance(action, Back) and step is not None and step.kind != "cast"


def apply(s: MagicSpellState, seat: int, action: Action, log: Log) -> None:
    """Apply a legal action to the (already cloned) state, writing what happened to ``log``."""
    step = s.steps[seat]
    if isinstance(action, TradeWith | Give | Ask | AskAlso | Accept | Decline | Withdraw) or (
        isinstance(action, Back) and step is not None and step.kind in trading.TRADE_STEPS
    ):
        trading.apply(s, seat, action, log)
    else:
        _turn(s, seat, step, action, log)
    trading.settle(s, log)


def _turn(s: MagicSpellState, seat: int, step: Step | None, action: Action, log: Log) -> None:
    turns.begin(s, seat, log)
    student = s.students[seat]
    match action:
        case Weave(letter, target):
            extra = step is not None and step.kind == "more"
            weaving.weave(s, seat, letter, "", target, extra, log)
        case StartMove():
            extra = step is not None and step.kind == "more"
            s.steps[seat] = make_step("move-to", extra=extra)
        case MoveTo(target):
            assert step is not None
            s.steps[seat] = make_step("move", spell=target, extra=step.extra)
        case MoveTile(letter, source):
            assert step is not None
            weaving.weave(s, seat, letter, source, step.spell, step.extra, log)
        case Done():
            turns.end_turn(s, log)
        case ScroungeRow(row):
            s.steps[seat] = make_step("row", row=row)
        case Tile(slot) if step is not None and step.kind == "row":
            weaving.look(s, seat, slot, log)
        case WeaveFound(target):
            weaving.weave_found(s, seat, target, log)
        case Keep():
            weaving.keep(s, seat, log)
        case PutBack():
            weaving.put_back(s, seat, log)
        case Research():
            _research(s, seat, log)
        case Rest():
            student.spirit += REST_GAIN
            log.append(
                LogEntry.public(
                    msg(
                        "{who} rests and gains {amount} spirit.",
                        who=seat_ref(seat),
                        amount=REST_GAIN,
                    )
                )
            )
            turns.end_turn(s, log)
        case Cast(word):
            casting.start(s, seat, word, log)
        case Target() | Row() | Tile() | Use() | NameLetter() | ChooseHomework() | Pay():
            casting.choose(s, seat, action, log)
        case Take(word):
            effects.take_augury(s, seat, word, log)
            turns.end_turn(s, log)
        case Jettison(letter):
            effects.jettison(s, seat, letter, log)
            if s.steps[seat] is None:
                turns.end_turn(s, log)
        case ReturnTile(letter):
            student.cabinet.remove(letter)
            laboratory.return_tiles(
                s,
                [letter],
                log,
                msg("{who} has too many tiles and returns one", who=seat_ref(seat)),
            )
            turns.cleanup(s, log)
        case ReturnSpell(word):
            _return_spell(s, seat, word, log)
            turns.cleanup(s, log)
        case Back():
            _back(s, seat, step)
        case _:
            raise AssertionError(action)


def _research(s: MagicSpellState, seat: int, log: Log) -> None:
    s.students[seat].spirit -= RESEARCH_COST
    word = s.deck.pop()
    s.students[seat].homework.append(Homework(word))
    log.append(
        LogEntry.public(
            msg(
                "{who} spends {amount} spirit to research a spell.",
                who=seat_ref(seat),
                amount=RESEARCH_COST,
            )
        )
    )
    log.append(LogEntry.private(msg("You draw {spell}.", spell=spell_name(word)), [seat]))
    turns.end_turn(s, log)


def _return_spell(s: MagicSpellState, seat: int, word: str, log: Log) -> None:
    student = s.students[seat]
    homework = student.homework_spell(word)
    assert homework is not None
    number = student.homework.index(homework) + 1
    student.homework.remove(homework)
    s.deck.insert(0, word)
    woven = woven_count(len(homework.woven))
    log.append(
        LogEntry.public(
            msg(
                "{who} has too much homework and puts homework spell {number} ({woven}) on the "
                "bottom of the deck.",
                who=seat_ref(seat),
                number=number,
                woven=woven,
            )
        )
    )
    log.append(LogEntry.private(msg("You put {spell} back.", spell=spell_name(word)), [seat]))
    laboratory.return_tiles(s, homework.woven, log, msg("Its tiles return to the laboratory"))


def _back(s: MagicSpellState, seat: int, step: Step | None) -> None:
    assert step is not None
    match step.kind:
        case "move-to":
            s.steps[seat] = make_step("more") if step.extra else None
        case "move":
            s.steps[seat] = make_step("move-to", extra=step.extra)
        case "row":
            s.steps[seat] = None
        case "cast":
            casting.back(s, seat)
        case _:
            raise AssertionError(step.kind)
