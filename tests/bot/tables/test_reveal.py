"""The reveal at the end: what each player held that the others could not see, in words and
whole, for every game; the public table seen from a seat's side is no secret."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from pydantic import BaseModel

import games
from bot.tables import game_over
from bot.tables.game_over import hands_text, secret_fields, third_person
from bot.tables.views import History, Moment
from games.core import Engine
from games.core.playout import random_playout, random_position
from tests.games.configurations import CONFIGURATIONS


def _history(engine: Engine[Any, Any], state: Any) -> History:
    game: Any = SimpleNamespace(id=31)
    return History(game, engine, (Moment(state, (), frozenset(), None),), ())


def _positions(engine: Engine[Any, Any], players: int, options: BaseModel) -> list[Any]:
    """The end of a game, and a position partway (where a resignation may end it)."""
    return [
        random_playout(engine, players, 5, options).state,
        random_position(engine, players, 5, 25, options),
    ]


@pytest.mark.parametrize(("engine", "players", "options"), CONFIGURATIONS)
@pytest.mark.slow
def test_every_secret_is_told_whole_under_its_owner(
    engine: Engine[Any, Any], players: int, options: BaseModel
) -> None:
    for state in _positions(engine, players, options):
        text = hands_text(_history(engine, state))
        public = engine.describe(engine.view(state, None))
        secrets = {seat: secret_fields(engine, state, seat) for seat in range(players)}
        if not any(secrets.values()):
            assert text == ""
            continue
        assert text.startswith("{b}Hands revealed{/b}")
        complete = "then “everything”" not in text
        for seat, fields in secrets.items():
            if fields:
                assert f"{{b}}{{p{seat}}}{{/b}}" in text
            for field in fields:
                assert field.name not in {f.name for f in public.fields}
                line = f"{third_person(field.name)}: {field.value}"
                assert line in text or not complete, line
        assert len(text) <= game_over.REVEAL_LIMIT


def test_marginalia_reveals_a_hand_but_not_the_page_turned_round() -> None:
    engine = games.get("marginalia")
    state = random_position(engine, 2, 3, 20)
    text = hands_text(_history(engine, state))
    assert "Hand: " in text
    assert "The page" not in text


def test_magic_spell_reveals_cabinets_and_homework_not_what_a_student_remembered() -> None:
    engine = games.get("magic-spell")
    players, options = engine.configurations()[0]
    state = random_playout(engine, players, 3, options).state
    text = hands_text(_history(engine, state))
    assert text.count("Cabinet: ") == players
    assert text.count("Homework: ") == players
    assert "You remember" not in text
    assert "Laboratory" not in text


def test_a_reveal_too_long_for_the_post_keeps_whole_lines_and_says_where_the_rest_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine = games.get("strange-norrell")
    state = random_position(engine, 4, 5, 25)
    whole = hands_text(_history(engine, state))
    monkeypatch.setattr(game_over, "REVEAL_LIMIT", len(whole) // 2)
    text = hands_text(_history(engine, state))
    assert len(text) <= len(whole) // 2
    assert text.endswith("Every hand in full: `/game replay game:31`, then “everything”.")
    full_lines = set(whole.splitlines())
    for line in text.splitlines()[:-1]:
        assert line in full_lines or line == "…", line
    for seat in range(4):
        assert f"{{b}}{{p{seat}}}{{/b}}" in text, "every player keeps a share"


def test_a_game_whose_end_is_public_reveals_nothing() -> None:
    engine = games.get("magnum-opus")
    state = random_playout(engine, 3, 3).state
    assert engine.outcome(state) is not None
    assert hands_text(_history(engine, state)) == ""
