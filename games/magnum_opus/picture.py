"""A Magnum Opus view as a picture: the Golden Lane and the Astronomical Clock with their
ingredients, each alchemist's silver, ingredients and revealed characters, and the viewer's own
pack and Magnum Opus when the view is a seat's."""

from __future__ import annotations

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
    seat_label,
    seat_swatch,
    swatch,
    wrap,
)
from games.magnum_opus import cards
from games.magnum_opus.state import CLOCK_PRICE, LANE_PRICE
from games.magnum_opus.text import character_label, code_label
from games.magnum_opus.view import AlchemistView, MagnumOpusView

WIDTH = 1200
GOLD = (246, 226, 160)
CLOCK_FILL = (214, 226, 244)

INGREDIENTS: dict[str, Swatch] = {
    "salt": swatch(WHITE, "Sa"),
    "sulfur": swatch(YELLOW, "Su"),
    "mercury": swatch(BLUE, "Me"),
    "vitriol": swatch(GREEN, "Vi"),
    "cinnabar": swatch(VERMILLION, "Ci"),
}


def _counted(tokens: Iterable[str]) -> list[tuple[Swatch, str]]:
    counts = Counter(tokens)
    return [
        (INGREDIENTS[t], f"×{counts[t]}" if counts[t] > 1 else "")
        for t in cards.ingredients()
        if counts[t]
    ]


def render(
    view: MagnumOpusView, names: Sequence[str] | None = None, *, status: str | None = None
) -> bytes:
    """The picture of ``view`` as PNG bytes."""
    own = view.hand is not None or view.my_opus is not None
    private_height = 250 if own else 0
    height = 108 + 240 + 136 * len(view.alchemists) + private_height + 80
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(_title(view), _status(view, names) if status is None else status)
    _lane(canvas, view, 20, y)
    _clock(canvas, view, 610, y)
    y += 240
    for alchemist in view.alchemists:
        _alchemist(canvas, view, alchemist, y, names)
        y += 136
    if own:
        _private(canvas, view, y)
    _legend(canvas, height - 56)
    return canvas.png()


def _title(view: MagnumOpusView) -> str:
    if view.finished:
        return "Magnum Opus · game over"
    return f"Magnum Opus · round {view.round} of {view.rounds} · {view.phase}"


def _status(view: MagnumOpusView, names: Sequence[str] | None) -> str:
    if view.finished:
        return "The game is over: most points wins."
    if view.patron is not None:
        patron = view.patron
        line = (
            f"{seat_label(patron.seat, names)} is the patron of {character_label(patron.numeral)}"
        )
        if patron.target >= 0:
            line += f", aiming at {seat_label(patron.target, names)}"
        return line + "."
    waiting = ", ".join(seat_label(s, names) for s in view.to_act) or "nobody"
    if view.viewer is not None and view.viewer in view.to_act:
        return f"Your move. Waiting for {waiting}."
    return f"Waiting for {waiting}."


def _lane(canvas: Canvas, view: MagnumOpusView, x: int, y: int) -> None:
    canvas.box((x, y, x + 570, y + 220), fill=GOLD)
    canvas.text(x + 16, y + 12, "Golden Lane", size=LARGE, bold=True)
    canvas.text(x + 554, y + 16, f"{LANE_PRICE} silver each", size=SMALL, anchor="ra")
    canvas.text(x + 16, y + 62, "For sale", size=SMALL, fill=MUTED)
    if view.lane:
        canvas.chips(x + 16, y + 90, _counted(view.lane))
    else:
        canvas.text(x + 16, y + 92, "empty", size=BODY, fill=MUTED)
    canvas.text(x + 16, y + 142, "Still to come, left first", size=SMALL, fill=MUTED)
    cx: float = x + 16
    for index, token in enumerate(view.lane_row):
        if index:
            cx += canvas.text(cx - 4, y + 170, "→", size=BODY) + 6
        cx += canvas.chip(cx, y + 168, INGREDIENTS[token])
    if not view.lane_row:
        canvas.text(x + 16, y + 170, "none", size=BODY, fill=MUTED)


