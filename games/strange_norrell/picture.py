"""A Jonathan Strange & Mr Norrell view as a picture: the map of England and the City with
the magicians on it, the year and fairy tracks, the prestige order, each magician, and the
viewer's own hand and spells when the view is a seat's."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.picture import (
    BODY,
    GREEN,
    INK,
    LARGE,
    LINE,
    MUTED,
    PANEL,
    PURPLE,
    SMALL,
    VERMILLION,
    WHITE,
    Canvas,
    seat_label,
    seat_swatch,
)
from games.strange_norrell import cards
from games.strange_norrell.text import spell_name
from games.strange_norrell.view import MagicianView, StrangeNorrellView

WIDTH = 1240
MAP_W = 600
#: Where each place is drawn on the map: the project's own rough geography of England.
PLACES: dict[str, tuple[int, int]] = {
    "newcastle": (330, 40),
    "starecross": (470, 110),
    "york": (330, 150),
    "hurtfew": (230, 215),
    "lincoln": (470, 240),
    "manchester": (250, 300),
    "liverpool": (90, 280),
    "ashfair": (150, 390),
    "cambridge": (480, 370),
    "oxford": (320, 430),
    "london": (500, 500),
    "bath": (150, 510),
    "plymouth": (60, 610),
    "brighton": (330, 600),
    "dover": (540, 610),
}
CITY_TOP = 660


def render(
    view: StrangeNorrellView, names: Sequence[str] | None = None, *, status: str | None = None
) -> bytes:
    """The picture of ``view`` as PNG bytes."""
    own = view.hand is not None
    magicians_height = 40 + 118 * len(view.magicians)
    right_height = 350 + magicians_height
    height = 108 + max(CITY_TOP + 170, right_height) + (150 if own else 0) + 20
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(_title(view), _status(view, names) if status is None else status)
    _map(canvas, view, 20, y)
    x = MAP_W + 50
    _years(canvas, view, x, y)
    _prestige(canvas, view, x, y + 200, names)
    _magicians(canvas, view, x, y + 350, names)
    if own:
        _hand(canvas, view, y + max(CITY_TOP + 170, right_height))
    return canvas.png()


def _title(view: StrangeNorrellView) -> str:
    if view.finished:
        return "Strange & Norrell · game over"
    return f"Strange & Norrell · {view.year}"


def _status(view: StrangeNorrellView, names: Sequence[str] | None) -> str:
    if view.finished:
        if view.everyone_loses:
            return "The fairy was never defeated: every magician loses."
        return "The game is over: the greatest magicianship wins."
    if view.turn is None:
        return "Between turns."
    who = seat_label(view.turn.seat, names)
    if view.viewer == view.turn.seat:
        return f"Your turn, {who}: {view.turn.phase}."
    return f"{who}'s turn: {view.turn.phase}."


def _map(canvas: Canvas, view: StrangeNorrellView, left: int, top: int) -> None:
    canvas.box((left, top, left + MAP_W, top + CITY_TOP + 160), fill=(232, 240, 226), outline=LINE)
    names = cards.location_names()
    london = cards.map_data().london
    for a, b in cards.map_data().paths:
        if a in PLACES and b in PLACES:
            ax, ay = PLACES[a]
            bx, by = PLACES[b]
            canvas.draw.line((left + ax, top + ay, left + bx, top + by), fill=LINE, width=4)
    city = [loc.key for loc in cards.map_data().locations if loc.key in cards.city()]
    lx, ly = PLACES[london]
    canvas.draw.line((left + lx, top + ly, left + lx, top + CITY_TOP), fill=LINE, width=4)
    here: dict[str, list[int]] = {}
    for m in view.magicians:
        if m.location is not None:
            here.setdefault(m.location, []).append(m.seat)
    for key, (x, y) in PLACES.items():
        _place(canvas, left + x, top + y, names[key], here.get(key, []), gateway=key == london)
    box_top = top + CITY_TOP
    canvas.box(
        (left + 10, box_top, left + MAP_W - 10, box_top + 150),
        fill=(244, 236, 214),
        outline=INK,
        width=2,
    )
    canvas.text(left + 24, box_top + 8, "The City of London", size=SMALL, bold=True)
    step = (MAP_W - 220) / (len(city) - 1)
    for index, key in enumerate(city):
        cx = left + 110 + step * index
        # Labels alternate high and low so that long names do not run into each other.
        _place(
            canvas,
            cx,
            box_top + 70,
            names[key],
            here.get(key, []),
            gateway=False,
            low=index % 2 == 1,
        )


def _place(
    canvas: Canvas,
    x: float,
    y: float,
    name: str,
    seats: list[int],
    *,
    gateway: bool,
    low: bool = False,
) -> None:
    r = 11
    fill = WHITE if not gateway else PANEL
    canvas.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=INK, width=3)
    canvas.text(x, y + (44 if low else 16), name, size=SMALL, bold=True, anchor="ma")
    chip = canvas.chip_width(seat_swatch(0), size=SMALL) - 12
    cx = x - (chip * len(seats)) / 2
    for seat in seats:
        canvas.chip(cx, y - 50, seat_swatch(seat), size=SMALL)
        cx += chip


def _years(canvas: Canvas, view: StrangeNorrellView, x: int, y: int) -> None:
    board = cards.board()
    canvas.text(x, y + 4, "Years", size=LARGE, bold=True)
    years = range(board.first_year, board.last_year + 1)
    cell = (WIDTH - 20 - x) / len(years)
    for index, year in enumerate(years):
        cx = x + index * cell
        now = year == view.year
        fight = year in board.confront_years
        fill = VERMILLION if now else (PANEL if year > view.year else (210, 210, 210))
        canvas.box(
            (cx + 2, y + 46, cx + cell - 2, y + 96),
            fill=fill,
            outline=PURPLE if fight else None,
            width=4,
            radius=6,
        )
        canvas.text(
            cx + cell / 2,
            y + 71,
            f"{year % 100:02d}",
            size=SMALL,
            bold=now,
            fill=WHITE if now else INK,
            anchor="mm",
        )
    canvas.text(x, y + 104, "1806–1817 · framed: the fairy is confronted", size=SMALL, fill=MUTED)
    top = board.fairy.top
    canvas.text(x, y + 136, f"Fairy {view.fairy}/{top}", size=BODY, bold=True)
    bar = (x + 200, y + 136, WIDTH - 20, y + 164)
    canvas.box(bar, fill=WHITE, outline=LINE, radius=6)
    filled = int((bar[2] - bar[0]) * min(view.fairy, top) / top)
    if filled:
        canvas.box((bar[0], bar[1], bar[0] + filled, bar[3]), fill=PURPLE, radius=6)


def _prestige(
    canvas: Canvas, view: StrangeNorrellView, x: int, y: int, names: Sequence[str] | None
) -> None:
    board = cards.board()
    canvas.text(x, y, "Prestige", size=LARGE, bold=True)
    canvas.text(
        WIDTH - 20,
        y + 6,
        f"of {board.prestige.top}, highest first",
        size=SMALL,
        fill=MUTED,
        anchor="ra",
    )
    ranked = sorted(view.magicians, key=lambda m: (-m.prestige, m.seat))
    canvas.chips(x, y + 50, [(seat_swatch(m.seat), str(m.prestige)) for m in ranked])
    order = " → ".join(seat_label(seat, names) for seat in view.order)
    canvas.text(
        x, y + 104, canvas.fit(f"Turn order: {order}", WIDTH - 20 - x, size=SMALL), size=SMALL
    )


def _magicians(
    canvas: Canvas, view: StrangeNorrellView, x: int, y: int, names: Sequence[str] | None
) -> None:
    for m in view.magicians:
        _magician(canvas, view, m, x, y, names)
        y += 118


def _magician(
    canvas: Canvas,
    view: StrangeNorrellView,
    m: MagicianView,
    x: int,
    y: int,
    names: Sequence[str] | None,
) -> None:
    acting = m.seat in view.to_act and not view.finished
    canvas.box((x, y, WIDTH - 20, y + 106), fill=PANEL, outline=INK if acting else None, width=3)
    cx = x + 12 + canvas.chip(x + 12, y + 10, seat_swatch(m.seat))
    who = seat_label(m.seat, names) + (" (you)" if view.viewer == m.seat else "")
    cx += canvas.text(cx, y + 12, who, size=BODY, bold=True) + 10
    board = {d.key: d.name for d in cards.board().magicians}.get(m.board, m.board)
    canvas.text(cx, y + 15, canvas.fit(board, WIDTH - 30 - cx, size=SMALL), size=SMALL, fill=MUTED)
    if view.scores is not None:
        final = {line.seat: line.total for line in view.scores}
        canvas.text(
            WIDTH - 36, y + 15, f"final {final[m.seat]}", size=SMALL, bold=True, anchor="ra"
        )
    where = cards.location_names().get(m.location or "", "not on the map")
    canvas.text(
        x + 12, y + 48, f"{where} · prestige {m.prestige} · {m.completed} feats done", size=SMALL
    )
    canvas.text(
        x + 12,
        y + 76,
        f"hand {m.invitations} inv. + {m.introductions} intro. · {m.spells} spells · "
        f"{len(m.books)} books",
        size=SMALL,
    )


def _hand(canvas: Canvas, view: StrangeNorrellView, y: int) -> None:
    canvas.box((20, y, WIDTH - 20, y + 136), fill=(226, 240, 234), outline=GREEN, width=3)
    canvas.text(36, y + 12, "Your hand and spells (only you see this)", size=BODY, bold=True)
    if view.my_score is not None and not view.finished:
        canvas.text(
            WIDTH - 36, y + 14, f"magicianship now: {view.my_score.total}", size=BODY, anchor="ra"
        )
    hand = ", ".join(_card(code) for code in view.hand or ()) or "no cards"
    spells = ", ".join(spell_name(code) for code in view.spells or ()) or "no spells"
    canvas.text(36, y + 56, canvas.fit(f"Cards: {hand}", WIDTH - 72, size=SMALL), size=SMALL)
    canvas.text(36, y + 92, canvas.fit(f"Spells: {spells}", WIDTH - 72, size=SMALL), size=SMALL)


def _card(code: str) -> str:
    """An invitation or introduction as its place and element: "York wind", "Bath rain +2"."""
    card = cards.engagements()[code]
    where = cards.location_names()[card.location]
    if card.is_introduction:
        return f"{where} {card.element} +{card.prestige}"
    return f"{where} {card.element}"
