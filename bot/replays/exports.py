"""A stored game as an export (``games.export``): the JSON document and its story.

While a game runs its export holds only what the requester could know (their own seat's
knowledge, or a spectator's); once it has ended, everything. The names are the caller's:
the service knows users, not how Discord names them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import games
from bot.common.refusals import Refusal
from bot.tables.game_over import ending_of
from bot.tables.views import History, Moment
from games.core import LogEntry, Outcome
from games.core.words import msg
from games.export import Ending, GameExport, RecordedMove, Status, export_history, story
from storage import Game, GameStatus, Store
from storage.replay import replay_steps

_STATUS: dict[GameStatus, Status] = {
    GameStatus.ACTIVE: "running",
    GameStatus.FINISHED: "finished",
    GameStatus.CANCELLED: "cancelled",
}


@dataclass(frozen=True, slots=True)
class ExportFiles:
    """What ``/game export`` attaches: the JSON document and the story, with file names."""

    name: str
    document: str
    story: str


async def export_game(
    store: Store, game: Game, requester_id: int | None, names: Sequence[str]
) -> GameExport:
    """``game`` as an export for ``requester_id`` (``None``: nobody in particular, as for
    an organiser's archive, which only ended games go into whole)."""
    if game.seed is None or game.status not in _STATUS:
        raise Refusal(
            msg("Game #{number} has not started: there is nothing to export yet.", number=game.id)
        )
    engine = games.get(game.game_key)
    actions = await store.games.actions(game.id)
    steps: list[tuple[RecordedMove, tuple[LogEntry, ...]]] = []
    final: Any = None
    log: tuple[LogEntry, ...] = ()
    for number, (state, log) in enumerate(replay_steps(game, actions)):
        final = state
        if number:
            action = actions[number - 1]
            steps.append((RecordedMove(action.seat, action.notation, action.at), log))
    status = _STATUS[game.status]
    ending = _ending(game, final, log) if status == "finished" else None
    ordered = [s for s in game.in_seat_order() if s.seat is not None]
    return export_history(
        engine,
        seed=game.seed,
        options=game.options,
        names=names,
        steps=steps,
        status=status,
        requester=None if requester_id is None else game.seat_of(requester_id),
        ending=ending,
        game_id=game.id,
        ai_levels=[s.ai_level for s in ordered],
        resigned=game.resigned_seats(),
        started_at=game.started_at,
        finished_at=game.finished_at,
    )


def _ending(game: Game, final: Any, log: tuple[LogEntry, ...]) -> Ending | None:
    """The result the table settled on, as its final post said it."""
    if game.outcome is None:
        return None
    engine = games.get(game.game_key)
    outcome = Outcome.model_validate_json(game.outcome)
    moment = Moment(final, log, frozenset(), outcome)
    history = History(game, engine, (moment,), ())
    by_rules = engine.outcome(final) is not None
    return Ending(outcome, ending_of(history).headline, by_rules=by_rules)


def export_files(export: GameExport) -> ExportFiles:
    """The export as the two files a member downloads."""
    base = f"{export.game}-{export.game_id}" if export.game_id is not None else export.game
    if not export.complete:
        base += "-so-far"
    return ExportFiles(
        name=base,
        document=export.model_dump_json(indent=2) + "\n",
        story=story(export),
    )
