"""A Marginalia view as a picture: the table at a glance, drawn to read on a phone.

What the picture carries, and what it leaves to the text board (``describe.py``): the picture
is the table at a glance — the page's five columns with each marginalis' name, attack and
health left, whose rows are whose (the owner's name beside their two rows, the viewer's side at
the bottom, the first player's at the bottom for spectators), who went first, whose turn it is,
both players' health, the spaces the player to act may play to (outlined, with their names),
and the viewer's hand. The text board carries what reads better as words: what the player to
act is doing or deciding, what each ability does, the damage marked on each marginalis, the
cards seen in discard piles, what the terms mean, and a hint for typing a move.

Discord shows a picture about 400 pixels wide, so the canvas is 800 wide and no text on it
is smaller than :data:`~games.core.picture.SMALL` (22 px, 11 px once shown).
"""

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
    SKY,
    SMALL,
    VERMILLION,
    WHITE,
    YELLOW,
    Canvas,
    Swatch,
    drawable,
    said,
    seat_label,
    seat_swatch,
    swatch,
    wrap,
)
from games.core.words import Msg, joined, msg, pmsg
from games.marginalia import cards
from games.marginalia.describe import bottom_seat, open_spaces, rows_of
from games.marginalia.page import FILES
from games.marginalia.text import card_name
from games.marginalia.view import MarginaliaView, MarginalisView, SideView

WIDTH = 800
MARGIN = 20
PAGE_LEFT = 110  # the gutter left of the page holds each row's rank and owner
CELL_W, CELL_H = 134, 100
SIDE_H = 76
HAND_ROW = 42
PARCHMENT = (244, 236, 214)
HAND_FILL = (226, 240, 234)
OPEN_FILL = (212, 234, 248)  # a space the player to act may play to

HUMORS: dict[str, tuple[Swatch, str]] = {
    "coleric": (swatch(YELLOW, "C"), msg("choleric")),
    "flegmat": (swatch(BLUE, "P"), msg("phlegmatic")),
    "sanguin": (swatch(VERMILLION, "S"), msg("sanguine")),
    "melanc": (swatch(BLACK, "M"), msg("melancholic")),
}

_PLAY = msg("play phase")
_ATTACK = msg("attack phase")
_RESET = msg("reset phase")
_PHASES = {
    "play": _PLAY,
    "attack": _ATTACK,
    "between-fights": _ATTACK,
    "reset": _RESET,
    "choose-reset": _RESET,
    "other-reset": _RESET,
    "cleanup": _RESET,
}


#: The lines, as the page's gutter names them.
_LINES = {"front": pmsg("line", "front"), "back": pmsg("line", "back")}


def _name(seat: int, names: Sequence[str] | None) -> str:
    """A seat's name as the picture draws it: a character the font lacks is left out here,
    so "Ann 🦊" reads "Ann's turn", not "Ann 's turn"."""
    return drawable(seat_label(seat, names)).strip() or msg("Seat {n}", n=seat + 1)


def render(
    view: MarginaliaView, names: Sequence[str] | None = None, *, status: str | None = None
) -> bytes:
    """The picture of ``view`` as PNG bytes."""
    hand = view.hand or ()
    hand_height = 60 + HAND_ROW * max(1, len(hand)) if view.hand is not None else 0
    page_height = 4 * CELL_H + 16 + 40
    sides = sum(_side_height(side) + 12 for side in view.sides)
    height = 108 + sides + page_height + (hand_height + 12 if hand_height else 0)
    height += 96
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(_title(view), _status(view, names) if status is None else status)
    bottom = bottom_seat(view)
    top = 1 - bottom
    _side(canvas, view, top, y, names)
    y += _side_height(view.sides[top]) + 12
    y = _page(canvas, view, y, top, names)
    _side(canvas, view, bottom, y, names)
    y += _side_height(view.sides[bottom]) + 12
    if view.hand is not None:
        _hand(canvas, view, y, hand_height)
    _legend(canvas, height - 88)
    return canvas.png()


def _title(view: MarginaliaView) -> str:
    if view.finished or view.phase not in _PHASES:
        return msg("Marginalia · game over")
    return msg("Marginalia · turn {turn} · {phase}", turn=view.turn, phase=_PHASES[view.phase])


