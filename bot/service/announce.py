"""What the table is told after a start or a move: thread posts, pings and DMs, as deliveries.

Public posts carry only the engine's public log and the spectators' board; a DM carries what
its one seat may see. Names are left as seat placeholders and filled in when sent.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.service.posts import Post, TurnButton, mentions
from games.core import Board, BoardField, Engine, LogEntry, Outcome, seat_ref
from storage import Delivery, DeliveryKind, Game

_MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def seat_users(game: Game) -> tuple[int | None, ...]:
    """The user at each engine seat, in seat order (``None`` for an AI player)."""
    ordered = [s for s in game.in_seat_order() if s.seat is not None]
    return tuple(s.user_id for s in ordered)


def game_lane(game_id: int) -> str:
    """The ordering lane of everything posted in one game's thread."""
    return f"game:{game_id}"


def where(game: Game) -> int:
    """The channel a game is played in: its thread, or its channel where there is none."""
    return game.thread_id if game.thread_id is not None else game.channel_id


def public_lines(log: Sequence[LogEntry]) -> list[str]:
    """The log lines everyone may read."""
    return [entry.text for entry in log if entry.audience is None]


def private_lines(log: Sequence[LogEntry], seat: int) -> list[str]:
    """The lines only ``seat`` (and perhaps a few others) may read."""
    return [entry.text for entry in log if entry.audience is not None and seat in entry.audience]


def private_fields(engine: Engine[Any, Any], state: Any, seat: int) -> tuple[BoardField, ...]:
    """The parts of ``seat``'s board that spectators do not see: what a DM is about."""
    public = frozenset(engine.describe(engine.view(state, None)).fields)
    return _unseen_by_spectators(engine.describe(engine.view(state, seat)), public)


def _unseen_by_spectators(own: Board, public: frozenset[BoardField]) -> tuple[BoardField, ...]:
    return tuple(f for f in own.fields if f not in public)


def turn_line(users: Sequence[int | None], waiting: frozenset[int]) -> tuple[str, tuple[int, ...]]:
    """ "Your turn: …" naming the seats the game waits for, and the people it pings."""
    if not waiting:
        return "", ()
    names = [seat_ref(s) for s in sorted(waiting)]
    people = tuple(u for s in sorted(waiting) if (u := users[s]) is not None)
    label = "Your turn" if len(waiting) == 1 else "Waiting for"
    return f"{label}: {', '.join(names)}", people


def ranking(outcome: Outcome, resigned: frozenset[int] = frozenset()) -> str:
    """The final places, best first, one line per seat."""
    lines = []
    order = sorted(range(len(outcome.ranks)), key=lambda s: (outcome.ranks[s], s))
    for seat in order:
        place = outcome.ranks[seat]
        medal = _MEDALS.get(place, f"{place}.")
        note = " (resigned)" if seat in resigned else ""
        lines.append(f"{medal} {seat_ref(seat)} — {outcome.scores[seat]}{note}")
    if outcome.nobody_won:
        lines.append("Nobody won: the table lost together.")
    return "\n".join(lines)


def start_deliveries(
    engine: Engine[Any, Any], game: Game, state: Any, waiting: frozenset[int]
) -> list[Delivery]:
    """The first board in the thread, the first ping, and each player's hand by DM."""
    users = seat_users(game)
    levels = [s.ai_level for s in game.in_seat_order() if s.seat is not None]
    order = "\n".join(
        f"{i + 1}. {seat_ref(i)}" + (f" ({level})" if level else "")
        for i, level in enumerate(levels)
    )
    turn, pings = turn_line(users, waiting)
    content = f"**{engine.title}** begins! Seat order:\n{order}\n\n{turn}"
    public = engine.describe(engine.view(state, None))
    deliveries = [_thread_post(game, content, public, users, pings, version=0)]
    for seat, user in enumerate(users):
        if user is not None:
            deliveries.append(
                _dm(
                    game,
                    user,
                    f"Your hand in **{engine.title}** #{game.id}. Use `/hand` to see it again.",
                    engine.describe(engine.view(state, seat)),
                    users,
                )
            )
    return deliveries


