"""Command line for the engines.

python -m games list
python -m games simulate mandragora --players 3 --seed 7
python -m games simulate mandragora --players 4 --option teams=true --quiet
python -m games picture mandragora --players 3 --seed 7 --steps 40 --seat 1 --out board.png
python -m games gallery docs/gallery
python -m games simulate magnum-opus --players 3 --ai hard,normal,easy
python -m games replay export.json --step 30 --seat 2 --picture move30.png
python -m games verify export.json
python -m games schema docs/export.schema.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import games
from games.ai import HARD_ITERATIONS, LEVELS, Budget, Tally, choose, deadline_after, never
from games.core import FINAL_SCORES, GameError, LogEntry, render_seats, seat_ref
from games.core.playout import Chooser, play, random_chooser, random_position
from games.export import ExportError
from games.export import cli as export_cli
from games.export.reading import one_line

#: "random" is the historical name of the easy level.
PLAYER_KINDS = ("random", *LEVELS)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "list":
            return _list()
        if args.command == "picture":
            return _picture(args)
        if args.command == "gallery":
            return _gallery(args.folder)
        if args.command == "replay":
            return _untrusted(export_cli.replay, args)
        if args.command == "verify":
            return _untrusted(export_cli.check, args)
        if args.command == "schema":
            return export_cli.schema(args)
        return _simulate(args)
    except (GameError, games.UnknownGame) as error:
        # One line, however long or odd the file's words that the message quotes.
        print(f"error: {one_line(str(error))}", file=sys.stderr)
        return 2


def _untrusted(command: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run a command on a file that may come from anyone. Its checks name what is wrong
    with a file; a failure they did not foresee is still a refusal in one line (with the
    exception's type, to report), never a traceback."""
    try:
        return command(args)
    except (GameError, games.UnknownGame):
        raise
    except Exception as error:
        raise ExportError(
            f"This export cannot be replayed ({type(error).__name__}: {error}); the file is "
            "probably damaged. If it is not, please report this line."
        ) from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="the games and their seat counts")
    simulate = commands.add_parser("simulate", help="play a seeded game and print it")
    simulate.add_argument("game", help="a game key, e.g. mandragora")
    simulate.add_argument("--players", type=int, default=None, help="seats (default: fewest)")
    simulate.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    simulate.add_argument(
        "--ai",
        default="random",
        help="player for every seat, or one per seat separated by commas: random, easy, "
        "normal or hard (random)",
    )
    simulate.add_argument(
        "--iterations",
        type=int,
        default=HARD_ITERATIONS,
        help=f"AI search iterations per decision ({HARD_ITERATIONS}, as the bot)",
    )
    simulate.add_argument(
        "--seconds", type=float, default=None, help="AI time per decision, in seconds"
    )
    simulate.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a variant option, e.g. teams=true (repeatable)",
    )
    simulate.add_argument("--quiet", action="store_true", help="print only the final scores")
    picture = commands.add_parser("picture", help="draw a seeded position as a PNG picture")
    picture.add_argument("game", help="a game key, e.g. mandragora")
    picture.add_argument("--players", type=int, default=None, help="seats (default: fewest)")
    picture.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    picture.add_argument(
        "--steps", type=int, default=40, help="random moves played first (default 40)"
    )
    picture.add_argument(
        "--seat", type=int, default=None, help="draw this seat's view, from 1 (default: public)"
    )
    picture.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a variant option"
    )
    picture.add_argument("--out", required=True, help="the PNG file to write")
    gallery = commands.add_parser("gallery", help="draw the README's picture of every game")
    gallery.add_argument("folder", help="where to write <game>.png")
    export_cli.add_commands(commands)
    return parser


def _list() -> int:
    for engine in games.ENGINES.values():
        options = ", ".join(engine.Options.model_fields) or "none"
        print(f"{engine.key:<18} {engine.title:<40} {engine.seat_count_label():<14} {options}")
    return 0


