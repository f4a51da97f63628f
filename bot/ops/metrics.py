"""The bot's Prometheus metrics, in one registry served at ``/metrics``.

Counters and histograms are incremented where things happen (an interaction answered, a
move recorded, a delivery failed, a timer fired, an AI decision made); the gauges that
describe the database (outbox backlog, due timers, running games) are read from the store
when ``/metrics`` is asked for, so they are as fresh as the scrape.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import cast

import discord
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)

import games
from storage.contract.stats import StoreStats

#: One registry for the process: one process runs one bot.
REGISTRY = CollectorRegistry()
ProcessCollector(registry=REGISTRY)
PlatformCollector(registry=REGISTRY)

INTERACTIONS = Counter(
    "grimoire_interactions",
    "Interactions handled, by command (or component) and outcome: ok, refused (a reason was "
    "given), failed (an error on our side) or throttled (the member was asked to slow down).",
    ["command", "outcome"],
    registry=REGISTRY,
)
INTERACTION_SECONDS = Histogram(
    "grimoire_interaction_seconds",
    "Time from an interaction's creation to the end of its handling, by command.",
    ["command"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0),
    registry=REGISTRY,
)
MOVES = Counter(
    "grimoire_moves", "Decisions recorded in games, by game key.", ["game"], registry=REGISTRY
)
DELIVERY_FAILURES = Counter(
    "grimoire_delivery_failures",
    "Failed Discord deliveries, by kind of failure: transient (retried), refused, forbidden, "
    "gone (the channel or message no longer exists) or unexpected.",
    ["kind"],
    registry=REGISTRY,
)
OUTBOX_BACKLOG = Gauge(
    "grimoire_outbox_backlog", "Deliveries waiting to be sent.", registry=REGISTRY
)
OUTBOX_OLDEST = Gauge(
    "grimoire_outbox_oldest_pending_seconds",
    "Age of the oldest delivery waiting to be sent; 0 when none waits.",
    registry=REGISTRY,
)
TIMERS_DUE = Gauge(
    "grimoire_timers_due", "Timers whose time has come, not fired yet.", registry=REGISTRY
)
TIMERS_LATE = Gauge(
    "grimoire_timers_late",
    "Due timers not fired for over a minute: the timer worker is stuck or behind.",
    registry=REGISTRY,
)
TIMER_LATENESS = Histogram(
    "grimoire_timer_lateness_seconds",
    "How long after its due time each timer was fired.",
    buckets=(0.1, 0.5, 1.0, 2.0, 5.0, 15.0, 60.0, 300.0, 3600.0),
    registry=REGISTRY,
)
GAMES_RUNNING = Gauge(
    "grimoire_games_running", "Games being played, by game key.", ["game"], registry=REGISTRY
)
AI_DECISION_SECONDS = Histogram(
    "grimoire_ai_decision_seconds",
    "Time an AI took to decide one move, by game and level.",
    ["game", "level"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0),
    registry=REGISTRY,
)
UNEXPECTED_ERRORS = Counter(
    "grimoire_unexpected_errors",
    "Errors logged with a traceback (each under an error id).",
    registry=REGISTRY,
)
DISCORD_CONNECTED = Gauge(
    "grimoire_discord_connected",
    "1 while connected to Discord (or the playground), else 0.",
    registry=REGISTRY,
)
DATABASE_UP = Gauge(
    "grimoire_database_up",
    "1 when the database answered the last scrape, else 0.",
    registry=REGISTRY,
)
DISCORD_REQUESTS_PACED = Counter(
    "grimoire_discord_requests_paced",
    "Rate-limited Discord requests that waited for a token of the shared budget, by priority: "
    "normal (posts, pings, DMs) or cosmetic (board edits).",
    ["priority"],
    registry=REGISTRY,
)
DISCORD_PACING_WAIT = Histogram(
    "grimoire_discord_pacing_wait_seconds",
    "How long a rate-limited Discord request waited for its token.",
    buckets=(0.0, 0.025, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0),
    registry=REGISTRY,
)
DISCORD_EDITS_DROPPED = Counter(
    "grimoire_discord_edits_dropped",
    "Edits of a message never sent: a newer edit of the same message replaced them while "
    "they waited.",
    registry=REGISTRY,
)
DISCORD_RATE_LIMITED = Counter(
    "grimoire_discord_rate_limited",
    "429 answers from Discord (each counts toward its ban of bots that ignore its limits).",
    registry=REGISTRY,
)

#: A custom id's words: ``grim:lobby:join:12`` is counted as ``grim:lobby:join``.
_ID_WORD = re.compile(r"[a-z_-]+")


def command_of(interaction: discord.Interaction) -> str:
    """A short, bounded name for what an interaction used: a slash command's full name, or
    the words of a component's custom id without its numbers (``grim:lobby:join``)."""
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data = cast("dict[str, object]", interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    words = []
    for part in custom_id.split(":"):
        if not _ID_WORD.fullmatch(part):
            break
        words.append(part)
    return ":".join(words) or interaction.type.name


def interaction_handled(interaction: discord.Interaction, outcome: str) -> None:
    """Count an interaction's outcome and time it from its creation (autocomplete aside:
    suggestions are not commands)."""
    if interaction.type is discord.InteractionType.autocomplete:
        return
    command = command_of(interaction)
    INTERACTIONS.labels(command, outcome).inc()
    elapsed = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    INTERACTION_SECONDS.labels(command).observe(max(elapsed, 0.0))


def move_recorded(game_key: str) -> None:
    """Count one recorded decision of a game (by its key, ``mandragora``…)."""
    MOVES.labels(game_key).inc()


def timer_fired(due_at: datetime) -> None:
    """Observe how late a timer fired."""
    lateness = (discord.utils.utcnow() - due_at).total_seconds()
    TIMER_LATENESS.observe(max(lateness, 0.0))


def show_store(stats: StoreStats | None, now: datetime) -> None:
    """Set the database's gauges from ``stats`` (``None``: the database did not answer, and
    the gauges keep their last values)."""
    DATABASE_UP.set(stats is not None)
    if stats is None:
        return
    OUTBOX_BACKLOG.set(stats.outbox_backlog)
    oldest = stats.oldest_pending_at
    OUTBOX_OLDEST.set(0 if oldest is None else max((now - oldest).total_seconds(), 0.0))
    TIMERS_DUE.set(stats.timers_due)
    TIMERS_LATE.set(stats.timers_late)
    for key in games.ENGINES:  # a game with none running reads 0, not missing
        GAMES_RUNNING.labels(key).set(stats.running_games.get(key, 0))


def exposition() -> bytes:
    """Every metric in Prometheus's text format."""
    return generate_latest(REGISTRY)
