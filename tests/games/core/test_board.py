"""Boards: seat placeholders and embed limits."""

from __future__ import annotations

from games.core import Board, BoardField, render_seats, seat_ref


def test_seat_placeholders_take_names_or_numbers() -> None:
    text = f"{seat_ref(0)} passes to {seat_ref(2)}"
    assert render_seats(text, ["Ann", "Bo", "Cy"]) == "Ann passes to Cy"
    assert render_seats(text) == "Seat 1 passes to Seat 3"
    assert render_seats(text, ["Ann"]) == "Ann passes to Seat 3"


def test_rendered_board_replaces_placeholders_everywhere() -> None:
    board = Board(
        title=f"{seat_ref(1)} to play",
        description=seat_ref(0),
        fields=(BoardField(name=seat_ref(1), value=seat_ref(0)),),
        footer=seat_ref(1),
    )
    shown = board.rendered(["Ann", "Bo"])
    assert (shown.title, shown.description, shown.footer) == ("Bo to play", "Ann", "Bo")
    assert shown.fields[0] == BoardField(name="Bo", value="Ann")


def test_limit_problems_reports_each_broken_limit() -> None:
    fits = Board(title="ok", fields=(BoardField(name="a", value="b"),))
    assert fits.limit_problems() == []
    too_many = Board(title="t", fields=tuple(BoardField(name="n", value="v") for _ in range(26)))
    assert any("fields" in p for p in too_many.limit_problems())
    too_long = Board(title="t", fields=(BoardField(name="n", value="x" * 1025),))
    assert any("value length" in p for p in too_long.limit_problems())
    empty_value = Board(title="t", fields=(BoardField(name="n", value=""),))
    assert empty_value.limit_problems()
    huge = Board(title="t", fields=tuple(BoardField(name="n", value="x" * 1000) for _ in range(7)))
    assert any("total" in p for p in huge.limit_problems())
