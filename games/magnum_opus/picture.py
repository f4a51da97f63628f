"""A Magnum Opus view as a picture: the table at a glance, drawn to read on a phone.

What the picture carries, and what it leaves to the text board (``describe.py``): the picture
is the table at a glance — the ingredients for sale at the Golden Lane and the Astronomical
Clock with the Prime Ingredients, each alchemist's silver, ingredients and the numerals of the
Characters in front of them, who holds the Ouroboros, who is still to act, and the viewer's own
pack (the cards they may choose from) and Magnum Opus formulas. The text board carries what
reads better as words: the phase and what the player to act is deciding, the Characters' names
and what the patron's Character does, the score itemized, what the terms mean, and a hint for
typing a move.

Discord shows a picture about 400 pixels wide, so the canvas is 800 wide and no text on it
is smaller than :data:`~games.core.picture.SMALL` (22 px, 11 px once shown).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence

from games.core.picture import (
    BLUE,
    BODY,
    GREEN,
    INK,
    LARGE,
    MUTED,
    PANEL,
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
from games.core.words import Msg, data_msg, joined, msg, pmsg
from games.magnum_opus import cards
from games.magnum_opus.state import CLOCK_PRICE, LANE_PRICE
from games.magnum_opus.text import character_label, ingredient_word
from games.magnum_opus.text import money as silver_words
from games.magnum_opus.view import AlchemistView, MagnumOpusView

WIDTH = 800
MARGIN = 20
MARKET_H = 150
ALCHEMIST_H = 96
REVEAL_ROW = 40  # the row of an alchemist's panel showing their Magnum Opus once the game is over
CARD_ROW = 40
GOLD = (246, 226, 160)
CLOCK_FILL = (214, 226, 244)
OWN_FILL = (226, 240, 234)

#: Each ingredient's colour and the letters marking its chips (said in the picture's language).
MARKS: dict[str, tuple[tuple[int, int, int], Msg]] = {
    "salt": (WHITE, pmsg("chip of salt", "Sa")),
    "sulfur": (YELLOW, pmsg("chip of sulfur", "Su")),
    "mercury": (BLUE, pmsg("chip of mercury", "Me")),
    "vitriol": (GREEN, pmsg("chip of vitriol", "Vi")),
    "cinnabar": (VERMILLION, pmsg("chip of cinnabar", "Ci")),
}


#: Between a Magnum Opus card's two formulas.
_OR = pmsg("formulas", "or")


def ingredient_swatch(kind: str) -> Swatch:
    """An ingredient's chip, its letters in the language of the picture being drawn."""
    colour, mark = MARKS[kind]
    return swatch(colour, said(mark))


def _counted(tokens: Iterable[str]) -> list[tuple[Swatch, str]]:
    counts = Counter(tokens)
    return [
        (ingredient_swatch(t), f"×{counts[t]}" if counts[t] > 1 else "")
        for t in cards.ingredients()
        if counts[t]
    ]


def _name(seat: int, names: Sequence[str] | None) -> str:
    """A seat's name as the picture draws it: a character the font lacks is left out here,
    so "Ann 🦊" reads "Ann's turn", not "Ann 's turn"."""
    return drawable(seat_label(seat, names)).strip() or said(msg("Seat {number}", number=seat + 1))


def render(
    view: MagnumOpusView, names: Sequence[str] | None = None, *, status: str | None = None
) -> bytes:
    """The picture of ``view`` as PNG bytes."""
    own = _own_height(view)
    height = 108 + 2 * (MARKET_H + 12) + sum(_alchemist_height(a) + 8 for a in view.alchemists)
    height += (own + 12 if own else 0) + 64
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(_title(view), _status(view, names) if status is None else status)
    _lane(canvas, view, y)
    y += MARKET_H + 12
    _clock(canvas, view, y)
    y += MARKET_H + 12
    for alchemist in view.alchemists:
        _alchemist(canvas, view, alchemist, y, names)
        y += _alchemist_height(alchemist) + 8
    if own:
        _own(canvas, view, y, own)
    _legend(canvas, height - 52)
    return canvas.png()


