"""A Mandragora view as a picture: the circle of shops with the assistant, the spell stacks,
each sorcerer, and the viewer's own hand when the view is a seat's."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence

from games.core.picture import (
    BLACK,
    BLUE,
    BODY,
    GREEN,
    GREY,
    INK,
    LARGE,
    LINE,
    MUTED,
    PANEL,
    PURPLE,
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
from games.mandragora import cards
from games.mandragora.describe import board_title
from games.mandragora.view import MandragoraView, SorcererView

WIDTH = 1200
CIRCLE_W, CIRCLE_H = 740, 600  # the area the circle of shops is drawn in
SHOP_ROWS = 2  # rows of cards a shop tile shows; what does not fit is counted
DAY_FILL = (255, 244, 200)
NIGHT_FILL = (58, 62, 96)

_COLOURS: dict[str, Swatch] = {
    "purple": swatch(PURPLE, "P"),
    "yellow": swatch(YELLOW, "Y"),
    "green": swatch(GREEN, "G"),
    "red": swatch(VERMILLION, "R"),
    "blue": swatch(BLUE, "B"),
    "black": swatch(BLACK, "K"),
    cards.MANDRAKE: swatch(WHITE, "M"),
    cards.SCROLL: swatch(GREY, "S"),
}


_DECIDING = {
    "ingredients": "is preparing a spell",
    "transfer": "chooses who receives a cursed scroll",
    "substitute": "chooses whose hand to draw from",
    "substitute-give": "chooses a card to hand back",
    "levitate": "chooses a card to levitate",
    "share": "may trade a card with their partner",
    "share-reply": "chooses a card for their partner",
}


def card_swatch(card: str) -> Swatch:
    """A card's chip: its colour's letter, and the book's value after it for a spellbook."""
    if card in (cards.MANDRAKE, cards.SCROLL):
        return _COLOURS[card]
    if cards.is_book(card):
        base = _COLOURS[cards.book_colour(card)]
        return Swatch(base.rgb, f"{base.mark}{cards.book_value(card)}", ink=base.ink)
    return _COLOURS[card]


def _grouped(items: Iterable[str]) -> list[tuple[Swatch, str]]:
    counts = Counter(items)
    order = {card: i for i, card in enumerate(dict.fromkeys(cards.all_cards()))}
    ordered = sorted(counts, key=lambda c: order.get(c, len(order)))
    return [(card_swatch(c), f"×{counts[c]}" if counts[c] > 1 else "") for c in ordered]


def render(
    view: MandragoraView, names: Sequence[str] | None = None, *, status: str | None = None
) -> bytes:
    """The picture of ``view`` as PNG bytes."""
    sorcerer_rows = math.ceil(len(view.sorcerers) / 2)
    own = view.hand is not None
    height = 108 + CIRCLE_H + 20 + sorcerer_rows * 160 + (130 if own else 0) + 70
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(board_title(view), _status(view, names) if status is None else status)
    _shop_circle(canvas, view, 10, y)
    _stacks(canvas, view, CIRCLE_W + 10, y, names)
    y += CIRCLE_H + 20
    for index, sorcerer in enumerate(view.sorcerers):
        x = 20 + (index % 2) * 590
        _sorcerer(canvas, view, sorcerer, x, y + (index // 2) * 160, names)
    y += sorcerer_rows * 160
    if own:
        _hand(canvas, view, y)
    _legend(canvas, height - 56)
    return canvas.png()


def _status(view: MandragoraView, names: Sequence[str] | None) -> str:
    if view.finished:
        return "The game is over: most points wins."
    if view.pending is not None:
        who = seat_label(view.pending.seat, names)
        return f"{who} {_DECIDING.get(view.pending.kind, 'is deciding')}."
    who = seat_label(view.current, names)
    if view.viewer == view.current:
        return f"Your turn, {who}: send the assistant or cast a spell."
    return f"{who}'s turn: send the assistant or cast a spell."


def _shop_circle(canvas: Canvas, view: MandragoraView, left: int, top: int) -> None:
    cx, cy = left + CIRCLE_W / 2, top + CIRCLE_H / 2
    # An ellipse, wider than high, leaves room between neighbouring shops on every side.
    rx, ry = CIRCLE_W / 2 - 90, CIRCLE_H / 2 - 60
    canvas.draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), outline=LINE, width=3)
    count = len(view.shops)
    for shop in view.shops:
        angle = -math.pi / 2 + 2 * math.pi * (shop.number - 1) / count
        sx, sy = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
        _shop(canvas, view, shop.number, int(sx), int(sy))
    canvas.text(cx, cy - 34, "clockwise ↻", size=SMALL, fill=MUTED, anchor="mm")
    canvas.text(cx, cy + 4, f"Deck: {view.deck_size}", size=LARGE, bold=True, anchor="mm")
    canvas.text(cx, cy + 42, "cards left", size=SMALL, fill=MUTED, anchor="mm")


