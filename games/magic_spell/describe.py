"""A Magic Spell view as a platform-neutral board."""

from __future__ import annotations

from games.core import FINAL_SCORES, Board, BoardField, seat_ref
from games.magic_spell.scoring import ScoreLine
from games.magic_spell.spells import spell
from games.magic_spell.state import ROW
from games.magic_spell.text import plural, row_label, spell_name, tile_label, tiles_text
from games.magic_spell.view import UNKNOWN, MagicSpellView, PendingView, StudentView

FACE_DOWN, EMPTY = "▪", "·"

_PUBLIC_STEP = {
    "move-to": "{who} is moving a woven tile.",
    "move": "{who} is moving a woven tile.",
    "more": "{who} may weave again.",
    "row": "{who} is scrounging in row {row}.",
    "found": "{who} looks at tile {place}.",
    "cast": "{who} is casting {spell}.",
    "augury": "{who} chooses a spell from the top of the deck.",
    "jettison": "{who} is jettisoning tiles.",
    "discard-tile": "{who} returns tiles down to the cabinet limit.",
    "discard-spell": "{who} returns homework down to the limit.",
}

_HINTS = {
    "move-to": "choose where the tile goes: `move to SPELL`, or `back`.",
    "move": "choose the tile: `move e from SPELL`, or `back`.",
    "more": "weave again for spirit (`weave e on SPELL`, `move`), or `done`.",
    "row": "choose the tile: `tile N`, or `back`.",
    "found": "`weave it on SPELL`, `keep` it, or `put back`.",
    "cast": "choose: `target N`, `row 11-20`, `tile N`, `use e`, `letter e`, `homework SPELL` "
    "or `pay e`, as the spell asks; or `back`.",
    "augury": "`take SPELL`: the others go to the bottom of the deck.",
    "jettison": "`jettison e` for 1 spirit each, or `done`.",
    "discard-tile": "`return e`: your cabinet is over its limit.",
    "discard-spell": "`return SPELL`: your homework is over its limit.",
    "give": "choose what to give: `give e`, `give e from SPELL`, `give SPELL`, or `back`.",
    "want": "choose what to ask for: `for e`, `for SPELL`, `for homework`, or `back`.",
    "accept": "choose what to hand over: `give e`, `give e from SPELL`, `give SPELL`, or `back`.",
}


def describe(view: MagicSpellView) -> Board:
    """The table for everyone, plus the viewer's own cabinet, homework and decisions."""
    fields = [BoardField(name="Laboratory", value=_laboratory(view))]
    fields += [_student_field(view, s) for s in view.students]
    if view.cabinet is not None:
        fields.append(BoardField(name="Your cabinet", value=tiles_text(view.cabinet)))
    if view.homework is not None:
        fields.append(BoardField(name="Your homework", value=_homework(view)))
    if view.offers:
        fields.append(BoardField(name="Trade offers", value=_offers(view)))
    if view.scores is not None:
        fields.append(BoardField(name=FINAL_SCORES, value=_final(view)))
    return Board(
        title=_title(view),
        description=_status(view),
        fields=tuple(fields),
        footer=_footer(view),
    )


def _title(view: MagicSpellView) -> str:
    if view.finished:
        return "Magic Spell · graded"
    title = f"Magic Spell · round {view.round} of {view.semester_rounds}"
    if view.grader is not None:
        title += " · last turns"
    return title


def _status(view: MagicSpellView) -> str:
    if view.finished:
        return (
            "The spellbooks are graded. Most credits wins; on a tie, whoever submitted for "
            "grading first."
        )
    lines = []
    if view.grader is not None:
        lines.append(
            f"{seat_ref(view.grader)} has submitted their spellbook for grading: "
            f"{plural(view.last_turns, 'last turn')} to go."
        )
    who = seat_ref(view.current)
    public = [p for p in view.pending if p.seat == view.current and view.viewer != p.seat]
    if public:
        lines.append(_public_line(public[0]))
    else:
        lines.append(f"{who}'s turn: weave, cast, scrounge, research or rest.")
    own = [p for p in view.pending if p.seat == view.viewer]
    if own:
        lines.append(_your_decision(own[0]))
    elif view.viewer == view.current:
        lines.append("**Your move.**")
    elif view.viewer is not None and view.viewer in view.to_act:
        lines.append("You may trade with a student who is not taking a turn.")
    return "\n".join(lines)


def _public_line(pending: PendingView) -> str:
    return _PUBLIC_STEP[pending.kind].format(
        who=seat_ref(pending.seat),
        row=row_label(pending.row) if pending.row >= 0 else "",
        place=pending.slot + 1,
        spell=spell_name(pending.spell) if pending.spell else "a spell",
    )


