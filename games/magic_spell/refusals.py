"""Why an action is refused: one plain sentence for the player."""

from __future__ import annotations

from games.core import seat_ref
from games.magic_spell import trading, weaving
from games.magic_spell.actions import (
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
from games.magic_spell.homework import fits, missing
from games.magic_spell.spells import STONE, spell
from games.magic_spell.state import (
    RESEARCH_COST,
    ROW,
    Homework,
    MagicSpellState,
    Step,
    Want,
    offered_bit,
)
from games.magic_spell.text import a_tile, row_label, tile_label, tiles_text

_OWED = {
    "move-to": "choose the spell the tile goes to, or go back",
    "move": "choose the woven tile to move, or go back",
    "more": "weave again or stop (done)",
    "row": "choose the tile to look at, or go back",
    "found": "decide about the tile you looked at: weave it on SPELL, keep, or put back",
    "cast": "make the decision your spell asks for, or go back",
    "augury": "choose the spell to keep",
    "jettison": "jettison tiles or stop (done)",
    "discard-tile": "return tiles down to your cabinet limit",
    "discard-spell": "return homework spells down to your limit",
    "give": "choose what to give, or go back",
    "want": "give more, ask for more or ask for the last thing, which sends the offer, or go back",
    "accept": "choose what to hand over, or go back",
}

_BLOCK_REASON = {
    "cast": "You may not cast spells this turn.",
    "scrounge": "You may not scrounge this turn.",
    "weave": "You may not weave this turn.",
    "trade": "You may not trade until the end of your next turn (an embargo).",
}

_TRADE = (TradeWith, Give, Ask, AskAlso, Accept, Decline, Withdraw)


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
                return f"Nobody plays number {target + 1} in this game."
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
        case Give(item) if step.kind == "want":
            if step.wants:
                return "Say everything you give before what you ask for (or go back)."
            if len(step.items) + 1 >= trading.MAX_ITEMS:
                return f"An offer gives at most {trading.MAX_ITEMS} things."
            if item.kind == "woven" and student.spirit < trading.UNWEAVE_COST * (
                1 + sum(i.kind == "woven" for i in (step.item, *step.items) if i)
            ):
                return "Taking each woven tile off its spell to trade it costs 1 spirit."
            return "You do not have that to give as well as what your offer already gives."
        case AskAlso(want) if step.kind == "want":
            if len(step.wants) + 1 >= trading.MAX_ITEMS:
                return (
                    f"An offer asks for at most {trading.MAX_ITEMS} things: ask for the last "
                    "one with for, which sends the offer."
                )
            return _ask_refusal(s, step, want)
        case Ask(want) if step.kind == "want":
            return _ask_refusal(s, step, want)
        case Keep() | PutBack() | Done():
            return None
    return None


def _ask_refusal(s: MagicSpellState, step: Step, want: Want) -> str:
    if want.kind == "letter":
        if want.letter == STONE:
            return "No philosopher's stone is in this game."
        return f"There are no {tile_label(want.letter)} tiles in the game."
    if want.kind == "spellbook":
        whose = _seat(step.target)
        if want in step.wants:
            return f"Your offer already asks for {_name(want.spell)}."
        return f"{_name(want.spell)} is not in {whose}'s spellbook."
    return f"{_seat(step.target)} has no more homework spells than your offer already asks for."


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
            asked = ", ".join(_want_text(want) for want in offer.wants)
            return f"You do not have everything {_seat(proposer)}'s offer asks for: {asked}."
        case Decline(proposer):
            return f"{_seat_text(s, proposer)} has made you no offer."
        case Withdraw(partner):
            return f"You have no open offer to {_seat_text(s, partner)}."
    return "Start an offer to another student first."


def _trade_with_refusal(s: MagicSpellState, seat: int, other: int) -> str:
    if not 0 <= other < s.players:
        return f"Nobody plays number {other + 1} in this game."
    if other == seat:
        return "You cannot trade with yourself."
    if trading.offer_from(s, seat, other) is not None:
        return f"Your offer to {_seat(other)} is still open: wait for the answer, or withdraw it."
    if s.offered & offered_bit(seat, other):
        return (
            f"You have already made {_seat(other)} a trade offer this round; you may again "
            "once your next turn has begun."
        )
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
    """A seat as a placeholder the bot names: ``{p1}``."""
    return seat_ref(seat)


def _a_tile_upper(letter: str) -> str:
    text = a_tile(letter)
    return text[0].upper() + text[1:]


def _name(word: str) -> str:
    return spell(word).name
