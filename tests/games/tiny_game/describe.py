"""A Stones view as a platform-neutral board."""

from __future__ import annotations

from games.core import FINAL_SCORES, Board, BoardField, seat_ref
from tests.games.tiny_game.view import StonesView


def describe(view: StonesView) -> Board:
    """The pile as a row of stones, and whose turn it is or who won."""
    pile = "● " * view.pile if view.pile else "empty"
    fields = [BoardField(name="Pile", value=f"{pile.strip()} ({view.pile})")]
    if view.to_move is not None:
        status = f"{seat_ref(view.to_move)} takes 1 to 3 stones."
    else:
        assert view.last_taker is not None
        status = "The pile is empty."
        winner = seat_ref(view.last_taker)
        fields.append(BoardField(name=FINAL_SCORES, value=f"{winner} took the last stone."))
    return Board(title="Stones", description=status, fields=tuple(fields))
