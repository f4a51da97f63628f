"""Board pictures read on a phone: shown at the width Discord gives them, the smallest text of
every picture is still :data:`~games.core.picture.READABLE` pixels tall, and no character is
drawn as an empty box."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from pydantic import BaseModel

from games.core import Engine
from games.core import picture as core_picture
from games.core.picture import READABLE, SHOWN_WIDTH, Canvas, drawable, has_glyph, readable_size
from games.core.playout import random_position
from tests.games.configurations import configurations_having

CONFIGURATIONS = configurations_having("picture")
#: Names as the bot passes them: an AI seat, accents, a long name and an emoji.
NAMES = ["🤖 AI player", "Zoë", "Bartholomew Quince", "Ann 🦊", "Bob"]


@contextmanager
def canvases() -> Iterator[list[Canvas]]:
    """Every canvas turned into a PNG while the block runs."""
    drawn: list[Canvas] = []
    png = Canvas.png

    def keep(canvas: Canvas) -> bytes:
        drawn.append(canvas)
        return png(canvas)

    Canvas.png = keep  # type: ignore[method-assign,assignment]
    try:
        yield drawn
    finally:
        Canvas.png = png  # type: ignore[method-assign]


@pytest.mark.parametrize(("engine", "players", "options"), CONFIGURATIONS)
@pytest.mark.slow
def test_the_smallest_text_reads_at_the_width_discord_shows(
    engine: Engine[Any, Any], players: int, options: BaseModel
) -> None:
    rng = random.Random(players)
    with canvases() as drawn:
        for steps in (0, rng.randrange(10, 80), rng.randrange(80, 400)):
            state = random_position(engine, players, seed=5 + steps, steps=steps, options=options)
            for seat in (None, *range(players)):
                engine.picture(engine.view(state, seat), NAMES[:players])
    assert drawn
    for canvas in drawn:
        size = readable_size(canvas)
        assert size is not None
        assert size >= READABLE, (
            f"{engine.key}: text of {canvas.smallest} px on a {canvas.width} px picture is "
            f"{size:.1f} px at {SHOWN_WIDTH} px wide (at least {READABLE} needed)"
        )


def test_a_character_the_font_lacks_is_drawn_as_a_word_or_left_out() -> None:
    assert not has_glyph("🤖")
    assert drawable("🤖 AI player") == "AI player"
    assert drawable("🤖 robot") == "AI robot"
    assert drawable("Ann 🦊") == "Ann"
    assert drawable("Zoë → c3") == "Zoë → c3"


def test_a_canvas_never_draws_a_missing_glyph(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    mask = core_picture._text_mask

    def spy(text: str, size: int, bold: bool, anchor: str) -> Any:
        asked.append(text)
        return mask(text, size, bold, anchor)

    monkeypatch.setattr(core_picture, "_text_mask", spy)
    canvas = Canvas(400, 100)
    canvas.text(0, 0, "🤖 AI player", size=22)
    assert asked == ["AI player"]
    assert canvas.smallest == 22
    assert readable_size(canvas) == 22