def _your_decision(pending: PendingView) -> str:
    hint = _HINTS[pending.kind]
    if pending.kind == "found":
        return f"**Tile {pending.slot + 1} is {tile_label(pending.letter)}:** {hint}"
    if pending.kind == "move":
        return f"**Moving a tile onto {spell_name(pending.spell)}:** {hint}"
    if pending.kind == "cast":
        return f"**Casting {spell_name(pending.spell)}:** {hint}"
    if pending.kind == "augury":
        names = ", ".join(spell_name(w) for w in pending.seen)
        return f"**The deck's top spells:** {names}. {hint}"
    if pending.kind in ("give", "want"):
        offer = f" (giving {pending.detail})" if pending.detail else ""
        return f"**Trade offer to {seat_ref(pending.target)}{offer}:** {hint}"
    if pending.kind == "accept":
        return f"**{seat_ref(pending.target)} asks for {pending.detail}:** {hint}"
    return f"**Your decision:** {hint}"


def _laboratory(view: MagicSpellView) -> str:
    lines = []
    for start in range(0, len(view.lab), ROW):
        marks = [_place_mark(letter) for letter in view.lab[start : start + ROW]]
        lines.append(f"`{row_label(start // ROW):>6}` {' '.join(marks)}")
    face_down = sum(1 for letter in view.lab if letter)
    lines.append(f"{plural(face_down, 'tile')} face down · deck: {plural(view.deck_size, 'spell')}")
    if view.stones_removed:
        stones = plural(view.stones_removed, "philosopher's stone")
        lines.append(f"{stones} out of the game")
    return "\n".join(lines)


def _place_mark(letter: str) -> str:
    if not letter:
        return EMPTY
    if letter == UNKNOWN:
        return FACE_DOWN
    return tile_label(letter)


def _student_field(view: MagicSpellView, s: StudentView) -> BoardField:
    marks = []
    if view.grader == s.seat:
        marks.append("graded")
    if s.seat == view.current and not view.finished:
        marks.append("▶")
    name = seat_ref(s.seat) + (f" ({', '.join(marks)})" if marks else "")
    homework = ", ".join(
        tiles_text(h.letters) if view.open_research and h.letters else str(h.woven)
        for h in s.homework
    )
    spellbook = ", ".join(f"{spell(w).name} {spell(w).credits}" for w in s.spellbook)
    lines = [
        f"Spirit {s.spirit} · cabinet {plural(s.cabinet_size, 'tile')}",
        f"Homework: {plural(len(s.homework), 'spell')}"
        + (f" (woven: {homework})" if s.homework else ""),
        f"Spellbook ({s.credits}/{view.courseload} credits): {spellbook or 'empty'}",
    ]
    if s.blocks:
        lines.append("May not: " + ", ".join(s.blocks))
    return BoardField(name=name, value="\n".join(lines), inline=True)


def _homework(view: MagicSpellView) -> str:
    assert view.homework is not None
    if not view.homework:
        return "none"
    lines = []
    for h in view.homework:
        woven = tiles_text(h.woven) if h.woven else "nothing"
        lines.append(
            f"{spell_name(h.spell)} ({plural(h.credits, 'credit')}): woven {woven} · "
            f"needs {tiles_text(h.missing)}"
        )
    return "\n".join(lines)


def _offers(view: MagicSpellView) -> str:
    lines = []
    for offer in view.offers:
        head = f"{seat_ref(offer.proposer)} → {seat_ref(offer.partner)}"
        lines.append(f"{head}: {offer.give} for {offer.want}" if offer.give else head)
    return "\n".join(lines)


def _score(line: ScoreLine) -> str:
    parts = [f"spells {line.spell_credits}"]
    if line.stones:
        parts.append(f"stones {line.stones}")
    extra = " · submitted first" if line.graded_first else ""
    return f"**{line.total}** = " + " + ".join(parts) + f" ({plural(line.spells, 'spell')}){extra}"


def _final(view: MagicSpellView) -> str:
    assert view.scores is not None
    ordered = sorted(view.scores, key=lambda x: (-x.total, not x.graded_first, x.seat))
    return "\n".join(f"{seat_ref(line.seat)}: {_score(line)}" for line in ordered)


def _footer(view: MagicSpellView) -> str:
    if view.finished:
        return "Thanks for playing Magic Spell."
    return (
        "Turn: weave E on SPELL · cast SPELL · scrounge 11-20 (or scrounge 17) · research · rest"
        " — between turns: trade with N"
    )
