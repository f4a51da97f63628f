"""Golden playthroughs: one seeded game per engine configuration (the throwaway test game's
too), pinned exactly.

Each file in ``golden/`` holds a game's actions, the number of legal actions at every step,
the log as each seat could read it, and every seat's final board. Replaying must reproduce
it all. After an intended rules change, regenerate with ``make golden`` and review the diff:
it reads as a story of what changed.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from games.core import Engine, render_seats
from games.core.playout import play
from tests.games.configurations import CONTRACT_CONFIGURATIONS

GOLDEN = Path(__file__).parent / "golden"
SEED = 2026
UPDATE = os.environ.get("GRIMOIRE_UPDATE_GOLDEN") == "1"


def record(engine: Engine[Any, Any], players: int, options: BaseModel) -> dict[str, Any]:
    """Play the golden game and write down everything worth pinning."""
    rng = random.Random(SEED)
    legal_counts: list[int] = []

    def choose(state: Any, seat: int, legal: list[Any]) -> Any:
        legal_counts.append(len(legal))
        return rng.choice(legal)

    played = play(engine, players, SEED, options, choose, rng)
    log = [
        ("all" if e.audience is None else ",".join(str(s + 1) for s in sorted(e.audience)))
        + ": "
        + render_seats(e.text)
        for e in played.log
    ]
    boards = {
        "spectator" if seat is None else f"seat {seat + 1}": engine.describe(
            engine.view(played.state, seat)
        )
        .rendered()
        .model_dump(mode="json")
        for seat in [None, *range(players)]
    }
    assert played.outcome is not None
    return {
        "game": engine.key,
        "players": players,
        "options": options.model_dump(mode="json"),
        "seed": SEED,
        "actions": [f"{seat + 1}: {text}" for seat, text in played.actions],
        "legal_counts": legal_counts,
        "log": log,
        "final_boards": boards,
        "outcome": played.outcome.model_dump(mode="json"),
        "final_state_sha256": hashlib.sha256(engine.dump(played.state).encode()).hexdigest(),
    }


@pytest.mark.parametrize(("engine", "players", "options"), CONTRACT_CONFIGURATIONS)
def test_golden_playthrough(
    engine: Engine[Any, Any], players: int, options: BaseModel, request: pytest.FixtureRequest
) -> None:
    path = GOLDEN / f"{request.node.callspec.id}.json"
    recorded = record(engine, players, options)
    if UPDATE:
        path.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n")
    if not path.exists():
        pytest.fail(f"{path.name} is missing: run `make golden` and review the new file")
    expected = json.loads(path.read_text())
    for key in ("actions", "legal_counts", "log", "final_boards", "outcome"):
        assert recorded[key] == expected[key], f"{key} differs from {path.name}"
    assert recorded == expected
