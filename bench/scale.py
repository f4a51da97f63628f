"""How much work one run does: the full run the targets are judged on, and smaller ones."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Scale:
    """The sizes of one run."""

    name: str
    playout_seconds: float
    """How long random playouts run per engine configuration."""
    call_samples: int
    """States sampled per configuration for the per-call timings."""
    finished_games: int
    active_games: int
    sequential_moves: int
    """Moves made one at a time, for the service's own latency."""
    moves_per_game: int
    """Moves each active game makes in the saturated run."""
    paced_seconds: float
    """How long moves arrive at a steady rate in the paced run."""
    bare_commits: int
    stack_moves: int
    """Moves played through SimCord per kind of interaction."""
    timing_seconds: float = 0.05
    """Shortest time one engine call is repeated for, so timer resolution does not matter."""
    process_runs: int = 3
    """Starts of the bot process; start-up times are given as their median."""
    picture_positions: int = 12
    """Positions drawn per game, each as the public view and one seat's view."""
    picture_repeat: int = 3
    """Times each of those views is drawn with the words of earlier pictures reused."""
    burst_moves: int = 1_000
    """Moves made while nothing is sent, then drained by the outbox at once."""
    replay_frames: int = 200
    """Frames of a long game's replay shown per kind of step (forward, back, jumps)."""
    hard_decisions: int = 8
    """``hard`` decisions timed at each game's smallest and largest table."""
    web_games: int = 100
    """Games being played while the web pages are read."""
    web_rounds: int = 400
    """Rounds of one move and its readers' page reads."""

    @property
    def full(self) -> bool:
        """Whether this run is the one the targets are judged on."""
        return self.name == "full"


FULL = Scale(
    name="full",
    playout_seconds=3.0,
    call_samples=300,
    finished_games=10_000,
    active_games=1_000,
    sequential_moves=1_000,
    moves_per_game=3,
    paced_seconds=20.0,
    bare_commits=1_000,
    stack_moves=100,
)
QUICK = Scale(
    name="quick",
    playout_seconds=0.5,
    call_samples=60,
    finished_games=1_000,
    active_games=100,
    sequential_moves=200,
    moves_per_game=2,
    paced_seconds=4.0,
    bare_commits=200,
    stack_moves=15,
    picture_positions=4,
    picture_repeat=2,
    burst_moves=200,
    replay_frames=40,
    hard_decisions=2,
    web_rounds=60,
)
TINY = Scale(
    name="tiny",
    playout_seconds=0.02,
    call_samples=3,
    finished_games=10,
    active_games=5,
    sequential_moves=5,
    moves_per_game=1,
    paced_seconds=0.3,
    bare_commits=5,
    stack_moves=1,
    timing_seconds=0.001,
    process_runs=1,
    picture_positions=2,
    picture_repeat=1,
    burst_moves=20,
    replay_frames=3,
    hard_decisions=1,
    web_games=10,
    web_rounds=20,
)
SCALES = {scale.name: scale for scale in (FULL, QUICK, TINY)}
