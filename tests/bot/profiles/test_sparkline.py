"""The rating trend reads on a phone like the board pictures do."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.profiles.sparkline import HEIGHT, WIDTH, trend_picture
from games.core.picture import READABLE, readable_size
from tests.games.test_pictures_readable import canvases


@pytest.mark.parametrize("points", [[1500.0], [1534.0, 1534.0], [1500.0, 1534.0, 1511.0, 1560.0]])
def test_the_trend_reads_at_the_width_discord_shows(points: list[float]) -> None:
    with canvases() as drawn:
        png = trend_picture(points, "Mandragora rating, latest games")
    (canvas,) = drawn
    size = readable_size(canvas)
    assert size is not None
    assert size >= READABLE
    assert Image.open(io.BytesIO(png)).size == (WIDTH, HEIGHT)


def test_the_line_rises_with_the_rating() -> None:
    """The latest point is drawn higher on the picture than the first when it is higher."""
    image = Image.open(io.BytesIO(trend_picture([1482.0, 1560.0], "Rating"))).convert("RGB")
    blue = [
        (x, y)
        for x in range(image.width)
        for y in range(image.height)
        if image.getpixel((x, y)) == (0, 114, 178)
    ]
    left = min(blue)
    right = max(blue)
    assert right[1] < left[1]
