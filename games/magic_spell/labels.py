"""Magic Spell's actions in words, for buttons and menus.

A label says what a click does and what the player gets from it, names first: the letters
and spells it moves, the student it acts on (as a ``{pN}`` placeholder), the spirit it costs.
Labels are read by the seat deciding, so they may name its own tiles and spells, and what it
remembers of the laboratory; of the other students they use only what the table sees (how
many tiles, spells and spirit each holds) and the offers made to this seat.

Each label is built from a head that tells it apart from every other option shown with it,
and details added only while the label still fits a button (:data:`LABEL_LIMIT` characters once
the names, up to :data:`NAME_LIMIT` characters, are filled in).
"""

from __future__ import annotations

from games.core import seat_ref
from games.core.labels import LABEL_LIMIT, shown_length
from games.magic_spell import laboratory
from games.magic_spell.actions import (
    Accept,
    Action,
    Ask,
    AskAlso,
    Cast,
    CastChoice,
    ChooseHomework,
    CompositeCast,
    CompositeMove,
    CompositeOffer,
    CompositeScrounge,
    CompositeWeaveDone,
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
from games.magic_spell.homework import cabinet_limit, fits, is_complete, missing, owns
from games.magic_spell.notation import notation
from games.magic_spell.spells import STONE, SpellData, spell
from games.magic_spell.state import (
    RESEARCH_COST,
    REST_GAIN,
    SPIRIT_FLOOR,
    Homework,
    Item,
    MagicSpellState,
    Offer,
    Step,
    Student,
    Want,
)
from games.magic_spell.text import a_tile, plural, row_label, tile_label, tiles_text
from games.magic_spell.trading import UNWEAVE_COST, offer_from
from games.magic_spell.weaving import MOVE_COST, extra_cost

#: The longest label, with every name filled in at :data:`NAME_LIMIT` characters.
#: The longest player name a label leaves room for.


def fitted(head: str, *details: str) -> str:
    """``head`` followed by as many of ``details`` (in order) as fit within :data:`LABEL_LIMIT`."""
    label = head
    for detail in details:
        if detail and shown_length(label + detail) <= LABEL_LIMIT:
            label += detail
    return label


def label(s: MagicSpellState, seat: int, action: Action) -> str:
    """What ``action`` does for ``seat`` now, in words (see the module's docstring)."""
    step = s.steps[seat]
    student = s.students[seat]
    match action:
        case Weave(letter, target):
            extra = step is not None and step.kind == "more"
            cost = extra_cost(s, seat) if extra else 0
            return _weave(student, letter, target, cost)
        case WeaveFound(target) if step is not None:
            return _weave(student, s.lab[step.slot], target, 0, found=True)
        case CompositeMove(letter, source, target):
            return _move(s, seat, letter, source, target)
        case CompositeWeaveDone(weave):
            return fitted(
                f"{_whole_weave(s, seat, weave)} and end your turn", _whole_cost(s, seat, weave)
            )
        case StartMove():
            return _start_move(s, seat, step)
        case MoveTo(target):
            return _move_to(student, target)
        case MoveTile(letter, source) if step is not None:
            return _move(s, seat, letter, source, step.spell)
        case Done():
            return _done(step)
        case ScroungeRow(row):
            return _scrounge_row(s, seat, row)
        case Tile(slot) if step is not None and step.kind == "row":
            return fitted(f"Look at tile {slot + 1}", _remembered(s, seat, slot))
        case CompositeScrounge(slot):
            return fitted(f"Scrounge tile {slot + 1}", _remembered(s, seat, slot))
        case Keep() if step is not None:
            return _keep(s, seat, step)
        case PutBack() if step is not None:
            if s.lab[step.slot] == STONE:
                return "Return the stone: it leaves the game; end your turn"
            letter = tile_label(s.lab[step.slot])
            return f"Put the {letter} back face down and end your turn"
        case Research():
            return fitted(
                f"📜 Research: draw a spell for {RESEARCH_COST} spirit",
                f" (you have {student.spirit})",
            )
        case Rest():
            return _rest(student)
        case Cast(word):
            return _cast(s, seat, word)
        case CompositeCast(word, choices):
            return _whole_cast(s, seat, word, choices)
        case Target() | Row() | Tile() | Use() | NameLetter() | ChooseHomework() | Pay():
            assert step is not None
            return _cast_choice(s, seat, step, action)
        case Take(word):
            return _take(word)
        case Jettison(letter):
            return fitted(f"Jettison {tile_label(letter)}: +1 spirit", _needed_by(student, letter))
        case ReturnTile(letter):
            return _return_tile(student, letter)
        case ReturnSpell(word):
            return _return_spell(student, word)
        case TradeWith(other):
            return _trade_with(s, other)
        case Give(item) if step is not None and step.kind == "give":
            return fitted(
                f"Give {_item(student, item)}",
                f" to {seat_ref(step.target)}",
                _spare(student, item),
            )
        case Give(item) if step is not None and step.kind == "want":
            return fitted(f"Also give {_item(student, item)}", _spare(student, item))
        case Give(item) if step is not None:
            return fitted(f"Hand over {_item(student, item)}", f" to {seat_ref(step.target)}")
        case AskAlso(want) if step is not None:
            return _ask(s, seat, step.target, want, "Also ask for", "")
        case Ask(want) if step is not None:
            sent = " and send the offer" if step.wants or step.items else ""
            return _ask(s, seat, step.target, want, "Ask for", sent)
        case CompositeOffer(other, items, wants):
            given = ", ".join(_item(student, item) for item in items)
            asked = ", ".join(_want(s, seat, other, want) for want in wants)
            return f"Offer {seat_ref(other)} {given} for {asked}"
        case Accept(proposer) | Decline(proposer):
            return _answer(s, seat, proposer, isinstance(action, Accept))
        case Withdraw(partner):
            return f"Withdraw your trade offer to {seat_ref(partner)}"
    # Only "back" is left, which the panel labels itself.
    return notation(action)


# ------------------------------------------------------------------------------- weaving
def _progress(homework: Homework, letter: str) -> str:
    """How far ``homework`` will be once ``letter`` is woven on it."""
    after = homework.with_tile(letter)
    if is_complete(after):
        data = spell(homework.spell)
        return f" ✨ completes it: +{plural(data.credits, 'credit')}"
    total = len(homework.spell)
    return f" ({len(after.woven)}/{total} letters)"


def _weave(student: Student, letter: str, target: str, cost: int, found: bool = False) -> str:
    homework = student.homework_spell(target)
    assert homework is not None
    what = f"the {tile_label(letter)} you found" if found else tile_label(letter)
    paid = f" · {cost} spirit" if cost else ""
    return fitted(f"Weave {what} onto {spell(target).name}", _progress(homework, letter), paid)


def _move(s: MagicSpellState, seat: int, letter: str, source: str, target: str) -> str:
    student = s.students[seat]
    homework = student.homework_spell(target)
    assert homework is not None
    step = s.steps[seat]
    extra = step is not None and (
        step.kind == "more" or (step.kind in ("move-to", "move") and step.extra)
    )
    cost = MOVE_COST + (extra_cost(s, seat) if extra else 0)
    head = f"Move {tile_label(letter)} from {spell(source).name} onto {spell(target).name}"
    return fitted(head, _progress(homework, letter), f" · {cost} spirit")


def _whole_weave(s: MagicSpellState, seat: int, weave: Weave | WeaveFound | CompositeMove) -> str:
    """The first part of a weave-then-stop move: the weave, without its details."""
    student = s.students[seat]
    match weave:
        case Weave(letter, target):
            homework = student.homework_spell(target)
            assert homework is not None
            done = " ✨" if is_complete(homework.with_tile(letter)) else ""
            return f"Weave {tile_label(letter)} onto {spell(target).name}{done}"
        case WeaveFound(target):
            step = s.steps[seat]
            assert step is not None
            return f"Weave the {tile_label(s.lab[step.slot])} onto {spell(target).name}"
        case CompositeMove(letter, source, target):
            return f"Move {tile_label(letter)} from {spell(source).name} to {spell(target).name}"
    raise AssertionError(weave)


def _whole_cost(s: MagicSpellState, seat: int, weave: Weave | WeaveFound | CompositeMove) -> str:
    """What a weave-then-stop move costs, when it costs anything."""
    step = s.steps[seat]
    cost = extra_cost(s, seat) if step is not None and step.kind == "more" else 0
    if isinstance(weave, CompositeMove):
        cost += MOVE_COST
    return f" · {cost} spirit" if cost else ""


def _start_move(s: MagicSpellState, seat: int, step: Step | None) -> str:
    extra = step is not None and step.kind == "more"
    cost = MOVE_COST + (extra_cost(s, seat) if extra else 0)
    return f"Move a woven tile to another homework spell ({cost} spirit)"


def _move_to(student: Student, target: str) -> str:
    homework = student.homework_spell(target)
    assert homework is not None
    return fitted(f"Onto {spell(target).name}", f": needs {_needs(homework)}")


def _needs(homework: Homework) -> str:
    need = missing(homework)
    letters = [letter for letter, n in sorted(need.items()) for _ in range(n)]
    return tiles_text(letters)


def _done(step: Step | None) -> str:
    if step is not None and step.kind == "jettison":
        return "Stop jettisoning and end your turn"
    return "Stop weaving and end your turn"


# ------------------------------------------------------------------------------ scrounging
def _remembered(s: MagicSpellState, seat: int, slot: int) -> str:
    """What the seat remembers of the face-down tile at ``slot``."""
    if laboratory.knows(s, seat, slot):
        return f" (you saw {tile_label(s.lab[slot])} there)"
    return ""


def _scrounge_row(s: MagicSpellState, seat: int, row: int) -> str:
    places = laboratory.face_down_in_row(s, row)
    seen = [s.lab[slot] for slot in places if laboratory.knows(s, seat, slot)]
    head = f"🔍 Scrounge row {row_label(row)}"
    count = f": {len(places)} face down"
    remembered = f", you saw {tiles_text(seen)}" if seen else ""
    return fitted(head, count, remembered)


def _keep(s: MagicSpellState, seat: int, step: Step) -> str:
    student = s.students[seat]
    letter = s.lab[step.slot]
    count = len(student.cabinet) + 1
    limit = cabinet_limit(student)
    over = " (one over: return a tile)" if count > limit else f" ({count}/{limit} tiles)"
    return fitted(f"Keep the {tile_label(letter)} in your cabinet", over)


def _rest(student: Student) -> str:
    after = student.spirit + REST_GAIN
    if owns(student, "daily_spirit") or after < SPIRIT_FLOOR:
        after += 1
    return fitted(f"💤 Rest: +{REST_GAIN} spirit", f" ({student.spirit} → {after} by turn's end)")


# -------------------------------------------------------------------------------- casting
#: What each cast spell does, with the decisions it asks for as ``{target}``, ``{row}``,
#: ``{tile}``, ``{mine}``, ``{letter}``, ``{homework}``, and its size as ``{amount}``.
_EFFECTS: dict[str, str] = {
    "peek_tile": "look at {tile}",
    "peek_homework": "look at {target}'s homework",
    "peek_cabinet": "look in {target}'s cabinet",
    "peek_row": "look at every tile of {row}",
    "augury": "see the deck's top 3 spells, keep one",
    "steal_tile": "steal a random tile from {target}",
    "steal_spirit": "take {amount} spirit from {target}",
    "steal_homework": "snatch a random homework spell from {target}",
    "swap_tile": "give {target} {mine} for a random tile",
    "cadge": "ask {target} for {letter}",
    "gain_spirit": "gain {amount} spirit",
    "drain": "{target} loses {amount} spirit",
    "drain_all": "every opponent loses {amount} spirit",
    "swap_spirit": "swap spirit with {target}",
    "block": "{target} {block}",
    "shuffle_row": "mix the face-down tiles of {row}",
    "shuffle_lab": "mix every face-down tile of the laboratory",
    "draw_tiles": "take {amount} random face-down tiles",
    "expel": "{target} loses a random tile to the laboratory",
    "jettison": "return tiles from your cabinet for 1 spirit each",
    "ablution": "trade your whole cabinet for random tiles",
    "swap_lab": "swap {mine} for {tile}",
    "palimpsest": "shelve {homework} and draw a new spell",
    "draw_spell": "draw a spell into your homework",
    "shelve": "{target} shelves a random homework spell",
    "extra_turn": "take another turn after this one",
    "pass_right": "everyone passes a random tile to the right",
}
_BLOCKS = {
    "cast": "may not cast on their next turn",
    "scrounge": "may not scrounge on their next turn",
    "trade": "may not trade until their next turn ends",
    "weave": "may not weave on their next turn",
}


def _effect(
    s: MagicSpellState,
    seat: int,
    data: SpellData,
    *,
    target: int = -1,
    row: int = -1,
    tile: int = -1,
    mine: str = "",
    letter: str = "",
    homework: str = "",
    among: int = -1,
) -> str:
    """What casting ``data`` does, with the decisions made so far filled in (``among``: the
    row its tile is to be chosen from)."""
    if target < 0 and s.players == 2:
        target = s.opponents(seat)[0]
    return _EFFECTS[data.effect].format(
        target=seat_ref(target) if target >= 0 else "an opponent",
        row=f"row {row_label(row)}" if row >= 0 else "a row",
        tile=f"tile {tile + 1}"
        if tile >= 0
        else f"a tile of row {row_label(among)}"
        if among >= 0
        else "a tile",
        mine=f"your {tile_label(mine)}" if mine else "a tile of yours",
        letter=tile_label(letter) if letter else "a letter",
        homework=spell(homework).name if homework else "a homework spell",
        amount=data.amount,
        block=_BLOCKS.get(data.block or "", ""),
    )


def _requirement(data: SpellData) -> str:
    owed = []
    if data.spirit:
        owed.append(f"{data.spirit} spirit")
    if data.tiles:
        owed.append(plural(data.tiles, "tile"))
    return f" ({', '.join(owed)})" if owed else ""


def _cast(s: MagicSpellState, seat: int, word: str) -> str:
    data = spell(word)
    return fitted(f"✨ Cast {data.name}: {_effect(s, seat, data)}", _requirement(data))


def _whole_cast(s: MagicSpellState, seat: int, word: str, choices: tuple[CastChoice, ...]) -> str:
    data = spell(word)
    target = row = tile = -1
    mine = letter = homework = ""
    paid: list[str] = []
    for choice in choices:
        match choice:
            case Target(seat_chosen):
                target = seat_chosen
            case Row(row_chosen):
                row = row_chosen
            case Tile(slot):
                tile = slot
            case Use(letter_used):
                mine = letter_used
            case NameLetter(letter_named):
                letter = letter_named
            case ChooseHomework(word_chosen):
                homework = word_chosen
            case Pay(letter_paid):
                paid.append(letter_paid)
    effect = _effect(
        s,
        seat,
        data,
        target=target,
        row=row,
        tile=tile,
        mine=mine,
        letter=letter,
        homework=homework,
    )
    paying = f", paying {tiles_text(paid)}" if paid else ""
    return fitted(f"✨ Cast {data.name}: {effect}{paying}", _requirement(data))


def _cast_choice(s: MagicSpellState, seat: int, step: Step, choice: CastChoice) -> str:
    data = spell(step.spell)
    student = s.students[seat]
    match choice:
        case Target(target):
            effect = _effect(s, seat, data, target=target, mine=step.mine)
            return fitted(_capital(effect), _about(s, seat, target, data))
        case Row(row):
            places = laboratory.face_down_in_row(s, row)
            known = sum(laboratory.knows(s, seat, slot) for slot in places)
            seen = f", you saw {known}" if known else ""
            effect = _effect(s, seat, data, row=row, mine=step.mine, among=row)
            return fitted(_capital(effect), f": {len(places)} face down{seen}")
        case Tile(slot):
            effect = _effect(s, seat, data, tile=slot, mine=step.mine)
            return fitted(_capital(effect), _remembered(s, seat, slot))
        case Use(letter):
            verb = "Give away" if data.effect == "swap_tile" else "Swap out"
            return fitted(f"{verb} your {tile_label(letter)}", _needed_by(student, letter))
        case NameLetter(letter):
            return fitted(f"Ask for {tile_label(letter)}", _needed_by(student, letter))
        case ChooseHomework(word):
            homework = student.homework_spell(word)
            assert homework is not None
            woven = len(homework.woven)
            back = f" ({_going_back(woven)})" if woven else " (nothing woven)"
            return fitted(f"Shelve {spell(word).name}", back)
        case Pay(letter):
            return fitted(f"Pay with {tile_label(letter)}", _needed_by(student, letter))
    raise AssertionError(choice)


def _about(s: MagicSpellState, seat: int, target: int, data: SpellData) -> str:
    """What the table knows of ``target`` that the spell acts on."""
    other = s.students[target]
    match data.effect:
        case "peek_cabinet" | "steal_tile" | "swap_tile" | "cadge" | "expel":
            return f" (cabinet: {plural(len(other.cabinet), 'tile')})"
        case "peek_homework" | "steal_homework" | "shelve":
            return f" ({plural(len(other.homework), 'homework spell')})"
        case "steal_spirit" | "drain":
            return f" (has {other.spirit} spirit)"
        case "swap_spirit":
            return f" (their {other.spirit} for your {s.students[seat].spirit})"
    return ""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _needed_by(student: Student, letter: str) -> str:
    """Which of the student's homework spells still need ``letter``."""
    wanting = [h.spell for h in student.homework if letter != STONE and fits(h, letter)]
    if not wanting:
        return " (no homework needs it)"
    names = ", ".join(spell(w).name for w in wanting)
    return f" ({names} {'needs' if len(wanting) == 1 else 'need'} it)"


def _take(word: str) -> str:
    data = spell(word)
    return fitted(
        f"Take {data.name} into your homework",
        f" ({plural(data.credits, 'credit')}, {len(data.word)} letters)",
    )


# ---------------------------------------------------------------------------- end of turn
def _return_tile(student: Student, letter: str) -> str:
    count = student.cabinet.count(letter)
    held = f" (you hold {count})" if count > 1 else ""
    return fitted(
        f"Return {tile_label(letter)} to the laboratory", _needed_by(student, letter), held
    )


def _return_spell(student: Student, word: str) -> str:
    homework = student.homework_spell(word)
    assert homework is not None
    woven = f" ({_going_back(len(homework.woven))})" if homework.woven else " (nothing woven)"
    return fitted(f"Put {spell(word).name} under the deck", woven)


def _going_back(woven: int) -> str:
    return f"{plural(woven, 'woven tile')} {'goes' if woven == 1 else 'go'} back"


# -------------------------------------------------------------------------------- trading
def _trade_with(s: MagicSpellState, other: int) -> str:
    student = s.students[other]
    holds = (
        f" (cabinet {len(student.cabinet)}, homework {len(student.homework)}, "
        f"spellbook {len(student.spellbook)})"
    )
    return fitted(f"🤝 Offer {seat_ref(other)} a trade", holds)


def _item(student: Student, item: Item) -> str:
    """One of ``student``'s own tiles or spells, as they know it."""
    if item.kind == "tile":
        return f"your {tile_label(item.letter)}"
    if item.kind == "woven":
        return f"the {tile_label(item.letter)} on {spell(item.spell).name} ({UNWEAVE_COST} spirit)"
    homework = student.homework_spell(item.spell)
    if homework is None:
        data = spell(item.spell)
        return f"{data.name} from your spellbook ({plural(data.credits, 'credit')})"
    woven = f"woven {tiles_text(homework.woven)}" if homework.woven else "nothing woven"
    return f"homework {spell(item.spell).name} ({woven})"


def _spare(student: Student, item: Item) -> str:
    """Whether a tile given away is one the student's homework still needs."""
    return _needed_by(student, item.letter) if item.kind == "tile" and item.letter != STONE else ""


def _ask(s: MagicSpellState, seat: int, partner: int, want: Want, verb: str, sent: str) -> str:
    head = f"{verb} {_want(s, seat, partner, want)}{sent}"
    if want.kind == "letter":
        return fitted(
            head, _needed_by(s.students[seat], want.letter) if want.letter != STONE else ""
        )
    return head


def _want(s: MagicSpellState, seat: int, partner: int, want: Want) -> str:
    """What an offer from ``seat`` to ``partner`` asks for, as ``seat`` reads it."""
    if want.kind == "letter":
        return a_tile(want.letter)
    if want.kind == "spellbook":
        return f"{spell(want.spell).name} from {seat_ref(partner)}'s spellbook"
    return f"a homework spell of {seat_ref(partner)}'s choice"


def _answer(s: MagicSpellState, seat: int, proposer: int, accept: bool) -> str:
    offer = offer_from(s, proposer, seat)
    assert offer is not None
    verb = "Accept" if accept else "Decline"
    parts = [_offered(s, offer, item) for item in offer.gives]
    offered = ", ".join(name for name, _ in parts)
    detail = "".join(more for _, more in parts) if len(parts) == 1 else ""
    head = f"{verb} {seat_ref(proposer)}'s {offered}"
    wanted = f" for {', '.join(_for(want) for want in offer.wants)}"
    if shown_length(head + detail + wanted) <= LABEL_LIMIT:
        return head + detail + wanted
    return head + wanted


def _offered(s: MagicSpellState, offer: Offer, item: Item) -> tuple[str, str]:
    """What the proposer of ``offer`` gives, as the partner was told it, and more about it."""
    if item.kind == "tile":
        return tile_label(item.letter), ""
    if item.kind == "woven":
        return f"{tile_label(item.letter)} off {spell(item.spell).name}", ""
    data = spell(item.spell)
    credits = plural(data.credits, "credit")
    homework = s.students[offer.proposer].homework_spell(item.spell)
    if homework is None:
        return f"spellbook {data.name}", f" ({credits})"
    woven = tiles_text(homework.woven) if homework.woven else "nothing"
    return f"homework {data.name}", f" ({credits}, woven {woven})"


def _for(want: Want) -> str:
    if want.kind == "letter":
        return "a stone of yours" if want.letter == STONE else f"your {tile_label(want.letter)}"
    if want.kind == "spellbook":
        return f"your {spell(want.spell).name}"
    return "homework of your choice"


__all__ = ["fitted", "label"]