def _options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise GameError(f"Options are written NAME=VALUE, not “{pair}”.")
        try:
            options[name.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[name.strip()] = value
    return options


def _simulate(args: argparse.Namespace) -> int:
    engine = games.get(args.game)
    players = args.players or engine.min_players
    kinds = [k.strip() for k in args.ai.split(",")]
    if len(kinds) == 1:
        kinds *= players
    unknown = sorted(set(kinds) - set(PLAYER_KINDS))
    if unknown or len(kinds) != players:
        raise GameError(
            f"--ai takes one of {', '.join(PLAYER_KINDS)} for all seats or one per seat "
            f"({players} seats)."
        )
    rng = random.Random(args.seed)
    tally = Tally()  # the AI seats' turns so far: none goes on for ever
    choosers = [_chooser(engine, kind, rng, args, tally) for kind in kinds]

    def choose(state: Any, seat: int, legal: list[Any]) -> Any:
        return choosers[seat](state, seat, legal)

    def show(seat: int, text: str, log: tuple[LogEntry, ...]) -> None:
        print(f"{render_seats(seat_ref(seat))}> {text}")
        for entry in log:
            audience = "" if entry.audience is None else _audience(entry.audience)
            print(f"    {audience}{render_seats(entry.text)}")

    options = _options(args.option)
    print(f"{engine.title}: {players} players, seed {args.seed}, options {options or 'none'}")
    if set(kinds) != {"random"}:
        print("Seats: " + ", ".join(f"Seat {i + 1} {kind}" for i, kind in enumerate(kinds)))
    listener = None if args.quiet else show
    played = play(engine, players, args.seed, engine.options(options), choose, rng, listener)
    assert played.outcome is not None
    print(f"\nFinished after {len(played.actions)} actions.")
    board = engine.describe(engine.view(played.state, None))
    for board_field in board.fields:
        if board_field.name == FINAL_SCORES:
            print(render_seats(board_field.value))
    outcome = played.outcome
    for seat in sorted(range(players), key=lambda s: (outcome.ranks[s], s)):
        print(
            f"  #{outcome.ranks[seat]} Seat {seat + 1}: {outcome.scores[seat]} points"
            f" (tie-break {outcome.tiebreaks[seat]})"
        )
    return 0


def _chooser(
    engine: Any, kind: str, rng: random.Random, args: argparse.Namespace, tally: Tally
) -> Chooser:
    if kind == "random":
        return random_chooser(rng)

    def ai(state: Any, seat: int, legal: list[Any]) -> Any:
        deadline = never if args.seconds is None else deadline_after(args.seconds, time.monotonic)
        budget = Budget(iterations=args.iterations, deadline=deadline)
        so_far = tally.so_far(engine, state, seat)
        action = choose(engine, state, seat, kind, rng=rng, budget=budget, so_far=so_far)
        if tally.record(engine, state, seat, action):
            print(
                f"Seat {seat + 1} took {so_far.decisions} decisions this turn: the AI ends it.",
                file=sys.stderr,
            )
        return action

    return ai


def _picture(args: argparse.Namespace) -> int:
    engine = games.get(args.game)
    players = args.players or engine.min_players
    options = engine.options(_options(args.option))
    state = random_position(engine, players, args.seed, args.steps, options)
    if args.seat is not None and not 1 <= args.seat <= players:
        raise GameError(f"--seat is a seat from 1 to {players}.")
    seat = None if args.seat is None else args.seat - 1
    png = engine.picture(engine.view(state, seat))
    if png is None:
        raise GameError(f"{engine.title} draws no pictures.")
    Path(args.out).write_bytes(png)
    print(f"{args.out}: {len(png)} bytes")
    return 0


GALLERY_NAMES = ["Ada", "Bastien", "Chloë", "Dmitri", "Esther"]


def _gallery(folder: str) -> int:
    """Draw each game's ``showcase`` position; a game that draws no pictures is skipped."""
    Path(folder).mkdir(parents=True, exist_ok=True)
    for engine in games.ENGINES.values():
        show = engine.showcase
        players = show.players or engine.min_players
        state = random_position(engine, players, show.seed, show.steps)
        png = engine.picture(engine.view(state, show.seat), GALLERY_NAMES[:players])
        if png is None:
            print(f"{engine.key}: draws no pictures")
            continue
        path = Path(folder) / f"{engine.key}.png"
        path.write_bytes(png)
        print(f"{path}: {len(png)} bytes")
    return 0


def _audience(seats: frozenset[int]) -> str:
    return "[only " + ", ".join(f"Seat {s + 1}" for s in sorted(seats)) + "] "


if __name__ == "__main__":
    raise SystemExit(main())