def _title(view: MagnumOpusView) -> Msg:
    if view.finished:
        return msg("Magnum Opus · game over")
    return msg("Magnum Opus · round {round} of {rounds}", round=view.round, rounds=view.rounds)


def _status(view: MagnumOpusView, names: Sequence[str] | None) -> Msg:
    if view.finished:
        return msg("The game is over: most points wins.")
    if view.patron is not None:
        patron = view.patron
        if patron.target >= 0:
            return msg(
                "{patron} is patron of {character}, aiming at {rival}.",
                patron=_name(patron.seat, names),
                character=character_label(patron.numeral),
                rival=_name(patron.target, names),
            )
        return msg(
            "{patron} is patron of {character}.",
            patron=_name(patron.seat, names),
            character=character_label(patron.numeral),
        )
    if view.viewer is not None and view.viewer in view.to_act:
        if view.phase == "keep":
            return msg("Your move: keep a Magnum Opus.")
        return msg("Your move: pick a card.")
    waiting: Msg = (
        joined([_name(s, names) for s in view.to_act], ", ") if view.to_act else msg("nobody")
    )
    return msg("Waiting for {waiting}.", waiting=waiting)


# ------------------------------------------------------------------------- markets
def _market_head(
    canvas: Canvas, y: int, title: Msg, price: int, fill: tuple[int, int, int]
) -> None:
    canvas.box((MARGIN, y, WIDTH - MARGIN, y + MARKET_H), fill=fill)
    canvas.text(MARGIN + 16, y + 10, title, size=LARGE, bold=True)
    each = msg("{price} silver each", price=price)
    canvas.text(WIDTH - MARGIN - 16, y + 14, each, size=BODY, anchor="ra")


def _for_sale(canvas: Canvas, tokens: tuple[str, ...], y: int) -> None:
    x = (
        MARGIN
        + 16
        + canvas.text(MARGIN + 16, y + 17, msg("for sale"), size=SMALL, fill=MUTED, anchor="lm")
        + 14
    )
    if tokens:
        canvas.chips(x, y, _counted(tokens))
    else:
        canvas.text(x, y + 17, msg("nothing"), size=BODY, fill=MUTED, anchor="lm")


def _lane(canvas: Canvas, view: MagnumOpusView, y: int) -> None:
    _market_head(canvas, y, msg("Golden Lane"), LANE_PRICE, GOLD)
    _for_sale(canvas, view.lane, y + 56)
    row = y + 102
    x: float = MARGIN + 16
    x += canvas.text(x, row + 17, pmsg("coming", "next"), size=SMALL, fill=MUTED, anchor="lm") + 14
    for index, token in enumerate(view.lane_row):
        if index:
            x += canvas.text(x - 6, row + 17, "→", size=BODY, anchor="lm") + 2
        x += canvas.chip(x, row, ingredient_swatch(token))
    if not view.lane_row:
        canvas.text(x, row + 17, pmsg("ingredients", "none"), size=BODY, fill=MUTED, anchor="lm")


def _clock(canvas: Canvas, view: MagnumOpusView, y: int) -> None:
    _market_head(canvas, y, msg("Astronomical Clock"), CLOCK_PRICE, CLOCK_FILL)
    _for_sale(canvas, view.clock, y + 56)
    row = y + 102
    prime = cards.prime_cards()[view.prime]
    x: float = MARGIN + 16
    x += canvas.text(x, row + 17, msg("prime pair"), size=SMALL, fill=MUTED, anchor="lm") + 14
    x += canvas.chip(x, row, ingredient_swatch(prime.pair[0]))
    x += canvas.text(x - 6, row + 17, "+", size=BODY, anchor="lm") + 4
    canvas.chip(x, row, ingredient_swatch(prime.pair[1]))
    canvas.text(
        WIDTH - MARGIN - 16,
        row + 17,
        msg("{count} face down", count=view.face_down_tokens),
        size=SMALL,
        anchor="rm",
    )


