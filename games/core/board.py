"""A platform-neutral board: what a game shows, before any platform draws it."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from pydantic import BaseModel, ConfigDict, Field

from games.core.words import Msg, Text, filled, msg

# Discord's embed limits are the tightest of the platforms we draw on, so boards respect them.
MAX_FIELDS = 25
MAX_TITLE = 256
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_DESCRIPTION = 4096
MAX_FOOTER = 2048
MAX_TOTAL = 6000

#: The name of the board field that shows the final scores, itemized, once a game is over.
FINAL_SCORES = msg("Final scores")
#: The name of the board field that lays every player's hidden cards open once a game is over
#: (the same field on every seat's board and the spectators').
HANDS_REVEALED = msg("Hands revealed")

_SEAT_REF = re.compile(r"\{p(\d+)\}")


def seat_ref(seat: int) -> str:
    """A placeholder for a seat inside log and board text, rendered later with names."""
    return f"{{p{seat}}}"


def render_seats(text: str, names: Sequence[str] | None = None) -> str:
    """Replace seat placeholders with player names (or "Seat N" when names are unknown); a
    message stays a message, its seats given as parameters, so it can still be said in
    another language."""

    def name(seat: int) -> str:
        if names is not None and seat < len(names):
            return names[seat]
        return msg("Seat {number}", number=seat + 1)

    if isinstance(text, Msg):
        seats = {int(m.group(1)) for m in _SEAT_REF.finditer(_all_templates(text))}
        return text.bound({f"p{seat}": name(seat) for seat in seats})
    seats = {int(m.group(1)) for m in _SEAT_REF.finditer(text)}
    # A name that is a message ("Ada — AI") stays one, said in each reader's language.
    return filled(text, {f"p{seat}": name(seat) for seat in seats})


def _all_templates(text: Msg) -> str:
    """Every template and parameter inside a message, to find the seats it names."""
    parts = [text.template, text.plural or ""]
    for value in (*text.params.values(), *text.items):
        parts.append(_all_templates(value) if isinstance(value, Msg) else str(value))
    return " ".join(parts)


class BoardField(BaseModel):
    """One titled block of a board.

    A ``pictured`` field says what the game's picture already shows (the shops, the page, a
    hand): when the picture goes out with the board, the text leaves it out rather than
    repeat it; when no picture can be drawn, the text keeps it, so a board always reads whole.
    """

    model_config = ConfigDict(frozen=True)

    name: Text
    value: Text
    inline: bool = False
    pictured: bool = False


class Board(BaseModel):
    """Title, a short description, titled fields and a footer: readable at a glance."""

    model_config = ConfigDict(frozen=True)

    title: Text
    description: Text = ""
    fields: tuple[BoardField, ...] = Field(default_factory=tuple)
    footer: Text = ""

    def rendered(self, names: Sequence[str] | None = None) -> Board:
        """The same board with seat placeholders replaced by names."""
        return self.mapped(lambda text: render_seats(text, names))

    def mapped(self, change: Callable[[str], str]) -> Board:
        """The same board with ``change`` made to each of its texts (naming its seats,
        saying it in a language)."""
        return Board(
            title=change(self.title),
            description=change(self.description),
            fields=tuple(
                BoardField(
                    name=change(f.name),
                    value=change(f.value),
                    inline=f.inline,
                    pictured=f.pictured,
                )
                for f in self.fields
            ),
            footer=change(self.footer),
        )

    def limit_problems(self) -> list[str]:
        """Every way this board breaks the embed limits; empty when it fits."""
        problems: list[str] = []
        if len(self.fields) > MAX_FIELDS:
            problems.append(f"{len(self.fields)} fields > {MAX_FIELDS}")
        if not 0 < len(self.title) <= MAX_TITLE:
            problems.append(f"title length {len(self.title)}")
        if len(self.description) > MAX_DESCRIPTION:
            problems.append(f"description length {len(self.description)}")
        if len(self.footer) > MAX_FOOTER:
            problems.append(f"footer length {len(self.footer)}")
        for f in self.fields:
            if not 0 < len(f.name) <= MAX_FIELD_NAME:
                problems.append(f"field name length {len(f.name)}: {f.name!r}")
            if not 0 < len(f.value) <= MAX_FIELD_VALUE:
                problems.append(f"field {f.name!r} value length {len(f.value)}")
        total = len(self.title) + len(self.description) + len(self.footer)
        total += sum(len(f.name) + len(f.value) for f in self.fields)
        if total > MAX_TOTAL:
            problems.append(f"total length {total} > {MAX_TOTAL}")
        return problems
