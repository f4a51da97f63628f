"""A Jonathan Strange & Mr Norrell view as a picture, drawn to be read on a phone.

What the picture carries and what the text board carries (see ``describe.py``): the picture
is the table at a glance — whose turn it is, the years with the fairy's confrontations, the
fairy's strength, each magician's prestige (in turn order), feats completed and cards in
hand, the map with the magicians on it, and the viewer's own hand (the places their cards
call them to), spells and magicianship so far. The text board says in words what is
happening and being decided, and carries the details: the year's card of Marseilles, the
books, feats and connexions on offer, each magician's feats in play, books and connexions,
the turn's elements and limits, and the final scores itemized.

The canvas is 800 pixels wide and no text is smaller than 24 pixels, so a picture shown 400
pixels wide still has text 12 pixels tall.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.board import HANDS_REVEALED
from games.core.picture import (
    GREEN,
    INK,
    LINE,
    MUTED,
    PANEL,
    PURPLE,
    VERMILLION,
    WHITE,
    Canvas,
    font,
    said,
    seat_label,
    seat_swatch,
    wrap,
)
from games.core.words import Msg, joined, msg, pmsg
from games.strange_norrell import cards
from games.strange_norrell.describe import revealed_lines
from games.strange_norrell.text import none, place_name, short_card, spell_name
from games.strange_norrell.view import MagicianView, StrangeNorrellView

WIDTH = 800
MARGIN = 20
#: Text sizes: nothing is drawn smaller than ``LABEL``.
LABEL = 24
TEXT = 26
HEADING = 30
#: Where each place is drawn on the map (before scaling to the canvas): the project's own
#: rough geography of England.
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
#: The map is stretched across the canvas and squeezed a little in height.
SCALE_X, SCALE_Y = 1.22, 0.88
MAP_HEIGHT = 610
CITY_HEIGHT = 150
MAGICIAN_ROW = 46
#: Right edges of the magicians' number columns, and their headings.
COLUMNS = ((470, "prestige"), (570, "feats"), (670, "cards"), (780, "spells"))
OWN = (226, 240, 234)
CARD = (255, 250, 235)


def render(
    view: StrangeNorrellView, names: Sequence[str] | None = None, *, status: str | None = None
) -> bytes:
    """The picture of ``view`` as PNG bytes."""
    status_lines = wrap(
        _status(view, names) if status is None else status,
        WIDTH - 2 * MARGIN,
        size=TEXT,
        bold=True,
    )[:2]
    magicians_height = 44 + MAGICIAN_ROW * len(view.magicians) + 16
    map_height = MAP_HEIGHT + CITY_HEIGHT + 20
    own = _own_lines(view)
    height = 80 + 36 * len(status_lines) + 12 + 150 + magicians_height + map_height
    if own is not None:
        height += _own_height(own)
    revealed = _revealed(view)
    height += _revealed_height(revealed)
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(_title(view))
    for line in status_lines:
        canvas.text(MARGIN, y, line, size=TEXT, bold=True)
        y += 36
    y += 12
    _years(canvas, view, y)
    y += 150
    _magicians(canvas, view, y, names)
    y += magicians_height
    _map(canvas, view, y)
    y += map_height
    if revealed:
        _draw_revealed(canvas, revealed, y, names)
        y += _revealed_height(revealed)
    if own is not None:
        _own(canvas, view, own, y)
    return canvas.png()


def _title(view: StrangeNorrellView) -> str:
    game = msg("Strange & Norrell")
    if view.finished:
        return joined((game, msg("game over")), " · ")
    return joined((game, str(view.year)), " · ")


def _status(view: StrangeNorrellView, names: Sequence[str] | None) -> str:
    if view.finished:
        if view.everyone_loses:
            return msg("The fairy was never defeated: every magician loses.")
        return msg("The game is over: the greatest magicianship wins.")
    if view.window:
        if view.viewer in view.window:
            return msg("Before the year's turns: you may cast a spell, or pass.")
        return msg("Before the year's turns: spells may be cast.")
    if view.turn is None:
        return msg("Between turns.")
    who = seat_label(view.turn.seat, names)
    phase = {
        "choose": pmsg("picture phase", "choosing an action"),
        "visits": pmsg("picture phase", "visits"),
        "magic": pmsg("picture phase", "doing magic"),
        "tidy": pmsg("picture phase", "tidying up"),
    }[view.turn.phase]
    if view.viewer == view.turn.seat:
        return msg("Your turn, {who}: {phase}.", who=who, phase=phase)
    return msg("{who}'s turn: {phase}.", who=who, phase=phase)


def _years(canvas: Canvas, view: StrangeNorrellView, top: int) -> None:
    """The years 1806–1817, this one filled, the fairy's years framed; the fairy's bar."""
    board = cards.board()
    years = range(board.first_year, board.last_year + 1)
    cell = (WIDTH - 2 * MARGIN) / len(years)
    for index, year in enumerate(years):
        x = MARGIN + index * cell
        now = year == view.year and not view.finished
        fight = year in board.confront_years
        past = year < view.year or view.finished
        fill = VERMILLION if now else ((210, 210, 210) if past else PANEL)
        canvas.box(
            (x + 2, top, x + cell - 2, top + 48),
            fill=fill,
            outline=PURPLE if fight else None,
            width=4,
            radius=6,
        )
        canvas.text(
            x + cell / 2,
            top + 24,
            f"{year % 100:02d}",
            size=LABEL,
            bold=now,
            fill=WHITE if now else INK,
            anchor="mm",
        )
    canvas.text(
        MARGIN,
        top + 56,
        msg("Framed: the years the fairy is confronted"),
        size=LABEL,
        fill=MUTED,
    )
    fairy_top = board.fairy.top
    y = top + 100
    canvas.text(
        MARGIN,
        y,
        msg("Fairy {strength} of {top}", strength=view.fairy, top=fairy_top),
        size=TEXT,
        bold=True,
    )
    bar = (MARGIN + 250, y, WIDTH - MARGIN, y + 32)
    canvas.box(bar, fill=WHITE, outline=LINE, radius=6)
    filled = int((bar[2] - bar[0]) * min(view.fairy, fairy_top) / fairy_top)
    if filled:
        canvas.box((bar[0], bar[1], bar[0] + filled, bar[3]), fill=PURPLE, radius=6)


def _magicians(
    canvas: Canvas, view: StrangeNorrellView, top: int, names: Sequence[str] | None
) -> None:
    """One row per magician, in turn order (highest prestige first)."""
    canvas.text(MARGIN, top, msg("Magicians"), size=HEADING, bold=True)
    headings = [(right, _column(word)) for right, word in COLUMNS]
    if view.scores is not None:
        headings[1] = (headings[1][0], _column("score"))
    for right, heading in headings:
        canvas.text(right, top + 6, heading, size=LABEL, fill=MUTED, anchor="ra")
    final = {line.seat: line.total for line in view.scores or ()}
    y = top + 44
    for seat in view.order:
        _magician(canvas, view, view.magicians[seat], y, names, final)
        y += MAGICIAN_ROW


def _magician(
    canvas: Canvas,
    view: StrangeNorrellView,
    m: MagicianView,
    y: int,
    names: Sequence[str] | None,
    final: dict[int, int],
) -> None:
    acting = m.seat in view.to_act and not view.finished
    if acting:
        canvas.box((MARGIN - 8, y - 4, WIDTH - MARGIN + 8, y + MAGICIAN_ROW - 6), fill=PANEL)
        canvas.text(MARGIN, y + 17, "▶", size=TEXT, anchor="lm")
    x = MARGIN + 30
    x += canvas.chip(x, y, seat_swatch(m.seat), size=LABEL)
    # The name gives way before "(you)" does: the viewer must find their own row.
    you = " " + said(msg("(you)")) if view.viewer == m.seat else ""
    room = COLUMNS[0][0] - 110 - x - font(TEXT, bold=True).getlength(you)
    name = canvas.fit(seat_label(m.seat, names), room, size=TEXT, bold=True) + you
    canvas.text(x, y + 17, name, size=TEXT, bold=True, anchor="lm")
    done = str(final[m.seat]) if final else str(m.completed)
    values = (str(m.prestige), done, str(m.invitations + m.introductions), str(m.spells))
    for index, ((right, _), value) in enumerate(zip(COLUMNS, values, strict=True)):
        bold = index == 0 or (index == 1 and bool(final))
        canvas.text(right, y + 17, value, size=TEXT, bold=bold, anchor="rm")


def _map(canvas: Canvas, view: StrangeNorrellView, top: int) -> None:
    """England and the City of London, each magician's chip on their place."""
    right = WIDTH - MARGIN
    canvas.box(
        (MARGIN, top, right, top + MAP_HEIGHT + CITY_HEIGHT), fill=(232, 240, 226), outline=LINE
    )
    london = cards.map_data().london

    def at(key: str) -> tuple[float, float]:
        x, y = PLACES[key]
        return MARGIN + 10 + x * SCALE_X, top + 20 + y * SCALE_Y

    for a, b in cards.map_data().paths:
        if a in PLACES and b in PLACES:
            canvas.draw.line((*at(a), *at(b)), fill=LINE, width=4)
    lx, ly = at(london)
    city_top = top + MAP_HEIGHT
    canvas.draw.line((lx, ly, lx, city_top), fill=LINE, width=4)
    here: dict[str, list[int]] = {}
    for m in view.magicians:
        if m.location is not None:
            here.setdefault(m.location, []).append(m.seat)
    for key in PLACES:
        x, y = at(key)
        _place(canvas, x, y, place_name(key), here.get(key, []), gateway=key == london)
    canvas.box(
        (MARGIN + 10, city_top, right - 10, city_top + CITY_HEIGHT - 10),
        fill=(244, 236, 214),
        outline=INK,
        width=2,
    )
    canvas.text(MARGIN + 24, city_top + 8, msg("The City of London"), size=LABEL, bold=True)
    city = [loc.key for loc in cards.map_data().locations if loc.key in cards.city()]
    step = (right - MARGIN - 270) / (len(city) - 1)
    for index, key in enumerate(city):
        # Labels alternate high and low so that long names do not run into each other.
        _place(
            canvas,
            MARGIN + 135 + step * index,
            city_top + 72,
            place_name(key),
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
    canvas.text(x, y + (42 if low else 14), name, size=LABEL, bold=True, anchor="ma")
    chip = canvas.chip_width(seat_swatch(0), size=LABEL) - 12
    cx = x - (chip * len(seats)) / 2
    for seat in seats:
        canvas.chip(cx, y - 50, seat_swatch(seat), size=LABEL)
        cx += chip


def _revealed(view: StrangeNorrellView) -> list[tuple[int, list[str]]]:
    """Each magician's hand, spells and completed feats once the game is over, wrapped to
    the picture's width (nothing before the end)."""
    width = WIDTH - 2 * MARGIN - 16
    return [
        (m.seat, [piece for line in lines for piece in wrap(line, width, size=LABEL)])
        for m in view.magicians
        if (lines := revealed_lines(m))
    ]


def _revealed_height(revealed: list[tuple[int, list[str]]]) -> int:
    if not revealed:
        return 0
    return 20 + 52 + sum(44 + 30 * len(lines) + 8 for _, lines in revealed) + 12


def _draw_revealed(
    canvas: Canvas,
    revealed: list[tuple[int, list[str]]],
    top: int,
    names: Sequence[str] | None,
) -> None:
    """The hands laid open: under each magician's name, what they held at the end."""
    bottom = top + _revealed_height(revealed) - 20
    canvas.box((MARGIN - 8, top, WIDTH - MARGIN + 8, bottom), fill=PANEL, outline=LINE, width=2)
    canvas.text(MARGIN + 8, top + 12, HANDS_REVEALED, size=HEADING, bold=True)
    y = top + 60
    for seat, lines in revealed:
        x = MARGIN + 8 + canvas.chip(MARGIN + 8, y, seat_swatch(seat), size=LABEL)
        name = canvas.fit(seat_label(seat, names), WIDTH - MARGIN - x, size=TEXT, bold=True)
        canvas.text(x, y + 17, name, size=TEXT, bold=True, anchor="lm")
        y += 44
        for line in lines:
            canvas.text(MARGIN + 8, y, line, size=LABEL)
            y += 30
        y += 8


def _own_lines(view: StrangeNorrellView) -> list[str] | None:
    """The viewer's cards, one short label each, or None for a spectator."""
    if view.hand is None:
        return None
    return [_card(code) for code in sorted(view.hand, key=_card)]


def _own_height(hand: list[str]) -> int:
    rows = max(1, (len(hand) + 1) // 2)
    return 20 + 56 + rows * 52 + 50 + 20


def _own(canvas: Canvas, view: StrangeNorrellView, hand: list[str], top: int) -> None:
    """The viewer's hand as cards (where each one calls them), their spells and score."""
    bottom = top + _own_height(hand) - 20
    canvas.box((MARGIN - 8, top, WIDTH - MARGIN + 8, bottom), fill=OWN, outline=GREEN, width=3)
    canvas.text(MARGIN + 8, top + 12, msg("Your hand"), size=HEADING, bold=True)
    if view.my_score is not None and not view.finished:
        canvas.text(
            WIDTH - MARGIN - 4,
            top + 16,
            msg("magicianship {total}", total=view.my_score.total),
            size=TEXT,
            bold=True,
            anchor="ra",
        )
    width = (WIDTH - 2 * MARGIN - 16 - 10) / 2
    y = top + 56
    for index, label in enumerate(hand):
        row, column = divmod(index, 2)
        x = MARGIN + 8 + column * (width + 10)
        cy = y + row * 52
        canvas.box((x, cy, x + width, cy + 44), fill=CARD, outline=INK, width=2, radius=8)
        canvas.text(
            x + 10, cy + 22, canvas.fit(label, width - 20, size=LABEL), size=LABEL, anchor="lm"
        )
    if not hand:
        canvas.text(MARGIN + 8, y + 8, msg("no cards"), size=TEXT, fill=MUTED)
    y += max(1, (len(hand) + 1) // 2) * 52 + 4
    held = [spell_name(code) for code in view.spells or ()]
    spells = joined(held, ", ") if held else none()
    canvas.text(
        MARGIN + 8,
        y,
        canvas.fit(msg("Spells: {spells}", spells=spells), WIDTH - 2 * MARGIN - 16, size=TEXT),
        size=TEXT,
    )


def _card(code: str) -> Msg:
    """An invitation or introduction as its place and element: "York wind", "Bath rain +2"."""
    return short_card(code)


def _column(word: str) -> Msg:
    """A column's heading over the magicians' rows."""
    return {
        "prestige": pmsg("picture column", "prestige"),
        "feats": pmsg("picture column", "feats"),
        "cards": pmsg("picture column", "cards"),
        "spells": pmsg("picture column", "spells"),
        "score": pmsg("picture column", "score"),
    }[word]