def _shop(canvas: Canvas, view: MandragoraView, number: int, cx: int, cy: int) -> None:
    shop = view.shops[number - 1]
    here = view.assistant + 1 == number
    w, h = 150, 110
    box = (cx - w // 2, cy - h // 2, cx + w // 2, cy + h // 2)
    fill = NIGHT_FILL if shop.night else DAY_FILL
    text = WHITE if shop.night else INK
    canvas.box(box, fill=fill, outline=VERMILLION if here else LINE, width=6 if here else 2)
    label = f"{number} {'☾ night' if shop.night else '☀ day'}"
    canvas.text(box[0] + 10, box[1] + 6, label, size=SMALL, bold=True, fill=text)
    if here:
        canvas.chip(box[2] - 40, box[1] - 18, swatch(VERMILLION, "A"), size=SMALL)
    if shop.night:
        stock = f"{shop.face_down} face down" if shop.face_down else "empty"
        canvas.text(box[0] + 10, box[1] + 50, stock, size=SMALL, fill=text)
        return
    if not shop.cards:
        canvas.text(box[0] + 10, box[1] + 50, "empty", size=SMALL, fill=MUTED)
        return
    groups = _grouped(shop.cards)
    x, y, row = box[0] + 8, box[1] + 34, 0
    for index, (colour, label_text) in enumerate(groups):
        wanted = canvas.chip_width(colour, label_text, size=SMALL) - 6
        last_row = row == SHOP_ROWS - 1
        # On the last row, keep room to say how many cards did not fit.
        room = box[2] - 4 - (36 if last_row and index < len(groups) - 1 else 0)
        if x + wanted > room:
            if last_row:
                left = len(shop.cards) - sum(_count_of(label) for _, label in groups[:index])
                canvas.text(x, y + 16, f"+{left}", size=SMALL, bold=True, anchor="lm")
                return
            x, y, row = box[0] + 8, y + 36, row + 1
        x += canvas.chip(x, y, colour, label_text, size=SMALL) - 6


def _count_of(label: str) -> int:
    """How many cards a chip stands for, from its label ("×3", or none for one)."""
    return int(label[1:]) if label.startswith("×") else 1


def _stacks(
    canvas: Canvas, view: MandragoraView, x: int, y: int, names: Sequence[str] | None
) -> None:
    canvas.text(x, y + 4, "Spell stacks", size=LARGE, bold=True)
    y += 48
    for stack in view.stacks:
        canvas.box((x, y, WIDTH - 20, y + 56), fill=PANEL)
        canvas.text(x + 16, y + 28, str(stack.value), size=LARGE, bold=True, anchor="lm")
        name = cards.spells()[stack.top].name if stack.top else "— empty —"
        canvas.text(x + 56, y + 28, name, size=BODY, anchor="lm")
        canvas.text(WIDTH - 36, y + 28, f"{stack.size} left", size=SMALL, fill=MUTED, anchor="rm")
        y += 66
    y += 10
    if view.final_round is not None:
        canvas.box((x, y, WIDTH - 20, y + 130), fill=(255, 226, 204), outline=VERMILLION)
        canvas.text(x + 16, y + 12, "Countdown", size=LARGE, bold=True)
        canvas.text(x + 16, y + 56, f"Final round {view.final_round} of 3", size=BODY)
        if view.countdown_seat is not None:
            holder = seat_label(view.countdown_seat, names)
            canvas.text(x + 16, y + 92, f"countdown card: {holder}", size=SMALL)
    else:
        canvas.text(x, y + 8, "The deck runs out: three final rounds.", size=SMALL, fill=MUTED)


def _sorcerer(
    canvas: Canvas,
    view: MandragoraView,
    s: SorcererView,
    x: int,
    y: int,
    names: Sequence[str] | None,
) -> None:
    acting = s.seat in view.to_act and not view.finished
    canvas.box((x, y, x + 570, y + 146), fill=PANEL, outline=INK if acting else None, width=3)
    cx = x + 12
    cx += canvas.chip(cx, y + 10, seat_swatch(s.seat), size=BODY)
    name = seat_label(s.seat, names)
    if view.viewer == s.seat:
        name += " (you)"
    cx += canvas.text(cx, y + 12, name, size=BODY, bold=True) + 12
    marks = []
    if view.scores is not None:
        final = {line.seat: line.total for line in view.scores}
        marks.append(f"final score {final[s.seat]}")
    if acting:
        marks.append("▶ to act")
    if view.teams:
        marks.append("team A" if s.seat % 2 == 0 else "team B")
    if view.curse_holder == s.seat:
        marks.append("✖ Curse")
    if s.dropped:
        marks.append("dropped out")
    canvas.text(cx, y + 14, canvas.fit(" · ".join(marks), x + 560 - cx, size=SMALL), size=SMALL)
    facts = f"hand {s.hand_size} · scrolls {s.scrolls} · reach {s.reach} · {s.spell_points} pts"
    canvas.text(x + 12, y + 54, facts, size=SMALL)
    spells = ", ".join(
        f"{cards.spells()[c.spell].name} {c.value}+{_book_mark(c.book)}" for c in s.spells
    )
    if not spells:
        canvas.text(x + 12, y + 88, "no spells yet", size=SMALL, fill=MUTED)
    lines = wrap(spells, 546, size=SMALL)
    if len(lines) > 2:
        lines = [lines[0], canvas.fit(" ".join(lines[1:]), 546, size=SMALL)]
    for row, line in enumerate(lines):
        canvas.text(x + 12, y + 86 + row * 28, line, size=SMALL)


def _book_mark(book: str) -> str:
    return "M0" if book == cards.MANDRAKE else card_swatch(book).mark


def _hand(canvas: Canvas, view: MandragoraView, y: int) -> None:
    assert view.hand is not None
    canvas.box((20, y, WIDTH - 20, y + 116), fill=(226, 240, 234), outline=GREEN, width=3)
    canvas.text(36, y + 12, "Your hand (only you see this)", size=BODY, bold=True)
    if view.my_score is not None and not view.finished:
        canvas.text(WIDTH - 36, y + 14, f"score now: {view.my_score.total}", size=BODY, anchor="ra")
    right = WIDTH - 30
    pending = view.pending
    if pending is not None and pending.seat == view.viewer and pending.book:
        # The spell being prepared, at the right: its book and the ingredients added so far.
        spell = [(card_swatch(c), "") for c in (pending.book, *pending.ingredients)]
        x = WIDTH - 36 - sum(canvas.chip_width(colour) for colour, _ in spell)
        right = x - 12 - canvas.text(x - 12, y + 71, "your spell:", size=SMALL, anchor="rm") - 20
        canvas.chips(x, y + 54, spell)
    x, row = 36, y + 54
    for colour, label in _grouped(view.hand):
        wanted = canvas.chip_width(colour, label)
        if x + wanted > right:
            x, row = 36, row + 40
        x += canvas.chip(x, row, colour, label)
    if not view.hand:
        canvas.text(36, row, "empty", size=BODY, fill=MUTED)


def _legend(canvas: Canvas, y: int) -> None:
    items = [(_COLOURS[c], c) for c in ("purple", "yellow", "green", "red", "blue", "black")]
    items += [(_COLOURS[cards.MANDRAKE], "mandrake"), (_COLOURS[cards.SCROLL], "scroll")]
    items.append((swatch(VERMILLION, "A"), "assistant"))
    canvas.chips(20, y, items, size=SMALL)
