"""A Magic Spell view as a picture, drawn to be read on a phone.

What the picture carries and what the text board carries (see ``describe.py``): the picture
is the table at a glance — whose turn it is, each student's credits (the score), spirit,
cabinet and homework counts, the laboratory's numbered places with the tiles the viewer
remembers, and the viewer's own homework (the letters woven and still needed), cabinet and
spellbook, which are their options on a turn. The text board says in words what happened and
what is being decided, names the spellbooks and the blocks, lists trade offers and the final
scores itemized, and stays complete enough to play from when no picture is shown.

The canvas is 800 pixels wide and no text is smaller than 24 pixels, so a picture shown 400
pixels wide still has text 12 pixels tall.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from games.core.picture import (
    BLUE,
    GREEN,
    INK,
    LINE,
    MUTED,
    PANEL,
    TITLE,
    WHITE,
    Canvas,
    font,
    said,
    seat_label,
    seat_swatch,
    wrap,
)
from games.core.words import joined, msg, pmsg
from games.magic_spell.describe import round_text
from games.magic_spell.spells import STONE
from games.magic_spell.state import ROW
from games.magic_spell.text import credits_text, tile_label, title
from games.magic_spell.view import UNKNOWN, MagicSpellView, OwnHomeworkView, StudentView

WIDTH = 800
MARGIN = 20
#: Text sizes: nothing is drawn smaller than ``LABEL``.
LABEL = 24
TEXT = 26
HEADING = 30
TILE = 30
CELL_W = (WIDTH - 2 * MARGIN) // ROW
CELL_H = 58
STUDENT_ROW = 46
HOMEWORK_ROW = 66
FACE_DOWN = (78, 84, 120)
FACE_DOWN_INK = (214, 218, 240)
FACE_UP = (255, 244, 200)
OWN = (226, 240, 234)
#: Right edges of the students' number columns, and their headings.
COLUMNS = (
    (420, pmsg("column", "credits")),
    (520, pmsg("column", "spirit")),
    (630, pmsg("column", "cabinet")),
    (780, pmsg("column", "homework")),
)


def render(
    view: MagicSpellView, names: Sequence[str] | None = None, *, status: str | None = None
) -> bytes:
    """The picture of ``view`` as PNG bytes."""
    status_lines = wrap(
        _status(view, names) if status is None else status,
        WIDTH - 2 * MARGIN,
        size=TEXT,
        bold=True,
    )[:2]
    rows = math.ceil(len(view.lab) / ROW)
    students_height = 44 + STUDENT_ROW * len(view.students) + 16
    lab_height = 48 + rows * CELL_H + 20
    height = 80 + 36 * len(status_lines) + 12 + students_height + lab_height
    if view.homework is not None:
        height += _own_height(view) + 20
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(canvas.fit(_title(view), WIDTH - 48, size=TITLE, bold=True))
    for line in status_lines:
        canvas.text(MARGIN, y, line, size=TEXT, bold=True)
        y += 36
    y += 12
    _students(canvas, view, y, names)
    y += students_height
    _laboratory(canvas, view, y)
    y += lab_height
    if view.homework is not None:
        _own(canvas, view, y)
    return canvas.png()


def _title(view: MagicSpellView) -> str:
    if view.finished:
        return msg("Magic Spell · game over")
    return msg("Magic Spell · {round}", round=round_text(view, compact=True))


def _status(view: MagicSpellView, names: Sequence[str] | None) -> str:
    if view.finished:
        return msg("The semester is over: most credits wins.")
    if view.grader is not None:
        who = seat_label(view.grader, names)
        return msg(
            "{who} submitted for grading: {turns} last turns to go.",
            who=who,
            turns=view.last_turns,
        )
    who = seat_label(view.current, names)
    if view.viewer == view.current:
        return msg("Your turn, {who}: weave, cast, scrounge, research or rest.", who=who)
    return msg("{who}'s turn.", who=who)


def _students(canvas: Canvas, view: MagicSpellView, top: int, names: Sequence[str] | None) -> None:
    """One row per student: the score first, then what they have to work with."""
    canvas.text(MARGIN, top, msg("Students"), size=HEADING, bold=True)
    headings = list(COLUMNS)
    if view.scores is not None:
        headings[0] = (headings[0][0], pmsg("column", "score"))
    for right, heading in headings:
        canvas.text(right, top + 6, heading, size=LABEL, fill=MUTED, anchor="ra")
    y = top + 44
    final = {line.seat: line.total for line in view.scores or ()}
    for student in view.students:
        _student(canvas, view, student, y, names, final)
        y += STUDENT_ROW


def _student(
    canvas: Canvas,
    view: MagicSpellView,
    s: StudentView,
    y: int,
    names: Sequence[str] | None,
    final: dict[int, int],
) -> None:
    acting = s.seat == view.current and not view.finished
    if acting:
        canvas.box((MARGIN - 8, y - 4, WIDTH - MARGIN + 8, y + STUDENT_ROW - 6), fill=PANEL)
    if acting:
        canvas.text(MARGIN, y + 17, "▶", size=TEXT, anchor="lm")
    x = MARGIN + 30
    x += canvas.chip(x, y, seat_swatch(s.seat), size=LABEL)
    # The name gives way before "(you)" does: the viewer must find their own row.
    you = said(msg(" (you)")) if view.viewer == s.seat else ""
    room = COLUMNS[0][0] - 90 - x - font(TEXT, bold=True).getlength(you)
    name = canvas.fit(seat_label(s.seat, names), room, size=TEXT, bold=True) + you
    canvas.text(x, y + 17, name, size=TEXT, bold=True, anchor="lm")
    score = str(final[s.seat]) if final else f"{s.credits}/{view.courseload}"
    values = (score, str(s.spirit), str(s.cabinet_size), str(len(s.homework)))
    for index, ((right, _), value) in enumerate(zip(COLUMNS, values, strict=True)):
        canvas.text(right, y + 17, value, size=TEXT, bold=index == 0, anchor="rm")


def _laboratory(canvas: Canvas, view: MagicSpellView, top: int) -> None:
    """The hundred places: face down with their number, remembered with their letter."""
    canvas.text(MARGIN, top, msg("Laboratory"), size=HEADING, bold=True)
    hidden = sum(1 for t in view.lab if t)
    canvas.text(
        WIDTH - MARGIN,
        top + 6,
        msg("{hidden} tiles · deck {deck} spells", hidden=hidden, deck=view.deck_size),
        size=LABEL,
        fill=MUTED,
        anchor="ra",
    )
    top += 48
    for index, tile in enumerate(view.lab):
        row, column = divmod(index, ROW)
        x = MARGIN + column * CELL_W
        y = top + row * CELL_H
        cell = (x + 2, y + 2, x + CELL_W - 2, y + CELL_H - 2)
        if tile == UNKNOWN:
            canvas.box(cell, fill=FACE_DOWN, radius=6)
            canvas.text(
                x + CELL_W / 2,
                y + CELL_H / 2,
                str(index + 1),
                size=LABEL,
                fill=FACE_DOWN_INK,
                anchor="mm",
            )
        elif tile:
            # A tile the viewer remembers: its letter large, its place small beside it.
            canvas.box(cell, fill=FACE_UP, outline=INK, width=2, radius=6)
            canvas.text(x + 7, y + 6, str(index + 1), size=LABEL, fill=MUTED)
            canvas.text(
                x + CELL_W - 9,
                y + CELL_H - 6,
                tile_label(tile),
                size=TILE,
                bold=True,
                anchor="rd",
            )
        else:
            canvas.box(cell, fill=None, outline=LINE, width=1, radius=6)


def _own_height(view: MagicSpellView) -> int:
    spells = max(1, len(view.homework or ()))
    return 56 + HOMEWORK_ROW * spells + 64 + (44 if view.viewer is not None else 0)


def _own(canvas: Canvas, view: MagicSpellView, top: int) -> None:
    """The viewer's homework, cabinet and spellbook: what they can weave and cast."""
    assert view.homework is not None
    height = _own_height(view)
    canvas.box(
        (MARGIN - 8, top, WIDTH - MARGIN + 8, top + height), fill=OWN, outline=GREEN, width=3
    )
    canvas.text(MARGIN + 8, top + 12, msg("Your homework"), size=HEADING, bold=True)
    canvas.text(
        WIDTH - MARGIN - 4, top + 18, msg("green: woven"), size=LABEL, fill=MUTED, anchor="ra"
    )
    y = top + 56
    for homework in view.homework:
        _spell(canvas, homework, MARGIN + 8, y)
        y += HOMEWORK_ROW
    if not view.homework:
        canvas.text(MARGIN + 8, y + 12, msg("no homework spells"), size=TEXT, fill=MUTED)
        y += HOMEWORK_ROW
    canvas.text(MARGIN + 8, y + 12, pmsg("picture", "Cabinet"), size=TEXT, bold=True)
    tile_x = MARGIN + 190
    for letter in sorted(view.cabinet or ()):
        _tile(canvas, tile_x, y + 4, 46, tile_label(letter), woven=None)
        tile_x += 52
    if not view.cabinet:
        canvas.text(tile_x, y + 12, msg("empty"), size=TEXT, fill=MUTED)
    y += 64
    me = view.students[view.viewer] if view.viewer is not None else None
    if me is not None:
        book = (
            joined([title(w) for w in me.spellbook], ", ") if me.spellbook else msg("no spells yet")
        )
        text = canvas.fit(
            msg("Spellbook: {spells}", spells=book), WIDTH - 2 * MARGIN - 16, size=TEXT
        )
        canvas.text(MARGIN + 8, y, text, size=TEXT)


