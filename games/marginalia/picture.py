"""A Marginalia view as a picture: the page's five columns with both players' front and back
lines, each marginalis' attack, health and damage, both players' health, and the viewer's hand
when the view is a seat's."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.picture import (
    BLACK,
    BLUE,
    BODY,
    GREEN,
    INK,
    LARGE,
    LINE,
    MUTED,
    PANEL,
    SMALL,
    VERMILLION,
    WHITE,
    YELLOW,
    Canvas,
    Swatch,
    seat_label,
    seat_swatch,
    swatch,
    wrap,
)
from games.marginalia import cards
from games.marginalia.page import FILES
from games.marginalia.state import START_HEALTH
from games.marginalia.view import MarginaliaView, MarginalisView

WIDTH = 1100
CELL_W, CELL_H = 182, 128
PAGE_LEFT = 120
PARCHMENT = (244, 236, 214)

HUMORS: dict[str, tuple[Swatch, str]] = {
    "coleric": (swatch(YELLOW, "C"), "choleric"),
    "flegmat": (swatch(BLUE, "P"), "phlegmatic"),
    "sanguin": (swatch(VERMILLION, "S"), "sanguine"),
    "melanc": (swatch(BLACK, "M"), "melancholic"),
}

_PHASES = {
    "play": "play phase",
    "attack": "attack phase",
    "reset": "reset phase",
    "choose-reset": "reset phase",
    "cleanup": "reset phase",
    "over": "game over",
}


def render(
    view: MarginaliaView, names: Sequence[str] | None = None, *, status: str | None = None
) -> bytes:
    """The picture of ``view`` as PNG bytes."""
    hand = view.hand or ()
    hand_height = 70 + 44 * max(1, len(hand)) if view.hand is not None else 0
    height = 108 + 80 + 4 * CELL_H + 80 + 90 + hand_height + 70
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(_title(view, names), _status(view, names) if status is None else status)
    top_seat, bottom_seat = (0, 1) if view.viewer == 1 else (1, 0)
    _side(canvas, view, top_seat, y, names)
    y += 80
    y = _page(canvas, view, y, top_seat, bottom_seat)
    _side(canvas, view, bottom_seat, y + 10, names)
    y += 90
    if view.hand is not None:
        _hand(canvas, view, y)
        y += hand_height
    _legend(canvas, height - 56)
    return canvas.png()


def _title(view: MarginaliaView, names: Sequence[str] | None) -> str:
    if view.finished:
        return "Marginalia · game over"
    return f"Marginalia · turn {view.turn} · {_PHASES[view.phase]}"


def _status(view: MarginaliaView, names: Sequence[str] | None) -> str:
    if view.finished:
        if view.winner is None:
            return "The game is over: a draw."
        return f"{seat_label(view.winner, names)} wins."
    who = seat_label(view.active, names)
    if view.viewer == view.active:
        return f"Your turn, {who}: {view.plays} of {view.play_limit} plays made."
    return f"{who}'s turn: {view.plays} of {view.play_limit} plays made."


def _side(
    canvas: Canvas, view: MarginaliaView, seat: int, y: int, names: Sequence[str] | None
) -> None:
    side = view.sides[seat]
    canvas.box(
        (20, y, WIDTH - 20, y + 64),
        fill=PANEL,
        outline=INK if seat in view.to_act else None,
        width=3,
    )
    x = 34 + canvas.chip(34, y + 14, seat_swatch(seat))
    name = seat_label(seat, names) + (" (you)" if view.viewer == seat else "")
    if seat == view.first:
        name += " · first player"
    x += canvas.text(x, y + 32, name, size=BODY, bold=True, anchor="lm") + 20
    # Health as a bar, full at the starting health, with the number beside it: read by length
    # as well as by text.
    bar_x, bar_w = 560, 240
    canvas.box((bar_x, y + 18, bar_x + bar_w, y + 46), fill=WHITE, outline=LINE, radius=6)
    filled = int(bar_w * max(0, min(side.health, START_HEALTH)) / START_HEALTH)
    if filled:
        canvas.box((bar_x, y + 18, bar_x + filled, y + 46), fill=GREEN, radius=6)
    canvas.text(bar_x - 12, y + 32, "♥ health", size=SMALL, anchor="rm")
    canvas.text(bar_x + bar_w + 12, y + 32, str(side.health), size=LARGE, bold=True, anchor="lm")
    canvas.text(WIDTH - 36, y + 32, f"deck {side.deck} · hand {side.hand}", size=SMALL, anchor="rm")


def _page(canvas: Canvas, view: MarginaliaView, top: int, top_seat: int, bottom: int) -> int:
    by_space = {m.space: m for m in view.page}
    # The top player's back line is the farthest from the viewer; ranks 3-4 are seat 2's.
    ranks = [1, 2, 3, 4] if top_seat == 0 else [4, 3, 2, 1]
    canvas.box(
        (PAGE_LEFT - 10, top, PAGE_LEFT + 5 * CELL_W + 10, top + 4 * CELL_H + 70),
        fill=PARCHMENT,
        outline=LINE,
    )
    for column, file in enumerate(FILES):
        canvas.text(
            PAGE_LEFT + column * CELL_W + CELL_W / 2,
            top + 4 * CELL_H + 34,
            file,
            size=BODY,
            bold=True,
            fill=MUTED,
            anchor="mt",
        )
    for row, rank in enumerate(ranks):
        y = top + 6 + row * CELL_H + (20 if row >= 2 else 0)
        line = "front" if rank in (2, 3) else "back"
        canvas.text(
            PAGE_LEFT - 20, y + CELL_H / 2 - 12, f"{rank}", size=LARGE, bold=True, anchor="rm"
        )
        canvas.text(PAGE_LEFT - 20, y + CELL_H / 2 + 18, line, size=SMALL, fill=MUTED, anchor="rm")
        for column, file in enumerate(FILES):
            x = PAGE_LEFT + column * CELL_W
            _cell(canvas, by_space.get(f"{file}{rank}"), x, y)
    middle = top + 6 + 2 * CELL_H + 10
    canvas.draw.line((PAGE_LEFT, middle, PAGE_LEFT + 5 * CELL_W, middle), fill=INK, width=3)
    return top + 4 * CELL_H + 80


def _cell(canvas: Canvas, m: MarginalisView | None, x: int, y: int) -> None:
    box = (x + 4, y + 4, x + CELL_W - 4, y + CELL_H - 8)
    if m is None:
        canvas.box(box, fill=None, outline=LINE, width=1)
        return
    owner = seat_swatch(m.seat)
    canvas.box(box, fill=WHITE, outline=owner.rgb, width=5)
    canvas.chip(box[2] - 40, box[1] + 8, owner, size=SMALL)
    data = cards.card(m.card)
    width = CELL_W - 64
    # Hyphenated names may break after their hyphen.
    broken = wrap(data.name.replace("-", "- "), width, size=SMALL)[:2]
    lines = [canvas.fit(t.replace("- ", "-"), width, size=SMALL) for t in broken]
    for index, text in enumerate(lines):
        canvas.text(box[0] + 10, box[1] + 8 + index * 27, text, size=SMALL)
    left = m.health - m.damage
    stats = f"⚔{m.attack}  ♥{left}"
    canvas.text(box[0] + 10, box[3] - 12, stats, size=BODY, bold=True, anchor="ld")
    if m.damage:
        canvas.text(
            box[0] + 110,
            box[3] - 12,
            f"−{m.damage}",
            size=BODY,
            bold=True,
            fill=VERMILLION,
            anchor="ld",
        )
    if m.used:
        canvas.text(box[2] - 10, box[3] - 12, "used", size=SMALL, fill=MUTED, anchor="rd")


def _hand(canvas: Canvas, view: MarginaliaView, y: int) -> None:
    hand = view.hand or ()
    height = 60 + 44 * max(1, len(hand))
    canvas.box((20, y, WIDTH - 20, y + height), fill=(226, 240, 234), outline=GREEN, width=3)
    canvas.text(36, y + 12, "Your hand (only you see this)", size=BODY, bold=True)
    row = y + 54
    for code in hand:
        data = cards.card(code)
        colour, _ = HUMORS[data.humor]
        x = 36 + canvas.chip(36, row, colour, size=SMALL)
        stats = (
            " (incantation)" if data.kind == "incantation" else (f"  ⚔{data.attack} ♥{data.health}")
        )
        canvas.text(x, row + 2, canvas.fit(f"{data.name}{stats}", WIDTH - 80 - x), size=BODY)
        row += 44
    if not hand:
        canvas.text(36, row, "empty", size=BODY, fill=MUTED)


def _legend(canvas: Canvas, y: int) -> None:
    items = [HUMORS[h] for h in ("coleric", "flegmat", "sanguin", "melanc")]
    x = canvas.chips(20, y, items, size=SMALL)
    canvas.text(
        x + 10, y + 14, "⚔ attack · ♥ health left · −damage", size=SMALL, fill=MUTED, anchor="lm"
    )
