"""Why an action is refused: one plain sentence for the player."""

from __future__ import annotations

from games.magic_spell import trading, weaving
from games.magic_spell.actions import (
    Accept,
    Action,
    Ask,
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
)
from games.magic_spell.homework import fits, missing, needed_letters
from games.magic_spell.spells import spell
from games.magic_spell.state import RESEARCH_COST, ROW, Homework, MagicSpellState, Step, Want
from games.magic_spell.text import a_tile, row_label, tile_label, tiles_text

_OWED = {
    "move-to": "choose the spell the tile goes to (move to SPELL), or go back",
    "move": "choose the woven tile to move (move E from SPELL), or go back",
    "more": "weave again (weave E on SPELL, move to SPELL) or stop (done)",
    "row": "choose the tile to look at (tile N), or go back",
    "found": "decide about the tile you looked at: weave it on SPELL, keep, or put back",
    "cast": "make the decision your spell asks for, or go back",
    "augury": "choose the spell to keep (take SPELL)",
    "jettison": "jettison tiles (jettison E) or stop (done)",
    "discard-tile": "return tiles down to your cabinet limit (return E)",
    "discard-spell": "return homework spells down to your limit (return SPELL)",
    "give": "choose what to give (give E, give E from SPELL, give SPELL), or go back",
    "want": "choose what to ask for (for E, for SPELL, for homework), or go back",
    "accept": "choose what to hand over (give E, give E from SPELL, give SPELL), or go back",
}

_BLOCK_REASON = {
    "cast": "You may not cast spells this turn.",
    "scrounge": "You may not scrounge this turn.",
    "weave": "You may not weave this turn.",
    "trade": "You may not trade until the end of your next turn (an embargo).",
}

_TRADE = (TradeWith, Give, Ask, Accept, Decline)


def not_your_turn(s: MagicSpellState, seat: int) -> str:
    """What a seat that may not act now is told."""
    current = _seat(s.current)
    if "trade" in s.students[seat].blocks:
        return f"It is {current}'s turn, and you may not trade: {_BLOCK_REASON['trade']}"
    if s.low_enrollment and s.started:
        return f"It is {current}'s turn; you may trade again once it is over."
    return f"It is {current}'s turn, and you have no trade to make or answer right now."


def explain(s: MagicSpellState, seat: int, action: Action) -> str:
    """The reason ``action`` is not legal for ``seat``, who may act in ``s``."""
    step = s.steps[seat]
    if step is not None:
        reason = _step_refusal(s, seat, step, action)
        return reason or f"First {_OWED[step.kind]}."
    if isinstance(action, _TRADE):
        return _trade_refusal(s, seat, action)
    if seat != s.current:
        return f"It is {_seat(s.current)}'s turn: between turns you may only trade."
    return _turn_refusal(s, seat, action)


# ------------------------------------------------------------------------------ turn
def _turn_refusal(s: MagicSpellState, seat: int, action: Action) -> str:
    student = s.students[seat]
    match action:
        case Weave(letter, target):
            return _weave_refusal(s, seat, letter, target, extra=False)
        case StartMove():
            if not weaving.may_weave(s, seat):
                return _BLOCK_REASON["weave"]
            if s.students[seat].spirit < weaving.MOVE_COST:
                return _spirit_short(s, seat, weaving.MOVE_COST)
            return "No tile woven on one of your homework spells fits another."
        case Cast(word):
            return _cast_refusal(s, seat, word)
        case ScroungeRow(row):
            if "scrounge" in student.blocks:
                return _BLOCK_REASON["scrounge"]
            return f"Row {row_label(row)} of the laboratory has no tiles."
        case Research():
            if not s.deck:
                return "The spell deck is empty: there is nothing to research."
            return f"Research costs {RESEARCH_COST} spirit; you have {student.spirit}."
        case Back() | Done():
            return "There is nothing to take back or finish."
    return "On your turn: weave E on SPELL, cast SPELL, scrounge 11-20, research or rest."


