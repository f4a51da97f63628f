"""The living table: what a game's thread and each player's private message show at a version.

A move queues only *that* the table changed (the game and its version, see
:func:`bot.tables.moves.table_deliveries`); what the table shows is worked out here when the
outbox sends it, from the game replayed to that version. Board work thus stays out of the
move's transaction, and several updates waiting for the same board collapse into the newest.

The thread gets one post each time the game starts waiting on someone new (the post says, in
the public log's words, what happened since the previous post, and pings whoever must now
act), plus the start and the end. Between posts the newest post's board is edited in place.
Each player's private message is edited in place too; a new one is sent only when it becomes
their turn or something happened to them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import games
from bot.common.announce import (
    lines_of,
    private_fields,
    private_lines,
    public_lines,
    quoted,
    seat_users,
    turn_line,
    where,
)
from bot.common.names import level_word
from bot.common.posts import PostPicture
from bot.common.remembered import (
    REMEMBERED_BYTES,
    History,
    Moment,
    Remembered,
    resumed,
    snapshot_data,
    weight,
)
from bot.common.text import channel
from bot.drawing.picture_posts import post_picture
from bot.tables.game_over import ending_of, final_private_text, final_words, hands_text
from bot.web.links import learn
from games.core import HANDS_REVEALED, Board, Outcome, seat_ref
from games.core.words import joined, msg, pmsg
from storage import OPEN_SEAT, Game, GameStatus, RatingChange, Store
from storage.replay import replay_steps


@dataclass(frozen=True, slots=True)
class TablePost:
    """One post of a game's thread: neutral text, whom it pings, the board it shows."""

    version: int
    """The version the post belongs to."""
    shown: int
    """The version its board shows (later than ``version`` while the turn goes on)."""
    text: str
    pings: tuple[int, ...]
    board: Board
    picture: PostPicture
    final: bool
    """The game is over: no "Take your turn" button, but Rematch and New game."""
    game_id: int = 0
    game_key: str = ""
    reveal: str = ""
    """At the end, every player's hand laid open (neutral text); empty otherwise."""


@dataclass(frozen=True, slots=True)
class PrivateUpdate:
    """A player's private message as of a version: the text, and whether it is news they
    must be told of (then it is a new message, otherwise the old one is edited)."""

    text: str
    notify: bool
    board: Board
    picture: PostPicture
    own: tuple[str, ...] = ()
    """What only this player sees in it (their fields of the board, the news only they may
    know), in English: the message is edited when this changes, not for the rest of the
    board, which the thread shows."""


class TableViews:
    """Works out posts and private views from games replayed to a version; remembers the
    replays of the games last asked about, within a memory budget."""

    def __init__(self, store: Store, *, remembered_bytes: int = REMEMBERED_BYTES) -> None:
        self._store = store
        self.remembered: Remembered[History] = Remembered(weight, remembered_bytes)

    async def history_for(self, game_id: int, version: int) -> History | None:
        """The game, enough of it to work out its post and private views at ``version``:
        replayed from the snapshot kept at a post before it when the bot no longer holds
        the game (the story told since the post before that one is then known)."""
        history = await self.history(game_id, resume_before=version)
        if history is not None and history.first:
            shown = history.post_at_or_before(min(version, len(history.moments) - 1))
            if not shown or history.post_at_or_before(shown - 1) < history.first:
                return await self.history(game_id)
        return history

    async def keep_snapshot(self, history: History, version: int) -> None:
        """Keep the game as it stood at ``version`` (a post), to replay from there later."""
        if history.game.status is GameStatus.ACTIVE and history.first <= version:
            data = snapshot_data(history.engine, history.moves[:version], history.moments)
            await self._store.snapshots.keep(history.game.id, version, data)

    async def history(self, game_id: int, *, resume_before: int | None = None) -> History | None:
        """The game and every version it went through; ``None`` for a lobby. With
        ``resume_before``, a game not remembered is replayed from the latest snapshot before
        that version, if one is kept (see :meth:`history_for`)."""
        game = await self._store.games.get(game_id)
        if game.seed is None or game.state is None:
            return None
        await learn(self._store, game)  # then its posts can link to its web page
        known = self.remembered.get(game_id)
        if known is not None and known.first and resume_before is None:
            known = None  # the whole story asked for: replayed from the deal
        if known is not None and _unchanged(known.game, game):
            # The same game as last asked (a move queues several updates of one version):
            # no need to read its log again. The record itself is fresh (its board message).
            history = History(game, known.engine, known.moments, known.moves, known.first)
            self.remembered.keep(game_id, history)
            return history
        actions = await self._store.games.actions(game_id)
        moves = tuple((a.seat, a.notation) for a in actions)
        engine = games.get(game.game_key)
        moments: list[Moment] = []
        start: tuple[Any, int] | None = None
        first = 0
        if (
            known is not None
            and known.moves == moves[: len(known.moves)]
            and known.game.status is GameStatus.ACTIVE
        ):
            # The game moved on since: replay only the new moves.
            moments, first = list(known.moments), known.first
            start = (moments[-1].state, len(known.moves))
        elif resume_before is not None and game.status is GameStatus.ACTIVE:
            kept = await self._store.snapshots.latest(game_id, at_most=resume_before - 1)
            moments = [] if kept is None else resumed(engine, kept[1], moves[: kept[0]])
            if moments:
                first = len(moments) - 1
                start = (moments[-1].state, first)
        movers = [None, *(a.seat for a in actions)]
        for state, log in replay_steps(game, actions, start=start):
            # Whom the game waits on as the engine says, resigned seats included: what was
            # posted at a version must not change when someone resigns later.
            mover = movers[len(moments)]
            waiting, outcome = engine.waiting_for(state), engine.outcome(state)
            moments.append(Moment(state, log, waiting, outcome, mover))
        if game.status is GameStatus.FINISHED and game.outcome is not None:
            final = moments[-1]
            stored = Outcome.model_validate_json(game.outcome)
            moments[-1] = Moment(final.state, final.log, frozenset(), stored, final.mover)
        if game.status is GameStatus.CANCELLED:
            final = moments[-1]
            moments[-1] = Moment(final.state, final.log, frozenset(), None, final.mover)
        history = History(game, engine, tuple(moments), moves, first)
        self.remembered.keep(game_id, history)
        return history

    def post(
        self,
        history: History,
        version: int,
        *,
        footer: str = "",
        board_at: int | None = None,
        lines: bool = True,
        missed: str | None = None,
        heading: str | None = None,
        ratings: Sequence[RatingChange] | None = None,
    ) -> TablePost:
        """The post belonging to ``version``, showing the board as of ``board_at`` (by
        default ``version``; later while the post is the thread's newest and the game goes on
        within the same turn). ``footer`` (the turn clock) goes above the turn line. Without
        ``lines`` the post does not retell the moves (a take-back, a game picked up again);
        with ``missed`` it stands in for a post Discord refused; ``heading`` opens it.
        The final post says how the game ended, with ``ratings`` (how it moved the players'
        ratings), and lays every hand open."""
        game, engine = history.game, history.engine
        shown_at = version if board_at is None else board_at
        shown = history.moments[shown_at]
        moment = history.moments[version]
        users = seat_users(game)
        view = engine.view(shown.state, None)
        board = engine.describe(view)
        status: str | None = None
        reveal = ""
        final = history.ended(shown_at)
        if final:
            status = ending_of(history).status
            if status is not None:  # the board says how it ended, not whose turn it was
                board = board.model_copy(update={"description": status})
            reveal = hands_text(history)
            if reveal:
                # The post lays the hands open in the players' own words: the board's field
                # saying the same (drawn in the picture) would repeat them.
                kept = tuple(f for f in board.fields if f.name != HANDS_REVEALED)
                board = board.model_copy(update={"fields": kept})
        pings: tuple[int, ...] = ()
        if version == 0 and lines and missed is None and heading is None:
            text, pings = _start_text(history, footer)
        else:
            since = history.post_at_or_before(version - 1) if version else 0
            told = [
                line
                for v in range(since + 1, version + 1)
                for line in public_lines(history.moments[v].log)
            ]
            said = told if lines else []
            if heading is not None:
                said = [heading, *said]
            if missed is not None:
                said = [_missed_text(engine.title, game.id, missed, shown_at), *told]
            if history.ended(version):
                over = final_words(history, ratings)
                text = lines_of([*said, "", over])
            else:
                # The turn line as the board shows it: an edited post keeps its story but
                # says whom the game waits on now.
                turn, _ = turn_line(users, shown.waiting)
                # Whoever the game started waiting on, once per round of simultaneous play;
                # a post out of the turn order pings everyone it waits on.
                newly = history.pinged(version) if lines and missed is None else moment.waiting
                resigned = game.resigned_seats()
                pings = tuple(
                    u for s in sorted(newly) if s not in resigned and (u := users[s]) is not None
                )
                text = lines_of([*said, "", *([footer] if footer else []), turn])
        return TablePost(
            version=version,
            shown=version if board_at is None else board_at,
            text=text,
            pings=pings,
            board=board,
            picture=post_picture(engine, view, status=status),
            final=final,
            game_id=game.id,
            game_key=engine.key,
            reveal=reveal,
        )

    def private(self, history: History, version: int, seat: int) -> PrivateUpdate:
        """``seat``'s private message as of ``version``: news (a new DM) when the game was
        dealt, when it became their turn, and at the end; otherwise the message is edited,
        with what only they may know of the latest move."""
        game, engine = history.game, history.engine
        moment = history.moments[version]
        view = engine.view(moment.state, seat)
        named = {"game": engine.title, "id": game.id, "place": channel(where(game))}
        secret = private_lines(moment.log, seat)
        head: str
        if history.ended(version):  # the end first: a game may end before any move
            result = final_private_text(history, seat)
            head = msg("{b}{game}{/b} #{id} is over in {place}. {result}", result=result, **named)
            notify = True
        elif version == 0:
            head = msg(
                "Your hand in {b}{game}{/b} #{id} in {place}. Use `/hand` to see it again.",
                **named,
            )
            notify = True
        elif seat in history.joined(version):
            head, notify = msg("Your turn in {b}{game}{/b} #{id} in {place}.", **named), True
        elif secret:
            # Something only they may know: the private message shows it, edited in place;
            # the next DM comes with their turn (a DM per move of others would be too many).
            head, notify = msg("{b}{game}{/b} #{id} in {place}", **named), False
        else:
            head = msg("Your view of {b}{game}{/b} #{id} in {place}.", **named)
            notify = False
        board = engine.describe(view)
        unseen = private_fields(engine, moment.state, seat, own=board)
        own = (*(f.model_dump_json() for f in unseen), *secret)
        return PrivateUpdate(
            text=joined([head, *secret]),
            notify=notify,
            board=board,
            picture=post_picture(engine, view),
            own=own,
        )