def _clock(canvas: Canvas, view: MagnumOpusView, x: int, y: int) -> None:
    canvas.box((x, y, WIDTH - 20, y + 220), fill=CLOCK_FILL)
    canvas.text(x + 16, y + 12, "Astronomical Clock", size=LARGE, bold=True)
    canvas.text(WIDTH - 36, y + 16, f"{CLOCK_PRICE} silver each", size=SMALL, anchor="ra")
    canvas.text(x + 16, y + 62, "For sale", size=SMALL, fill=MUTED)
    if view.clock:
        canvas.chips(x + 16, y + 90, _counted(view.clock))
    else:
        canvas.text(x + 16, y + 92, "empty", size=BODY, fill=MUTED)
    prime = cards.prime_cards()[view.prime]
    canvas.text(x + 16, y + 142, f"Prime Ingredients: {prime.name}", size=SMALL, fill=MUTED)
    cx = x + 16 + canvas.chip(x + 16, y + 168, INGREDIENTS[prime.pair[0]])
    cx += canvas.text(cx - 4, y + 170, "+", size=BODY) + 8
    cx += canvas.chip(cx, y + 168, INGREDIENTS[prime.pair[1]])
    canvas.text(cx + 20, y + 172, f"{view.face_down_tokens} face down", size=SMALL)


def _alchemist(
    canvas: Canvas,
    view: MagnumOpusView,
    a: AlchemistView,
    y: int,
    names: Sequence[str] | None,
) -> None:
    acting = a.seat in view.to_act and not view.finished
    canvas.box((20, y, WIDTH - 20, y + 124), fill=PANEL, outline=INK if acting else None, width=3)
    x = 32 + canvas.chip(32, y + 10, seat_swatch(a.seat))
    name = seat_label(a.seat, names) + (" (you)" if view.viewer == a.seat else "")
    x += canvas.text(x, y + 12, name, size=BODY, bold=True) + 16
    marks = [f"{a.silver} silver", f"pack {a.pack_size}"]
    if view.scores is not None:
        final = {line.seat: line.total for line in view.scores}
        marks.insert(0, f"final score {final[a.seat]}")
    if a.seat == view.keeper:
        marks.append("Ouroboros")
    if a.chosen:
        marks.append("✔ chosen")
    if acting:
        marks.append("▶ to act")
    canvas.text(x, y + 15, " · ".join(marks), size=SMALL)
    canvas.text(32, y + 58, "Ingredients", size=SMALL, fill=MUTED)
    if a.ingredients:
        canvas.chips(180, y + 52, _counted(a.ingredients), size=SMALL)
    else:
        canvas.text(180, y + 58, "none", size=SMALL, fill=MUTED)
    front = " · ".join(code_label(c).split(" (")[0] for c in a.front) or "no characters yet"
    canvas.text(32, y + 92, "Characters", size=SMALL, fill=MUTED)
    canvas.text(180, y + 92, canvas.fit(front, WIDTH - 220, size=SMALL), size=SMALL)


def _private(canvas: Canvas, view: MagnumOpusView, y: int) -> None:
    canvas.box((20, y, WIDTH - 20, y + 236), fill=(226, 240, 234), outline=GREEN, width=3)
    canvas.text(36, y + 12, "Your pack and Magnum Opus (only you see this)", size=BODY, bold=True)
    if view.my_score is not None and not view.finished:
        canvas.text(WIDTH - 36, y + 14, f"score now: {view.my_score.total}", size=BODY, anchor="ra")
    pack = ", ".join(_short(c) for c in view.hand or ()) or "no cards"
    lines = wrap(f"Pack: {pack}", WIDTH - 72, size=SMALL)
    for index, line in enumerate(lines[:2]):
        canvas.text(36, y + 56 + 32 * index, line, size=SMALL)
    if view.my_pick is not None:
        canvas.text(36, y + 122, f"Chosen: {_short(view.my_pick)}", size=SMALL)
    if view.my_opus is None:
        return
    opus = cards.opus_cards()[view.my_opus]
    canvas.text(36, y + 160, opus.name, size=BODY, bold=True)
    x: float = 36
    for index, formula in enumerate(opus.formulas):
        if index:
            x += canvas.text(x, y + 204, "or", size=SMALL, fill=MUTED, anchor="lm") + 14
        x = canvas.chips(x, y + 188, [(INGREDIENTS[t], "") for t in formula], size=SMALL)


def _short(code: str) -> str:
    """``IV Jezebel (salt)``: a card with the ingredient it shows, in words."""
    key, _, ingredient = code.partition("-")
    label = code_label(key) if key in cards.numeral_of() else code
    return f"{label} ({ingredient})" if ingredient else label


def _legend(canvas: Canvas, y: int) -> None:
    canvas.chips(20, y, [(INGREDIENTS[t], t) for t in cards.ingredients()], size=SMALL)
