"""Replay frames of a running game reveal nothing hidden from their viewer: a world the
viewer cannot tell apart (hidden cards resampled, other players' moves written otherwise,
lines they could not read reworded) gives the very same frames; and a replay replays from the
nearest kept position, not from the deal."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from bot.replays import track as replay_track
from bot.replays.replays import PUBLIC, frame_at, seat_viewpoint
from bot.replays.track import Track
from games.core import Engine, LogEntry
from games.core.playout import random_playout
from storage import GameStatus
from tests.games.configurations import ENGINES, engines_having

MOVES = 30


class ResampledTrack:
    """The positions of ``track`` in another world ``viewer`` cannot tell apart from it."""

    def __init__(self, track: Track, viewer: int | None, players: int) -> None:
        self.engine = track.engine
        self.last = track.last
        self.moves = tuple(
            (seat, notation if seat == viewer else f"otherwise {n}")
            for n, (seat, notation) in enumerate(track.moves)
        )
        self._track, self._viewer, self._players = track, viewer, players

    def position(self, number: int) -> tuple[Any, tuple[LogEntry, ...]]:
        state, log = self._track.position(number)
        # What a spectator sees, every seat sees: any seat's unknowns may be resampled.
        seat = self._viewer if self._viewer is not None else number % self._players
        world = self.engine.determinize(state, seat, random.Random(number))
        told = tuple(
            entry if entry.visible_to(self._viewer) else LogEntry("reworded", entry.audience)
            for entry in log
        )
        return world, told


def _shown(frame: Any) -> tuple[Any, ...]:
    return (frame.board, frame.lines, frame.picture, frame.moves, frame.mover, frame.ending)


def _game(status: GameStatus) -> Any:
    return SimpleNamespace(id=5, status=status, outcome=None, seats=())


@pytest.mark.parametrize("engine", engines_having("hidden information"))
@pytest.mark.parametrize("viewer", [0, None])
def test_running_frames_are_the_same_in_a_world_the_viewer_cannot_tell_apart(
    engine: Engine[Any, Any], viewer: int | None
) -> None:
    players, options = engine.configurations()[0]
    played = random_playout(engine, players, 9, options)
    moves = played.actions[:MOVES]
    track = Track(engine, players=players, seed=9, options=options.model_dump(), moves=moves)
    resampled: Any = ResampledTrack(track, viewer, players)
    viewpoint = PUBLIC if viewer is None else seat_viewpoint(viewer)
    running = _game(GameStatus.ACTIVE)
    for number in range(track.last + 1):
        real = frame_at(running, track, number, viewpoint, viewer)
        other = frame_at(running, resampled, number, viewpoint, viewer)
        assert _shown(real) == _shown(other), f"move {number}"
    # Once over, nothing is hidden: the same resampling shows through (other players'
    # moves are told in notation).
    over = _game(GameStatus.CANCELLED)
    real = frame_at(over, track, 1, viewpoint, viewer)
    assert _shown(real) != _shown(frame_at(over, resampled, 1, viewpoint, viewer))


def test_a_step_replays_from_the_nearest_kept_position(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = ENGINES[0].values[0]
    players, options = engine.configurations()[0]
    played = random_playout(engine, players, 4, options)
    track = Track(
        engine, players=players, seed=4, options=options.model_dump(), moves=played.actions
    )
    applied: list[int] = []
    real_step = Track._step

    def counted(self: Track, state: Any, number: int) -> Any:
        applied.append(number)
        return real_step(self, state, number)

    monkeypatch.setattr(Track, "_step", counted)
    every = replay_track.CHECKPOINT_EVERY
    assert track.last > 2 * every + every // 2 + 1
    target = 2 * every + every // 2
    track.position(target)
    assert applied == list(range(2 * every + 1, target + 1)), "from the checkpoint before it"
    applied.clear()
    track.position(target + 1)
    assert applied == [target + 1], "from the position just shown"
    applied.clear()
    track.position(target)
    assert applied == [], "a position just shown is kept"
    assert (
        track.position(target)[0]
        == Track(
            engine, players=players, seed=4, options=options.model_dump(), moves=played.actions
        ).position(target)[0]
    )
