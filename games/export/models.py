"""The export format: one game as a JSON document anyone can keep, read and check.

Version 1. A reader refuses a document whose ``format_version`` is newer than it knows; a
field is never renamed or removed without raising it. ``docs/exports.md`` describes every
field and ``docs/export.schema.json`` is generated from these models.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

#: The version of the format these models write and read.
FORMAT_VERSION = 1


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ExportSeat(_Frozen):
    """One place at the table."""

    seat: int = Field(ge=0, description="The engine's seat number, from 0 (people count from 1).")
    name: str = Field(description="The player's name as shown at the table.")
    ai: str | None = Field(default=None, description="The AI level when an AI player held it.")
    resigned: bool = Field(default=False, description="Whether the player resigned.")


class ExportLine(_Frozen):
    """One line of a move's story, names filled in."""

    text: str
    only: list[int] | None = Field(
        default=None,
        description="The seats that could read this line while the game ran; null: everyone.",
    )


class ExportMove(_Frozen):
    """One recorded move (a single decision: the game's version goes up by one)."""

    number: int = Field(ge=1, description="The game's version after this move, from 1.")
    seat: int = Field(ge=0, description="The seat that made it, from 0.")
    at: datetime | None = Field(default=None, description="When it was recorded (UTC).")
    notation: str | None = Field(
        default=None,
        description="The move in the game's notation, as typed; null when withheld (another "
        "player's move in an export of a running game).",
    )
    lines: list[ExportLine] = Field(
        default_factory=list, description="What the move told the requester, in order."
    )


class ExportOutcome(_Frozen):
    """How the game ended."""

    ended_by: Literal["rules", "resignation"] = Field(
        description="“rules”: the game reached its end; “resignation”: players gave up first."
    )
    scores: list[int]
    tiebreaks: list[int]
    ranks: list[int] = Field(description="Each seat's place, 1 first, shared places repeated.")
    winners: list[int]
    teams: list[list[int]] | None = None
    nobody_won: bool = False
    ending: str = Field(description="How it ended, in one sentence, names filled in.")


class GameExport(_Frozen):
    """One game: enough to replay every position when ``complete``; what the requester
    could know, when taken while the game ran."""

    format_version: int = Field(default=FORMAT_VERSION, description="Always 1 in this version.")
    game: str = Field(description="The game's key, e.g. “magic-spell”.")
    title: str
    game_id: int | None = Field(default=None, description="The game's number at its table.")
    status: Literal["running", "finished", "cancelled"]
    complete: bool = Field(
        description="Whether the document holds everything (seed, every move's notation): "
        "true once the game is over."
    )
    requester: int | None = Field(
        default=None,
        description="For an export of a running game: the seat whose knowledge it holds "
        "(null: a spectator's). Null when complete.",
    )
    players: int = Field(ge=1)
    options: dict[str, Any] = Field(description="The game's variant options.")
    seed: int | None = Field(
        default=None, description="The seed the deal was drawn from; null while running."
    )
    seats: list[ExportSeat]
    started_at: datetime | None = None
    finished_at: datetime | None = None
    moves: list[ExportMove]
    outcome: ExportOutcome | None = None


def export_schema() -> dict[str, Any]:
    """The JSON Schema of the export format, as committed in ``docs/export.schema.json``."""
    schema = GameExport.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema
