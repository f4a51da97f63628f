"""Neutral text: how the service layer writes for people without writing any platform's markup.

What a platform draws its own way (a person, a moment, a place, emphasis) is written as a
token; the bot's renderer (:mod:`bot.common.render`) turns each into Discord's syntax when a message
is sent. Seats are ``{p0}``, ``{p1}``… as everywhere in the games (``games.core.seat_ref``).

>>> f"{strong('Mandragora')} begins, {user(42)} to play, by {moment_at(1767312000)}"
'{b}Mandragora{/b} begins, {u42} to play, by {t1767312000:f}'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from typing import Literal, get_args

from games.core.words import Msg, joined

#: How a moment is shown: ``f`` date and time, ``F`` with the weekday too, ``R`` relative
#: ("in 3 hours"), ``d`` date, ``D`` long date, ``t`` time of day, ``T`` with seconds.
TimeStyle = Literal["f", "F", "R", "d", "D", "t", "T"]


def user(user_id: int) -> str:
    """A person, shown by their name (and notified only where a message says so)."""
    return f"{{u{user_id}}}"


def users(user_ids: Iterable[int]) -> str:
    """Several people, comma-separated."""
    return ", ".join(user(u) for u in user_ids)


def channel(channel_id: int) -> str:
    """A channel or thread, shown as a link to it."""
    return f"{{c{channel_id}}}"


def moment(when: datetime, style: TimeStyle = "f") -> str:
    """A moment, shown in each reader's own time zone."""
    return moment_at(int(when.timestamp()), style)


def moment_at(epoch_seconds: int, style: TimeStyle = "f") -> str:
    """A moment given in seconds since the epoch."""
    return f"{{t{epoch_seconds}:{style}}}"


def strong(text: str) -> str:
    """Emphasised text (a message stays a message, said in its reader's language)."""
    if isinstance(text, Msg):
        return joined(("{b}", text, "{/b}"), "")
    return f"{{b}}{text}{{/b}}"


#: The tokens drawn at another length than their own: emphasis marks take two characters, a
#: moment one more than its token. People and places take as many drawn as written.
_RESIZED = re.compile(r"\{/?b\}|\{t-?\d+:[" + "".join(get_args(TimeStyle)) + r"]\}")


def shown_length(text: str) -> int:
    """How many characters ``text`` takes once drawn on Discord, which is what its limits on
    messages and embed fields count: budgets are kept in it, not in tokens.

    >>> shown_length(f"{strong('12')} pts, by {moment_at(1767312000)}")  # 6 + 9 + 16
    31
    """
    return len(text) + sum(
        1 if token.startswith("{t") else 2 - len(token) for token in _RESIZED.findall(text)
    )
