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
from games.core.words import joined, msg, msg_list, nmsg, pmsg
from games.magic_spell.catalogue import effect_line, spell_brief
from games.magic_spell.scoring import ScoreLine
from games.magic_spell.spells import STONE, spell
from games.magic_spell.state import SAFETY_ROUNDS
from games.magic_spell.text import (
    credits_text,
    row_label,
    spell_name,
    spells_count,
    stones_count,
    tile_label,
    tile_word,
    tiles_count,
    tiles_text,
    title,
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
    "move-to": msg("{who} is moving a woven tile."),
    "move": msg("{who} is moving a woven tile."),
    "more": msg("{who} may weave again."),
    "row": msg("{who} is scrounging in row {row}."),
    "found": msg("{who} looks at tile {place}."),
    "cast": msg("{who} is casting {spell}."),
    "augury": msg("{who} chooses a spell from the top of the deck."),
    "jettison": msg("{who} is jettisoning tiles."),
    "discard-tile": msg("{who} returns tiles down to the cabinet limit."),
    "discard-spell": msg("{who} returns homework down to the limit."),
}

#: What the viewer decides, in words: the choices themselves are listed by `/play` (and its
#: buttons) from the legal moves, so a hint never names a move that is not open.
_HINTS = {
    "move-to": msg("choose the homework spell the tile goes to, or `back`."),
    "move": msg("choose the woven tile to move, or `back`."),
    "more": msg(
        "`done` ends your turn; `/play` lists any further weave (extra weaves cost spirit)."
    ),
    "row": msg("choose the tile to look at, by its place, or `back`."),
    "found": msg("`keep` it or `put back`."),
    "cast": msg("choose what the spell asks for (`/play` lists the choices), or `back`."),
    "augury": msg("keep one spell: the others go to the bottom of the deck."),
    "jettison": msg("return tiles for 1 spirit each, or `done`."),
    "discard-tile": msg("return a tile: your cabinet is over its limit."),
    "discard-spell": msg("return a homework spell: your homework is over its limit."),
    "give": msg("choose what to give, or `back`."),
    "want": msg("choose what to ask for (`for` sends the offer), give or ask for more, or `back`."),
    "accept": msg("choose what to hand over, or `back`."),
}


def describe(view: MagicSpellView) -> Board:
    """The table for everyone, plus the viewer's own cabinet, homework and decisions."""
    fields = [BoardField(name=msg("Laboratory"), value=_laboratory(view))]
    fields += [_student_field(view, s) for s in view.students]
    if view.cabinet is not None:
        fields.append(BoardField(name=msg("Your cabinet"), value=_cabinet(view), pictured=True))
    if view.homework is not None:
        fields.append(BoardField(name=msg("Your homework"), value=_homework(view)))
    fields += _spellbook_effects(view)
    if view.offers:
        fields.append(BoardField(name=msg("Trade offers"), value=_offers(view)))
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
        return msg("Magic Spell · graded")
    if view.grader is not None:
        return msg("Magic Spell · {round} · last turns", round=round_text(view))
    return msg("Magic Spell · {round}", round=round_text(view))


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
            return msg("Last round, {round} of {last}", round=view.round, last=last)
        return msg("Round {round} of {last} · {left} left", round=view.round, last=last, left=left)
    if compact:
        if left == 0:
            return msg("Round {round} · last round", round=view.round)
        return msg("Round {round} · {left} left", round=view.round, left=left)
    if view.semester_rounds is not None:
        if left == 0:
            return msg("Round {round} of {last} · the last round", round=view.round, last=last)
        return msg("Round {round} of {last} · {left} left", round=view.round, last=last, left=left)
    if left == 0:
        return msg("Round {round} of at most {last} · the last round", round=view.round, last=last)
    return msg(
        "Round {round} of at most {last} · {left} left", round=view.round, last=last, left=left
    )


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
        msg("at the end of this round")
        if left <= 0
        else msg("after round {last} (this round and {left} more)", last=last, left=left)
    )
    why = (
        msg("the semester ends then")
        if view.semester_rounds is not None
        else msg("no semester was set, but Grimoire ends every game by then")
    )
    return msg(
        "**Grading comes {when}:** {why}; if nobody has submitted a full courseload, the "
        "spellbooks are graded as they stand.",
        when=when,
        why=why,
    )


