"""How games join ``games.ENGINES``: found beside ``games`` in menu order, or registered."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import games
from games.__main__ import main
from games.ai import LEVELS, Budget, choose
from games.core.playout import random_playout
from tests.games.tiny_game import ENGINE, StonesEngine, registered

MENU = ["mandragora", "magnum-opus", "magic-spell", "marginalia", "strange-norrell"]


def test_the_game_packages_are_found_in_menu_order() -> None:
    assert list(games.ENGINES) == MENU
    for key, engine in games.ENGINES.items():
        package = key.replace("-", "_")
        assert type(engine).__module__ == f"games.{package}.engine"


def test_a_registered_game_comes_after_the_ones_with_a_place_and_leaves_cleanly() -> None:
    with registered() as engine:
        assert list(games.ENGINES) == [*MENU, "stones"]
        assert games.get("stones") is engine
        assert games.register(engine) is engine, "registering again changes nothing"
        with pytest.raises(ValueError, match="“stones” is taken by Stones"):
            games.register(StonesEngine())
    assert list(games.ENGINES) == MENU
    with pytest.raises(games.UnknownGame):
        games.get("stones")


def test_a_menu_position_puts_a_game_in_its_place() -> None:
    class EarlyStones(StonesEngine):
        key = "early-stones"
        menu_position = 15

    games.register(EarlyStones())
    try:
        assert list(games.ENGINES)[:3] == ["mandragora", "early-stones", "magnum-opus"]
    finally:
        games.unregister("early-stones")


def test_a_game_declaring_nothing_optional_gets_the_defaults() -> None:
    assert ENGINE.summary == ""
    assert ENGINE.configurations() == [(2, ENGINE.Options())]
    assert ENGINE.bench_configurations() == ENGINE.configurations()
    assert ENGINE.menu_position == 1_000
    assert ENGINE.playouts_per_s == 100.0
    played = random_playout(ENGINE, 2, seed=3)
    assert ENGINE.standing(played.state) is None
    assert ENGINE.picture(ENGINE.view(played.state, None)) is None


@pytest.mark.parametrize("level", LEVELS)
def test_every_ai_level_plays_a_game_without_a_standing(level: str) -> None:
    """Without ``standing`` the AI judges positions by random playouts to the end."""
    state = ENGINE.new_game(2, seed=8)
    rng = random.Random(1)
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.to_act(state)
        action = choose(ENGINE, state, seat, level, rng=rng, budget=Budget(40))
        state = ENGINE.apply(state, seat, action).state


def test_the_command_line_lists_a_registered_game_and_skips_it_in_the_gallery(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with registered():
        assert main(["list"]) == 0
        assert main(["gallery", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert any(line.startswith("stones ") for line in out.splitlines())
    assert "stones: draws no pictures" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{key}.png" for key in MENU)
