"""``take 2``: the text for a move, and reading it back."""

from __future__ import annotations

from tests.games.tiny_game.actions import Action, Take


def notation(action: Action) -> str:
    """The text a player types for ``action``."""
    return f"take {action.stones}"


def parse_syntax(text: str) -> Action | None:
    """``take N`` as an action (legal or not), or ``None`` for anything else."""
    words = text.split()
    if len(words) == 2 and words[0] == "take" and words[1].isdigit() and len(words[1]) <= 2:
        return Take(int(words[1]))
    return None
