"""The shared drawing helpers: fonts, the palette's marks and contrast, text that fits."""

from __future__ import annotations

import io

from PIL import Image

from games.core.picture import (
    BLACK,
    INK,
    SEAT_COLOURS,
    SMALL,
    WHITE,
    YELLOW,
    Canvas,
    font,
    seat_label,
    seat_swatch,
    swatch,
    wrap,
)


def test_every_seat_has_its_own_colour_and_its_number_as_mark() -> None:
    swatches = [seat_swatch(seat) for seat in range(len(SEAT_COLOURS))]
    assert len({s.rgb for s in swatches}) == len(SEAT_COLOURS)
    assert [s.mark for s in swatches] == ["1", "2", "3", "4", "5"]


def test_marks_are_drawn_in_the_ink_that_reads_on_their_colour() -> None:
    assert swatch(YELLOW, "Y").ink == INK
    assert swatch(BLACK, "K").ink == WHITE


def test_seats_are_named_when_names_are_known_and_long_names_are_cut() -> None:
    assert seat_label(1) == "Seat 2"
    assert seat_label(1, ["Ada", "Bastien"]) == "Bastien"
    assert seat_label(0, ["A very long name indeed"], limit=10) == "A very lo…"
    assert seat_label(0, ["   "]) == "Seat 1"


def test_text_is_wrapped_and_fitted_within_its_width() -> None:
    text = "a fairly long line of words that cannot fit in a narrow column"
    lines = wrap(text, 200, size=SMALL)
    assert " ".join(lines) == text
    assert all(font(SMALL).getlength(line) <= 200 for line in lines)
    canvas = Canvas(300, 100)
    cut = canvas.fit(text, 200, size=SMALL)
    assert cut.endswith("…")
    assert font(SMALL).getlength(cut) <= 200
    assert canvas.fit("short", 200) == "short"


def test_a_canvas_writes_a_png_of_its_size_with_what_was_drawn() -> None:
    canvas = Canvas(320, 120)
    canvas.chip(10, 10, seat_swatch(0), "first")
    width = canvas.text(10, 80, "Hello", bold=True)
    assert width > 0
    image = Image.open(io.BytesIO(canvas.png())).convert("RGB")
    assert image.size == (320, 120)
    assert image.getpixel((20, 20)) == SEAT_COLOURS[0]
    assert image.getcolors(maxcolors=64) is not None  # at most 64 colours: a palette PNG
