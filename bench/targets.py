"""The targets the full run is judged on (a 2-core machine).

Each game sets its own floor for random playouts (``Engine.playouts_per_s``); the engine
rows carry it, so judging needs no list of games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_PICTURE_MS = 50.0
"""Median processor time to draw one board picture, per game."""
MAX_REPLAY_FRAME_MS = 250.0
"""95th percentile of the time to show one frame of a 1,000-decision game's replay: well under
a second, so stepping through a game feels immediate."""
MAX_SERVICE_RATIO = 3.0
"""A move through the service, against a bare insert-and-commit on the same database
(medians), on SQLite and on PostgreSQL."""
MAX_P99_MS = 25.0
"""Latency of a move with 1,000 games being played."""
MAX_HARD_DECISION_S = 5.0
"""Processor time of one ``hard`` decision at its fixed iterations, slowest of every game and
table: within the bot's time limit (``AI_TIME_LIMIT_SECONDS``), which is then only a cap."""
MAX_P99_WITH_AI_MS = 25.0
"""Latency of a move with 1,000 games being played while four AI seats search in other games
of the same process."""
MAX_RSS_MIB = 200.0
"""Resident memory of the bot with 10,000 stored games."""
MAX_READY_S = 2.0
"""From process start to ready."""
MAX_CALLS_PER_TURN = 3.0
"""Rate-limited requests to Discord a turn costs, over whole games of every title."""
MIN_TURNS_PER_S = 16.0
"""Turns a second one bot token carries across every server (Discord allows 50 requests)."""
MAX_PROFILE_P99_MS = 50.0
"""A ``/profile`` or ``/stats`` answer worked out, with 10,000 finished games stored."""
MAX_WEB_FIRST_BYTE_MS = 50.0
"""95th percentile of a game page's first byte, with 100 games being played."""
MAX_WEB_UPDATE_S = 2.0
"""From a move to an open page showing it, at worst (the page's poll interval included)."""
MAX_GLOBAL_429 = 0
"""Requests over Discord's 50 a second when a round's tables all start at once, paced by
two processes on one token."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """One target and how the run did against it."""

    what: str
    target: str
    measured: str
    met: bool

    def as_dict(self) -> dict[str, Any]:
        """For the JSON file."""
        return {
            "what": self.what,
            "target": self.target,
            "measured": self.measured,
            "met": self.met,
        }


def judge(results: dict[str, Any]) -> list[Verdict]:
    """Every target the results hold a measure for."""
    verdicts = []
    for row in results.get("engines", []):
        floor = row["target_games_per_s"]
        verdicts.append(
            Verdict(
                f"Random playouts, {row['title']} {row['configuration']}",
                f"≥ {floor:.0f} games/s",
                f"{row['games_per_s']:.0f} games/s",
                row["games_per_s"] >= floor,
            )
        )
    for row in results.get("pictures", []):
        verdicts.append(
            Verdict(
                f"Drawing a board picture, {row['title']} (median)",
                f"≤ {MAX_PICTURE_MS:.0f} ms",
                f"{row['median_ms']:.1f} ms ({row['wall_median_ms']:.1f} ms on the clock)",
                row["median_ms"] <= MAX_PICTURE_MS,
            )
        )
    replay = results.get("replays")
    if replay:
        verdicts.append(
            Verdict(
                f"A frame of a {replay['decisions']:,}-decision {replay['title']} replay (p95)",
                f"≤ {MAX_REPLAY_FRAME_MS:.0f} ms",
                f"{replay['p95_ms']:.1f} ms (slowest {replay['slowest_ms']:.1f} ms)",
                replay["p95_ms"] <= MAX_REPLAY_FRAME_MS,
            )
        )
    service = results.get("service")
    if service:
        verdicts.append(
            Verdict(
                "A move through the service, against a bare SQLite commit (p50)",
                f"≤ {MAX_SERVICE_RATIO:.0f}×",
                f"{service['ratio_p50']:.1f}×",
                service["ratio_p50"] <= MAX_SERVICE_RATIO,
            )
        )
        paced = service["paced"]
        verdicts.append(
            Verdict(
                f"p99 of a move, {service['active_games']:,} games being played, each moving"
                " every 10 s",
                f"≤ {MAX_P99_MS:.0f} ms",
                f"{paced['p99_ms']:.1f} ms at {paced['moves_per_s']:.0f} moves/s",
                paced["p99_ms"] <= MAX_P99_MS,
            )
        )
    verdicts += _postgres(results.get("postgres"))
    verdicts += _ai_load(results.get("ai_load"))
    verdicts += _ai_decisions(results.get("ai_decisions"))
    drain = results.get("outbox")
    if drain:
        verdicts.append(
            Verdict(
                f"A burst of {drain['moves']:,} moves drained by the outbox: boards drawn twice"
                " for the same version",
                "0",
                f"{drain['boards_drawn_twice']} ({drain['boards_drawn']:,} drawn for"
                f" {drain['queued']:,} deliveries in {drain['drain_s']:.1f} s)",
                drain["boards_drawn_twice"] == 0,
            )
        )
    process = results.get("process")
    if process:
        verdicts.append(
            Verdict(
                f"Resident memory, {process['finished_games']:,} stored games",
                f"≤ {MAX_RSS_MIB:.0f} MiB",
                f"{process['rss_peak_mib']:.0f} MiB",
                process["rss_peak_mib"] <= MAX_RSS_MIB,
            )
        )
        verdicts.append(
            Verdict(
                "Start to ready",
                f"≤ {MAX_READY_S:.0f} s",
                f"{process['ready_s_median']:.2f} s",
                process["ready_s_median"] <= MAX_READY_S,
            )
        )
    verdicts += _profiles(results.get("profiles"))
    verdicts += _web(results.get("web"))
    verdicts += _budget(results.get("budget"))
    verdicts += _burst(results.get("burst"))
    return verdicts


def _burst(found: dict[str, Any] | None) -> list[Verdict]:
    """Discord's global limit kept when a round starts at once."""
    if not found or "skipped" in found:
        return []
    return [
        Verdict(
            f"{found['tables']} tables starting at once, two processes on one token:"
            " requests over Discord's 50 a second",
            f"≤ {MAX_GLOBAL_429}",
            f"{found['global_429']} ({found['requests']} requests in {found['drain_s']:.1f} s,"
            f" busiest second {found['busiest_second']})",
            found["global_429"] <= MAX_GLOBAL_429,
        )
    ]


