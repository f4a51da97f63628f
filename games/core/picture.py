"""Shared drawing for board pictures: fonts, a colour-blind-safe palette, a small canvas.

Every game draws its own picture (``games/<game>/picture.py``) from its view, with these
helpers, into PNG bytes. Pictures are read on phones, shrunk to half size in a chat, so text
is never smaller than :data:`SMALL` pixels, and no colour is ever the only clue: every
coloured chip carries a letter or a symbol too.

The palette is Okabe and Ito's, chosen to stay distinct under the common colour-vision
deficiencies. The font is DejaVu Sans, shipped in ``fonts/`` with its licence.
"""

from __future__ import annotations

import contextlib
import contextvars
import io
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from games.core.words import Msg, msg

FONTS = Path(__file__).parent / "fonts"

#: Text sizes, in pixels: the smallest stays readable at 50 % zoom.
SMALL = 22
BODY = 25
LARGE = 30
TITLE = 36

#: The width Discord shows a picture at on a desktop (a phone shows less): the size of the
#: smallest text, scaled to this width, must stay at least :data:`READABLE` pixels.
SHOWN_WIDTH = 400
#: The smallest text height, in pixels at :data:`SHOWN_WIDTH`, that still reads on a phone.
READABLE = 11

#: Characters the font has no glyph for, drawn as these words instead of an empty box.
WORDS_FOR = {"🤖": "AI"}

#: How the picture being drawn says a message (``games.core.words.Msg``): in English unless
#: the bot draws it for a reader of another language (:func:`drawn_in`).
_saying: contextvars.ContextVar[Callable[[str], str]] = contextvars.ContextVar(
    "picture_words", default=str
)


@contextlib.contextmanager
def drawn_in(say: Callable[[str], str]) -> Iterator[None]:
    """Within this block, pictures say their words with ``say`` (the bot's: in the reader's
    language). A picture module passes its messages through the canvas (or :func:`said`), never
    draws an English sentence of its own."""
    token = _saying.set(say)
    try:
        yield
    finally:
        _saying.reset(token)


def said(text: str) -> str:
    """``text`` as the picture being drawn says it: a message in the reader's language, plain
    text as it is. Measure what you draw after this, not before."""
    return _saying.get()(text) if isinstance(text, Msg) else text


BACKGROUND = (250, 247, 240)
INK = (28, 28, 30)
MUTED = (105, 105, 110)
PANEL = (236, 231, 220)
LINE = (170, 165, 155)
WHITE = (255, 255, 255)

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Swatch:
    """A colour with the letter or symbol printed beside it, so it reads without colour."""

    rgb: RGB
    mark: str
    ink: RGB = INK


# Okabe–Ito, with black text on the light ones and white text on the dark ones.
ORANGE = (230, 159, 0)
SKY = (86, 180, 233)
GREEN = (0, 158, 115)
YELLOW = (240, 228, 66)
BLUE = (0, 114, 178)
VERMILLION = (213, 94, 0)
PURPLE = (204, 121, 167)
BLACK = (0, 0, 0)
GREY = (190, 190, 190)

#: One colour per seat, in seat order; the seat's number is its mark.
SEAT_COLOURS: tuple[RGB, ...] = (BLUE, ORANGE, GREEN, PURPLE, VERMILLION)


def seat_swatch(seat: int) -> Swatch:
    """The colour of a seat, marked with its number (seats are shown from 1)."""
    rgb = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return Swatch(rgb, str(seat + 1), ink=_ink_on(rgb))


def _ink_on(rgb: RGB) -> RGB:
    luminance = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return INK if luminance > 140 else WHITE


def swatch(rgb: RGB, mark: str) -> Swatch:
    """A swatch whose mark is drawn in black or white, whichever reads on ``rgb``."""
    return Swatch(rgb, mark, ink=_ink_on(rgb))


