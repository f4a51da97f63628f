"""A Magic Spell view as a platform-neutral board: the text shown under the picture.

The picture (``picture.py``) is the table at a glance: whose turn, each student's credits,
spirit and counts, the laboratory's places and the viewer's homework and cabinet as tiles.
This board says in words what is happening and what the viewer decides now, and carries what
the picture does not: which tiles the viewer remembers and where, each student's spellbook and
the progress woven on their homework, blocks, trade offers, and the final scores itemized. It
repeats the scores and the viewer's own tiles and spirit, so that a game can be played from
the text alone when no picture is shown; it leaves out the laboratory's grid of numbers, which
it tells as the places that are empty and the tiles remembered.
"""

from __future__ import annotations

from games.core import FINAL_SCORES, Board, BoardField, seat_ref
from games.magic_spell.catalogue import effect_line, spell_brief
from games.magic_spell.scoring import ScoreLine
from games.magic_spell.spells import STONE, spell
from games.magic_spell.state import SAFETY_ROUNDS
from games.magic_spell.text import (
    plural,
    row_label,
    spell_name,
    tile_label,
    tile_word,
    tiles_text,
)
from games.magic_spell.view import UNKNOWN, MagicSpellView, PendingView, StudentView

#: From how many rounds before the last the board warns that grading is coming.
WARNING_ROUNDS = 5
#: An embed field's most characters (Discord's limit).
FIELD_LIMIT = 1024
#: The most characters the spellbook spells' effects take on a board, so that the whole
#: embed stays well inside Discord's 6,000.
EFFECTS_LIMIT = 2_000

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

#: What the viewer decides, in words: the choices themselves are listed by `/play` (and its
#: buttons) from the legal moves, so a hint never names a move that is not open.
_HINTS = {
    "move-to": "choose the homework spell the tile goes to, or `back`.",
    "move": "choose the woven tile to move, or `back`.",
    "more": "`done` ends your turn; `/play` lists any further weave (extra weaves cost spirit).",
    "row": "choose the tile to look at, by its place, or `back`.",
    "found": "`keep` it or `put back`.",
    "cast": "choose what the spell asks for (`/play` lists the choices), or `back`.",
    "augury": "keep one spell: the others go to the bottom of the deck.",
    "jettison": "return tiles for 1 spirit each, or `done`.",
    "discard-tile": "return a tile: your cabinet is over its limit.",
    "discard-spell": "return a homework spell: your homework is over its limit.",
    "give": "choose what to give, or `back`.",
    "want": "choose what to ask for (`for` sends the offer), give or ask for more, or `back`.",
    "accept": "choose what to hand over, or `back`.",
}


def describe(view: MagicSpellView) -> Board:
    """The table for everyone, plus the viewer's own cabinet, homework and decisions."""
    fields = [BoardField(name="Laboratory", value=_laboratory(view))]
    fields += [_student_field(view, s) for s in view.students]
    if view.cabinet is not None:
        fields.append(BoardField(name="Your cabinet", value=_cabinet(view), pictured=True))
    if view.homework is not None:
        fields.append(BoardField(name="Your homework", value=_homework(view)))
    fields += _spellbook_effects(view)
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
    title = f"Magic Spell · {round_text(view)}"
    if view.grader is not None:
        title += " · last turns"
    return title


def round_text(view: MagicSpellView, *, compact: bool = False) -> str:
    """The round and how many are left before the spellbooks are graded all the same: "Round
    12 of 30 · 18 left" with a semester set, "Round 12 of at most 100 · 88 left" without one
    (the safety limit, RULES.md decision 22). ``compact``, short enough for a picture's
    title, says "Round 12 · 88 left" without a semester and "Last round, 30 of 30" at its
    end."""
    last = last_round(view)
    left = max(last - view.round, 0)
    if compact and view.semester_rounds is not None:
        if left == 0:
            return f"Last round, {view.round} of {last}"
        return f"Round {view.round} of {last} · {left} left"
    if compact:
        return f"Round {view.round} · " + ("last round" if left == 0 else f"{left} left")
    ending = "the last round" if left == 0 else f"{left} left"
    if view.semester_rounds is not None:
        return f"Round {view.round} of {last} · {ending}"
    return f"Round {view.round} of at most {last} · {ending}"


