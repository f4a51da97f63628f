"""The picture: the status line a caller gives replaces the picture's own, and the viewer's
hand is drawn for them alone."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from games.core.picture import Canvas
from games.strange_norrell.picture import render
from games.strange_norrell.view import StrangeNorrellView
from tests.games.strange_norrell.positions import ENGINE, position

NAMES = ["Ann", "Bo", "Cy"]


@contextmanager
def _drawn_text(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every string the pictures drawn in the block put on their canvas."""
    drawn: list[str] = []
    text = Canvas.text

    def spy(canvas: Canvas, x: float, y: float, words: str, **kwargs: object) -> int:
        drawn.append(words)
        return text(canvas, x, y, words, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Canvas, "text", spy)
    yield drawn


def _view(seat: int | None) -> StrangeNorrellView:
    s = position(3, hands=[["york-wind"], [], []], locations=["york", None, None], fairy=7)
    view = ENGINE.view(s, seat)
    assert isinstance(view, StrangeNorrellView)
    return view


def test_a_given_status_replaces_the_picture_s_own(monkeypatch: pytest.MonkeyPatch) -> None:
    with _drawn_text(monkeypatch) as drawn:
        render(_view(None), NAMES)
    assert "Ann's turn: choosing an action." in drawn
    assert "Fairy 7 of 60" in drawn
    with _drawn_text(monkeypatch) as drawn:
        render(_view(None), NAMES, status="Bo resigned — Ann wins")
    assert "Bo resigned — Ann wins" in drawn
    assert not any("turn" in words for words in drawn)


def test_the_viewer_s_hand_is_drawn_for_them_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    with _drawn_text(monkeypatch) as mine:
        render(_view(0), NAMES)
    assert {"Your hand", "York wind"} <= set(mine)
    for seat in (None, 1):
        with _drawn_text(monkeypatch) as theirs:
            render(_view(seat), NAMES)
        assert "York wind" not in theirs