def move_deliveries(
    engine: Engine[Any, Any],
    game: Game,
    *,
    seat: int,
    before: Any,
    after: Any,
    log: Sequence[LogEntry],
    version: int,
    outcome: Outcome | None,
    resigned: frozenset[int] = frozenset(),
) -> list[Delivery]:
    """What one recorded move tells the table.

    The thread hears about a move only when something public happened: a decision partway
    through a move (choosing a spell's ingredients) stays between the player and the bot.
    """
    users = seat_users(game)
    deliveries: list[Delivery] = []
    lines = public_lines(log)
    public_after = engine.describe(engine.view(after, None))
    if outcome is not None:
        content = "\n".join([*lines, "", "**The game is over.**", ranking(outcome, resigned)])
        deliveries.append(
            _thread_post(game, content.strip(), public_after, users, (), version, closing=True)
        )
        deliveries.append(close_delivery(game))
        return deliveries
    waiting_before = engine.waiting_for(before)
    waiting_after = engine.waiting_for(after)
    if lines or waiting_after != waiting_before:
        newly = waiting_after - waiting_before - {seat}
        turn, _ = turn_line(users, waiting_after)
        pings = tuple(u for s in sorted(newly) if (u := users[s]) is not None)
        content = "\n".join([*lines, "", turn]).strip()
        deliveries.append(_thread_post(game, content, public_after, users, pings, version))
    # Each state's public board once, not once per seat: this runs on every move.
    seen_before = frozenset(engine.describe(engine.view(before, None)).fields)
    seen_after = frozenset(public_after.fields)
    for other, user in enumerate(users):
        if user is None:
            continue
        if other == seat and other in waiting_after:
            continue  # the player sees each step of their own move where they make it
        secret = private_lines(log, other)
        own_after = engine.describe(engine.view(after, other))
        own_before = engine.describe(engine.view(before, other))
        changed = _unseen_by_spectators(own_before, seen_before) != _unseen_by_spectators(
            own_after, seen_after
        )
        if secret or changed:
            text = "\n".join(secret) if secret else "Your hand has changed."
            deliveries.append(
                _dm(game, user, f"**{engine.title}** #{game.id}\n{text}", own_after, users)
            )
    return deliveries


def notice_deliveries(
    game: Game, content: str, pings: Sequence[int] = (), *, close_thread: bool = False
) -> list[Delivery]:
    """A plain line in the game's thread (a resignation, a cancelled game)."""
    post = Post(content=content, seats=seat_users(game), pings=tuple(pings), game_id=game.id)
    notice = _in_game_lane(game, post)
    return [notice, close_delivery(game)] if close_thread else [notice]


def close_delivery(game: Game) -> Delivery:
    """Lock and archive the game's thread: its own delivery, after the last post in the same
    lane, so a failure to close is retried without posting anything twice."""
    return _in_game_lane(game, Post(close_thread=True, game_id=game.id))


def _in_game_lane(game: Game, post: Post) -> Delivery:
    """A post where the game is played, queued behind the game's earlier posts."""
    return Delivery(
        DeliveryKind.THREAD_POST,
        where(game),
        post.to_payload(),
        game_id=game.id,
        lane=game_lane(game.id),
    )


def _thread_post(
    game: Game,
    content: str,
    board: Board,
    users: tuple[int | None, ...],
    pings: Sequence[int],
    version: int,
    *,
    closing: bool = False,
) -> Delivery:
    post = Post(
        content=content,
        boards=(board,),
        seats=users,
        pings=tuple(pings),
        turn_button=None if closing else TurnButton(game.id, version),
        game_id=game.id,
    )
    return _in_game_lane(game, post)


def _dm(
    game: Game, user: int, content: str, board: Board, users: tuple[int | None, ...]
) -> Delivery:
    post = Post(
        content=content,
        boards=(board,),
        seats=users,
        game_id=game.id,
        notice_channel_id=where(game),
        extra={"user": user},
    )
    return Delivery(DeliveryKind.DM, user, post.to_payload(), game_id=game.id)


__all__ = [
    "game_lane",
    "mentions",
    "move_deliveries",
    "notice_deliveries",
    "ranking",
    "seat_users",
    "start_deliveries",
    "where",
]
