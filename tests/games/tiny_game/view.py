"""What a seat sees of a game of Stones: everything, for nothing is hidden."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from tests.games.tiny_game.state import StonesState


class StonesView(BaseModel):
    """The pile, whose turn it is (``None`` once it is empty) and who took last."""

    model_config = ConfigDict(frozen=True)

    viewer: int | None
    pile: int
    to_move: int | None
    last_taker: int | None


def build_view(s: StonesState, seat: int | None) -> StonesView:
    """``seat``'s view (``None``: a spectator's); all seats see the same table."""
    return StonesView(
        viewer=seat,
        pile=s.pile,
        to_move=s.current if s.pile else None,
        last_taker=s.last_taker,
    )