def _start_text(history: History, footer: str) -> tuple[str, tuple[int, ...]]:
    game, engine = history.game, history.engine
    users = seat_users(game)
    levels = [s.ai_level for s in game.in_seat_order() if s.seat is not None]
    order = joined(
        msg("{number}. {player} ({level})", number=i + 1, player=seat_ref(i), level=_level(level))
        if level
        else f"{i + 1}. {seat_ref(i)}"
        for i, level in enumerate(levels)
    )
    turn, pings = turn_line(users, history.moments[0].waiting)
    begins = msg("{b}{game}{/b} begins! Seat order:", game=engine.title)
    return joined([begins, order, "", *([footer] if footer else []), turn]), pings


def _level(level: str) -> str:
    """An AI seat's level in words (an open seat's too)."""
    return pmsg("AI level", "open") if level == OPEN_SEAT else level_word(level)


def _missed_text(title: str, game_id: int, missed: str, version: int) -> str:
    """What a catch-up post says about the post it stands in for."""
    head = msg("A message about {b}{game}{/b} #{id} could not be posted.", game=title, id=game_id)
    after = msg("What happened, and the board after move {n}:", n=version)
    if missed.strip():
        return joined([head, " ", msg("It said:"), "\n", quoted(missed), "\n", after], "")
    return joined([head, after], " ")


def _unchanged(known: Game, game: Game) -> bool:
    """Whether a game is where a remembered replay of it left it: same version, same state
    (a take-back and another move change it), same status and resignations."""
    return (
        known.version == game.version
        and known.state == game.state
        and known.status is game.status
        and known.resigned_seats() == game.resigned_seats()
    )


__all__: Sequence[str] = [
    "History",
    "Moment",
    "PrivateUpdate",
    "TablePost",
    "TableViews",
]
