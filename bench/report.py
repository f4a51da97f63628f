"""The results as a Markdown page and a JSON file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bench import ai_decisions
from bench.burst import report as burst_report
from bench.service import GAME_PACE_S, STRESS_LOAD
from bench.targets import Verdict, judge

_METHOD = """\
## How it is measured

- **Engines.** Seeded random games (`games.core.playout.random_playout`) played back to back
  for 3 s per configuration. *Playouts/s* counts games per second of the benchmark's own
  processor time (`time.process_time`), which other work on a shared machine does not eat
  into; the targets are judged on it. *On the clock* is the same per wall-clock second. The
  per-call times are means over states met in such games, each call repeated until it has run
  for 50 ms; `apply` is the checked `apply` the service calls.
- **Pictures.** The same measure as `python -m bench.pictures`: for each game, 12 positions
  from seeded random games (the start, after 40 and 150 moves, the end; the game's
  configurations in turn), each drawn by `Engine.picture` as the public view and as one
  seat's view, each view drawn 3 times with the words of earlier pictures reused, as in a
  running bot. The target is judged on the **median of the processor time**
  (`time.process_time`) per picture, which other work on a shared machine does not eat into;
  the median on the clock (`time.perf_counter`) is shown beside it. *Cold* draws every view
  once more with the word cache emptied before each picture, as right after the bot starts.
  Fonts are loaded once before timing, as they are once per process. *PNG* is the size of
  the bytes sent.
- **Replays.** The same measure as `python -m bench.replays`: the first seeded random Magic
  Spell game of the benchmark configurations that takes at least 1,000 decisions is loaded
  as `/game replay` loads it (one pass, keeping a state every 16 moves), then 200 frames of
  each kind are shown as a member clicking through would: ▶ from the deal, ◀ from the end,
  and jumps to random moves. A frame is the position (replayed from the nearest kept
  state), the view, its board and its picture: everything but Discord. Wall-clock time; the
  target is judged on the 95th percentile of the slowest kind.
- **Service.** `bot.tables.play.Tables.choose` (a click on a legal move) on a real SQLite file
  in WAL mode with `synchronous=FULL`, as the bot opens it: each move loads the game, applies
  it, queues its outbox rows and commits. The file holds the finished games and the games
  being played before the run starts; the rows are written with plain SQL in one transaction,
  matching the schema the store migrates (games, seats, one `actions` row per move), because
  writing them one move at a time would take longer than the benchmark. Finished games are
  copies of a pool of real random games (20 per configuration); running games are random
  games stopped after 0–40 moves. The outbox rows the moves queue are not sent.
  - *One at a time*: moves in random running games, one after another: the service's own
    latency, compared with a bare `sqlite3` insert-and-commit of a row as long as the mean
    stored state, on the same disk with the same settings, measured in the same run (before
    and after the moves, pooled).
  - *Every game at once*: every running game makes its moves with no pause, all at the same
    time: the throughput of one process; latency there is mostly waiting in line.
  - *Paced*: moves arrive at random (a Poisson process), each in a game with no move in
    flight, at one move per running game every 10 s on average (100 moves/s for 1,000
    games; play by post is far slower): the latency players see with that many games being
    played. The p99 target is judged on this run. A second paced run offers half the
    throughput above, as a stress test.
- **Service on PostgreSQL.** The same clicks, with the store's game lock (an advisory lock
  held across processes), on a throwaway PostgreSQL server this run starts from the
  installed binaries (`storage/postgres/throwaway.py`), committing as a deployment's server
  does (`fsync` and `synchronous_commit` on). The seeded file is copied into it
  (`storage.copy`). *One at a time* is compared with a bare insert committed on its own on
  the same server; *paced* is as above. *Every game at once* runs for half the paced run's
  time in worker processes started together: all the games from one process, then the
  games shared out between two (each with its own connections). Without PostgreSQL
  installed this part is skipped, saying so.
- **Full stack.** The real bot (`bot.create_bot`) against SimCord's in-memory Discord, one
  game of each kind at a time, three seats where the game allows: a move by `/play` (the
  autocomplete a member sees while typing, then the command) and a move by `/turn` and one
  click in the panel, in turn. Each time runs from the member's action until the bot has
  answered and SimCord has nothing left to run, so every post and DM the move queued has
  been sent. SimCord runs in the same process; a second pass samples which code the process
  was running during the same interactions, and the bot's own cost is the time not spent in
  SimCord (waiting on the database thread counts as the bot's).
- **Process.** `python -m bench.probe` in its own process does what `python -m bot` does
  (opens and checks the database, counts the games to resume) and starts the bot against
  SimCord instead of Discord; *ready* is when the bot has synced its commands and received
  READY, counted from the process's start (interpreter start-up included). Memory is the
  resident set (`VmRSS`, peak `VmHWM`), SimCord's own included, once ready and after every
  running game was served once (a turn panel read for the seat to act).
- **Profiles and statistics.** `python -m bench.profiles`: the seeded file of the service
  measures, its seats shared by 400 members and one regular at every fourth table, its games
  spread over half a year with a move every 10 minutes to 3 hours, with asks, vacations,
  missed deadlines, ratings and rating changes; then copied into a throwaway PostgreSQL
  server (vacuumed and analysed, as a running server's autovacuum leaves it). Each request is
  timed from the call into `bot.profiles.profiles.Profiles` to the finished embed, the trend
  picture drawn for `/profile`, one request after another: members at random (one in ten the
  regular), all games or one at random; `/stats` for the server or one game at random. The
  first few requests warm the database's cache and are not counted.
- **Service with AI seats thinking.** `python -m bench --only ai_load`: the paced moves of
  the service part on a file seeded the same way, three times: with no AI thinking; while
  four `hard` AI seats search without a pause in games of their own, through
  `AiPlayers.move` (the game sent as text, the move read back), in the worker processes AI
  seats think in (one per spare core, `AI_PROCESSES` unset); and the same with the searches
  in a thread of the bot's process (`AI_PROCESSES=0`), for comparison. Moves one at a time
  first warm the file up, untimed. The p99 target is judged on the worker processes' run.
- **A hard AI decision.** `python -m bench --only ai_decisions`: eight `hard` decisions at
  its fixed iterations (`games.ai.HARD_ITERATIONS`) at each game's smallest and largest table,
  past the opening of seeded games played by `normal`, in processor seconds; the slowest is
  judged against the bot's time limit, which should only ever be a cap.
- **Burst.** `bench/burst.py`: a round's tables all start at once (64 tables of four), split
  between two pacers (`bot.wiring.pacing`), each with its own connections to one throwaway
  PostgreSQL database, sharing its bucket as two processes of the bot would. Each request's
  time is recorded across both; the 51st or later of any one second counts as a global 429.
- **Web pages.** `python -m bench --only web`: 100 games of every title dealt and played a
  dozen moves in, served by the bot's web server on a loopback port. Each round one game
  moves through the service and ten pages are read: the moved game's version and page,
  then games at random. A request is timed to its response's headers (its first byte),
  one at a time, each on a new connection as the server closes every one.
- **Noise.** The machine is shared: other work ran at the same time, so absolute times vary
  from run to run; the service-versus-bare-commit ratio is measured in the same run for that
  reason.
"""


def _num(value: float, digits: int = 0) -> str:
    return f"{value:,.{digits}f}"


def _table(headers: list[str], rows: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return [*lines, ""]


def _machine(results: dict[str, Any]) -> list[str]:
    m = results["machine"]
    rows = [
        ["Date", m["date"]],
        ["CPU", f"{m['cpu']} ({m['cores']} cores)"],
        ["Load average at start", " / ".join(str(x) for x in m["load_average"])],
        ["System", m["system"]],
        ["Python", m["python"]],
        ["SQLite", m["sqlite"]],
        [
            "Libraries",
            f"discord.py {m['discord.py']}, aiosqlite {m['aiosqlite']}, "
            f"pydantic {m['pydantic']}, SimCord {m['simcord']}",
        ],
        ["Database files", results.get("workdir", "")],
        ["Run", f"`{results['command']}` ({results['scale']} scale)"],
    ]
    return _table(["", ""], rows)


def _targets(verdicts: list[Verdict], judged: bool) -> list[str]:
    if not judged:
        return ["Targets are judged on the full run only (`make bench`).", ""]
    rows = [[v.what, v.target, v.measured, "met" if v.met else "**missed**"] for v in verdicts]
    return _table(["", "target", "measured", ""], rows)


def _engines(rows: list[dict[str, Any]]) -> list[str]:
    headers = [
        "game",
        "seats",
        "playouts/s",
        "(on the clock)",
        "steps/game",
        "apply µs",
        "legal_actions µs",
        "view µs",
        "dump µs",
        "load µs",
        "state bytes (mean / max)",
    ]
    body = [
        [
            r["title"],
            r["configuration"],
            _num(r["games_per_s"]),
            _num(r["games_per_wall_s"]),
            _num(r["steps_per_game"]),
            _num(r["apply_us"]),
            _num(r["legal_actions_us"]),
            _num(r["view_us"]),
            _num(r["dump_us"]),
            _num(r["load_us"]),
            f"{_num(r['state_bytes_mean'])} / {_num(r['state_bytes_max'])}",
        ]
        for r in rows
    ]
    return _table(headers, body)


def _pictures(rows: list[dict[str, Any]]) -> list[str]:
    headers = [
        "game",
        "pictures",
        "median ms",
        "p95 ms",
        "slowest ms",
        "median on the clock ms",
        "cold median ms",
        "PNG KiB (mean / max)",
    ]
    body = [
        [
            r["title"],
            _num(r["pictures"]),
            _num(r["median_ms"], 1),
            _num(r["p95_ms"], 1),
            _num(r["max_ms"], 1),
            _num(r["wall_median_ms"], 1),
            _num(r["cold_median_ms"], 1),
            f"{_num(r['png_bytes_mean'] / 1024)} / {_num(r['png_bytes_max'] / 1024)}",
        ]
        for r in rows
    ]
    return [
        *_table(headers, body),
        "Times are processor time per picture unless said otherwise; the target is judged on "
        "the median.",
        "",
    ]


def _replays(r: dict[str, Any]) -> list[str]:
    head = (
        f"{r['title']}, {r['players']} seats, seed {r['seed']}: {_num(r['decisions'])} decisions,"
        f" loaded in {_num(r['load_ms'])} ms."
    )
    body = [
        [
            {"forward": "▶ from the deal", "back": "◀ from the end", "jump": "go to move"}[kind],
            _num(row["frames"]),
            _num(row["median_ms"], 1),
            _num(row["p95_ms"], 1),
            _num(row["max_ms"], 1),
        ]
        for kind, row in r["steps"].items()
    ]
    return [
        head,
        "",
        *_table(["step", "frames", "median ms", "p95 ms", "slowest ms"], body),
    ]


def _service(s: dict[str, Any]) -> list[str]:
    lines = [
        f"{s['finished_games']:,} finished games and {s['active_games']:,} being played in one "
        f"file of {s['file_bytes'] / 2**20:.0f} MiB; mean stored state {s['state_bytes_mean']:,.0f}"
        " bytes.",
        "",
    ]
    rows = []
    for label, key in (
        ("bare `sqlite3` insert-and-commit", "bare_commit"),
        ("move, one at a time", "sequential"),
        ("move, every game at once", "saturated"),
        (f"move, paced: each game every {GAME_PACE_S:.0f} s", "paced"),
        (f"move, paced at {STRESS_LOAD:.0%} of the throughput above", "stress"),
    ):
        rows.append(_timing_row(label, s[key]))
    lines += _table(TIMING_HEADER, rows)
    lines += [
        f"A move through the service costs **{s['ratio_p50']:.1f}×** a bare commit at the median "
        f"({s['ratio_mean']:.1f}× on means): "
        f"{s['sequential']['p50_ms'] - s['bare_commit']['p50_ms']:.2f} ms on top of the commit.",
        "",
    ]
    return lines


TIMING_HEADER = ["", "count", "moves/s", "p50 ms", "p99 ms", "mean ms", "max ms"]


def _timing_row(label: str, r: dict[str, Any]) -> list[str]:
    """One measured kind of move: how many, how fast, and its times."""
    rate = _num(r["moves_per_s"]) if "moves_per_s" in r else ""
    if "offered" in r:
        rate += f" ({_num(r['offered'])} offered)"
    return [
        label,
        _num(r["count"]),
        rate,
        _num(r["p50_ms"], 2),
        _num(r["p99_ms"], 2),
        _num(r["mean_ms"], 2),
        _num(r["max_ms"], 2),
    ]


def _postgres(p: dict[str, Any]) -> list[str]:
    if "skipped" in p:
        return [f"Not measured: {p['skipped']}.", ""]
    lines = [
        f"The same {p['finished_games']:,} finished games and {p['active_games']:,} being played,"
        " copied into a database on a throwaway server on this machine that flushes each commit"
        f" to disk; mean stored state {p['state_bytes_mean']:,.0f} bytes.",
        "",
    ]
    rows = []
    for label, key in (
        ("bare insert, committed on its own", "bare_commit"),
        ("move, one at a time", "sequential"),
        (f"move, paced: each game every {GAME_PACE_S:.0f} s", "paced"),
    ):
        rows.append(_timing_row(label, p[key]))
    lines += _table(TIMING_HEADER, rows)
    lines += [
        f"A move through the service costs **{p['ratio_p50']:.1f}×** a bare commit at the median "
        f"({p['ratio_mean']:.1f}× on means). Every game moving at once for"
        f" {p['saturated_seconds']:.1f} s, each game's moves made as soon as the last is"
        f" answered: **{_num(p['one_process_moves_per_s'])} moves/s** from one process,"
        f" **{_num(p['two_processes_moves_per_s'])} moves/s** from two sharing the games"
        " (each under the game's lock across processes).",
        "",
    ]
    return lines


def _outbox(o: dict[str, Any]) -> list[str]:
    return [
        f"{_num(o['moves'])} moves made while nothing was sent queued {_num(o['queued'])}"
        f" deliveries ({_num(o['table_updates'])} table updates, {_num(o['view_updates'])}"
        f" private view updates). The outbox worker sent them in {o['drain_s']:.1f} s"
        f" ({_num(o['deliveries_per_s'])} deliveries/s) as {_num(o['messages_sent'])} new"
        f" messages (the rest are edits or overtaken updates), drawing {_num(o['boards_drawn'])}"
        f" boards, {o['boards_drawn_twice']} of them a second time for the same version and"
        " reader.",
        "",
    ]


def _stack(s: dict[str, Any], kinds: tuple[str, ...]) -> list[str]:
    labels = {
        "autocomplete": "`/play` suggestions while typing",
        "play": "`/play move:…` (a move)",
        "turn": "`/turn` (opens the panel)",
        "click": "a click in the panel (a move)",
    }
    rows = [
        [
            labels[k],
            _num(s[k]["count"]),
            _num(s[k]["p50_ms"], 1),
            _num(s[k]["p99_ms"], 1),
            _num(s[k]["mean_ms"], 1),
            _num(s[k]["bot_ms_estimate"], 1),
        ]
        for k in kinds
    ]
    share = ", ".join(f"{part} {value:.0%}" for part, value in s["time_share"].items())
    return [
        *_table(
            ["interaction", "count", "p50 ms", "p99 ms", "mean ms", "bot's own ms (mean)"], rows
        ),
        f"Where the time went (sampled): {share}.",
        "",
    ]


def _process(p: dict[str, Any]) -> list[str]:
    rows = [
        [
            "Stored games",
            f"{p['finished_games']:,} finished, {p['active_games']:,} being played "
            f"({p['file_bytes'] / 2**20:.0f} MiB)",
        ],
        [
            f"Start to ready (median of {p['runs']})",
            f"{p['ready_s_median']:.2f} s (best {p['ready_s_best']:.2f}, worst "
            f"{p['ready_s_worst']:.2f})",
        ],
        ["Resident memory when ready", f"{p['rss_ready_mib']:.0f} MiB"],
        [f"… after serving all {p['served']:,} running games", f"{p['rss_served_mib']:.0f} MiB"],
        ["Peak", f"{p['rss_peak_mib']:.0f} MiB"],
    ]
    return _table(["", ""], rows)


def _profiles(p: dict[str, Any]) -> list[str]:
    lines = [
        f"{p['finished_games']:,} finished games and {p['active_games']:,} being played, shared"
        f" by {p['members']:,} members and one regular at every fourth table"
        f" ({p['regular_games']:,} finished games); measured {p['measured_at']}.",
        "",
    ]
    rows = []
    for backend, title in (("sqlite", "SQLite"), ("postgres", "PostgreSQL")):
        measured = p.get(backend, {})
        if "skipped" in measured:
            lines += [f"{title}: not measured: {measured['skipped']}.", ""]
            continue
        for key, label in (
            ("profile", "/profile, any member, any game or one"),
            ("profile_regular", "/profile of the regular"),
            ("stats", "/stats, the server or one game"),
        ):
            rows.append(_timing_row(f"{title}: {label}", measured[key]))
    lines += _table(TIMING_HEADER, rows)
    return lines


def _ai_load(a: dict[str, Any]) -> list[str]:
    pool, thread = a["pool"], a["thread"]
    lines = [
        f"Moves in {a['active_games']:,} games being played, each every {GAME_PACE_S:.0f} s,"
        f" while {a['ai_seats']} `{a['level']}` AI seats search in other games.",
        "",
    ]
    rows = [
        _timing_row("no AI thinking", a["quiet"]),
        _timing_row(f"AI in {_workers(pool['processes'])}", pool),
        _timing_row("AI in a thread of the bot's process", thread),
    ]
    lines += _table(TIMING_HEADER, rows)
    lines += [
        f"Searches finished during the runs: {pool['searches']} in the worker processes"
        f" (median {pool['search_s_median']:.2f} s, {pool['given_up']} given up for a random"
        f" move), {thread['searches']} in the thread (median"
        f" {thread['search_s_median']:.2f} s, {thread['given_up']} given up); waiting for the"
        " worker included.",
        "",
    ]
    return lines


def _web(w: dict[str, Any]) -> list[str]:
    lines = [
        f"{w['games']} games being played; {w['rounds']} rounds of one move and page reads of"
        " games at random (the moved game's first).",
        "",
    ]
    rows = [
        [
            label,
            _num(r["count"]),
            *(_num(r[k], 2) for k in ("p50_ms", "p95_ms", "p99_ms", "max_ms")),
        ]
        for label, r in (
            ("a game page, first byte", w["first_byte"]),
            ("the page of the game that just moved", w["after_move"]),
            ("its version, polled", w["poll"]),
        )
    ]
    lines += _table(["", "count", "p50 ms", "p95 ms", "p99 ms", "max ms"], rows)
    lines += [
        f"A move is shown on an open page within {w['update_worst_s']:.2f} s at worst: the"
        f" page's poll every {w['poll_ms'] / 1000:.0f} s, then the version and the page read"
        f" again ({w['update_p95_ms']:.0f} ms at p95).",
        "",
    ]
    return lines


def _workers(count: int) -> str:
    return "1 worker process" if count == 1 else f"{count} worker processes"


def markdown(results: dict[str, Any], kinds: tuple[str, ...]) -> str:
    """The results page."""
    verdicts = judge(results)
    lines = ["# Benchmark results", "", *_machine(results), "## Targets", ""]
    lines += _targets(verdicts, results["scale"] == "full")
    if "engines" in results:
        lines += ["## Engines", "", *_engines(results["engines"])]
    if "pictures" in results:
        lines += ["## Board pictures", "", *_pictures(results["pictures"])]
    if "replays" in results:
        lines += ["## Replays", "", *_replays(results["replays"])]
    if "service" in results:
        lines += ["## Service: moves on SQLite", "", *_service(results["service"])]
    if "postgres" in results:
        lines += ["## Service: moves on PostgreSQL", "", *_postgres(results["postgres"])]
    if "outbox" in results:
        lines += ["## Outbox: a burst of moves drained", "", *_outbox(results["outbox"])]
    if "stack" in results:
        lines += ["## Full stack: the bot through SimCord", "", *_stack(results["stack"], kinds)]
    if "process" in results:
        lines += ["## Process", "", *_process(results["process"])]
    if "profiles" in results:
        lines += ["## Profiles and server statistics", "", *_profiles(results["profiles"])]
    if "budget" in results:
        lines += ["## Discord's budget: requests a turn", "", *_budget(results["budget"])]
    if "ai_load" in results:
        lines += ["## Service with AI seats thinking", "", *_ai_load(results["ai_load"])]
    if "ai_decisions" in results:
        lines += ["## A hard AI decision", "", *ai_decisions.section(results["ai_decisions"])]
    if "burst" in results:
        lines += ["## Burst: a round starting at once", "", *burst_report(results["burst"])]
    if "web" in results:
        lines += ["## Web pages", "", *_web(results["web"])]
    lines += [_METHOD]
    return "\n".join(lines)


def _budget(budget: dict[str, Any]) -> list[str]:
    """Requests to Discord over whole games, per title."""
    lines = [
        "Whole seeded games dealt to members in SimCord and played to their end by `/play` and",
        "the turn panel (`bench/discord_budget.py`); a turn is a post of the game's thread.",
        "Interaction responses are exempt from Discord's global limit and not counted.",
        "",
        "| Game | Players | Decisions | Turns | Requests | A turn | A decision"
        " | Uploaded a turn | Turns/s a token |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in budget["games"]:
        lines.append(
            f"| {row['title']} | {row['players']} | {row['decisions']} | {row['turns']}"
            f" | {row['limited']} | {row['per_turn']:.2f} | {row['per_decision']:.2f}"
            f" | {row['uploaded_kib_per_turn']:.0f} KiB | {row['turns_per_s_per_token']:.1f} |"
        )
    lines += [
        "",
        f"All titles: **{budget['per_turn']:.2f}** requests a turn; one token carries"
        f" **{budget['turns_per_s_per_token']:.1f}** turns a second.",
        "",
    ]
    return lines


def write(results: dict[str, Any], folder: Path, kinds: tuple[str, ...]) -> None:
    """``RESULTS.md`` and ``results.json`` in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    results = {**results, "targets": [v.as_dict() for v in judge(results)]}
    (folder / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    (folder / "RESULTS.md").write_text(markdown(results, kinds))