# ------------------------------------------------------------------------ alchemists
def _alchemist_height(a: AlchemistView) -> int:
    """An alchemist's panel: taller once the game is over, to show the Magnum Opus they kept."""
    return ALCHEMIST_H + (REVEAL_ROW if a.opus else 0)


def _alchemist(
    canvas: Canvas,
    view: MagnumOpusView,
    a: AlchemistView,
    y: int,
    names: Sequence[str] | None,
) -> None:
    acting = a.seat in view.to_act and not view.finished
    right = WIDTH - MARGIN
    canvas.box(
        (MARGIN, y, right, y + _alchemist_height(a)),
        fill=PANEL,
        outline=INK if acting else None,
        width=4,
    )
    if view.scores is not None:
        final = {line.seat: line.total for line in view.scores}[a.seat]
        money = msg("{points} pts", points=final)
    else:
        money = silver_words(a.silver)
    used = canvas.text(right - 14, y + 24, money, size=LARGE, bold=True, anchor="rm")
    start = MARGIN + 12 + canvas.chip(MARGIN + 12, y + 8, seat_swatch(a.seat))
    name: str = ("▶ " if acting else "") + _name(a.seat, names)
    if view.viewer == a.seat:
        name = msg("{name} (you)", name=name)
    marks: list[Msg] = []
    if a.seat == view.keeper:
        marks.append(msg("Ouroboros"))
    if a.chosen:
        marks.append(msg("✔ chosen"))
    name = canvas.fit(name, right - 30 - used - start, size=BODY, bold=True)
    after = start + canvas.text(start, y + 24, name, size=BODY, bold=True, anchor="lm") + 12
    if marks and after < right - 40 - used:
        mark = canvas.fit(joined(marks, " · "), right - 30 - used - after, size=SMALL)
        canvas.text(after, y + 25, mark, size=SMALL, anchor="lm")
    row = y + 50
    x: float = MARGIN + 14
    if a.ingredients:
        x = canvas.chips(x, row, _counted(a.ingredients), size=SMALL) + 4
    else:
        none = msg("no ingredients")
        x += canvas.text(x, row + 16, none, size=SMALL, fill=MUTED, anchor="lm") + 16
    # The numerals of the Characters in front: which ones the alchemist has, at a glance.
    numerals = [cards.ROMAN[cards.numeral_of_code(code)] for code in a.front]
    front = msg("cards {numerals}", numerals=" ".join(numerals)) if numerals else msg("no cards")
    if a.seat != view.viewer and view.phase == "pick":
        front = joined([front, msg("pack {count}", count=a.pack_size)], " · ")
    canvas.text(
        x,
        row + 16,
        canvas.fit(front, right - 14 - x, size=SMALL),
        size=SMALL,
        fill=INK if numerals else MUTED,
        anchor="lm",
    )
    if a.opus:
        _kept_opus(canvas, a.opus, y + ALCHEMIST_H - 6)


def _kept_opus(canvas: Canvas, key: str, y: int) -> None:
    """One row: the Magnum Opus an alchemist kept secret, its name and its two formulas."""
    opus = cards.opus_cards()[key]
    rows = [[(ingredient_swatch(t), "") for t in formula] for formula in opus.formulas]
    left, right = MARGIN + 14, WIDTH - MARGIN - 14
    chips = sum(canvas.chip_width(c, label, size=SMALL) for row in rows for c, label in row)
    kept = msg("opus: {card}", card=data_msg(opus.name))
    name = canvas.fit(kept, right - left - chips - 60, size=SMALL)
    x: float = left + 12 + canvas.text(left, y + 16, name, size=SMALL, fill=MUTED, anchor="lm")
    for index, row in enumerate(rows):
        if index:
            x += canvas.text(x, y + 16, _OR, size=SMALL, fill=MUTED, anchor="lm") + 10
        x = canvas.chips(x, y, row, size=SMALL)