def _status(view: MarginaliaView, names: Sequence[str] | None) -> str:
    if view.finished:
        if view.winner is None:
            return msg("The game is over: a draw.")
        return msg("{player} wins.", player=_name(view.winner, names))
    who = _name(view.active, names)
    played = msg("{plays} of {limit} cards played", plays=view.plays, limit=view.play_limit)
    if view.viewer == view.active:
        return msg("Your turn, {player}: {played}.", player=who, played=played)
    return msg("{player}'s turn: {played}.", player=who, played=played)


# ------------------------------------------------------------------------- the sides
REVEAL_LINE = 30  # a line of a side's panel laying its cards open once the game is over


def _revealed_lines(side: SideView) -> list[str]:
    """What a player held and discarded, laid open once the game is over, wrapped to the
    panel (none before: those cards are secret while the game runs)."""
    lines: list[str] = []
    for held, codes in ((True, side.held), (False, side.discarded)):
        if codes is not None:
            listed = joined((card_name(code) for code in codes), ", ") if codes else msg("nothing")
            if held:
                said_line = msg("held: {cards}", cards=listed)
            else:
                said_line = msg("discarded: {cards}", cards=listed)
            lines += wrap(said_line, WIDTH - 2 * MARGIN - 28, size=SMALL)
    return lines


def _side_height(side: SideView) -> int:
    return SIDE_H + REVEAL_LINE * len(_revealed_lines(side))


def _side(
    canvas: Canvas, view: MarginaliaView, seat: int, y: int, names: Sequence[str] | None
) -> None:
    side = view.sides[seat]
    acting = seat in view.to_act and not view.finished
    right = WIDTH - MARGIN
    canvas.box(
        (MARGIN, y, right, y + _side_height(side)),
        fill=PANEL,
        outline=INK if acting else None,
        width=4,
    )
    health = f"♥ {side.health}"
    used = canvas.text(right - 14, y + 24, health, size=LARGE, bold=True, anchor="rm")
    start = MARGIN + 12 + canvas.chip(MARGIN + 12, y + 8, seat_swatch(seat))
    name: str = ("▶ " if acting else "") + _name(seat, names)
    if view.viewer == seat:
        name = msg("{player} (you)", player=name)
    name = canvas.fit(name, right - 30 - used - start, size=BODY, bold=True)
    canvas.text(start, y + 24, name, size=BODY, bold=True, anchor="lm")
    facts: list[Msg] = [
        msg("deck {n}", n=side.deck),
        msg("hand {n}", n=side.hand),
        msg("discard {n}", n=side.discard),
    ]
    if seat == view.first:
        facts.insert(0, msg("went first"))
    if view.winner == seat:
        facts.insert(0, pmsg("picture", "winner"))
    canvas.text(MARGIN + 14, y + 58, joined(facts, " · "), size=SMALL, anchor="lm")
    for index, line in enumerate(_revealed_lines(side)):
        canvas.text(
            MARGIN + 14, y + 58 + (index + 1) * REVEAL_LINE, line, size=SMALL, fill=INK, anchor="lm"
        )


# -------------------------------------------------------------------------- the page
def _page(
    canvas: Canvas, view: MarginaliaView, top: int, top_seat: int, names: Sequence[str] | None
) -> int:
    """The page, the top seat's back line first; returns the y below it."""
    by_space = {m.space: m for m in view.page}
    free = set(open_spaces(view))
    right = PAGE_LEFT + 5 * CELL_W
    canvas.box(
        (PAGE_LEFT - 8, top - 4, right + 8, top + 4 * CELL_H + 16 + 40),
        fill=PARCHMENT,
        outline=LINE,
    )
    rows = [*reversed(rows_of(top_seat)), *rows_of(1 - top_seat)]
    for index, (seat, rank, line) in enumerate(rows):
        y = top + index * CELL_H + (16 if index >= 2 else 0)
        # The owner's number and the rank, beside each row: whose row it is never rests on
        # colour alone.
        canvas.chip(MARGIN - 6, y + 12, seat_swatch(seat), size=SMALL)
        canvas.text(PAGE_LEFT - 16, y + 30, str(rank), size=LARGE, bold=True, anchor="rm")
        canvas.text(MARGIN - 4, y + 72, _LINES[line], size=SMALL, fill=MUTED, anchor="lm")
        for column, file in enumerate(FILES):
            space = f"{file}{rank}"
            _cell(canvas, by_space.get(space), space, space in free, PAGE_LEFT + column * CELL_W, y)
    middle = top + 2 * CELL_H + 6
    canvas.draw.line((PAGE_LEFT, middle, right, middle), fill=INK, width=3)
    files_y = top + 4 * CELL_H + 16 + 20
    for column, file in enumerate(FILES):
        canvas.text(
            PAGE_LEFT + column * CELL_W + CELL_W / 2,
            files_y,
            file,
            size=BODY,
            bold=True,
            fill=MUTED,
            anchor="mm",
        )
    return top + 4 * CELL_H + 16 + 40 + 12


