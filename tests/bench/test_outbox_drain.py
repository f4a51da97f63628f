"""The outbox benchmark's probe: a burst of moves drained with no board drawn twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import outbox
from bench.scale import QUICK

pytestmark = pytest.mark.slow


async def test_a_burst_is_drained_without_drawing_any_board_twice(tmp_path: Path) -> None:
    said: list[str] = []
    figures = await outbox.run(tmp_path, QUICK, said.append)
    assert figures["moves"] == QUICK.burst_moves
    # Every decision queues its table and one private view per person; all of it goes out. A
    # move may be followed by decisions taken without asking, each recorded on its own.
    assert figures["table_updates"] >= figures["moves"]
    assert figures["view_updates"] >= figures["moves"]
    assert 0 < figures["messages_sent"] < figures["queued"]  # the rest are edits or overtaken
    assert figures["boards_drawn"] < figures["queued"]
    assert figures["boards_drawn_twice"] == 0