def _status(view: MagicSpellView) -> str:
    if view.finished:
        return msg(
            "The spellbooks are graded. Most credits wins; on a tie, whoever submitted for "
            "grading first."
        )
    lines: list[str] = []
    warning = grading_warning(view)
    if warning:
        lines.append(warning)
    if view.grader is not None:
        lines.append(
            nmsg(
                "{who} has submitted their spellbook for grading: {n} last turn to go.",
                "{who} has submitted their spellbook for grading: {n} last turns to go.",
                view.last_turns,
                who=seat_ref(view.grader),
            )
        )
    who = seat_ref(view.current)
    public = [p for p in view.pending if p.seat == view.current and view.viewer != p.seat]
    if public:
        lines.append(_public_line(public[0]))
    else:
        lines.append(msg("{who}'s turn: weave, cast, scrounge, research or rest.", who=who))
    own = [p for p in view.pending if p.seat == view.viewer]
    if own:
        lines.append(_your_decision(view, own[0]))
    elif view.viewer == view.current:
        lines.append(msg("**Your move.**"))
    elif view.viewer is not None and view.viewer in view.to_act:
        lines.append(msg("You may trade with a student who is not taking a turn."))
    return joined(lines)


def _public_line(pending: PendingView) -> str:
    return msg(
        _PUBLIC_STEP[pending.kind].template,
        who=seat_ref(pending.seat),
        row=row_label(pending.row) if pending.row >= 0 else "",
        place=pending.slot + 1,
        spell=spell_name(pending.spell) if pending.spell else msg("a spell"),
    )


def _your_decision(view: MagicSpellView, pending: PendingView) -> str:
    hint = _HINTS[pending.kind]
    if pending.kind == "found":
        fits = _fitting(view, pending.letter)
        if fits:
            hint = msg("`weave it on {spell}`, `keep` it, or `put back`.", spell=fits)
        return msg(
            "**Tile {place} is {tile}:** {hint}",
            place=pending.slot + 1,
            tile=tile_label(pending.letter),
            hint=hint,
        )
    if pending.kind == "move":
        return msg(
            "**Moving a tile onto {spell}:** {hint}", spell=spell_name(pending.spell), hint=hint
        )
    if pending.kind == "cast":
        return msg("**Casting {spell}:** {hint}", spell=spell_name(pending.spell), hint=hint)
    if pending.kind == "augury":
        effects = joined(effect_line(w) for w in pending.seen)
        return msg("**The deck's top spells:** {hint}\n{effects}", hint=hint, effects=effects)
    if pending.kind in ("give", "want"):
        if pending.detail:
            return msg(
                "**Trade offer to {who} (giving {giving}):** {hint}",
                who=seat_ref(pending.target),
                giving=pending.detail,
                hint=hint,
            )
        return msg("**Trade offer to {who}:** {hint}", who=seat_ref(pending.target), hint=hint)
    if pending.kind == "accept":
        return msg(
            "**{who} asks for {wanted}:** {hint}",
            who=seat_ref(pending.target),
            wanted=pending.detail,
            hint=hint,
        )
    return msg("**Your decision:** {hint}", hint=hint)


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
    lines: list[str] = [
        msg(
            "{tiles} face down in places 1-{places}, scrounged by number · deck: {spells}",
            tiles=tiles_count(face_down),
            places=len(view.lab),
            spells=spells_count(view.deck_size),
        )
    ]
    empty = [i for i, letter in enumerate(view.lab) if not letter]
    if empty:
        lines.append(msg("Empty: {places}", places=_ranges(empty)))
    known = [(i, letter) for i, letter in enumerate(view.lab) if letter and letter != UNKNOWN]
    if known:
        tiles = joined(
            [msg("{tile} at {place}", tile=tile_label(letter), place=i + 1) for i, letter in known],
            ", ",
        )
        if view.viewer is not None:
            lines.append(msg("You remember: {tiles}", tiles=tiles))
        else:
            lines.append(msg("Seen by all: {tiles}", tiles=tiles))
    if view.stones_removed:
        stones = stones_count(view.stones_removed)
        lines.append(msg("{stones} out of the game", stones=stones))
    return joined(lines)


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
    marks: list[str] = []
    if view.grader == s.seat:
        marks.append(msg("graded"))
    if s.seat == view.current and not view.finished:
        marks.append("▶")
    name = (
        msg("{who} ({marks})", who=seat_ref(s.seat), marks=joined(marks, ", "))
        if marks
        else seat_ref(s.seat)
    )
    homework = joined(
        [
            tiles_text(h.letters) if view.open_research and h.letters else str(h.woven)
            for h in s.homework
        ],
        ", ",
    )
    spellbook = joined(
        [msg("{spell} {credits}", spell=title(w), credits=spell(w).credits) for w in s.spellbook],
        ", ",
    )
    count = spells_count(len(s.homework))
    lines: list[str] = [
        msg(
            "Spellbook ({credits}/{courseload} credits): {spells}",
            credits=s.credits,
            courseload=view.courseload,
            spells=spellbook if s.spellbook else msg("empty"),
        ),
        msg(
            "Spirit {spirit} · homework: {count} with {woven} tiles woven",
            spirit=s.spirit,
            count=count,
            woven=homework,
        )
        if s.homework
        else msg("Spirit {spirit} · homework: {count}", spirit=s.spirit, count=count),
    ]
    if s.blocks:
        blocked = msg_list([_BLOCK_WORDS[b] for b in s.blocks], style="or")
        lines.append(msg("May not {actions} on their next turn", actions=blocked))
    return BoardField(name=name, value=joined(lines), inline=True)


