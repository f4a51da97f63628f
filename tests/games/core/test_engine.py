"""The checks the engine base class gives every game: setup, refusals, serialization."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest
from pydantic import BaseModel, ValidationInfo, model_validator

import games
from games.core import (
    ActionNotAllowed,
    GameIsOver,
    InvalidSetup,
    NotYourTurn,
    StateFormatError,
    UnknownNotation,
)
from games.core.playout import random_playout
from tests.games.tiny_game import StonesEngine, StonesOptions
from tests.games.tiny_game.state import StonesState

ENGINE = games.get("mandragora")


def test_registry_lists_and_finds_engines() -> None:
    assert games.ENGINES["mandragora"] is ENGINE
    with pytest.raises(games.UnknownGame, match="no game called “chess”"):
        games.get("chess")


def test_options_are_validated_with_readable_messages() -> None:
    with pytest.raises(InvalidSetup, match="has no option colour"):
        ENGINE.options({"colour": "red"})
    with pytest.raises(InvalidSetup, match="Option teams"):
        ENGINE.options({"teams": "perhaps"})
    assert ENGINE.options({"teams": "true"}).model_dump() == {"teams": True}


class _Told(BaseModel):
    """Options that record the validation context they were read with."""

    stored: bool = False

    @model_validator(mode="before")
    @classmethod
    def _context(cls, data: Any, info: ValidationInfo) -> Any:
        return {**data, "stored": bool(info.context and info.context.get("stored"))}


class _ToldEngine(StonesEngine):
    """The throwaway game, with options that record how they were read."""

    Options = _Told
    seen: ClassVar[list[bool]] = []

    def _new_game(self, players: int, seed: int, options: Any) -> StonesState:
        self.seen.append(options.stored)
        return super()._new_game(players, seed, StonesOptions())


def test_options_say_whether_they_are_read_back_from_a_stored_game() -> None:
    engine = _ToldEngine()
    typed, stored = engine.options({}), engine.options({}, stored=True)
    assert isinstance(typed, _Told)
    assert isinstance(stored, _Told)
    assert typed.stored is False, "as a player typed them"
    assert stored.stored is True
    engine.new_game(2, 1, {})
    assert engine.seen == [True], "new_game reads the options stored with a game"


def test_player_count_is_checked() -> None:
    with pytest.raises(InvalidSetup, match="2 to 4 players, not 5"):
        ENGINE.new_game(5, 1)


def test_refusals_name_the_reason() -> None:
    state = ENGINE.new_game(3, 1)
    with pytest.raises(NotYourTurn, match="not your turn"):
        ENGINE.parse(state, 1, "move 1")
    with pytest.raises(NotYourTurn, match="not seated"):
        ENGINE.parse(state, 7, "move 1")
    with pytest.raises(ActionNotAllowed, match="1 to 3 shops"):
        ENGINE.parse(state, 0, "move 5")
    with pytest.raises(UnknownNotation, match="Try move 1, move 2, move 3"):
        ENGINE.parse(state, 0, "fly to the moon")
    with pytest.raises(UnknownNotation):
        ENGINE.parse(state, 0, "move " + "1" * 500)
    with pytest.raises(UnknownNotation, match="nothing"):
        ENGINE.parse(state, 0, "   ")


def test_finished_game_refuses_everything() -> None:
    played = random_playout(ENGINE, 2, 5)
    with pytest.raises(GameIsOver):
        ENGINE.parse(played.state, 0, "move 1")


def test_dump_is_tagged_and_loads_back() -> None:
    state = ENGINE.new_game(2, 11)
    envelope = json.loads(ENGINE.dump(state))
    assert envelope["game"] == "mandragora"
    assert envelope["format"] == ENGINE.state_format
    assert ENGINE.dump(ENGINE.load(ENGINE.dump(state))) == ENGINE.dump(state)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "damaged"),
        ("[1, 2]", "not a Mandragora game"),
        ('{"game": "chess", "format": 1, "state": {}}', "not a Mandragora game"),
        ('{"game": "mandragora", "format": 99, "state": {}}', "newer version"),
        ('{"game": "mandragora", "format": 1, "state": {"players": "x"}}', "damaged"),
    ],
)
def test_bad_saved_states_are_refused(text: str, message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        ENGINE.load(text)


def test_a_view_is_read_back_as_the_model_view_returns_when_view_type_is_left_out() -> None:
    from tests.games.tiny_game import ENGINE as STONES

    assert STONES.view_type is None
    view = STONES.view(STONES.new_game(2, 1), 0)
    assert STONES.load_view(view.model_dump(mode="json")) == view


def test_a_view_that_says_only_base_model_cannot_be_read_back() -> None:
    class VagueStones(StonesEngine):
        # What ``view`` says it returns is all there is to read: here, any model at all.
        def view(self, state: StonesState, seat: int | None) -> BaseModel:  # type: ignore[override]
            return super().view(state, seat)

    with pytest.raises(TypeError, match="Stones does not say what its views are"):
        VagueStones().load_view({})
