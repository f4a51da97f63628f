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
from games.core.words import Msg, joined, msg, nmsg, pmsg
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
from games.magic_spell.text import (
    a_tile,
    credits_text,
    homework_count,
    row_label,
    tile_label,
    tiles_count,
    tiles_text,
    title,
)
from games.magic_spell.trading import UNWEAVE_COST, offer_from
from games.magic_spell.weaving import MOVE_COST, extra_cost

#: The longest label, with every name filled in at :data:`NAME_LIMIT` characters.
#: The longest player name a label leaves room for.


#: How much longer than the English a translated answer to an offer may read.
TRANSLATION_ROOM = 8


def fitted(head: str, *details: str) -> str:
    """``head`` followed by as many of ``details`` (in order) as fit within :data:`LABEL_LIMIT`."""
    parts = [head]
    length = shown_length(head)
    for detail in details:
        if detail and length + shown_length(detail) <= LABEL_LIMIT:
            parts.append(detail)
            length += shown_length(detail)
    return joined(parts, "") if len(parts) > 1 else head


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
                msg("{weave} and end your turn", weave=_whole_weave(s, seat, weave)),
                _whole_cost(s, seat, weave),
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
            return fitted(msg("Look at tile {place}", place=slot + 1), _remembered(s, seat, slot))
        case CompositeScrounge(slot):
            return fitted(msg("Scrounge tile {place}", place=slot + 1), _remembered(s, seat, slot))
        case Keep() if step is not None:
            return _keep(s, seat, step)
        case PutBack() if step is not None:
            if s.lab[step.slot] == STONE:
                return msg("Return the stone: it leaves the game; end your turn")
            letter = tile_label(s.lab[step.slot])
            return msg("Put the {tile} back face down and end your turn", tile=letter)
        case Research():
            return fitted(
                msg("📜 Research: draw a spell for {cost} spirit", cost=RESEARCH_COST),
                msg(" (you have {spirit})", spirit=student.spirit),
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
            return fitted(
                msg("Jettison {tile}: +1 spirit", tile=tile_label(letter)),
                _needed_by(student, letter),
            )
        case ReturnTile(letter):
            return _return_tile(student, letter)
        case ReturnSpell(word):
            return _return_spell(student, word)
        case TradeWith(other):
            return _trade_with(s, other)
        case Give(item) if step is not None and step.kind == "give":
            return fitted(
                msg("Give {item}", item=_item(student, item)),
                msg(" to {who}", who=seat_ref(step.target)),
                _spare(student, item),
            )
        case Give(item) if step is not None and step.kind == "want":
            return fitted(msg("Also give {item}", item=_item(student, item)), _spare(student, item))
        case Give(item) if step is not None:
            return fitted(
                msg("Hand over {item}", item=_item(student, item)),
                msg(" to {who}", who=seat_ref(step.target)),
            )
        case AskAlso(want) if step is not None:
            head = msg("Also ask for {want}", want=_want(s, seat, step.target, want))
            return _ask(s, seat, want, head)
        case Ask(want) if step is not None:
            asked = _want(s, seat, step.target, want)
            if step.wants or step.items:
                head = msg("Ask for {want} and send the offer", want=asked)
            else:
                head = msg("Ask for {want}", want=asked)
            return _ask(s, seat, want, head)
        case CompositeOffer(other, items, wants):
            given = joined([_item(student, item) for item in items], ", ")
            asked = joined([_want(s, seat, other, want) for want in wants], ", ")
            return msg(
                "Offer {who} {given} for {asked}", who=seat_ref(other), given=given, asked=asked
            )
        case Accept(proposer) | Decline(proposer):
            return _answer(s, seat, proposer, isinstance(action, Accept))
        case Withdraw(partner):
            return msg("Withdraw your trade offer to {who}", who=seat_ref(partner))
    # Only "back" is left, which the panel labels itself.
    return pmsg("label", "back") if notation(action) == "back" else notation(action)


# ------------------------------------------------------------------------------- weaving
def _progress(homework: Homework, letter: str) -> str:
    """How far ``homework`` will be once ``letter`` is woven on it."""
    after = homework.with_tile(letter)
    if is_complete(after):
        data = spell(homework.spell)
        return msg(" ✨ completes it: +{credits}", credits=credits_text(data.credits))
    total = len(homework.spell)
    return msg(" ({woven}/{total} letters)", woven=len(after.woven), total=total)


def _weave(student: Student, letter: str, target: str, cost: int, found: bool = False) -> str:
    homework = student.homework_spell(target)
    assert homework is not None
    paid = _paid(cost)
    if found:
        head = msg(
            "Weave the {tile} you found onto {spell}", tile=tile_label(letter), spell=title(target)
        )
    else:
        head = msg("Weave {tile} onto {spell}", tile=tile_label(letter), spell=title(target))
    return fitted(head, _progress(homework, letter), paid)


def _paid(cost: int) -> str:
    """`` · 2 spirit``, or "" for nothing."""
    return msg(" · {cost} spirit", cost=cost) if cost else ""


def _move(s: MagicSpellState, seat: int, letter: str, source: str, target: str) -> str:
    student = s.students[seat]
    homework = student.homework_spell(target)
    assert homework is not None
    step = s.steps[seat]
    extra = step is not None and (
        step.kind == "more" or (step.kind in ("move-to", "move") and step.extra)
    )
    cost = MOVE_COST + (extra_cost(s, seat) if extra else 0)
    head = msg(
        "Move {tile} from {source} onto {target}",
        tile=tile_label(letter),
        source=title(source),
        target=title(target),
    )
    return fitted(head, _progress(homework, letter), _paid(cost))


def _whole_weave(s: MagicSpellState, seat: int, weave: Weave | WeaveFound | CompositeMove) -> str:
    """The first part of a weave-then-stop move: the weave, without its details."""
    student = s.students[seat]
    match weave:
        case Weave(letter, target):
            homework = student.homework_spell(target)
            assert homework is not None
            if is_complete(homework.with_tile(letter)):
                return msg(
                    "Weave {tile} onto {spell} ✨", tile=tile_label(letter), spell=title(target)
                )
            return msg("Weave {tile} onto {spell}", tile=tile_label(letter), spell=title(target))
        case WeaveFound(target):
            step = s.steps[seat]
            assert step is not None
            return msg(
                "Weave the {tile} onto {spell}",
                tile=tile_label(s.lab[step.slot]),
                spell=title(target),
            )
        case CompositeMove(letter, source, target):
            return msg(
                "Move {tile} from {source} to {target}",
                tile=tile_label(letter),
                source=title(source),
                target=title(target),
            )
    raise AssertionError(weave)


def _whole_cost(s: MagicSpellState, seat: int, weave: Weave | WeaveFound | CompositeMove) -> str:
    """What a weave-then-stop move costs, when it costs anything."""
    step = s.steps[seat]
    cost = extra_cost(s, seat) if step is not None and step.kind == "more" else 0
    if isinstance(weave, CompositeMove):
        cost += MOVE_COST
    return _paid(cost)


def _start_move(s: MagicSpellState, seat: int, step: Step | None) -> str:
    extra = step is not None and step.kind == "more"
    cost = MOVE_COST + (extra_cost(s, seat) if extra else 0)
    return msg("Move a woven tile to another homework spell ({cost} spirit)", cost=cost)


def _move_to(student: Student, target: str) -> str:
    homework = student.homework_spell(target)
    assert homework is not None
    return fitted(
        msg("Onto {spell}", spell=title(target)), msg(": needs {tiles}", tiles=_needs(homework))
    )


def _needs(homework: Homework) -> str:
    need = missing(homework)
    letters = [letter for letter, n in sorted(need.items()) for _ in range(n)]
    return tiles_text(letters)


def _done(step: Step | None) -> str:
    if step is not None and step.kind == "jettison":
        return msg("Stop jettisoning and end your turn")
    return msg("Stop weaving and end your turn")


# ------------------------------------------------------------------------------ scrounging
def _remembered(s: MagicSpellState, seat: int, slot: int) -> str:
    """What the seat remembers of the face-down tile at ``slot``."""
    if laboratory.knows(s, seat, slot):
        return msg(" (you saw {tile} there)", tile=tile_label(s.lab[slot]))
    return ""


def _scrounge_row(s: MagicSpellState, seat: int, row: int) -> str:
    places = laboratory.face_down_in_row(s, row)
    seen = [s.lab[slot] for slot in places if laboratory.knows(s, seat, slot)]
    head = msg("🔍 Scrounge row {row}", row=row_label(row))
    count = msg(": {count} face down", count=len(places))
    remembered = msg(", you saw {tiles}", tiles=tiles_text(seen)) if seen else ""
    return fitted(head, count, remembered)


def _keep(s: MagicSpellState, seat: int, step: Step) -> str:
    student = s.students[seat]
    letter = s.lab[step.slot]
    count = len(student.cabinet) + 1
    limit = cabinet_limit(student)
    over = (
        msg(" (one over: return a tile)")
        if count > limit
        else msg(" ({count}/{limit} tiles)", count=count, limit=limit)
    )
    return fitted(msg("Keep the {tile} in your cabinet", tile=tile_label(letter)), over)


def _rest(student: Student) -> str:
    after = student.spirit + REST_GAIN
    if owns(student, "daily_spirit") or after < SPIRIT_FLOOR:
        after += 1
    return fitted(
        msg("💤 Rest: +{gain} spirit", gain=REST_GAIN),
        msg(" ({spirit} → {after} by turn's end)", spirit=student.spirit, after=after),
    )


# -------------------------------------------------------------------------------- casting
#: What each cast spell does, with the decisions it asks for as ``{target}``, ``{row}``,
#: ``{tile}``, ``{mine}``, ``{letter}``, ``{homework}``, and its size as ``{amount}``.
_EFFECTS: dict[str, Msg] = {
    "peek_tile": msg("look at {tile}"),
    "peek_homework": msg("look at {target}'s homework"),
    "peek_cabinet": msg("look in {target}'s cabinet"),
    "peek_row": msg("look at every tile of {row}"),
    "augury": msg("see the deck's top 3 spells, keep one"),
    "steal_tile": msg("steal a random tile from {target}"),
    "steal_spirit": msg("take {amount} spirit from {target}"),
    "steal_homework": msg("snatch a random homework spell from {target}"),
    "swap_tile": msg("give {target} {mine} for a random tile"),
    "cadge": msg("ask {target} for {letter}"),
    "gain_spirit": msg("gain {amount} spirit"),
    "drain": msg("{target} loses {amount} spirit"),
    "drain_all": msg("every opponent loses {amount} spirit"),
    "swap_spirit": msg("swap spirit with {target}"),
    "shuffle_row": msg("mix the face-down tiles of {row}"),
    "shuffle_lab": msg("mix every face-down tile of the laboratory"),
    "draw_tiles": msg("take {amount} random face-down tiles"),
    "expel": msg("{target} loses a random tile to the laboratory"),
    "jettison": msg("return tiles from your cabinet for 1 spirit each"),
    "ablution": msg("trade your whole cabinet for random tiles"),
    "swap_lab": msg("swap {mine} for {tile}"),
    "palimpsest": msg("shelve {homework} and draw a new spell"),
    "draw_spell": msg("draw a spell into your homework"),
    "shelve": msg("{target} shelves a random homework spell"),
    "extra_turn": msg("take another turn after this one"),
    "pass_right": msg("everyone passes a random tile to the right"),
}
#: The same, opening a label (only the effects a choice of target, row or tile starts).
_EFFECTS_OPENING: dict[str, Msg] = {
    "peek_tile": msg("Look at {tile}"),
    "peek_homework": msg("Look at {target}'s homework"),
    "peek_cabinet": msg("Look in {target}'s cabinet"),
    "peek_row": msg("Look at every tile of {row}"),
    "steal_tile": msg("Steal a random tile from {target}"),
    "steal_spirit": msg("Take {amount} spirit from {target}"),
    "steal_homework": msg("Snatch a random homework spell from {target}"),
    "swap_tile": msg("Give {target} {mine} for a random tile"),
    "cadge": msg("Ask {target} for {letter}"),
    "swap_spirit": msg("Swap spirit with {target}"),
    "shuffle_row": msg("Mix the face-down tiles of {row}"),
    "swap_lab": msg("Swap {mine} for {tile}"),
}
_BLOCKS: dict[str, Msg] = {
    "cast": msg("{target} may not cast on their next turn"),
    "scrounge": msg("{target} may not scrounge on their next turn"),
    "trade": msg("{target} may not trade until their next turn ends"),
    "weave": msg("{target} may not weave on their next turn"),
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
    opening: bool = False,
) -> str:
    """What casting ``data`` does, with the decisions made so far filled in (``among``: the
    row its tile is to be chosen from; ``opening``: as the label's first words)."""
    if target < 0 and s.players == 2:
        target = s.opponents(seat)[0]
    if data.effect == "block":
        said = _BLOCKS[data.block or ""]
    elif opening and data.effect in _EFFECTS_OPENING:
        said = _EFFECTS_OPENING[data.effect]
    else:
        said = _EFFECTS[data.effect]
    if tile >= 0:
        tile_text = msg("tile {place}", place=tile + 1)
    elif among >= 0:
        tile_text = msg("a tile of row {row}", row=row_label(among))
    else:
        tile_text = msg("a tile")
    return msg(
        said.template,
        target=seat_ref(target) if target >= 0 else _anyone(data),
        row=msg("row {row}", row=row_label(row)) if row >= 0 else msg("a row"),
        tile=tile_text,
        mine=msg("your {tile}", tile=tile_label(mine)) if mine else msg("a tile of yours"),
        letter=tile_label(letter) if letter else msg("a letter"),
        homework=title(homework) if homework else msg("a homework spell"),
        amount=data.amount,
    )


#: The effects whose target is the subject of the sentence ("an opponent loses 3 spirit").
_TARGET_ACTS = {"drain", "expel", "shelve", "block"}


def _anyone(data: SpellData) -> str:
    """The opponent a spell will act on, not chosen yet."""
    if data.effect in _TARGET_ACTS:
        return pmsg("subject", "an opponent")
    return msg("an opponent")


def _requirement(data: SpellData) -> str:
    owed: list[str] = []
    if data.spirit:
        owed.append(msg("{amount} spirit", amount=data.spirit))
    if data.tiles:
        owed.append(tiles_count(data.tiles))
    return msg(" ({owed})", owed=joined(owed, ", ")) if owed else ""


def _cast(s: MagicSpellState, seat: int, word: str) -> str:
    data = spell(word)
    head = msg("✨ Cast {spell}: {effect}", spell=title(word), effect=_effect(s, seat, data))
    return fitted(head, _requirement(data))


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
    if paid:
        head = msg(
            "✨ Cast {spell}: {effect}, paying {tiles}",
            spell=title(word),
            effect=effect,
            tiles=tiles_text(paid),
        )
    else:
        head = msg("✨ Cast {spell}: {effect}", spell=title(word), effect=effect)
    return fitted(head, _requirement(data))


def _cast_choice(s: MagicSpellState, seat: int, step: Step, choice: CastChoice) -> str:
    data = spell(step.spell)
    student = s.students[seat]
    match choice:
        case Target(target):
            effect = _effect(s, seat, data, target=target, mine=step.mine, opening=True)
            return fitted(effect, _about(s, seat, target, data))
        case Row(row):
            places = laboratory.face_down_in_row(s, row)
            known = sum(laboratory.knows(s, seat, slot) for slot in places)
            if known:
                down = msg(": {count} face down, you saw {known}", count=len(places), known=known)
            else:
                down = msg(": {count} face down", count=len(places))
            effect = _effect(s, seat, data, row=row, mine=step.mine, among=row, opening=True)
            return fitted(effect, down)
        case Tile(slot):
            effect = _effect(s, seat, data, tile=slot, mine=step.mine, opening=True)
            return fitted(effect, _remembered(s, seat, slot))
        case Use(letter):
            if data.effect == "swap_tile":
                head = msg("Give away your {tile}", tile=tile_label(letter))
            else:
                head = msg("Swap out your {tile}", tile=tile_label(letter))
            return fitted(head, _needed_by(student, letter))
        case NameLetter(letter):
            return fitted(
                msg("Ask for {tile}", tile=tile_label(letter)), _needed_by(student, letter)
            )
        case ChooseHomework(word):
            homework = student.homework_spell(word)
            assert homework is not None
            woven = len(homework.woven)
            back = _going_back(woven) if woven else msg(" (nothing woven)")
            return fitted(msg("Shelve {spell}", spell=title(word)), back)
        case Pay(letter):
            return fitted(
                msg("Pay with {tile}", tile=tile_label(letter)), _needed_by(student, letter)
            )
    raise AssertionError(choice)


def _about(s: MagicSpellState, seat: int, target: int, data: SpellData) -> str:
    """What the table knows of ``target`` that the spell acts on."""
    other = s.students[target]
    match data.effect:
        case "peek_cabinet" | "steal_tile" | "swap_tile" | "cadge" | "expel":
            return msg(" (cabinet: {tiles})", tiles=tiles_count(len(other.cabinet)))
        case "peek_homework" | "steal_homework" | "shelve":
            return msg(" ({spells})", spells=homework_count(len(other.homework)))
        case "steal_spirit" | "drain":
            return msg(" (has {spirit} spirit)", spirit=other.spirit)
        case "swap_spirit":
            return msg(
                " (their {theirs} for your {mine})",
                theirs=other.spirit,
                mine=s.students[seat].spirit,
            )
    return ""


def _needed_by(student: Student, letter: str) -> str:
    """Which of the student's homework spells still need ``letter``."""
    wanting = [h.spell for h in student.homework if letter != STONE and fits(h, letter)]
    if not wanting:
        return msg(" (no homework needs it)")
    names = joined([title(w) for w in wanting], ", ")
    return nmsg(" ({spells} needs it)", " ({spells} need it)", len(wanting), spells=names)


def _take(word: str) -> str:
    data = spell(word)
    return fitted(
        msg("Take {spell} into your homework", spell=title(word)),
        msg(
            " ({credits}, {letters} letters)",
            credits=credits_text(data.credits),
            letters=len(data.word),
        ),
    )


# ---------------------------------------------------------------------------- end of turn
def _return_tile(student: Student, letter: str) -> str:
    count = student.cabinet.count(letter)
    held = msg(" (you hold {count})", count=count) if count > 1 else ""
    return fitted(
        msg("Return {tile} to the laboratory", tile=tile_label(letter)),
        _needed_by(student, letter),
        held,
    )


def _return_spell(student: Student, word: str) -> str:
    homework = student.homework_spell(word)
    assert homework is not None
    woven = _going_back(len(homework.woven)) if homework.woven else msg(" (nothing woven)")
    return fitted(msg("Put {spell} under the deck", spell=title(word)), woven)


def _going_back(woven: int) -> str:
    """`` (2 woven tiles go back)``."""
    return nmsg(" ({n} woven tile goes back)", " ({n} woven tiles go back)", woven)


# -------------------------------------------------------------------------------- trading
def _trade_with(s: MagicSpellState, other: int) -> str:
    student = s.students[other]
    holds = msg(
        " (cabinet {cabinet}, homework {homework}, spellbook {spellbook})",
        cabinet=len(student.cabinet),
        homework=len(student.homework),
        spellbook=len(student.spellbook),
    )
    return fitted(msg("🤝 Offer {who} a trade", who=seat_ref(other)), holds)


def _item(student: Student, item: Item) -> str:
    """One of ``student``'s own tiles or spells, as they know it."""
    if item.kind == "tile":
        return msg("your {tile}", tile=tile_label(item.letter))
    if item.kind == "woven":
        return msg(
            "the {tile} on {spell} ({cost} spirit)",
            tile=tile_label(item.letter),
            spell=title(item.spell),
            cost=UNWEAVE_COST,
        )
    homework = student.homework_spell(item.spell)
    if homework is None:
        data = spell(item.spell)
        return msg(
            "{spell} from your spellbook ({credits})",
            spell=title(item.spell),
            credits=credits_text(data.credits),
        )
    if homework.woven:
        return msg(
            "homework {spell} (woven {tiles})",
            spell=title(item.spell),
            tiles=tiles_text(homework.woven),
        )
    return msg("homework {spell} (nothing woven)", spell=title(item.spell))


def _spare(student: Student, item: Item) -> str:
    """Whether a tile given away is one the student's homework still needs."""
    return _needed_by(student, item.letter) if item.kind == "tile" and item.letter != STONE else ""


def _ask(s: MagicSpellState, seat: int, want: Want, head: str) -> str:
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
        return msg("{spell} from {who}'s spellbook", spell=title(want.spell), who=seat_ref(partner))
    return msg("a homework spell of {who}'s choice", who=seat_ref(partner))


def _answer(s: MagicSpellState, seat: int, proposer: int, accept: bool) -> str:
    offer = offer_from(s, proposer, seat)
    assert offer is not None
    parts = [_offered(s, offer, item) for item in offer.gives]
    offered = joined([name for name, _ in parts], ", ")
    wanted = joined([_for(want) for want in offer.wants], ", ")
    detail = parts[0][1] if len(parts) == 1 else ""
    for more in (detail, "", None):
        if more is None:
            # An offer of many things, or asking for many: the panel shows it in full.
            if accept:
                return msg("Accept {who}'s trade offer", who=seat_ref(proposer))
            return msg("Decline {who}'s trade offer", who=seat_ref(proposer))
        if accept:
            said = msg(
                "Accept {who}'s {offered}{detail} for {wanted}",
                who=seat_ref(proposer),
                offered=offered,
                detail=more,
                wanted=wanted,
            )
        else:
            said = msg(
                "Decline {who}'s {offered}{detail} for {wanted}",
                who=seat_ref(proposer),
                offered=offered,
                detail=more,
                wanted=wanted,
            )
        # Room is left for a translation a few words longer than the English.
        if shown_length(said) <= LABEL_LIMIT - TRANSLATION_ROOM:
            break
    return said


def _offered(s: MagicSpellState, offer: Offer, item: Item) -> tuple[str, str]:
    """What the proposer of ``offer`` gives, as the partner was told it, and more about it."""
    if item.kind == "tile":
        return tile_label(item.letter), ""
    if item.kind == "woven":
        return msg("{tile} off {spell}", tile=tile_label(item.letter), spell=title(item.spell)), ""
    data = spell(item.spell)
    credits = credits_text(data.credits)
    homework = s.students[offer.proposer].homework_spell(item.spell)
    if homework is None:
        return (
            msg("spellbook {spell}", spell=title(item.spell)),
            msg(" ({credits})", credits=credits),
        )
    if homework.woven:
        more = msg(" ({credits}, woven {tiles})", credits=credits, tiles=tiles_text(homework.woven))
    else:
        more = msg(" ({credits}, woven nothing)", credits=credits)
    return msg("homework {spell}", spell=title(item.spell)), more


def _for(want: Want) -> str:
    if want.kind == "letter":
        if want.letter == STONE:
            return msg("a stone of yours")
        return msg("your {tile}", tile=tile_label(want.letter))
    if want.kind == "spellbook":
        return msg("your {spell}", spell=title(want.spell))
    return msg("homework of your choice")


__all__ = ["fitted", "label"]
