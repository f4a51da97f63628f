"""A Mandragora view as a picture: the table at a glance, drawn to read on a phone.

What the picture carries, and what it leaves to the text board (``describe.py``): the picture
is the table at a glance — the circle of shops with their cards and the assistant, the shops
the player to act could send the assistant to (marked with the number of steps), the top
card of each spell stack, each sorcerer's points, hand size, scrolls and reach, whose turn it
is, and the viewer's own hand with the spell they are preparing. The text board carries what
reads better as words: what the player is deciding, the spells each sorcerer has cast, the
score itemized, what the terms mean, and a hint for typing a move.

Discord shows a picture about 400 pixels wide, so the canvas is 800 wide and no text on it
is smaller than :data:`~games.core.picture.SMALL` (22 px, 11 px once shown).
"""

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
)
from games.core.words import Msg, data_msg, joined, msg, nmsg, pmsg
from games.mandragora import cards
from games.mandragora.describe import board_title
from games.mandragora.text import card_name, colour_name
from games.mandragora.view import MandragoraView, SorcererView

WIDTH = 800
MARGIN = 20
CIRCLE_H = 540  # the band the circle of shops is drawn in
SHOP_W, SHOP_H = 140, 104
SHOP_ROWS = 2  # rows of cards a shop tile shows; what does not fit is counted
STACK_ROW = 50
SORCERER_H = 84
REVEAL_ROW = 40  # the row of a sorcerer's panel that lays their hand open once the game is over
HAND_ROW = 44
DAY_FILL = (255, 244, 200)
NIGHT_FILL = (58, 62, 96)
HAND_FILL = (226, 240, 234)

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
ASSISTANT = swatch(VERMILLION, "A")


def _deciding(kind: str, who: str) -> Msg:
    """What the sorcerer owing a decision is doing, in a few words."""
    match kind:
        case "ingredients":
            return msg("{who} is preparing a spell.", who=who)
        case "transfer":
            return msg("{who} chooses who receives a cursed scroll.", who=who)
        case "substitute":
            return msg("{who} chooses whose hand to draw from.", who=who)
        case "substitute-give":
            return msg("{who} chooses a card to hand back.", who=who)
        case "levitate":
            return msg("{who} chooses a card to levitate.", who=who)
        case "share":
            return msg("{who} may trade a card with their partner.", who=who)
        case "share-reply":
            return msg("{who} chooses a card for their partner.", who=who)
    return msg("{who} is deciding.", who=who)


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


def _name(seat: int, names: Sequence[str] | None) -> str:
    """A seat's name as the picture draws it: a character the font lacks is left out here,
    so "Ann 🦊" reads "Ann's turn", not "Ann 's turn"."""
    return drawable(seat_label(seat, names)).strip() or said(msg("Seat {number}", number=seat + 1))


def reach_steps(view: MandragoraView) -> dict[int, int]:
    """Shop number → steps, for the shops the player to act may send the assistant to now
    (none while a decision is pending or once the game is over)."""
    if view.finished or view.pending is not None:
        return {}
    reach = view.sorcerers[view.current].reach
    count = len(view.shops)
    return {(view.assistant + step) % count + 1: step for step in range(1, reach + 1)}


def render(
    view: MandragoraView, names: Sequence[str] | None = None, *, status: str | None = None
) -> bytes:
    """The picture of ``view`` as PNG bytes."""
    own = view.hand is not None
    stack_rows = math.ceil(len(view.stacks) / 2)
    hand_rows = _hand_rows(view) if own else 0
    height = (
        108
        + CIRCLE_H
        + 16
        + stack_rows * STACK_ROW
        + 16
        + sum(_sorcerer_height(s) + 8 for s in view.sorcerers)
        + (70 + hand_rows * HAND_ROW + 16 if own else 0)
        + 96
    )
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(board_title(view), _status(view, names) if status is None else status)
    _shop_circle(canvas, view, y)
    y += CIRCLE_H + 16
    y = _stacks(canvas, view, y) + 16
    for sorcerer in view.sorcerers:
        _sorcerer(canvas, view, sorcerer, y, names)
        y += _sorcerer_height(sorcerer) + 8
    if own:
        y = _hand(canvas, view, y, hand_rows) + 16
    _legend(canvas, height - 88, bool(reach_steps(view)))
    return canvas.png()