#: What a block stops, as a verb after "may not".
_BLOCK_WORDS = {
    "cast": pmsg("may not", "cast"),
    "scrounge": pmsg("may not", "scrounge"),
    "trade": pmsg("may not", "trade"),
    "weave": pmsg("may not", "weave"),
}


def _cabinet(view: MagicSpellView) -> str:
    """The viewer's tiles and spirit, with what spirit is for."""
    assert view.cabinet is not None
    lines = [tiles_text(view.cabinet)]
    if view.viewer is not None:
        spirit = view.students[view.viewer].spirit
        lines.append(
            msg("Spirit {spirit} (pays for extra weaves, research and spells)", spirit=spirit)
        )
    return joined(lines)


def _homework(view: MagicSpellView) -> str:
    assert view.homework is not None
    if not view.homework:
        return msg("none")
    lines = []
    for h in view.homework:
        woven = tiles_text(h.woven) if h.woven else msg("nothing")
        lines.append(
            msg(
                "{spell} ({credits}): woven {woven} · needs {needs}\n↳ {effect}",
                spell=spell_name(h.spell),
                credits=credits_text(h.credits),
                woven=woven,
                needs=tiles_text(h.missing),
                effect=spell_brief(spell(h.spell)),
            )
        )
    return joined(lines)


def _spellbook_effects(view: MagicSpellView) -> list[BoardField]:
    """What the spells in the spellbooks do, each once, in fields of at most
    ``FIELD_LIMIT`` characters; past ``EFFECTS_LIMIT`` in all, the rest are named only."""
    words = sorted({w for s in view.students for w in s.spellbook}, key=lambda w: spell(w).name)
    fields: list[BoardField] = []
    lines: list[str] = []
    used = 0
    for index, word in enumerate(words):
        line = effect_line(word)
        also = used + len(line) > EFFECTS_LIMIT
        if also:
            rest = joined([title(w) for w in words[index:]], ", ")
            line = msg("Also: {spells} (`/card` tells what each does)", spells=rest)
        if sum(len(x) + 1 for x in lines) + len(line) > FIELD_LIMIT:
            fields.append(_effects_field(lines, len(fields)))
            lines = []
        lines.append(line)
        used += len(line)
        if also:
            break
    if lines:
        fields.append(_effects_field(lines, len(fields)))
    return fields


def _effects_field(lines: list[str], index: int) -> BoardField:
    name = (
        msg("Spellbook spells ({number})", number=index + 1) if index else msg("Spellbook spells")
    )
    return BoardField(name=name, value=joined(lines))


def _offers(view: MagicSpellView) -> str:
    lines = []
    for offer in view.offers:
        head = f"{seat_ref(offer.proposer)} → {seat_ref(offer.partner)}"
        lines.append(
            msg("{head}: {giving} for {wanting}", head=head, giving=offer.give, wanting=offer.want)
            if offer.give
            else head
        )
    return joined(lines)


def _score(line: ScoreLine) -> str:
    count = spells_count(line.spells)
    if line.stones:
        parts = msg(
            "spells {credits} + stones {stones} ({count})",
            credits=line.spell_credits,
            stones=line.stones,
            count=count,
        )
    else:
        parts = msg("spells {credits} ({count})", credits=line.spell_credits, count=count)
    if line.graded_first:
        return msg("**{total}** = {parts} · submitted first", total=line.total, parts=parts)
    return msg("**{total}** = {parts}", total=line.total, parts=parts)


def _final(view: MagicSpellView) -> str:
    assert view.scores is not None
    ordered = sorted(view.scores, key=lambda x: (-x.total, not x.graded_first, x.seat))
    return joined(
        msg("{who}: {score}", who=seat_ref(line.seat), score=_score(line)) for line in ordered
    )


def _footer(view: MagicSpellView) -> str:
    """One current hint: a move the viewer may type now, or what credits are."""
    if view.finished:
        return msg("Thanks for playing Magic Spell.")
    about = msg(
        "Credits: the worth of the spells in a spellbook; {courseload} submit it for grading.",
        courseload=view.courseload,
    )
    if view.viewer is None or view.viewer != view.current or view.pending:
        return about
    example = _turn_example(view)
    if example is None:
        return msg("Your turn: `/play` suggests your moves. {about}", about=about)
    return msg("Your turn: `/play` suggests your moves, e.g. `/play {example}`.", example=example)


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