# ------------------------------------------------- the viewer's pack and Magnum Opus
def _opus_shown(view: MagnumOpusView) -> tuple[str, ...]:
    """The Magnum Opus cards the viewer sees: the one kept, or the two to keep one of."""
    if view.my_opus is not None:
        return (view.my_opus,)
    if view.dealt is not None and not view.finished:
        return view.dealt
    return ()


def _own_height(view: MagnumOpusView) -> int:
    if view.viewer is None or view.finished:
        return 0
    pack = len(view.hand or ()) + (1 if view.my_pick else 0)
    return 56 + math.ceil(pack / 2) * CARD_ROW + len(_opus_shown(view)) * 82 + 8


def _own(canvas: Canvas, view: MagnumOpusView, y: int, height: int) -> None:
    canvas.box((MARGIN, y, WIDTH - MARGIN, y + height), fill=OWN_FILL, outline=GREEN, width=3)
    picking = view.phase == "pick" and view.viewer in view.to_act
    canvas.text(
        MARGIN + 16,
        y + 12,
        msg("Your pack: pick one") if picking else pmsg("picture", "Your pack"),
        size=BODY,
        bold=True,
    )
    if view.my_score is not None:
        canvas.text(
            WIDTH - MARGIN - 16,
            y + 14,
            msg("score now {total}", total=view.my_score.total),
            size=BODY,
            anchor="ra",
        )
    column = (WIDTH - 2 * MARGIN - 32) // 2
    entries = [(code, False) for code in view.hand or ()]
    if view.my_pick:
        entries.append((view.my_pick, True))
    row = y + 52
    for index, (code, chosen) in enumerate(entries):
        x = MARGIN + 16 + (index % 2) * column
        top = row + (index // 2) * CARD_ROW
        _card(canvas, code, x, top, column - 12, chosen)
    if not entries:
        canvas.text(MARGIN + 16, row, msg("no cards"), size=BODY, fill=MUTED)
    y = row + math.ceil(len(entries) / 2) * CARD_ROW + 4
    for key in _opus_shown(view):
        _opus(canvas, key, y, keeping=view.my_opus is None)
        y += 82


def _card(canvas: Canvas, code: str, x: float, y: float, width: float, chosen: bool) -> None:
    """A Character card: its numeral and name, and the ingredient it shows as a chip."""
    key, _, ingredient = code.partition("-")
    label = character_label(cards.numeral_of()[key])
    if chosen:
        label = joined(["✔", label], " ")
    if ingredient:
        x += canvas.chip(x, y, ingredient_swatch(ingredient), size=SMALL) - 4
        width -= 48
    else:
        x += 48
        width -= 48
    canvas.text(x, y + 16, canvas.fit(label, width, size=BODY), size=BODY, bold=chosen, anchor="lm")


def _opus(canvas: Canvas, key: str, y: int, *, keeping: bool) -> None:
    opus = cards.opus_cards()[key]
    name = data_msg(opus.name)
    title = (
        msg("{move}: {card}", move=" ".join(("keep", key)), card=name)
        if keeping
        else msg("Magnum Opus: {card}", card=name)
    )
    canvas.text(
        MARGIN + 16,
        y,
        canvas.fit(title, WIDTH - 2 * MARGIN - 32, size=BODY, bold=True),
        size=BODY,
        bold=True,
    )
    x: float = MARGIN + 16
    for index, formula in enumerate(opus.formulas):
        if index:
            x += canvas.text(x, y + 54, _OR, size=SMALL, fill=MUTED, anchor="lm") + 14
        x = canvas.chips(x, y + 36, [(ingredient_swatch(t), "") for t in formula])


def _legend(canvas: Canvas, y: int) -> None:
    canvas.chips(
        MARGIN,
        y,
        [(ingredient_swatch(t), ingredient_word(t)) for t in cards.ingredients()],
        size=SMALL,
    )