def _status(view: MandragoraView, names: Sequence[str] | None) -> str:
    if view.finished:
        return msg("The game is over: most points wins.")
    if view.pending is not None:
        return _deciding(view.pending.kind, _name(view.pending.seat, names))
    who = _name(view.current, names)
    if view.viewer == view.current:
        return msg("Your turn, {who}: move the assistant or cast.", who=who)
    return msg("{who}'s turn: move the assistant or cast.", who=who)


# ------------------------------------------------------------------- the circle of shops
def _shop_circle(canvas: Canvas, view: MandragoraView, top: int) -> None:
    cx, cy = WIDTH / 2, top + CIRCLE_H / 2
    # An ellipse, wider than high, leaves room between neighbouring shops on every side.
    rx, ry = WIDTH / 2 - MARGIN - SHOP_W / 2, CIRCLE_H / 2 - SHOP_H / 2 - 6
    canvas.draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), outline=LINE, width=3)
    steps = reach_steps(view)
    count = len(view.shops)
    for shop in view.shops:
        angle = -math.pi / 2 + 2 * math.pi * (shop.number - 1) / count
        sx, sy = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
        _shop(canvas, view, shop.number, int(sx), int(sy), steps.get(shop.number))
    canvas.text(cx, cy - 44, msg("clockwise ↻"), size=SMALL, fill=MUTED, anchor="mm")
    deck = msg("Deck {count}", count=view.deck_size)
    canvas.text(cx, cy, deck, size=LARGE, bold=True, anchor="mm")
    canvas.text(cx, cy + 40, msg("cards left"), size=SMALL, fill=MUTED, anchor="mm")


