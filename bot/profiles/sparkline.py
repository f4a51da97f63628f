"""A player's rating over their latest rated games, as a small picture for ``/profile``.

Drawn with the board pictures' canvas and fonts, so it reads on a phone like they do: 800
pixels wide, no text under :data:`~games.core.picture.SMALL`.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.picture import BLUE, BODY, INK, LINE, MUTED, SMALL, Canvas
from games.core.words import Msg, msg, nmsg

WIDTH = 800
HEIGHT = 260
FILE_NAME = "trend.png"
_LEFT, _RIGHT, _TOP, _BOTTOM = 110, 40, 70, 50


def trend_words(heading: str, points: Sequence[float]) -> Msg:
    """The rating trend in words, for those who cannot see its picture (its alt text)."""
    first, last, lowest, highest = (
        f"{value:g}" for value in (points[0], points[-1], min(points), max(points))
    )
    return msg(
        "{heading}: {count} ratings, from {first} to {last}; lowest {lowest}, highest {highest}.",
        heading=heading,
        count=len(points),
        first=first,
        last=last,
        lowest=lowest,
        highest=highest,
    )


def trend_picture(points: Sequence[float], heading: str) -> bytes:
    """A line through ``points`` (oldest first), with the lowest, highest and latest values
    written beside it; a single point is drawn as a dot."""
    canvas = Canvas(WIDTH, HEIGHT)
    canvas.text(24, 34, canvas.fit(heading, WIDTH - 48), size=BODY, bold=True, anchor="lm")
    low, high = min(points), max(points)
    span = (high - low) or 1.0
    inner_width = WIDTH - _LEFT - _RIGHT
    inner_height = HEIGHT - _TOP - _BOTTOM

    def place(index: int, value: float) -> tuple[float, float]:
        x = _LEFT + (inner_width * index / (len(points) - 1) if len(points) > 1 else inner_width)
        y = (
            _TOP + inner_height * (1 - (value - low) / span)
            if high > low
            else _TOP + inner_height / 2
        )
        return x, y

    canvas.draw.line((_LEFT, _TOP, _LEFT, HEIGHT - _BOTTOM), fill=LINE, width=2)
    canvas.draw.line(
        (_LEFT, HEIGHT - _BOTTOM, WIDTH - _RIGHT, HEIGHT - _BOTTOM), fill=LINE, width=2
    )
    canvas.text(_LEFT - 12, _TOP, f"{high:.0f}", size=SMALL, fill=MUTED, anchor="rm")
    canvas.text(_LEFT - 12, HEIGHT - _BOTTOM, f"{low:.0f}", size=SMALL, fill=MUTED, anchor="rm")
    line = [place(i, v) for i, v in enumerate(points)]
    if len(line) > 1:
        canvas.draw.line(line, fill=BLUE, width=5, joint="curve")
    x, y = line[-1]
    canvas.draw.ellipse((x - 8, y - 8, x + 8, y + 8), fill=BLUE, outline=INK, width=2)
    latest = f"{points[-1]:.0f}"
    games = nmsg("{n} rated game", "{n} rated games", len(points))
    canvas.text(_LEFT, HEIGHT - _BOTTOM + 26, games, size=SMALL, fill=MUTED, anchor="lm")
    canvas.text(
        WIDTH - _RIGHT,
        HEIGHT - _BOTTOM + 26,
        msg("now {rating}", rating=latest),
        size=SMALL,
        bold=True,
        anchor="rm",
    )
    return canvas.png()