def last_round(view: MagicSpellView) -> int:
    """The round after which the spellbooks are graded as they stand if nobody has submitted:
    the semester the table chose, or the safety limit."""
    return SAFETY_ROUNDS if view.semester_rounds is None else view.semester_rounds


def grading_warning(view: MagicSpellView) -> str:
    """Near the end of the semester (or of the safety limit), when grading comes anyway;
    "" before that, once a student has submitted, and once the game is over."""
    if view.finished or view.grader is not None:
        return ""
    last = last_round(view)
    left = last - view.round
    if left >= WARNING_ROUNDS:
        return ""
    when = (
        "at the end of this round"
        if left <= 0
        else f"after round {last} (this round and {left} more)"
    )
    why = (
        "the semester ends then"
        if view.semester_rounds is not None
        else "no semester was set, but Grimoire ends every game by then"
    )
    return (
        f"**Grading comes {when}:** {why}; if nobody has submitted a full courseload, the "
        "spellbooks are graded as they stand."
    )


def _status(view: MagicSpellView) -> str:
    if view.finished:
        return (
            "The spellbooks are graded. Most credits wins; on a tie, whoever submitted for "
            "grading first."
        )
    lines = []
    warning = grading_warning(view)
    if warning:
        lines.append(warning)
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
        lines.append(_your_decision(view, own[0]))
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


def _your_decision(view: MagicSpellView, pending: PendingView) -> str:
    hint = _HINTS[pending.kind]
    if pending.kind == "found":
        fits = _fitting(view, pending.letter)
        if fits:
            hint = f"`weave it on {fits}`, " + hint.replace("`keep` it or", "`keep` it, or")
        return f"**Tile {pending.slot + 1} is {tile_label(pending.letter)}:** {hint}"
    if pending.kind == "move":
        return f"**Moving a tile onto {spell_name(pending.spell)}:** {hint}"
    if pending.kind == "cast":
        return f"**Casting {spell_name(pending.spell)}:** {hint}"
    if pending.kind == "augury":
        effects = "\n".join(effect_line(w) for w in pending.seen)
        return f"**The deck's top spells:** {hint}\n{effects}"
    if pending.kind in ("give", "want"):
        offer = f" (giving {pending.detail})" if pending.detail else ""
        return f"**Trade offer to {seat_ref(pending.target)}{offer}:** {hint}"
    if pending.kind == "accept":
        return f"**{seat_ref(pending.target)} asks for {pending.detail}:** {hint}"
    return f"**Your decision:** {hint}"


def _fitting(view: MagicSpellView, letter: str) -> str:
    """The first of the viewer's homework spells a scrounged tile may be woven on, or ""."""
    assert view.viewer is not None
    if "weave" in view.students[view.viewer].blocks:
        return ""
    for homework in view.homework or ():
        # As the rules' ``fits``: a letter still unmatched, or a stone where none lies yet.
        if letter in homework.missing if letter != STONE else STONE not in homework.woven:
            return homework.spell
    return ""


def _laboratory(view: MagicSpellView) -> str:
    """The laboratory in words: how many tiles, the places left empty, the tiles the viewer
    remembers (the picture draws the same places as a grid)."""
    face_down = sum(1 for letter in view.lab if letter)
    lines = [
        f"{plural(face_down, 'tile')} face down in places 1-{len(view.lab)}, "
        f"scrounged by number · deck: {plural(view.deck_size, 'spell')}"
    ]
    empty = [i for i, letter in enumerate(view.lab) if not letter]
    if empty:
        lines.append(f"Empty: {_ranges(empty)}")
    known = [(i, letter) for i, letter in enumerate(view.lab) if letter and letter != UNKNOWN]
    if known:
        who = "You remember" if view.viewer is not None else "Seen by all"
        tiles = ", ".join(f"{tile_label(letter)} at {i + 1}" for i, letter in known)
        lines.append(f"{who}: {tiles}")
    if view.stones_removed:
        stones = plural(view.stones_removed, "philosopher's stone")
        lines.append(f"{stones} out of the game")
    return "\n".join(lines)


