"""Rebuilding a game from its seed and action log, and checking it against the stored state.

A game is its seed, options and players plus its moves; replaying them through the engine
must give the stored state exactly. This is how a damaged or hand-edited game is caught.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import games
from games.core import IllegalAction, LogEntry
from storage.records import Action, Game
from storage.store import Store


class ReplayFailed(Exception):
    """A logged move is refused when the game is replayed."""


@dataclass(frozen=True, slots=True)
class ReplayCheck:
    """The result of replaying one game."""

    game_id: int
    moves: int
    matches: bool
    problem: str | None = None


def replay(game: Game, actions: Sequence[Action]) -> Any:
    """The state that ``game``'s seed, options and seats reach after ``actions``."""
    *_, (last, _) = replay_steps(game, actions)
    return last


def replay_steps(
    game: Game, actions: Sequence[Action], *, start: tuple[Any, int] | None = None
) -> Iterator[tuple[Any, tuple[LogEntry, ...]]]:
    """Each state ``game`` goes through with ``actions``, with the log of the move that led
    to it: the deal first (with an empty log), then one per action. With ``start`` (a state
    and how many of ``actions`` led to it) the replay picks up from there and yields only
    the states after it."""
    if game.seed is None:
        raise ReplayFailed(f"Game #{game.id} has not started; there is nothing to replay.")
    engine = games.get(game.game_key)
    if start is None:
        state = engine.new_game(players=len(game.seats), seed=game.seed, options=game.options)
        done = 0
        yield state, ()
    else:
        state, done = start
    for action in actions[done:]:
        try:
            move = engine.parse(state, action.seat, action.notation)
        except IllegalAction as error:
            raise ReplayFailed(
                f"Move {action.seq} of game #{game.id} (seat {action.seat + 1}: "
                f"“{action.notation}”) is refused on replay: {error}"
            ) from None
        transition = engine.apply(state, action.seat, move)
        state = transition.state
        yield state, tuple(transition.log)


async def check_replay(store: Store, game_id: int) -> ReplayCheck:
    """Replay a stored game from its log and compare with its stored state."""
    game = await store.games.get(game_id)
    actions = await store.games.actions(game_id)
    if game.state is None:
        return ReplayCheck(game_id, len(actions), matches=not actions, problem="not started")
    if len(actions) != game.version:
        return ReplayCheck(
            game_id,
            len(actions),
            matches=False,
            problem=f"the log holds {len(actions)} moves but the game is at move {game.version}",
        )
    try:
        state = replay(game, actions)
    except ReplayFailed as error:
        return ReplayCheck(game_id, len(actions), matches=False, problem=str(error))
    engine = games.get(game.game_key)
    if json.loads(engine.dump(state)) != json.loads(game.state):
        return ReplayCheck(
            game_id, len(actions), matches=False, problem="the replayed state differs"
        )
    return ReplayCheck(game_id, len(actions), matches=True)
