"""Fitting a control's words on a Discord button: what every game's labels share.

A label (``Engine.action_label``) holds seat placeholders (``{p0}``…) that the bot fills in
with names; it must still fit once the longest name is there. A game writes its fullest
wording first and barer ones after, and :func:`first_that_fits` keeps the first that fits.
"""

from __future__ import annotations

import re

#: The longest label, once every seat placeholder holds a name (Discord's button limit).
LABEL_LIMIT = 80
#: The longest name a label makes room for.
NAME_LIMIT = 16

_SEAT_REF = re.compile(r"\{p\d+\}")


def shown_length(text: str) -> int:
    """How long ``text`` reads once every seat placeholder holds a name of
    :data:`NAME_LIMIT` characters.

    >>> shown_length("Target {p1} (opponent)")
    34
    """
    return len(_SEAT_REF.sub("x" * NAME_LIMIT, text))


def first_that_fits(*wordings: str) -> str:
    """The first of ``wordings`` (fullest first) that fits within :data:`LABEL_LIMIT`; the
    last, barest one otherwise."""
    for text in wordings:
        if shown_length(text) <= LABEL_LIMIT:
            return text
    return wordings[-1]
