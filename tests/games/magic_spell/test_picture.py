"""The picture: the status line a caller gives replaces the picture's own, and the viewer's
homework and cabinet are drawn for them alone."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from games.core.picture import TITLE, Canvas, font
from games.magic_spell.picture import WIDTH, render
from games.magic_spell.view import MagicSpellView
from tests.games.magic_spell.positions import ENGINE, position

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


def _view(seat: int | None) -> MagicSpellView:
    s = position(cabinets=[["A", "Q"], ["Z"], []], homework=[[("ken", "K")], ["vim"], []])
    view = ENGINE.view(s, seat)
    assert isinstance(view, MagicSpellView)
    return view


def test_a_given_status_replaces_the_picture_s_own(monkeypatch: pytest.MonkeyPatch) -> None:
    with _drawn_text(monkeypatch) as drawn:
        render(_view(None), NAMES)
    assert "Ann's turn." in drawn
    with _drawn_text(monkeypatch) as drawn:
        render(_view(None), NAMES, status="Bo resigned — Ann wins")
    assert "Bo resigned — Ann wins" in drawn
    assert "Ann's turn." not in drawn


def test_the_viewer_s_homework_and_cabinet_are_drawn_for_them_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with _drawn_text(monkeypatch) as mine:
        render(_view(0), NAMES)
    assert {"Ken", "Your homework", "Cabinet", "Q"} <= set(mine)
    for seat in (None, 1):
        with _drawn_text(monkeypatch) as theirs:
            render(_view(seat), NAMES)
        assert "Ken" not in theirs
        assert "Q" not in theirs


@pytest.mark.parametrize(
    ("rounds", "round_", "title"),
    [
        (None, 7, "Magic Spell · Round 7 · 93 left"),
        (None, 100, "Magic Spell · Round 100 · last round"),
        (30, 12, "Magic Spell · Round 12 of 30 · 18 left"),
        (100, 99, "Magic Spell · Round 99 of 100 · 1 left"),
        (30, 30, "Magic Spell · Last round, 30 of 30"),
        (100, 100, "Magic Spell · Last round, 100 of 100"),
    ],
)
def test_the_title_counts_the_rounds_down_within_the_picture(
    monkeypatch: pytest.MonkeyPatch, rounds: int | None, round_: int, title: str
) -> None:
    s = position(rounds=rounds)
    s.round = round_
    view = ENGINE.view(s, None)
    assert isinstance(view, MagicSpellView)
    with _drawn_text(monkeypatch) as drawn:
        render(view, NAMES)
    assert drawn[0] == title, "drawn whole, not cut to fit"
    assert font(TITLE, bold=True).getlength(title) <= WIDTH - 48