@cache
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` pixels, loaded once."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


def seat_label(seat: int, names: Sequence[str] | None = None, limit: int = 16) -> str:
    """A seat's player name (cut to ``limit`` characters) or "Seat N"."""
    if names is not None and seat < len(names) and names[seat].strip():
        name = names[seat].strip()
        return name if len(name) <= limit else name[: limit - 1] + "…"
    return said(msg("Seat {number}", number=seat + 1))


class Canvas:
    """A picture being drawn: text, boxes and chips, then PNG bytes.

    A canvas remembers the smallest text drawn on it (:attr:`smallest`), so tests can check
    that a picture reads at the width Discord shows it (:func:`readable_size`).
    """

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.image = Image.new("RGB", (width, height), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.smallest: int | None = None

    def _noted(self, text: str, size: int) -> str:
        """``text`` as it can be drawn (see :func:`drawable`), its size remembered."""
        if text.strip() and (self.smallest is None or size < self.smallest):
            self.smallest = size
        return drawable(text)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: int = BODY,
        bold: bool = False,
        fill: RGB = INK,
        anchor: str = "la",
    ) -> int:
        """Draw ``text`` with its anchor at (x, y); returns its width in whole pixels."""
        text = said(text)
        mask, left, top, width = _text_mask(self._noted(text, size), size, bold, anchor)
        if mask is not None:
            self.image.paste(fill, (round(x) + left, round(y) + top), mask)
        return width

    def fit(self, text: str, width: float, *, size: int = BODY, bold: bool = False) -> str:
        """``text`` cut with an ellipsis so it fits in ``width`` pixels."""
        text = said(text)
        face = font(size, bold=bold)
        if face.getlength(text) <= width:
            return text
        while text and face.getlength(text + "…") > width:
            text = text[:-1]
        return text + "…"

    def box(
        self,
        box: Box,
        *,
        fill: RGB | None = PANEL,
        outline: RGB | None = None,
        width: int = 2,
        radius: int = 10,
    ) -> None:
        """A rounded rectangle."""
        self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)

    def chip_width(self, colour: Swatch, label: str = "", *, size: int = BODY) -> int:
        """The width :meth:`chip` takes for the same arguments, without drawing."""
        chip = max(size + 10, int(font(size, bold=True).getlength(colour.mark)) + 14)
        label = said(label)
        if label:
            chip += 6 + int(font(size).getlength(label))
        return chip + 12

    def chip(self, x: float, y: float, colour: Swatch, label: str = "", *, size: int = BODY) -> int:
        """A rounded chip in ``colour`` with its mark, then ``label`` in ink; returns the width
        taken. (x, y) is the chip's top-left corner."""
        face = font(size, bold=True)
        side = size + 10
        mark_width = int(face.getlength(colour.mark))
        chip_width = max(side, mark_width + 14)
        self.draw.rounded_rectangle(
            (x, y, x + chip_width, y + side), radius=7, fill=colour.rgb, outline=INK, width=1
        )
        self.draw.text(
            (x + chip_width / 2, y + side / 2),
            self._noted(colour.mark, size),
            font=face,
            fill=colour.ink,
            anchor="mm",
        )
        used = chip_width
        if label:
            used += 6 + int(
                self.text(x + chip_width + 6, y + side / 2, label, size=size, anchor="lm")
            )
        return used + 12

    def chips(
        self, x: float, y: float, items: Sequence[tuple[Swatch, str]], *, size: int = BODY
    ) -> float:
        """Several chips in a row; returns the x after the last."""
        for colour, label in items:
            x += self.chip(x, y, colour, label, size=size)
        return x

    def title_bar(self, title: str, subtitle: str = "") -> int:
        """The game's title across the top, a status line under it; returns the y below."""
        self.draw.rectangle((0, 0, self.width, 64), fill=(52, 40, 84))
        self.text(24, 32, title, size=TITLE, bold=True, fill=WHITE, anchor="lm")
        if not subtitle:
            return 80
        self.text(24, 84, self.fit(subtitle, self.width - 48), size=BODY, fill=INK, anchor="lm")
        return 108

    def png(self) -> bytes:
        """The picture as PNG bytes."""
        out = io.BytesIO()
        # 64 colours hold every flat colour and the anti-aliased edges of the text: a third
        # of the size of full colour and quicker to write. The palette is chosen from a
        # sample of every third pixel, which finds the same colours at a ninth of the cost.
        sample = self.image.resize(
            (max(1, self.width // 3), max(1, self.height // 3)), Image.Resampling.NEAREST
        )
        palette = sample.quantize(colors=64, method=Image.Quantize.FASTOCTREE)
        mapped = self.image.quantize(palette=palette, dither=Image.Dither.NONE)
        mapped.save(out, format="PNG", compress_level=1)
        return out.getvalue()


@lru_cache(maxsize=8192)
def _text_mask(
    text: str, size: int, bold: bool, anchor: str
) -> tuple[Image.Image | None, int, int, int]:
    """Text rasterized once into a coverage mask, with where it sits from its anchor and its
    width. Boards repeat most of their words from one move to the next (names, headings,
    numbers), and rasterizing is most of the cost of drawing a picture."""
    face = font(size, bold=bold)
    width = int(face.getlength(text))
    left, top, right, bottom = (int(v) for v in face.getbbox(text, anchor=anchor))
    if right <= left or bottom <= top:
        return None, 0, 0, width
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top, width


def forget_text() -> None:
    """Drop every rasterized word (for measuring drawing from a cold start)."""
    _text_mask.cache_clear()


def readable_size(canvas: Canvas) -> float | None:
    """How tall the smallest text of ``canvas`` is once the picture is shown
    :data:`SHOWN_WIDTH` pixels wide (``None`` when it has no text)."""
    if canvas.smallest is None:
        return None
    return canvas.smallest * SHOWN_WIDTH / canvas.width


@cache
def has_glyph(char: str) -> bool:
    """Whether the font draws ``char`` itself rather than its empty "missing" box."""
    if char.isspace():
        return True
    face = font(BODY)
    return bool(face.getmask(char).getbbox()) and _shape(char) != _shape(_MISSING)


#: A character no font has: what the font draws for a character it lacks.
_MISSING = "\U0010fffd"


def _shape(char: str) -> bytes:
    mask = font(BODY).getmask(char)
    return bytes(mask.size) + bytes(mask)


def drawable(text: str) -> str:
    """``text`` with every character the font lacks written as a word (:data:`WORDS_FOR`:
    🤖 is "AI") or left out, so no picture ever shows an empty box."""
    if all(has_glyph(c) for c in text):
        return text
    words = "".join(c if has_glyph(c) else WORDS_FOR.get(c, "") for c in text)
    # "🤖 AI player" says "AI" once, not twice.
    return " ".join(words.replace("AI AI", "AI").split()) if words.strip() else words


def wrap(text: str, width: float, *, size: int = BODY, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels, at spaces."""
    text = said(text)
    face = font(size, bold=bold)
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if line and face.getlength(candidate) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines
