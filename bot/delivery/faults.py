"""Telling the failures of a call to Discord apart: worth retrying, or not.

discord.py raises :class:`discord.HTTPException` for Discord's own answers, but lets the
network's errors through as they are: a connection reset (``ConnectionResetError``, an
``OSError``), an ``aiohttp.ClientError`` or a timeout. Those, Discord's 5xx and rate limits
are *transient*: the same call will succeed once the network or Discord is back. A 4xx
answer is *refused*: Discord understood and said no, and asking again changes nothing.
Anything else is *unexpected* (a bug of ours, most likely).
"""

from __future__ import annotations

import asyncio
import enum

import aiohttp
import discord


class Fault(enum.Enum):
    """What kind of failure a call to Discord met."""

    TRANSIENT = "transient"
    REFUSED = "refused"
    UNEXPECTED = "unexpected"


#: Discord's "too many requests": discord.py waits these out itself, but one may surface.
RATE_LIMITED = 429


def fault_of(error: BaseException) -> Fault:
    """Classify ``error``, raised by a call to Discord.

    >>> fault_of(ConnectionResetError(104, "Connection reset by peer")).value
    'transient'
    >>> fault_of(ValueError("bad")).value
    'unexpected'
    """
    if isinstance(error, discord.HTTPException):
        if error.status >= 500 or error.status == RATE_LIMITED:
            return Fault.TRANSIENT
        return Fault.REFUSED
    if isinstance(error, OSError | aiohttp.ClientError | asyncio.TimeoutError):
        return Fault.TRANSIENT
    return Fault.UNEXPECTED


def describe(error: BaseException) -> str:
    """A short description of ``error`` to keep with a failed delivery."""
    if isinstance(error, discord.HTTPException):
        return f"{error.status} {error.code} {error.text}".strip()
    return f"{type(error).__name__}: {error}".rstrip(": ")
