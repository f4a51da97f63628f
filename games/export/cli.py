"""The command line's export commands: ``replay`` prints or draws any position of an
exported game, ``verify`` checks its result, ``schema`` writes the format's JSON Schema."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from games.core import Board, render_seats
from games.export.check import Position, engine_of, positions, verify
from games.export.models import GameExport, export_schema
from games.export.reading import ExportError, printable, read_export_file


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``replay``, ``verify`` and ``schema`` to the command line."""
    replay = commands.add_parser("replay", help="print or draw a position of an exported game")
    replay.add_argument("file", help="an export (JSON) from /game export")
    replay.add_argument(
        "--step", type=int, default=None, help="the position after this many moves (default: last)"
    )
    replay.add_argument(
        "--seat", type=int, default=None, help="this seat's view, from 1 (default: public)"
    )
    replay.add_argument("--picture", default=None, help="also draw it to this PNG file")
    check = commands.add_parser("verify", help="replay an exported game and check its result")
    check.add_argument("file", help="an export (JSON) from /game export")
    schema = commands.add_parser("schema", help="write the export format's JSON Schema")
    schema.add_argument("out", help="the file to write, e.g. docs/export.schema.json")


def load(path: str) -> GameExport:
    """Read the export in the file at ``path``, which may be anything (see
    ``games.export.reading``)."""
    return read_export_file(path)


def replay(args: argparse.Namespace) -> int:
    """Print (and with ``--picture`` draw) one position of an export."""
    export = load(args.file)
    engine = engine_of(export)
    last = len(export.moves)
    step = last if args.step is None else args.step
    if not 0 <= step <= last:
        raise ExportError(f"--step is a move from 0 (the deal) to {last}.")
    if args.seat is not None and not 1 <= args.seat <= export.players:
        raise ExportError(f"--seat is a seat from 1 to {export.players}.")
    seat = None if args.seat is None else args.seat - 1
    position = _position(export, step)
    names = [s.name for s in export.seats]
    whose = "as spectators see it" if seat is None else f"as {names[seat]} sees it"
    # Everything printed may come from the file: shown, never acted on by the terminal.
    print(printable(f"{export.title}: position after move {step} of {last}, {whose}"))
    if step:
        move = export.moves[step - 1]
        print(printable(f"Move {step}: {names[move.seat]} — {move.notation}"))
        for entry in position.log:
            if entry.visible_to(seat):
                print(printable(f"    {render_seats(entry.text, names)}"))
    view = engine.view(position.state, seat)
    print()
    print(printable(board_text(engine.describe(view).rendered(names))))
    if args.picture:
        png = engine.picture(view, names)
        if png is None:
            raise ExportError(f"{engine.title} draws no pictures.")
        try:
            Path(args.picture).write_bytes(png)
        except OSError as error:
            raise ExportError(
                f"Cannot write the picture {args.picture}: {error.strerror or error}."
            ) from None
        print(f"\n{args.picture}: {len(png)} bytes")
    return 0


def _position(export: GameExport, step: int) -> Position:
    """The position after ``step`` moves, the moves before it replayed and checked to be
    numbered in order (the number a move carries is the file's to say)."""
    for expected, position in enumerate(positions(export)):
        if position.number != expected:
            raise ExportError(f"The export's moves are out of order at move {position.number}.")
        if expected == step:
            return position
    raise ExportError(f"--step is a move from 0 (the deal) to {len(export.moves)}.")


def check(args: argparse.Namespace) -> int:
    """Replay an export from its seed and say whether its result holds."""
    export = load(args.file)
    verified = verify(export)
    ending = printable(verified.ending)  # the file's own words when players resigned
    print(f"Verified: {verified.moves} moves replayed from seed {export.seed}. {ending}")
    return 0


def schema(args: argparse.Namespace) -> int:
    """Write the JSON Schema of the export format."""
    Path(args.out).write_text(schema_text(), encoding="utf-8")
    print(f"{args.out}: written")
    return 0


def schema_text() -> str:
    """The export format's JSON Schema as the committed file holds it."""
    return json.dumps(export_schema(), indent=2, ensure_ascii=False) + "\n"


def board_text(board: Board) -> str:
    """A board as plain text: title, description, each field under its name, footer."""
    parts = [board.title, "=" * len(board.title)]
    if board.description:
        parts += [board.description, ""]
    for field in board.fields:
        parts += [f"## {field.name}", field.value, ""]
    if board.footer:
        parts.append(board.footer)
    return "\n".join(parts).rstrip()
