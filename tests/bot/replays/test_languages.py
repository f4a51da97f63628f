"""The replay message in the reader's language: its words, its menus, and the steps the
engine logged (messages), while its custom ids and notation stay as they are."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot.common.refusals import Refusal
from bot.replays.buttons import frame_text, move_options, viewpoint_name
from bot.replays.replays import EVERYTHING, Frame, check_viewpoint
from bot.words.i18n import localize, reading_in
from games.core.words import msg


def _frame(move: int) -> Frame:
    made: Any = SimpleNamespace(
        engine=SimpleNamespace(title="Mandragora"),
        game=SimpleNamespace(id=7),
        move=move,
        last=2,
        viewpoint="s1",
        moves=((0, "cast red-2"), (1, None)),
        lines=(msg("{who} passes.", who="{p1}"),),
        ending="",
    )
    return cast(Frame, made)


def test_a_replay_reads_in_german() -> None:
    names = ["Ann", "Bob"]
    with reading_in("de"):
        text = frame_text(_frame(1), names)
        options = move_options(_frame(1), names)
    assert text.startswith(
        "**Wiederholung** · Mandragora #7 · Zug 1 von 2 · Sicht von Bob\n"
        "Zug 1: Ann — `cast red-2`\n"
    )
    assert [o.label for o in options] == ["Der Aufbau", "Zug 1 · Ann", "Zug 2 · Bob"]
    assert options[1].value == "m1"
    assert options[1].description == "cast red-2"
    # English as it was.
    assert frame_text(_frame(0), names).startswith(
        "**Replay** · Mandragora #7 · move 0 of 2 · Bob's view\nThe deal, before anyone moved."
    )


def test_viewpoints_and_refusals_read_in_french() -> None:
    assert localize(viewpoint_name(EVERYTHING, []), "fr") == "tout (toutes les mains)"
    game: Any = SimpleNamespace(id=3, seed=None, status=None, seats=(), seat_of=lambda user: None)
    with pytest.raises(Refusal) as refused:
        check_viewpoint(game, 1, "p")
    with reading_in("fr"):
        assert localize(refused.value.message) == (
            "La partie n°3 n'a pas commencé : il n'y a encore rien à revoir."
        )