def _weave_refusal(s: MagicSpellState, seat: int, letter: str, target: str, extra: bool) -> str:
    student = s.students[seat]
    homework = student.homework_spell(target)
    if homework is None:
        return f"{_name(target)} is not one of your homework spells."
    if not weaving.may_weave(s, seat):
        return _BLOCK_REASON["weave"]
    if letter not in student.cabinet:
        return f"You have no {tile_label(letter)} in your cabinet."
    if not fits(homework, letter):
        return (
            f"{_a_tile_upper(letter)} does not fit {_name(target)}: it still needs "
            f"{tiles_text(_needs(homework))}."
        )
    return _spirit_short(s, seat, weaving.extra_cost(s, seat) if extra else 0)


def _move_refusal(s: MagicSpellState, seat: int, target: str, extra: bool) -> str:
    student = s.students[seat]
    homework = student.homework_spell(target)
    if homework is None:
        return f"{_name(target)} is not one of your homework spells."
    if not weaving.may_weave(s, seat):
        return _BLOCK_REASON["weave"]
    cost = (weaving.extra_cost(s, seat) if extra else 0) + weaving.MOVE_COST
    if student.spirit < cost:
        return _spirit_short(s, seat, cost)
    return f"No tile woven on your other homework spells fits {_name(target)}."


def _spirit_short(s: MagicSpellState, seat: int, cost: int) -> str:
    spirit = s.students[seat].spirit
    return f"That costs {cost} spirit; you have {spirit}."


def _needs(homework: Homework) -> list[str]:
    need = missing(homework)
    return [letter for letter in sorted(need) for _ in range(need[letter])]


def _cast_refusal(s: MagicSpellState, seat: int, word: str) -> str:
    student = s.students[seat]
    if word not in student.spellbook:
        return f"{_name(word)} is not in your spellbook."
    data = spell(word)
    if not data.castable:
        return f"{_name(word)} is passive: it works from your spellbook and is never cast."
    if "cast" in student.blocks:
        return _BLOCK_REASON["cast"]
    return f"{_name(word)} has nothing to act on right now."


# ------------------------------------------------------------------------------ steps
def _step_refusal(s: MagicSpellState, seat: int, step: Step, action: Action) -> str | None:
    student = s.students[seat]
    match action:
        case Weave(letter, target) if step.kind == "more":
            return _weave_refusal(s, seat, letter, target, extra=True)
        case StartMove() if step.kind == "more":
            cost = weaving.extra_cost(s, seat) + weaving.MOVE_COST
            if s.students[seat].spirit < cost:
                return _spirit_short(s, seat, cost)
            return "No tile woven on one of your homework spells fits another."
        case MoveTo(target) if step.kind == "move-to":
            return _move_refusal(s, seat, target, step.extra)
        case MoveTile(letter, source) if step.kind == "move":
            homework = student.homework_spell(step.spell)
            assert homework is not None
            origin = student.homework_spell(source)
            if origin is None or source == step.spell:
                return f"{_name(source)} is not another of your homework spells."
            if letter not in origin.woven:
                return f"There is no {tile_label(letter)} woven on {_name(source)}."
            return f"{_a_tile_upper(letter)} does not fit {_name(step.spell)}."
        case Tile(slot) if step.kind == "row":
            if slot // ROW != step.row:
                return f"You are scrounging in row {row_label(step.row)}: choose a tile there."
            return f"Place {slot + 1} is empty."
        case WeaveFound(target) if step.kind == "found":
            if "weave" in student.blocks:
                return _BLOCK_REASON["weave"]
            if student.homework_spell(target) is None:
                return f"{_name(target)} is not one of your homework spells."
            return f"{_a_tile_upper(s.lab[step.slot])} does not fit {_name(target)}."
        case Target(target) if step.kind == "cast":
            if not 0 <= target < s.players:
                return f"There is no seat {target + 1} in this game."
            if target == seat:
                return "Choose an opponent, not yourself."
        case Row(row) if step.kind == "cast":
            return f"Row {row_label(row)} has no tiles."
        case Tile(slot) if step.kind == "cast" and step.row >= 0:
            if slot // ROW != step.row:
                return f"Choose a tile in row {row_label(step.row)}."
            return f"Place {slot + 1} is empty."
        case Use(letter) | Pay(letter) if step.kind == "cast":
            return f"You have no {tile_label(letter)} in your cabinet to spare."
        case NameLetter(letter) if step.kind == "cast":
            return f"Your homework does not need {a_tile(letter)}."
        case ChooseHomework(word) if step.kind == "cast":
            return f"{_name(word)} is not one of your homework spells."
        case Take(word) if step.kind == "augury":
            return f"{_name(word)} is not among the spells you are looking at."
        case Jettison(letter) | ReturnTile(letter) if step.kind in ("jettison", "discard-tile"):
            return f"You have no {tile_label(letter)} in your cabinet."
        case ReturnSpell(word) if step.kind == "discard-spell":
            return f"{_name(word)} is not one of your homework spells."
        case Give(item) if step.kind in ("give", "accept"):
            if step.kind == "accept":
                return "That does not meet the offer, or you do not have it."
            if item.kind == "woven" and student.spirit < trading.UNWEAVE_COST:
                return "Taking a woven tile off its spell to trade it costs 1 spirit."
            return "You do not have that to give."
        case Ask(want) if step.kind == "want":
            if want.kind == "letter":
                return (
                    f"Ask only for letters your homework still needs "
                    f"({tiles_text(_needed(s, seat)) if _needed(s, seat) else 'none'})."
                )
            if want.kind == "spellbook":
                whose = _seat(step.target)
                return f"{_name(want.spell)} is not in {whose}'s spellbook."
            return f"{_seat(step.target)} has no homework."
        case Keep() | PutBack() | Done():
            return None
    return None