def _ranges(places: list[int]) -> str:
    """Places (0-based) as numbers from 1, runs joined: ``3, 20, 91-100``."""
    runs: list[list[int]] = []
    for place in places:
        if runs and runs[-1][-1] == place - 1:
            runs[-1].append(place)
        else:
            runs.append([place])
    return ", ".join(
        f"{run[0] + 1}" if len(run) == 1 else f"{run[0] + 1}-{run[-1] + 1}" for run in runs
    )


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
        f"Spellbook ({s.credits}/{view.courseload} credits): {spellbook or 'empty'}",
        f"Spirit {s.spirit} · homework: {plural(len(s.homework), 'spell')}"
        + (f" with {homework} tiles woven" if s.homework else ""),
    ]
    if s.blocks:
        lines.append("May not " + " or ".join(s.blocks) + " on their next turn")
    return BoardField(name=name, value="\n".join(lines), inline=True)


def _cabinet(view: MagicSpellView) -> str:
    """The viewer's tiles and spirit, with what spirit is for."""
    assert view.cabinet is not None
    lines = [tiles_text(view.cabinet)]
    if view.viewer is not None:
        spirit = view.students[view.viewer].spirit
        lines.append(f"Spirit {spirit} (pays for extra weaves, research and spells)")
    return "\n".join(lines)


def _homework(view: MagicSpellView) -> str:
    assert view.homework is not None
    if not view.homework:
        return "none"
    lines = []
    for h in view.homework:
        woven = tiles_text(h.woven) if h.woven else "nothing"
        lines.append(
            f"{spell_name(h.spell)} ({plural(h.credits, 'credit')}): woven {woven} · "
            f"needs {tiles_text(h.missing)}\n↳ {spell_brief(spell(h.spell))}"
        )
    return "\n".join(lines)


def _spellbook_effects(view: MagicSpellView) -> list[BoardField]:
    """What the spells in the spellbooks do, each once, in fields of at most
    ``FIELD_LIMIT`` characters; past ``EFFECTS_LIMIT`` in all, the rest are named only."""
    words = sorted({w for s in view.students for w in s.spellbook}, key=lambda w: spell(w).name)
    fields: list[BoardField] = []
    lines: list[str] = []
    used = 0
    for index, word in enumerate(words):
        line = effect_line(word)
        if used + len(line) > EFFECTS_LIMIT:
            rest = ", ".join(spell(w).name for w in words[index:])
            line = f"Also: {rest} (`/card` tells what each does)"
        if sum(len(x) + 1 for x in lines) + len(line) > FIELD_LIMIT:
            fields.append(_effects_field(lines, len(fields)))
            lines = []
        lines.append(line)
        used += len(line)
        if line.startswith("Also: "):
            break
    if lines:
        fields.append(_effects_field(lines, len(fields)))
    return fields


def _effects_field(lines: list[str], index: int) -> BoardField:
    name = "Spellbook spells" + (f" ({index + 1})" if index else "")
    return BoardField(name=name, value="\n".join(lines))


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
    """One current hint: a move the viewer may type now, or what credits are."""
    if view.finished:
        return "Thanks for playing Magic Spell."
    about = (
        f"Credits: the worth of the spells in a spellbook; {view.courseload} submit it for grading."
    )
    if view.viewer is None or view.viewer != view.current or view.pending:
        return about
    example = _turn_example(view)
    if example is None:
        return f"Your turn: `/play` suggests your moves. {about}"
    return f"Your turn: `/play` suggests your moves, e.g. `/play {example}`."


def _turn_example(view: MagicSpellView) -> str | None:
    """A move the viewer may make on this turn: a tile of their cabinet that their homework
    needs, woven, or else a scrounge of the first face-down place."""
    assert view.viewer is not None
    blocks = view.students[view.viewer].blocks
    if "weave" not in blocks:
        for homework in view.homework or ():
            for letter in sorted(set(view.cabinet or ())):
                if letter != STONE and letter in homework.missing:
                    return f"weave {tile_word(letter)} on {homework.spell}"
    if "scrounge" not in blocks:
        for place, letter in enumerate(view.lab):
            if letter:
                return f"scrounge {place + 1}"
    return None