def _shop(
    canvas: Canvas, view: MandragoraView, number: int, cx: int, cy: int, step: int | None
) -> None:
    shop = view.shops[number - 1]
    here = view.assistant + 1 == number
    box = (cx - SHOP_W // 2, cy - SHOP_H // 2, cx + SHOP_W // 2, cy + SHOP_H // 2)
    fill = NIGHT_FILL if shop.night else DAY_FILL
    text = WHITE if shop.night else INK
    outline, width = (VERMILLION, 6) if here else (SKY, 5) if step else (LINE, 2)
    canvas.box(box, fill=fill, outline=outline, width=width)
    canvas.text(
        box[0] + 10,
        box[1] + 6,
        f"{number} {'☾' if shop.night else '☀'}",
        size=SMALL,
        bold=True,
        fill=text,
    )
    if here:
        canvas.chip(box[2] - 44, box[1] - 16, ASSISTANT, size=SMALL)
    elif step:
        canvas.chip(box[2] - 56, box[1] - 16, swatch(SKY, f"→{step}"), size=SMALL)
    if shop.night:
        stock = msg("{count} hidden", count=shop.face_down) if shop.face_down else msg("empty")
        canvas.text(box[0] + 10, box[1] + 52, stock, size=SMALL, fill=text)
        return
    if not shop.cards:
        canvas.text(box[0] + 10, box[1] + 52, msg("empty"), size=SMALL, fill=MUTED)
        return
    groups = _grouped(shop.cards)
    x, y, row = box[0] + 8, box[1] + 36, 0
    for index, (colour, label) in enumerate(groups):
        wanted = canvas.chip_width(colour, label, size=SMALL) - 6
        last_row = row == SHOP_ROWS - 1
        # On the last row, keep room to say how many cards did not fit.
        room = box[2] - 4 - (36 if last_row and index < len(groups) - 1 else 0)
        if x + wanted > room:
            if last_row:
                left = len(shop.cards) - sum(_count_of(label) for _, label in groups[:index])
                canvas.text(x, y + 16, f"+{left}", size=SMALL, bold=True, anchor="lm")
                return
            x, y, row = box[0] + 8, y + 34, row + 1
        x += canvas.chip(x, y, colour, label, size=SMALL) - 6


def _count_of(label: str) -> int:
    """How many cards a chip stands for, from its label ("×3", or none for one)."""
    return int(label[1:]) if label.startswith("×") else 1


# ---------------------------------------------------------------------- spell stacks
def _stacks(canvas: Canvas, view: MandragoraView, y: int) -> int:
    """The top spell of each stack, two to a row; returns the y below."""
    half = (WIDTH - 2 * MARGIN - 12) // 2
    for index, stack in enumerate(view.stacks):
        x = MARGIN + (index % 2) * (half + 12)
        top = y + (index // 2) * STACK_ROW
        canvas.box((x, top, x + half, top + STACK_ROW - 8), fill=PANEL)
        middle = top + (STACK_ROW - 8) / 2
        canvas.text(x + 14, middle, str(stack.value), size=LARGE, bold=True, anchor="lm")
        name = data_msg(cards.spells()[stack.top].name) if stack.top else msg("empty")
        left = f"×{stack.size}"
        room = (
            half
            - 60
            - canvas.text(x + half - 12, middle, left, size=SMALL, fill=MUTED, anchor="rm")
        )
        canvas.text(
            x + 48,
            middle,
            canvas.fit(name, room, size=BODY),
            size=BODY,
            fill=INK if stack.top else MUTED,
            anchor="lm",
        )
    return y + math.ceil(len(view.stacks) / 2) * STACK_ROW


# ------------------------------------------------------------------------- sorcerers
def _sorcerer_height(s: SorcererView) -> int:
    """A sorcerer's panel: taller once the game is over, to lay their hand open."""
    return SORCERER_H + (REVEAL_ROW if s.hand is not None else 0)


def _sorcerer(
    canvas: Canvas, view: MandragoraView, s: SorcererView, y: int, names: Sequence[str] | None
) -> None:
    acting = s.seat in view.to_act and not view.finished
    right = WIDTH - MARGIN
    canvas.box(
        (MARGIN, y, right, y + _sorcerer_height(s)),
        fill=PANEL,
        outline=INK if acting else None,
        width=4,
    )
    if view.scores is not None:
        points = {line.seat: line.total for line in view.scores}[s.seat]
        score = msg("{points} final", points=points)
    else:
        score = nmsg("{n} pt", "{n} pts", s.spell_points)
    score_width = canvas.text(right - 14, y + 24, score, size=LARGE, bold=True, anchor="rm")
    x = MARGIN + 12 + canvas.chip(MARGIN + 12, y + 8, seat_swatch(s.seat))
    name: str = _name(s.seat, names)
    if view.viewer == s.seat:
        name = msg("{name} (you)", name=name)
    if acting:
        name = joined(["▶", name], " ")
    room = right - 28 - score_width - x
    canvas.text(
        x, y + 24, canvas.fit(name, room, size=BODY, bold=True), size=BODY, bold=True, anchor="lm"
    )
    facts = [
        msg("hand {count}", count=s.hand_size),
        msg("scrolls {count}", count=s.scrolls),
        msg("reach {count}", count=s.reach),
    ]
    if view.teams:
        facts.append(msg("team A") if s.seat % 2 == 0 else msg("team B"))
    if view.curse_holder == s.seat:
        facts.append(msg("✖ Curse"))
    if view.countdown_seat == s.seat and view.final_round is not None:
        facts.append(msg("countdown"))
    if s.dropped:
        facts.append(msg("dropped out"))
    line = canvas.fit(joined(facts, " · "), right - MARGIN - 28, size=SMALL)
    canvas.text(MARGIN + 14, y + 62, line, size=SMALL, anchor="lm")
    if s.hand is not None:
        _revealed_hand(canvas, s.hand, y + SORCERER_H - 4)


def _revealed_hand(canvas: Canvas, hand: tuple[str, ...], y: int) -> None:
    """One row of small chips: the hand a sorcerer ended with; what does not fit is counted."""
    left, right = MARGIN + 14, WIDTH - MARGIN - 14
    x = left + 10 + canvas.text(left, y + 16, msg("held:"), size=SMALL, fill=MUTED, anchor="lm")
    if not hand:
        canvas.text(x, y + 16, msg("no cards"), size=SMALL, fill=MUTED, anchor="lm")
        return
    groups = _grouped(hand)
    for index, (colour, label) in enumerate(groups):
        room = right - (48 if index < len(groups) - 1 else 0)
        if x + canvas.chip_width(colour, label, size=SMALL) > room:
            left_over = len(hand) - sum(_count_of(lab) for _, lab in groups[:index])
            canvas.text(x, y + 16, f"+{left_over}", size=SMALL, bold=True, anchor="lm")
            return
        x += canvas.chip(x, y, colour, label, size=SMALL) - 6


# ------------------------------------------------------------------------- the hand
def _hand_chips(view: MandragoraView) -> list[tuple[Swatch, str]]:
    return _grouped(view.hand or ())


def _spell_chips(view: MandragoraView) -> list[tuple[Swatch, str]]:
    """The spell the viewer is preparing: its book and the ingredients added so far."""
    pending = view.pending
    if pending is None or pending.seat != view.viewer or not pending.book:
        return []
    return [(card_swatch(c), "") for c in (pending.book, *pending.ingredients)]


def _rows(canvas: Canvas | None, chips: list[tuple[Swatch, str]], width: float) -> int:
    """How many rows of :data:`BODY` chips ``chips`` take in ``width`` pixels."""
    measure = canvas if canvas is not None else Canvas(1, 1)
    rows, x = 1, 0.0
    for colour, label in chips:
        wanted = measure.chip_width(colour, label)
        if x and x + wanted > width:
            rows, x = rows + 1, 0.0
        x += wanted
    return rows


def _hand_rows(view: MandragoraView) -> int:
    inner = WIDTH - 2 * MARGIN - 32
    rows = _rows(None, _hand_chips(view), inner)
    spell = _spell_chips(view)
    return rows + (_rows(None, spell, inner - 160) if spell else 0)


def _hand(canvas: Canvas, view: MandragoraView, y: int, rows: int) -> int:
    bottom = y + 62 + rows * HAND_ROW
    canvas.box((MARGIN, y, WIDTH - MARGIN, bottom), fill=HAND_FILL, outline=GREEN, width=3)
    canvas.text(MARGIN + 16, y + 12, msg("Your hand"), size=BODY, bold=True)
    if view.my_score is not None and not view.finished:
        score = msg("score now {points}", points=view.my_score.total)
        canvas.text(WIDTH - MARGIN - 16, y + 14, score, size=BODY, anchor="ra")
    left, right = MARGIN + 16, WIDTH - MARGIN - 16
    x, row = left, y + 52
    for colour, label in _hand_chips(view):
        wanted = canvas.chip_width(colour, label)
        if x > left and x + wanted > right:
            x, row = left, row + HAND_ROW
        x += canvas.chip(x, row, colour, label)
    if not view.hand:
        canvas.text(left, row + 4, msg("empty"), size=BODY, fill=MUTED)
    spell = _spell_chips(view)
    if spell:
        row += HAND_ROW
        start = left + 12 + canvas.text(left, row + 17, msg("your spell:"), size=SMALL, anchor="lm")
        x = start
        for colour, label in spell:
            wanted = canvas.chip_width(colour, label)
            if x > start and x + wanted > right:
                x, row = start, row + HAND_ROW
            x += canvas.chip(x, row, colour, label)
    return bottom


def _legend(canvas: Canvas, y: int, reach: bool) -> None:
    items: list[tuple[Swatch, str]] = [
        (_COLOURS[c], colour_name(c)) for c in ("purple", "yellow", "green", "red", "blue", "black")
    ]
    items += [
        (_COLOURS[cards.MANDRAKE], card_name(cards.MANDRAKE)),
        (_COLOURS[cards.SCROLL], card_name(cards.SCROLL)),
    ]
    items.append((ASSISTANT, pmsg("legend", "assistant")))
    if reach:
        items.append((swatch(SKY, "→2"), msg("steps away")))
    x, right = float(MARGIN), WIDTH - MARGIN
    for colour, label in items:
        if x + canvas.chip_width(colour, label, size=SMALL) > right:
            x, y = MARGIN, y + 42
        x += canvas.chip(x, y, colour, label, size=SMALL)
