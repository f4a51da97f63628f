"""Games taken away: the versioned JSON export of a game, its plain-text story, and the
checks that replay an export to its stated end (``python -m games verify``)."""

from games.export.build import Ending, RecordedMove, Status, export_game, export_history, story
from games.export.check import Position, Verified, engine_of, positions, verify
from games.export.models import (
    FORMAT_VERSION,
    ExportLine,
    ExportMove,
    ExportOutcome,
    ExportSeat,
    GameExport,
    export_schema,
)
from games.export.reading import (
    MAX_BYTES,
    MAX_DEPTH,
    MAX_NUMBER_LENGTH,
    ExportError,
    read_export,
    read_export_file,
)

__all__ = [
    "FORMAT_VERSION",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NUMBER_LENGTH",
    "Ending",
    "ExportError",
    "ExportLine",
    "ExportMove",
    "ExportOutcome",
    "ExportSeat",
    "GameExport",
    "Position",
    "RecordedMove",
    "Status",
    "Verified",
    "engine_of",
    "export_game",
    "export_history",
    "export_schema",
    "positions",
    "read_export",
    "read_export_file",
    "story",
    "verify",
]
