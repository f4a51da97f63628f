"""Engine costs per game and seat count: random playouts per second, the cost of the calls
the bot makes on every move, and how big a stored state is."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

import games
from bench.scale import Scale
from games.core import Engine
from games.core.playout import play, random_playout

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Decision:
    """A state met in a random game, the seat that acted in it and the action it took."""

    state: Any
    seat: int
    action: Any


def configuration_label(players: int, options: BaseModel) -> str:
    """``3p`` or ``4p teams=true``: the seat count and the options that differ from default."""
    changed = options.model_dump(mode="json", exclude_defaults=True)
    extra = " ".join(f"{key}={_text(value)}" for key, value in sorted(changed.items()))
    return f"{players}p" + (f" {extra}" if extra else "")


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def decisions(
    engine: Engine[Any, Any], players: int, options: BaseModel, count: int
) -> list[Decision]:
    """``count`` decisions spread evenly over seeded random games of this configuration."""
    met: list[Decision] = []
    seed = 0
    while len(met) < 4 * count or seed == 0:
        rng = random.Random(seed)

        def choose(state: Any, seat: int, legal: list[Any], rng: random.Random = rng) -> Any:
            action = rng.choice(legal)
            met.append(Decision(state, seat, action))
            return action

        play(engine, players, seed, options, choose, rng)
        seed += 1
    stride = len(met) / count
    return [met[int(i * stride)] for i in range(count)]


def per_call_microseconds(call: Callable[[T], object], sample: list[T], seconds: float) -> float:
    """Mean time of ``call`` over ``sample``, repeated until it has run for ``seconds``."""
    rounds = 0
    started = time.perf_counter()
    while True:
        for item in sample:
            call(item)
        rounds += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return 1e6 * elapsed / (rounds * len(sample))


def playouts_per_second(
    engine: Engine[Any, Any], players: int, options: BaseModel, seconds: float
) -> dict[str, float]:
    """Seeded random games played back to back for ``seconds`` (at least one), counted per
    second of this process's processor time, which other work on a shared machine does not
    eat into, and per second on the clock."""
    played = steps = 0
    started, cpu_started = time.perf_counter(), time.process_time()
    while played == 0 or time.perf_counter() - started < seconds:
        steps += len(random_playout(engine, players, seed=played, options=options).actions)
        played += 1
    elapsed = time.perf_counter() - started
    cpu = max(time.process_time() - cpu_started, 1e-9)
    return {
        "games": played,
        "games_per_s": played / cpu,
        "games_per_wall_s": played / elapsed,
        "steps_per_game": steps / played,
        "steps_per_s": steps / cpu,
    }


def bench_configuration(
    engine: Engine[Any, Any], players: int, options: BaseModel, scale: Scale
) -> dict[str, Any]:
    """Every engine measure for one game and seat count, with the game's own floor for
    random playouts beside them."""
    sample = decisions(engine, players, options, scale.call_samples)
    dumped = [engine.dump(d.state) for d in sample]
    sizes = [len(text.encode()) for text in dumped]
    return {
        "game": engine.key,
        "title": engine.title,
        "configuration": configuration_label(players, options),
        "players": players,
        "target_games_per_s": engine.playouts_per_s,
        **playouts_per_second(engine, players, options, scale.playout_seconds),
        "apply_us": per_call_microseconds(
            lambda d: engine.apply(d.state, d.seat, d.action), sample, scale.timing_seconds
        ),
        "legal_actions_us": per_call_microseconds(
            lambda d: engine.legal_actions(d.state, d.seat), sample, scale.timing_seconds
        ),
        "view_us": per_call_microseconds(
            lambda d: engine.view(d.state, d.seat), sample, scale.timing_seconds
        ),
        "dump_us": per_call_microseconds(
            lambda d: engine.dump(d.state), sample, scale.timing_seconds
        ),
        "load_us": per_call_microseconds(engine.load, dumped, scale.timing_seconds),
        "state_bytes_mean": sum(sizes) / len(sizes),
        "state_bytes_max": max(sizes),
    }


def run(scale: Scale, progress: Callable[[str], None]) -> list[dict[str, Any]]:
    """Every configuration each registered engine asks to be measured in."""
    results = []
    for engine in games.ENGINES.values():
        for players, options in engine.bench_configurations():
            label = f"{engine.key} {configuration_label(players, options)}"
            progress(f"engines: {label}")
            results.append(bench_configuration(engine, players, options, scale))
    return results