def _spell(canvas: Canvas, homework: OwnHomeworkView, x: int, y: int) -> None:
    """The spell's word, one tile per letter: woven letters filled, missing ones open."""
    name = canvas.fit(title(homework.spell), 170, size=TEXT, bold=True)
    canvas.text(x, y, name, size=TEXT, bold=True)
    canvas.text(x, y + 32, credits_text(homework.credits), size=LABEL, fill=MUTED)
    woven = Counter(homework.woven)
    letters = list(homework.spell.upper())
    done = []
    for letter in letters:
        done.append(woven[letter] > 0)
        woven[letter] -= 1
    # A philosopher's stone stands for whichever letter is left: it fills the first gap.
    for _ in range(woven[STONE]):
        if False in done:
            gap = done.index(False)
            done[gap], letters[gap] = True, tile_label(STONE)
    left = x + 182
    step = min(52, (WIDTH - MARGIN - 8 - left) // max(1, len(letters)))
    for letter, filled in zip(letters, done, strict=True):
        _tile(canvas, left, y + 4, step - 5, letter, woven=filled)
        left += step


def _tile(
    canvas: Canvas, x: float, y: float, side: int, letter: str, *, woven: bool | None
) -> None:
    """A letter tile: green when woven, open when still needed, cream in a cabinet."""
    box = (x, y, x + side, y + side)
    if woven:
        canvas.box(box, fill=GREEN, outline=INK, width=2, radius=6)
        ink = WHITE
    elif woven is None:
        canvas.box(box, fill=FACE_UP, outline=INK, width=2, radius=6)
        ink = INK
    else:
        canvas.box(box, fill=WHITE, outline=BLUE, width=2, radius=6)
        ink = MUTED
    canvas.text(
        x + side / 2,
        y + side / 2,
        letter,
        size=TILE,
        bold=woven is not False,
        fill=ink,
        anchor="mm",
    )
