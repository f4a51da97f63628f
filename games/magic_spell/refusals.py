"""Why an action is refused: one plain sentence for the player."""

from __future__ import annotations

from games.core import seat_ref
from games.core.words import joined, msg
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
from games.magic_spell.text import a_tile, a_tile_upper, row_label, tile_label, tiles_text, title

_OWED = {
    "move-to": msg("First choose the spell the tile goes to, or go back."),
    "move": msg("First choose the woven tile to move, or go back."),
    "more": msg("First weave again or stop (done)."),
    "row": msg("First choose the tile to look at, or go back."),
    "found": msg(
        "First decide about the tile you looked at: weave it on SPELL, keep, or put back."
    ),
    "cast": msg("First make the decision your spell asks for, or go back."),
    "augury": msg("First choose the spell to keep."),
    "jettison": msg("First jettison tiles or stop (done)."),
    "discard-tile": msg("First return tiles down to your cabinet limit."),
    "discard-spell": msg("First return homework spells down to your limit."),
    "give": msg("First choose what to give, or go back."),
    "want": msg(
        "First give more, ask for more or ask for the last thing, which sends the offer, "
        "or go back."
    ),
    "accept": msg("First choose what to hand over, or go back."),
}

_BLOCK_REASON = {
    "cast": msg("You may not cast spells this turn."),
    "scrounge": msg("You may not scrounge this turn."),
    "weave": msg("You may not weave this turn."),
    "trade": msg("You may not trade until the end of your next turn (an embargo)."),
}

_TRADE = (TradeWith, Give, Ask, AskAlso, Accept, Decline, Withdraw)


def not_your_turn(s: MagicSpellState, seat: int) -> str:
    """What a seat that may not act now is told."""
    current = _seat(s.current)
    if "trade" in s.students[seat].blocks:
        return msg(
            "It is {current}'s turn, and you may not trade: {reason}",
            current=current,
            reason=_BLOCK_REASON["trade"],
        )
    if s.low_enrollment and s.started:
        return msg("It is {current}'s turn; you may trade again once it is over.", current=current)
    return msg(
        "It is {current}'s turn, and you have no trade to make or answer right now.",
        current=current,
    )


def explain(s: MagicSpellState, seat: int, action: Action) -> str:
    """The reason ``action`` is not legal for ``seat``, who may act in ``s``."""
    step = s.steps[seat]
    if step is not None:
        reason = _step_refusal(s, seat, step, action)
        return reason or _OWED[step.kind]
    if isinstance(action, _TRADE):
        return _trade_refusal(s, seat, action)
    if seat != s.current:
        return msg(
            "It is {current}'s turn: between turns you may only trade.", current=_seat(s.current)
        )
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
            return msg("No tile woven on one of your homework spells fits another.")
        case Cast(word):
            return _cast_refusal(s, seat, word)
        case ScroungeRow(row):
            if "scrounge" in student.blocks:
                return _BLOCK_REASON["scrounge"]
            return msg("Row {row} of the laboratory has no tiles.", row=row_label(row))
        case Research():
            if not s.deck:
                return msg("The spell deck is empty: there is nothing to research.")
            return msg(
                "Research costs {cost} spirit; you have {spirit}.",
                cost=RESEARCH_COST,
                spirit=student.spirit,
            )
        case Back() | Done():
            return msg("There is nothing to take back or finish.")
    return msg("On your turn: weave E on SPELL, cast SPELL, scrounge 11-20, research or rest.")


def _weave_refusal(s: MagicSpellState, seat: int, letter: str, target: str, extra: bool) -> str:
    student = s.students[seat]
    homework = student.homework_spell(target)
    if homework is None:
        return _not_homework(target)
    if not weaving.may_weave(s, seat):
        return _BLOCK_REASON["weave"]
    if letter not in student.cabinet:
        return _no_tile(letter)
    if not fits(homework, letter):
        return msg(
            "{tile} does not fit {spell}: it still needs {needs}.",
            tile=a_tile_upper(letter),
            spell=_name(target),
            needs=tiles_text(_needs(homework)),
        )
    return _spirit_short(s, seat, weaving.extra_cost(s, seat) if extra else 0)