def _needed(s: MagicSpellState, seat: int) -> list[str]:
    return needed_letters(s.students[seat])


# ----------------------------------------------------------------------------- trades
def _trade_refusal(s: MagicSpellState, seat: int, action: Action) -> str:
    if not trading.may_trade(s, seat):
        if "trade" in s.students[seat].blocks:
            return _BLOCK_REASON["trade"]
        return "You are taking your turn: trades are for students who are not."
    match action:
        case TradeWith(other):
            return _trade_with_refusal(s, seat, other)
        case Accept(proposer):
            offer = trading.offer_from(s, proposer, seat)
            if offer is None:
                return f"{_seat_text(s, proposer)} has made you no offer."
            return (
                f"You have nothing that meets {_seat(proposer)}'s offer: they ask for "
                f"{_want_text(offer.want)}."
            )
        case Decline(proposer):
            return f"{_seat_text(s, proposer)} has made you no offer."
    return "Start an offer first: trade with N."


def _trade_with_refusal(s: MagicSpellState, seat: int, other: int) -> str:
    if not 0 <= other < s.players:
        return f"There is no seat {other + 1} in this game."
    if other == seat:
        return "You cannot trade with yourself."
    if trading.outgoing(s, seat) is not None:
        return "Your offer is still open: wait for the answer."
    if s.offered >> seat & 1:
        return "You have already made a trade offer this turn."
    student = s.students[seat]
    if not (student.cabinet or student.homework or student.spellbook):
        return "You have nothing to trade."
    if "trade" in s.students[other].blocks:
        return f"{_seat(other)} may not trade now (an embargo)."
    return f"{_seat(other)} is taking a turn and cannot trade now."


def _want_text(want: Want) -> str:
    if want.kind == "letter":
        return a_tile(want.letter)
    if want.kind == "spellbook":
        return f"{_name(want.spell)} from your spellbook"
    return "one of your homework spells"


def _seat_text(s: MagicSpellState, seat: int) -> str:
    return _seat(seat)


def _seat(seat: int) -> str:
    """Refusals are read as they are, so seats are named plainly: ``Seat 2``."""
    return f"Seat {seat + 1}"


def _a_tile_upper(letter: str) -> str:
    text = a_tile(letter)
    return text[0].upper() + text[1:]


def _name(word: str) -> str:
    return spell(word).name
