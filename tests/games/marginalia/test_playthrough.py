"""A second pinned playthrough, with keen players who play every card they can.

The shared golden game (``tests/games/test_golden.py``) chooses uniformly, and uniform players
attack early and often; keen players fill the page, use abilities and search their decks, so
this game pins much more of the rules. Regenerate it with the golden games:
``GRIMOIRE_UPDATE_GOLDEN=1 pytest tests/games/marginalia/test_playthrough.py``.
"""

from __future__ import annotations

import json
import random
from typing import Any

from games.core import render_seats
from games.core.playout import play
from games.marginalia.actions import Action, Attack, Back, Decline, EndTurn
from games.marginalia.state import MarginaliaState
from tests.games.marginalia.positions import ENGINE
from tests.games.test_golden import GOLDEN, UPDATE

#: A game that searches a deck, flies the Smiting Angel and blesses, in turns of typical length.
SEED = 20
PATH = GOLDEN / "marginalia-keen-players.json"


def _record() -> dict[str, Any]:
    rng = random.Random(SEED)

    def keen(state: MarginaliaState, seat: int, legal: list[Action]) -> Action:
        eager = [a for a in legal if not isinstance(a, Back | Attack | EndTurn | Decline)]
        return rng.choice(eager or legal)

    played = play(ENGINE, 2, SEED, None, keen, rng)
    assert played.outcome is not None
    return {
        "game": ENGINE.key,
        "seed": SEED,
        "actions": [f"{seat + 1}: {text}" for seat, text in played.actions],
        "log": [
            ("all" if e.audience is None else ",".join(str(s + 1) for s in sorted(e.audience)))
            + ": "
            + render_seats(e.text)
            for e in played.log
        ],
        "final_board": ENGINE.describe(ENGINE.view(played.state, None))
        .rendered()
        .model_dump(mode="json"),
        "outcome": played.outcome.model_dump(mode="json"),
    }


def test_keen_players_playthrough() -> None:
    recorded = _record()
    if UPDATE:
        PATH.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n")
    expected = json.loads(PATH.read_text())
    for key in ("actions", "log", "final_board", "outcome"):
        assert recorded[key] == expected[key], f"{key} differs from {PATH.name}"
    assert any("summon" in a for a in recorded["actions"]), "the game searches a deck"
    assert any("use " in a for a in recorded["actions"]), "the game uses abilities"
