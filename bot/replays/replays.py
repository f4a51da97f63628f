"""Watching a game again, move by move, from a viewpoint the watcher may take.

A frame is one position of a game (after ``move`` moves; 0 is the deal) as one viewpoint
sees it: the public view, one seat's view, or — once the game is over — everything, every
hand included. Who may take which viewpoint is checked here on every request, from the game
as stored, never from what a button says: while a game runs a member sees the public view
and a player also their own seat's; once it is over anyone may see any seat's, or all.

Frames are worked out on demand and kept in a bounded cache keyed by game, version, status,
move and viewpoint; the positions come from a :class:`~bot.replays.track.Track`,
which replays from the nearest state it holds rather than from the deal.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import games
from bot.common.posts import PostPicture
from bot.common.refusals import Refusal
from bot.drawing.picture_posts import post_picture
from bot.replays.track import Track
from bot.tables.game_over import ending_of, final_places, secret_fields, third_person
from bot.tables.views import History, Moment
from games.core import Board, BoardField, Engine, Outcome, seat_ref
from games.core.board import MAX_FIELD_VALUE, MAX_FIELDS
from games.core.words import joined, msg
from storage import Game, GameStatus, Store

#: The viewpoints, as custom ids carry them: the public view, everything, or a seat ("s2").
PUBLIC = "p"
EVERYTHING = "a"
#: Frames kept, and games whose positions are kept.
FRAMES = 256
TRACKS = 8


def seat_viewpoint(seat: int) -> str:
    """The viewpoint of engine seat ``seat``."""
    return f"s{seat}"


def viewpoint_seat(viewpoint: str) -> int | None:
    """The seat a viewpoint looks from (``None`` for the public view and for everything)."""
    return int(viewpoint[1:]) if viewpoint.startswith("s") and viewpoint[1:].isdigit() else None


def is_over(game: Game) -> bool:
    """Whether a game has ended (finished or called off): then nothing is hidden any more."""
    return game.status in (GameStatus.FINISHED, GameStatus.CANCELLED)


def allowed_viewpoints(game: Game, user_id: int) -> tuple[str, ...]:
    """The viewpoints ``user_id`` may take of ``game``, the public view first."""
    players = len([s for s in game.seats if s.seat is not None])
    if is_over(game):
        return (PUBLIC, *(seat_viewpoint(s) for s in range(players)), EVERYTHING)
    own = game.seat_of(user_id)
    return (PUBLIC,) if own is None else (PUBLIC, seat_viewpoint(own))


def check_viewpoint(game: Game, user_id: int, viewpoint: str) -> None:
    """Refuse a viewpoint ``user_id`` may not take (the reason said plainly)."""
    if game.seed is None or game.status is GameStatus.LOBBY:
        raise Refusal(
            msg("Game #{number} has not started: there is nothing to replay yet.", number=game.id)
        )
    if viewpoint in allowed_viewpoints(game, user_id):
        return
    if viewpoint == EVERYTHING:
        raise Refusal(
            msg("Every hand can be seen once the game is over; until then, the public view.")
        )
    if game.seat_of(user_id) is not None:
        raise Refusal(
            msg("While the game runs you may watch the public view, and your own seat's.")
        )
    raise Refusal(msg("While the game runs you may watch the public view."))


@dataclass(frozen=True, slots=True)
class Frame:
    """One position of a game as one viewpoint sees it. Text is neutral (seats as ``{p0}``)."""

    game: Game
    engine: Engine[Any, Any]
    move: int
    last: int
    viewpoint: str
    board: Board
    lines: tuple[str, ...]
    """What the move that led here told this viewpoint."""
    mover: int | None
    picture: PostPicture
    moves: tuple[tuple[int, str | None], ...]
    """Every move's seat, with its notation where this viewer may read it."""
    ending: str = ""
    """At the last position of an ended game: how it ended, places and all."""