def _cell(canvas: Canvas, m: MarginalisView | None, space: str, free: bool, x: int, y: int) -> None:
    box = (x + 3, y + 3, x + CELL_W - 3, y + CELL_H - 3)
    if m is None:
        if free:
            canvas.box(box, fill=OPEN_FILL, outline=SKY, width=2)
            canvas.text(
                (box[0] + box[2]) / 2,
                (box[1] + box[3]) / 2,
                space,
                size=BODY,
                bold=True,
                fill=INK,
                anchor="mm",
            )
        else:
            canvas.box(box, fill=None, outline=LINE, width=1)
        return
    owner = seat_swatch(m.seat)
    canvas.box(box, fill=WHITE, outline=owner.rgb, width=4)
    width = CELL_W - 22
    # Hyphenated names may break after their hyphen.
    broken = wrap(said(card_name(m.card)).replace("-", "- "), width, size=SMALL)
    lines = [t.replace("- ", "-") for t in broken]
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    for index, text in enumerate(lines):
        canvas.text(
            box[0] + 9, box[1] + 6 + index * 26, canvas.fit(text, width, size=SMALL), size=SMALL
        )
    stats = f"⚔{m.attack} ♥{m.health - m.damage}"
    canvas.text(
        box[0] + 9,
        box[3] - 6,
        stats,
        size=SMALL,
        bold=True,
        fill=VERMILLION if m.damage else INK,
        anchor="ld",
    )
    if m.used:
        canvas.text(box[2] - 8, box[3] - 6, "✓", size=SMALL, bold=True, fill=MUTED, anchor="rd")


# -------------------------------------------------------------------------- the hand
def _hand(canvas: Canvas, view: MarginaliaView, y: int, height: int) -> None:
    hand = view.hand or ()
    right = WIDTH - MARGIN
    canvas.box((MARGIN, y, right, y + height), fill=HAND_FILL, outline=GREEN, width=3)
    canvas.text(MARGIN + 16, y + 12, msg("Your hand"), size=BODY, bold=True)
    row = y + 52
    for code in hand:
        data = cards.card(code)
        colour, _ = HUMORS[data.humor]
        x = MARGIN + 16 + canvas.chip(MARGIN + 16, row, colour, size=SMALL)
        incantation = data.kind == "incantation"
        stats = (
            pmsg("card kind", "incantation") if incantation else f"⚔{data.attack} ♥{data.health}"
        )
        used = canvas.text(right - 16, row + 16, stats, size=BODY, anchor="rm")
        canvas.text(
            x,
            row + 16,
            canvas.fit(card_name(code), right - 32 - used - x, size=BODY),
            size=BODY,
            anchor="lm",
        )
        row += HAND_ROW
    if not hand:
        canvas.text(MARGIN + 16, row, msg("empty"), size=BODY, fill=MUTED)


def _legend(canvas: Canvas, y: int) -> None:
    items = [HUMORS[h] for h in ("coleric", "flegmat", "sanguin", "melanc")]
    canvas.chips(MARGIN, y, items[:2], size=SMALL)
    canvas.chips(MARGIN, y + 44, items[2:], size=SMALL)
    x = MARGIN + 400
    canvas.text(x, y + 16, msg("⚔ attack · ♥ health left"), size=SMALL, fill=MUTED, anchor="lm")
    canvas.box((x, y + 46, x + 30, y + 74), fill=OPEN_FILL, outline=SKY, width=2, radius=5)
    canvas.text(x + 40, y + 60, msg("free to play · ✓ used"), size=SMALL, fill=MUTED, anchor="lm")
