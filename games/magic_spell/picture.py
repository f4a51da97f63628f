"""A Magic Spell view as a picture: the laboratory's numbered grid of tiles, each student, and
the viewer's own cabinet and homework with the letters woven so far."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from games.core.picture import (
    BLUE,
    BODY,
    GREEN,
    INK,
    LARGE,
    LINE,
    MUTED,
    PANEL,
    SMALL,
    WHITE,
    Canvas,
    seat_label,
    seat_swatch,
    swatch,
)
from games.magic_spell.view import MagicSpellView, OwnHomeworkView, StudentView

WIDTH = 1200
CELL = 60
GRID_LEFT = 20
FACE_DOWN = (78, 84, 120)
FACE_UP = (255, 244, 200)


def render(
    view: MagicSpellView, names: Sequence[str] | None = None, *, status: str | None = None
) -> bytes:
    """The picture of ``view`` as PNG bytes."""
    rows = math.ceil(len(view.lab) / 10)
    own = view.homework is not None
    homework_height = 110 + 78 * len(view.homework or ()) if own else 0
    lab_height = 50 + rows * CELL + 60
    students_height = 50 + 124 * len(view.students)
    height = 108 + max(lab_height, students_height) + homework_height + 30
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(_title(view), _status(view, names) if status is None else status)
    _laboratory(canvas, view, y)
    _students(canvas, view, 640, y, names)
    y += max(lab_height, students_height)
    if own:
        _homework(canvas, view, y)
    return canvas.png()


def _title(view: MagicSpellView) -> str:
    if view.finished:
        return "Magic Spell · game over"
    return f"Magic Spell · round {view.round} of {view.semester_rounds}"


def _status(view: MagicSpellView, names: Sequence[str] | None) -> str:
    if view.finished:
        return "The semester is over: most credits wins."
    if view.grader is not None:
        return (
            f"{seat_label(view.grader, names)} submitted for grading: {view.last_turns} turns left."
        )
    who = seat_label(view.current, names)
    if view.viewer == view.current:
        return f"Your turn, {who}: weave, cast, scrounge, research or rest."
    return f"{who}'s turn: weave, cast, scrounge, research or rest."


def _laboratory(canvas: Canvas, view: MagicSpellView, top: int) -> None:
    canvas.text(20, top + 4, "Laboratory", size=LARGE, bold=True)
    top += 50
    for index, tile in enumerate(view.lab):
        row, column = divmod(index, 10)
        x = GRID_LEFT + column * CELL
        y = top + row * CELL
        cell = (x + 2, y + 2, x + CELL - 2, y + CELL - 2)
        if tile == "?":
            canvas.box(cell, fill=FACE_DOWN, radius=6)
            canvas.text(
                x + CELL // 2,
                y + CELL // 2,
                str(index + 1),
                size=SMALL,
                fill=(214, 218, 240),
                anchor="mm",
            )
        elif tile:
            canvas.box(cell, fill=FACE_UP, outline=INK, width=2, radius=6)
            canvas.text(x + CELL // 2, y + CELL // 2, tile, size=LARGE, bold=True, anchor="mm")
        else:
            canvas.box(cell, fill=None, outline=LINE, width=1, radius=6)
    rows = math.ceil(len(view.lab) / 10)
    y = top + rows * CELL + 14
    hidden = sum(1 for t in view.lab if t == "?")
    canvas.text(
        20,
        y,
        f"{hidden} tiles face down, numbered · deck: {view.deck_size} spells",
        size=SMALL,
    )


def _students(
    canvas: Canvas, view: MagicSpellView, x: int, top: int, names: Sequence[str] | None
) -> None:
    canvas.text(x, top + 4, "Students", size=LARGE, bold=True)
    y = top + 50
    for student in view.students:
        _student(canvas, view, student, x, y, names)
        y += 124


def _student(
    canvas: Canvas,
    view: MagicSpellView,
    s: StudentView,
    x: int,
    y: int,
    names: Sequence[str] | None,
) -> None:
    acting = s.seat == view.current and not view.finished
    canvas.box((x, y, WIDTH - 20, y + 112), fill=PANEL, outline=INK if acting else None, width=3)
    cx = x + 12
    cx += canvas.chip(cx, y + 10, seat_swatch(s.seat))
    name = seat_label(s.seat, names) + (" (you)" if view.viewer == s.seat else "")
    cx += canvas.text(cx, y + 12, name, size=BODY, bold=True) + 12
    if acting:
        canvas.text(cx, y + 14, "▶ turn", size=SMALL)
    credits = f"{s.credits}/{view.courseload} credits"
    if view.scores is not None:
        final = {line.seat: line.total for line in view.scores}
        credits = f"final score {final[s.seat]}"
    canvas.text(WIDTH - 36, y + 14, credits, size=SMALL, anchor="ra")
    woven = ", ".join(str(h.woven) for h in s.homework) or "none"
    canvas.text(
        x + 12,
        y + 48,
        f"spirit {s.spirit} · cabinet {s.cabinet_size} · woven {woven}",
        size=SMALL,
    )
    book = ", ".join(s.spellbook) or "no spells cast yet"
    canvas.text(
        x + 12,
        y + 78,
        canvas.fit(f"spellbook: {book}", WIDTH - 56 - x, size=SMALL),
        size=SMALL,
        fill=INK if s.spellbook else MUTED,
    )


def _homework(canvas: Canvas, view: MagicSpellView, top: int) -> None:
    assert view.homework is not None
    height = 100 + 78 * len(view.homework)
    canvas.box((20, top, WIDTH - 20, top + height), fill=(226, 240, 234), outline=GREEN, width=3)
    canvas.text(36, top + 12, "Your homework (only you see this)", size=BODY, bold=True)
    cabinet = " ".join(view.cabinet or ()) or "empty"
    canvas.text(36, top + height - 40, f"Your cabinet: {cabinet}", size=BODY)
    y = top + 56
    for homework in view.homework:
        _spell(canvas, homework, 36, y)
        y += 78
    woven = swatch(GREEN, "✔")
    canvas.chip(WIDTH - 290, top + 10, woven, "woven", size=SMALL)
    canvas.chip(WIDTH - 150, top + 10, swatch(WHITE, "?"), "not yet", size=SMALL)


def _spell(canvas: Canvas, homework: OwnHomeworkView, x: int, y: int) -> None:
    """The spell's word, one tile per letter: woven letters filled, missing ones open."""
    canvas.text(x, y + 6, f"{homework.spell.capitalize()}", size=BODY, bold=True)
    canvas.text(x, y + 38, f"{homework.credits} credits", size=SMALL, fill=MUTED)
    woven = Counter(homework.woven)
    tile_x = x + 230
    for letter in homework.spell.upper():
        done = woven[letter] > 0
        if done:
            woven[letter] -= 1
        side = 46
        box = (tile_x, y + 4, tile_x + side, y + 4 + side)
        if done:
            canvas.box(box, fill=GREEN, outline=INK, width=2, radius=6)
            canvas.text(
                tile_x + side / 2,
                y + 4 + side / 2,
                letter,
                size=LARGE,
                bold=True,
                fill=WHITE,
                anchor="mm",
            )
        else:
            canvas.box(box, fill=WHITE, outline=BLUE, width=2, radius=6)
            canvas.text(
                tile_x + side / 2, y + 4 + side / 2, letter, size=LARGE, fill=MUTED, anchor="mm"
            )
        tile_x += side + 6