def _web(found: dict[str, Any] | None) -> list[Verdict]:
    """A game page's first byte, and how soon an open page shows a move."""
    if not found:
        return []
    first = found["first_byte"]["p95_ms"]
    worst = found["update_worst_s"]
    return [
        Verdict(
            f"A game page's first byte, {found['games']} games being played (p95)",
            f"≤ {MAX_WEB_FIRST_BYTE_MS:.0f} ms",
            f"{first:.1f} ms",
            first <= MAX_WEB_FIRST_BYTE_MS,
        ),
        Verdict(
            "A move shown on an open game page, at worst",
            f"≤ {MAX_WEB_UPDATE_S:.0f} s",
            f"{worst:.2f} s ({found['poll_ms'] / 1000:.0f} s poll + {found['update_p95_ms']:.0f}"
            " ms p95)",
            worst <= MAX_WEB_UPDATE_S,
        ),
    ]


def _profiles(found: dict[str, Any] | None) -> list[Verdict]:
    """``/profile`` and ``/stats`` on each backend measured."""
    if not found:
        return []
    verdicts = []
    for backend, title in (("sqlite", "SQLite"), ("postgres", "PostgreSQL")):
        measured = found.get(backend)
        if not measured or "skipped" in measured:
            continue
        for request, command in (("profile", "/profile"), ("stats", "/stats")):
            p99 = measured[request]["p99_ms"]
            verdicts.append(
                Verdict(
                    f"p99 of {command} on {title}, {found['finished_games']:,} finished games",
                    f"≤ {MAX_PROFILE_P99_MS:.0f} ms",
                    f"{p99:.1f} ms",
                    p99 <= MAX_PROFILE_P99_MS,
                )
            )
    return verdicts


def _budget(budget: dict[str, Any] | None) -> list[Verdict]:
    """Discord's budget: requests a turn, and the turns one token carries."""
    if not budget:
        return []
    return [
        Verdict(
            "Rate-limited requests to Discord a turn, whole games of every title",
            f"≤ {MAX_CALLS_PER_TURN:.0f}",
            f"{budget['per_turn']:.2f} (worst title {budget['worst_per_turn']:.2f})",
            budget["per_turn"] <= MAX_CALLS_PER_TURN,
        ),
        Verdict(
            "Turns a second one bot token carries",
            f"≥ {MIN_TURNS_PER_S:.0f}",
            f"{budget['turns_per_s_per_token']:.1f}",
            budget["turns_per_s_per_token"] >= MIN_TURNS_PER_S,
        ),
    ]


def _ai_decisions(found: dict[str, Any] | None) -> list[Verdict]:
    """A ``hard`` decision within the time limit in every game and table."""
    if not found:
        return []
    slowest = max(found["tables"], key=lambda row: row["max_s"])
    return [
        Verdict(
            f"A hard decision at {found['iterations']} iterations, slowest game and table",
            f"≤ {MAX_HARD_DECISION_S:.0f} s",
            f"{slowest['max_s']:.2f} s ({slowest['title']} {slowest['configuration']})",
            slowest["max_s"] <= MAX_HARD_DECISION_S,
        )
    ]


def _ai_load(found: dict[str, Any] | None) -> list[Verdict]:
    """A move's p99 while AI seats search in worker processes."""
    if not found:
        return []
    pool = found["pool"]
    return [
        Verdict(
            f"p99 of a move, {found['active_games']:,} games being played, while"
            f" {found['ai_seats']} {found['level']} AI seats search in other games",
            f"≤ {MAX_P99_WITH_AI_MS:.0f} ms",
            f"{pool['p99_ms']:.1f} ms ({found['thread']['p99_ms']:.1f} ms with the AI in a thread)",
            pool["p99_ms"] <= MAX_P99_WITH_AI_MS,
        )
    ]


def _postgres(pg: dict[str, Any] | None) -> list[Verdict]:
    """The PostgreSQL targets: the same two as SQLite's, and a second process adding moves."""
    if not pg or "skipped" in pg:
        return []
    paced = pg["paced"]
    one, two = pg["one_process_moves_per_s"], pg["two_processes_moves_per_s"]
    return [
        Verdict(
            "A move through the service on PostgreSQL, against a bare commit on the same"
            " server (p50)",
            f"≤ {MAX_SERVICE_RATIO:.0f}×",
            f"{pg['ratio_p50']:.1f}×",
            pg["ratio_p50"] <= MAX_SERVICE_RATIO,
        ),
        Verdict(
            f"p99 of a move on PostgreSQL, {pg['active_games']:,} games being played, each"
            " moving every 10 s",
            f"≤ {MAX_P99_MS:.0f} ms",
            f"{paced['p99_ms']:.1f} ms at {paced['moves_per_s']:.0f} moves/s",
            paced["p99_ms"] <= MAX_P99_MS,
        ),
        Verdict(
            "Every game moving at once on PostgreSQL: two processes against one",
            "two > one",
            f"{two:.0f} against {one:.0f} moves/s",
            two > one,
        ),
    ]
