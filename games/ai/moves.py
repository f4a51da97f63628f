"""Which legal actions an AI player considers."""

from __future__ import annotations

from typing import Any

from games.core import BACK, Engine


def playable(engine: Engine[Any, Any], state: Any, seat: int) -> list[Any]:
    """``seat``'s legal actions without "back": backing out of a decision only to take it
    again could go round in circles. "Back" is kept when it is the only action."""
    legal = engine.legal_actions(state, seat)
    forward = [a for a in legal if engine.notation(a) != BACK]
    return forward or legal
