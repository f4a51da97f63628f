"""``python -m storage``: look after the game database.

``check`` replays every started game (or one, with ``--game``) from its seed and action log
and compares the result with the stored state; it exits 1 if any game disagrees.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from storage import GameStatus, StorageError, open_store
from storage.replay import check_replay
from storage.settings import StorageSettings


async def check(url: str, game_id: int | None) -> int:
    """Replay games and print one line each; the exit status."""
    async with await open_store(url) as store:
        if game_id is not None:
            ids = [game_id]
        else:
            started = (GameStatus.ACTIVE, GameStatus.FINISHED, GameStatus.CANCELLED)
            ids = await store.games.ids(started)
        failures = 0
        for each in ids:
            result = await check_replay(store, each)
            verdict = "ok" if result.matches else f"MISMATCH: {result.problem}"
            print(f"game #{each}: {result.moves} moves, {verdict}")
            failures += not result.matches
    print(f"{len(ids)} games checked, {failures} mismatched.")
    return 1 if failures else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run it."""
    parser = argparse.ArgumentParser(prog="python -m storage", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    checking = commands.add_parser("check", help="replay games and compare with stored states")
    checking.add_argument("--game", type=int, help="only this game id")
    checking.add_argument("--url", help="database URL (default: DATABASE_URL from settings)")
    args = parser.parse_args(argv)
    url = args.url or StorageSettings().database_url
    try:
        return asyncio.run(check(url, args.game))
    except StorageError as error:
        print(error, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