class Replays:
    """Frames of stored games, worked out on demand and cached."""

    def __init__(self, store: Store, *, frames: int = FRAMES, tracks: int = TRACKS) -> None:
        self._store = store
        self._frames: OrderedDict[tuple[Any, ...], Frame] = OrderedDict()
        self._tracks: OrderedDict[tuple[int, int, str], Track] = OrderedDict()
        self._frame_limit = frames
        self._track_limit = tracks

    async def frame(
        self, game_id: int, user_id: int, move: int | None, viewpoint: str = PUBLIC
    ) -> Frame:
        """``game_id`` after ``move`` moves (``None``: the latest) from ``viewpoint``, for
        ``user_id``; refused when they may not take that viewpoint or the move is not there."""
        game = await self._store.games.get(game_id)
        check_viewpoint(game, user_id, viewpoint)
        last = game.version
        number = last if move is None else move
        if not 0 <= number <= last:
            raise Refusal(
                msg(
                    "Game #{number} has moves 0 (the deal) to {last}; not {move}.",
                    number=game.id,
                    last=last,
                    move=number,
                )
            )
        key = (game.id, game.version, game.status.value, number, viewpoint, game.seat_of(user_id))
        if (cached := self._frames.get(key)) is not None:
            self._frames.move_to_end(key)
            return cached
        track = await self._track(game)
        frame = frame_at(game, track, number, viewpoint, game.seat_of(user_id))
        self._frames[key] = frame
        while len(self._frames) > self._frame_limit:
            self._frames.popitem(last=False)
        return frame

    async def _track(self, game: Game) -> Track:
        key = (game.id, game.version, game.state or "")
        if (known := self._tracks.get(key)) is not None:
            self._tracks.move_to_end(key)
            return known
        actions = await self._store.games.actions(game.id)
        engine = games.get(game.game_key)
        assert game.seed is not None  # checked by check_viewpoint
        seed = game.seed
        players = len([s for s in game.seats if s.seat is not None])
        moves = [(a.seat, a.notation) for a in actions]
        # The first pass over a long game is the one slow step: off the event loop.
        track = await asyncio.to_thread(
            lambda: Track(engine, players=players, seed=seed, options=game.options, moves=moves)
        )
        self._tracks[key] = track
        while len(self._tracks) > self._track_limit:
            self._tracks.popitem(last=False)
        return track


def frame_at(game: Game, track: Track, number: int, viewpoint: str, own: int | None) -> Frame:
    """Position ``number`` of ``track`` (the game ``game``) from ``viewpoint``, for a member
    seated at ``own`` (``None``: not playing). Who may take the viewpoint is checked before."""
    engine = track.engine
    state, log = track.position(number)
    seat = viewpoint_seat(viewpoint)
    over = is_over(game)
    view = engine.view(state, seat)
    board = engine.describe(view)
    if viewpoint == EVERYTHING:
        board = _with_every_hand(engine, state, board)
        lines = tuple(
            e.text
            if e.audience is None
            else msg("[only {seats}] {text}", seats=_seats(e.audience), text=e.text)
            for e in log
        )
    else:
        lines = tuple(e.text for e in log if e.visible_to(seat))
    ending = ""
    status: str | None = None
    if over and number == track.last:
        history = _final_history(game, engine, state, log, track)
        finished = ending_of(history)
        status = finished.status
        ending = _result(history, finished.headline, forfeit=finished.forfeit)
        if status is not None:
            board = board.model_copy(update={"description": status})
    moves = tuple(
        (mover, notation if over or mover == own else None) for mover, notation in track.moves
    )
    return Frame(
        game=game,
        engine=engine,
        move=number,
        last=track.last,
        viewpoint=viewpoint,
        board=board,
        lines=lines,
        mover=track.moves[number - 1][0] if number else None,
        picture=post_picture(engine, view, status=status),
        moves=moves,
        ending=ending,
    )


def _result(history: History, headline: str, *, forfeit: bool) -> str:
    """How the game ended and the places, as the final post says them."""
    said = msg("{b}The game is over.{/b} {headline}", headline=headline)
    board = final_places(history, forfeit=forfeit)
    return said if board is None else joined((said, board))


def _final_history(
    game: Game, engine: Engine[Any, Any], state: Any, log: Any, track: Track
) -> History:
    """The game's end as the final post tells it: the stored outcome (which counts
    resignations) over the rules' own."""
    outcome: Outcome | None = None
    if game.status is GameStatus.FINISHED and game.outcome is not None:
        outcome = Outcome.model_validate_json(game.outcome)
    mover = track.moves[-1][0] if track.moves else None
    final = Moment(state, tuple(log), frozenset(), outcome, mover)
    return History(game, engine, (final,), track.moves)


def _with_every_hand(engine: Engine[Any, Any], state: Any, board: Board) -> Board:
    """The public board with each seat's own fields added under its name: everything."""
    added: list[BoardField] = []
    for seat in range(engine.players(state)):
        for own in secret_fields(engine, state, seat):
            value = own.value if len(own.value) <= MAX_FIELD_VALUE else own.value[:1023] + "…"
            name = (
                joined((seat_ref(seat), third_person(own.name)), " · ")
                if own.name
                else seat_ref(seat)
            )
            if len(name) > 256:
                name = name[:256]
            added.append(BoardField(name=name, value=value, pictured=False))
    room = max(MAX_FIELDS - len(board.fields), 0)
    while True:  # as many hands as an embed holds (names, once filled in, may be longer)
        shown = board.model_copy(update={"fields": (*board.fields, *added[:room])})
        if room == 0 or not shown.limit_problems():
            return shown
        room -= 1


def _seats(audience: Sequence[int] | frozenset[int]) -> str:
    return joined((seat_ref(s) for s in sorted(audience)), ", ")
