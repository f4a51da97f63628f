"""Board pictures: every game that draws them (``Engine.picture`` is optional) draws valid
PNGs from its views, matches its golden pictures, and draws a seat's picture from that seat's
view alone; every game whose views can be read back (``Engine.load_view``) reads them back
unchanged."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops
from pydantic import BaseModel

from games.core import Engine
from games.core.playout import random_position
from tests.games.configurations import configurations_having, engines_having

GOLDEN = Path(__file__).parent / "golden_pictures"
UPDATE = os.environ.get("GRIMOIRE_UPDATE_GOLDEN") == "1"
#: A golden picture may drift: font rasterizing and the 64-colour palette differ slightly
#: between Pillow and FreeType builds, shifting the shades of anti-aliased edges. Pixels whose
#: brightness moved by more than ``CHANGED`` count as changed; up to ``TOLERANCE`` of them is
#: drift (measured at under 0.015 % after a change of palette method), more is a change.
CHANGED = 64
TOLERANCE = 0.0005
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

#: The games that draw pictures (their engine overrides ``Engine.picture``).
CONFIGURATIONS = configurations_having("picture")
ENGINES = engines_having("picture")


def _picture(engine: Engine[Any, Any], view: BaseModel) -> Image.Image:
    png = engine.picture(view)
    assert png is not None, f"{engine.key} draws no picture"
    assert png.startswith(PNG_SIGNATURE)
    image = Image.open(io.BytesIO(png))
    image.load()  # decodes every row: a truncated or corrupt file fails here
    return image


@pytest.mark.parametrize(("engine", "players", "options"), CONFIGURATIONS)
@pytest.mark.slow
def test_views_from_random_games_draw_valid_pictures(
    engine: Engine[Any, Any], players: int, options: BaseModel
) -> None:
    rng = random.Random(players)
    for steps in (0, rng.randrange(10, 120)):
        state = random_position(engine, players, seed=11 + steps, steps=steps, options=options)
        for seat in (None, rng.randrange(players)):
            image = _picture(engine, engine.view(state, seat))
            assert image.format == "PNG"
            assert 600 <= image.width <= 1400
            assert 600 <= image.height <= 2400


@pytest.mark.parametrize("engine", ENGINES)
def test_finished_games_draw_valid_pictures(engine: Engine[Any, Any]) -> None:
    players, options = engine.configurations()[0]
    state = random_position(engine, players, seed=5, steps=engine.step_limit, options=options)
    assert engine.outcome(state) is not None
    for seat in (None, 0):
        _picture(engine, engine.view(state, seat))


@pytest.mark.parametrize("engine", ENGINES)
def test_pictures_match_their_golden_images(engine: Engine[Any, Any]) -> None:
    players, options = engine.configurations()[-1]
    state = random_position(engine, players, seed=7, steps=60, options=options)
    png = engine.picture(engine.view(state, 0))
    assert png is not None
    path = GOLDEN / f"{engine.key}.png"
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"no golden picture {path.name}: run with GRIMOIRE_UPDATE_GOLDEN=1")
        path.write_bytes(png)
    drawn = Image.open(io.BytesIO(png)).convert("RGB")
    golden = Image.open(path).convert("RGB")
    assert drawn.size == golden.size, "the layout changed: update the golden picture"
    shades = ImageChops.difference(drawn, golden).convert("L").histogram()
    changed = sum(shades[CHANGED + 1 :]) / (drawn.width * drawn.height)
    assert changed <= TOLERANCE, f"{engine.key}: {changed:.3%} of the picture changed"


@pytest.mark.parametrize(("engine", "players", "options"), CONFIGURATIONS)
@pytest.mark.slow
def test_a_seats_picture_shows_nothing_hidden_from_it(
    engine: Engine[Any, Any], players: int, options: BaseModel
) -> None:
    """Resampling everything a seat cannot see leaves its picture the same, byte for byte."""
    rng = random.Random(players * 31)
    state = random_position(engine, players, seed=23, steps=rng.randrange(5, 80), options=options)
    for seat in range(players):
        other = engine.determinize(state, seat, random.Random(seat))
        mine = engine.picture(engine.view(state, seat))
        assert mine == engine.picture(engine.view(other, seat))


@pytest.mark.parametrize(("engine", "players", "options"), configurations_having("views read back"))
def test_views_read_back_from_json_are_the_same(
    engine: Engine[Any, Any], players: int, options: BaseModel
) -> None:
    """Posts keep the view they will draw as JSON; it must come back unchanged."""
    state = random_position(engine, players, seed=3, steps=40, options=options)
    for seat in (None, *range(players)):
        view = engine.view(state, seat)
        assert engine.load_view(view.model_dump(mode="json")) == view


def test_names_are_drawn_in_place_of_seat_numbers() -> None:
    from games import get

    engine = get("mandragora")
    view = engine.view(engine.new_game(2, seed=1), None)
    assert engine.picture(view, ["Ada", "Grace"]) != engine.picture(view)


def test_the_command_line_draws_a_seats_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from games.__main__ import main

    out = tmp_path / "board.png"
    args = ["picture", "marginalia", "--seed", "3", "--steps", "8", "--seat", "2"]
    assert main([*args, "--out", str(out)]) == 0
    assert out.read_bytes().startswith(PNG_SIGNATURE)
    assert capsys.readouterr().out.strip() == f"{out}: {out.stat().st_size} bytes"
    assert main([*args[:-1], "3", "--out", str(out)]) == 2  # Marginalia has two seats
    assert capsys.readouterr().err.strip() == "error: --seat is a seat from 1 to 2."


def test_a_game_without_pictures_draws_none_and_says_so() -> None:
    from games import get
    from games.core.engine import Engine

    engine = get("marginalia")
    view = engine.view(engine.new_game(2, seed=1), None)
    assert Engine.picture(engine, view) is None  # the contract's default
    assert engine.picture(view) is not None


@pytest.mark.slow
def test_engines_load_without_the_drawing_code() -> None:
    """Pillow is loaded when a picture is first drawn, never just to play a game."""
    import subprocess
    import sys

    code = "import sys, games; games.get('mandragora'); print('PIL' in sys.modules)"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "False"
