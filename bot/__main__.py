"""``python -m bot``: start Grimoire."""

from __future__ import annotations

import logging
import sys

import games
from bot.settings import Settings

log = logging.getLogger("grimoire")


def main() -> int:
    """Read the settings, report what this build can do, and return the exit status."""
    settings = Settings()
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    titles = ", ".join(engine.title for engine in games.ENGINES.values())
    log.info("Grimoire engines ready: %s", titles)
    log.error(
        "This build contains the rules engines and no Discord client. "
        "Play a game on the command line: python -m games simulate mandragora --players 3"
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