def _move_refusal(s: MagicSpellState, seat: int, target: str, extra: bool) -> str:
    student = s.students[seat]
    homework = student.homework_spell(target)
    if homework is None:
        return _not_homework(target)
    if not weaving.may_weave(s, seat):
        return _BLOCK_REASON["weave"]
    cost = (weaving.extra_cost(s, seat) if extra else 0) + weaving.MOVE_COST
    if student.spirit < cost:
        return _spirit_short(s, seat, cost)
    return msg("No tile woven on your other homework spells fits {spell}.", spell=_name(target))


def _spirit_short(s: MagicSpellState, seat: int, cost: int) -> str:
    spirit = s.students[seat].spirit
    return msg("That costs {cost} spirit; you have {spirit}.", cost=cost, spirit=spirit)


def _needs(homework: Homework) -> list[str]:
    need = missing(homework)
    return [letter for letter in sorted(need) for _ in range(need[letter])]


def _cast_refusal(s: MagicSpellState, seat: int, word: str) -> str:
    student = s.students[seat]
    if word not in student.spellbook:
        return msg("{spell} is not in your spellbook.", spell=_name(word))
    data = spell(word)
    if not data.castable:
        return msg(
            "{spell} is passive: it works from your spellbook and is never cast.",
            spell=_name(word),
        )
    if "cast" in student.blocks:
        return _BLOCK_REASON["cast"]
    return msg("{spell} has nothing to act on right now.", spell=_name(word))


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
            return msg("No tile woven on one of your homework spells fits another.")
        case MoveTo(target) if step.kind == "move-to":
            return _move_refusal(s, seat, target, step.extra)
        case MoveTile(letter, source) if step.kind == "move":
            homework = student.homework_spell(step.spell)
            assert homework is not None
            origin = student.homework_spell(source)
            if origin is None or source == step.spell:
                return msg("{spell} is not another of your homework spells.", spell=_name(source))
            if letter not in origin.woven:
                return msg(
                    "There is no {tile} woven on {spell}.",
                    tile=tile_label(letter),
                    spell=_name(source),
                )
            return _no_fit(letter, step.spell)
        case Tile(slot) if step.kind == "row":
            if slot // ROW != step.row:
                return msg(
                    "You are scrounging in row {row}: choose a tile there.",
                    row=row_label(step.row),
                )
            return _empty(slot)
        case WeaveFound(target) if step.kind == "found":
            if "weave" in student.blocks:
                return _BLOCK_REASON["weave"]
            if student.homework_spell(target) is None:
                return _not_homework(target)
            return _no_fit(s.lab[step.slot], target)
        case Target(target) if step.kind == "cast":
            if not 0 <= target < s.players:
                return _nobody(target)
            if target == seat:
                return msg("Choose an opponent, not yourself.")
        case Row(row) if step.kind == "cast":
            return msg("Row {row} has no tiles.", row=row_label(row))
        case Tile(slot) if step.kind == "cast" and step.row >= 0:
            if slot // ROW != step.row:
                return msg("Choose a tile in row {row}.", row=row_label(step.row))
            return _empty(slot)
        case Use(letter) | Pay(letter) if step.kind == "cast":
            return msg("You have no {tile} in your cabinet to spare.", tile=tile_label(letter))
        case NameLetter(letter) if step.kind == "cast":
            return msg("Your homework does not need {tile}.", tile=a_tile(letter))
        case ChooseHomework(word) if step.kind == "cast":
            return _not_homework(word)
        case Take(word) if step.kind == "augury":
            return msg("{spell} is not among the spells you are looking at.", spell=_name(word))
        case Jettison(letter) | ReturnTile(letter) if step.kind in ("jettison", "discard-tile"):
            return _no_tile(letter)
        case ReturnSpell(word) if step.kind == "discard-spell":
            return _not_homework(word)
        case Give(item) if step.kind in ("give", "accept"):
            if step.kind == "accept":
                return msg("That does not meet the offer, or you do not have it.")
            if item.kind == "woven" and student.spirit < trading.UNWEAVE_COST:
                return msg("Taking a woven tile off its spell to trade it costs 1 spirit.")
            return msg("You do not have that to give.")
        case Give(item) if step.kind == "want":
            if step.wants:
                return msg("Say everything you give before what you ask for (or go back).")
            if len(step.items) + 1 >= trading.MAX_ITEMS:
                return msg("An offer gives at most {most} things.", most=trading.MAX_ITEMS)
            if item.kind == "woven" and student.spirit < trading.UNWEAVE_COST * (
                1 + sum(i.kind == "woven" for i in (step.item, *step.items) if i)
            ):
                return msg("Taking each woven tile off its spell to trade it costs 1 spirit.")
            return msg("You do not have that to give as well as what your offer already gives.")
        case AskAlso(want) if step.kind == "want":
            if len(step.wants) + 1 >= trading.MAX_ITEMS:
                return msg(
                    "An offer asks for at most {most} things: ask for the last one with for, "
                    "which sends the offer.",
                    most=trading.MAX_ITEMS,
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
            return msg("No philosopher's stone is in this game.")
        return msg("There are no {tile} tiles in the game.", tile=tile_label(want.letter))
    if want.kind == "spellbook":
        whose = _seat(step.target)
        if want in step.wants:
            return msg("Your offer already asks for {spell}.", spell=_name(want.spell))
        return msg("{spell} is not in {who}'s spellbook.", spell=_name(want.spell), who=whose)
    return msg(
        "{who} has no more homework spells than your offer already asks for.",
        who=_seat(step.target),
    )


# ----------------------------------------------------------------------------- trades
def _trade_refusal(s: MagicSpellState, seat: int, action: Action) -> str:
    if not trading.may_trade(s, seat):
        if "trade" in s.students[seat].blocks:
            return _BLOCK_REASON["trade"]
        return msg("You are taking your turn: trades are for students who are not.")
    match action:
        case TradeWith(other):
            return _trade_with_refusal(s, seat, other)
        case Accept(proposer):
            offer = trading.offer_from(s, proposer, seat)
            if offer is None:
                return _no_offer(proposer)
            asked = joined([_want_text(want) for want in offer.wants], ", ")
            return msg(
                "You do not have everything {who}'s offer asks for: {asked}.",
                who=_seat(proposer),
                asked=asked,
            )
        case Decline(proposer):
            return _no_offer(proposer)
        case Withdraw(partner):
            return msg("You have no open offer to {who}.", who=_seat_text(s, partner))
    return msg("Start an offer to another student first.")


def _trade_with_refusal(s: MagicSpellState, seat: int, other: int) -> str:
    if not 0 <= other < s.players:
        return _nobody(other)
    if other == seat:
        return msg("You cannot trade with yourself.")
    if trading.offer_from(s, seat, other) is not None:
        return msg(
            "Your offer to {who} is still open: wait for the answer, or withdraw it.",
            who=_seat(other),
        )
    if s.offered & offered_bit(seat, other):
        return msg(
            "You have already made {who} a trade offer this round; you may again once your "
            "next turn has begun.",
            who=_seat(other),
        )
    student = s.students[seat]
    if not (student.cabinet or student.homework or student.spellbook):
        return msg("You have nothing to trade.")
    if "trade" in s.students[other].blocks:
        return msg("{who} may not trade now (an embargo).", who=_seat(other))
    return msg("{who} is taking a turn and cannot trade now.", who=_seat(other))


def _want_text(want: Want) -> str:
    if want.kind == "letter":
        return a_tile(want.letter)
    if want.kind == "spellbook":
        return msg("{spell} from your spellbook", spell=_name(want.spell))
    return msg("one of your homework spells")


def _seat_text(s: MagicSpellState, seat: int) -> str:
    return _seat(seat)


def _seat(seat: int) -> str:
    """A seat as a placeholder the bot names: ``{p1}``."""
    return seat_ref(seat)


def _name(word: str) -> str:
    return title(word)


def _not_homework(word: str) -> str:
    return msg("{spell} is not one of your homework spells.", spell=_name(word))


def _no_tile(letter: str) -> str:
    return msg("You have no {tile} in your cabinet.", tile=tile_label(letter))


def _no_fit(letter: str, word: str) -> str:
    return msg("{tile} does not fit {spell}.", tile=a_tile_upper(letter), spell=_name(word))


def _empty(slot: int) -> str:
    return msg("Place {place} is empty.", place=slot + 1)


def _nobody(seat: int) -> str:
    return msg("Nobody plays number {number} in this game.", number=seat + 1)


def _no_offer(seat: int) -> str:
    return msg("{who} has made you no offer.", who=_seat(seat))
