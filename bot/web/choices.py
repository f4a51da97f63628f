"""What servers and members choose about the web pages, in words: the answers of
``/settings web:`` and ``/notify web_name:``."""

from __future__ import annotations

from bot.web.links import installed
from games.core.words import msg


def web_choice(guild_id: int, on: bool, port: int | None) -> str:
    """What ``/settings web:`` answers: whether the server's pages are on now (and served:
    a bot whose host set no ``WEB_PORT`` serves none). Links already posted follow the
    choice: turned off, every one of them is a 404."""
    links = installed()
    if links is not None:
        links.note_server(guild_id, on)
    if not on:
        return msg(
            "Web pages: **off**. This server's games, tournaments and players have no page; "
            "every link to one leads nowhere."
        )
    if port is None or links is None:
        return msg(
            "Web pages: **on**, but this bot serves no web pages: its host has not set "
            "`WEB_PORT`. They appear once it does."
        )
    return msg(
        "Web pages: **on**. Board posts get an **Open in browser** link; `/profile` and the "
        "tournament sheets link to their pages. Members may keep their name off them with "
        "`/notify web_name:off`."
    )


def web_name_line(shown: bool) -> str:
    """A member's choice about their name on the web pages."""
    if shown:
        return msg("Name on web pages: **shown**.")
    return msg("Name on web pages: **“a player”**.")
