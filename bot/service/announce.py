"""What the table is told after a start or a move: thread posts, pings and DMs, as deliveries.

Public posts carry only the engine's public log and the spectators' board; a DM carries what
its one seat may see. Names are left as seat placeholders and filled in when sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.picture_posts import picture_extra
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
    engine: Engine[Any, Any],
    game: Game,
    state: Any,
    waiting: frozenset[int],
    *,
    footer: str = "",
) -> list[Delivery]:
    """The first board in the thread, the first ping, and each player's hand by DM.
    ``footer`` (the turn clock's deadline) goes above the turn line."""
    users = seat_users(game)
    levels = [s.ai_level for s in game.in_seat_order() if s.seat is not None]
    order = "\n".join(
        f"{i + 1}. {seat_ref(i)}" + (f" ({level})" if level else "")
        for i, level in enumerate(levels)
    )
    turn, pings = turn_line(users, waiting)
    clock = f"{footer}\n" if footer else ""
    content = f"**{engine.title}** begins! Seat order:\n{order}\n\n{clock}{turn}"
    return _board_and_hands(engine, game, state, content, pings, version=0)


def resume_deliveries(
    engine: Engine[Any, Any], game: Game, state: Any, waiting: frozenset[int]
) -> list[Delivery]:
    """A running game picked up in a new thread (its old one is gone): the current board,
    a ping for whoever must act, and each player's hand by DM again."""
    users = seat_users(game)
    turn, pings = turn_line(users, waiting)
    content = f"**{engine.title}** #{game.id} continues here, after move {game.version}.\n\n{turn}"
    return _board_and_hands(engine, game, state, content.strip(), pings, version=game.version)


def catch_up_delivery(engine: Engine[Any, Any], game: Game, state: Any, missed: str) -> Delivery:
    """A post that stands in for one Discord refused for good: what it said (``missed``,
    public text only), the board as it is now, and a ping for whoever must act, so the game
    never stalls on a lost post."""
    users = seat_users(game)
    public_view = engine.view(state, None)
    over = engine.outcome(state)
    pings: tuple[int, ...] = ()
    if over is not None:
        turn = "**The game is over.**\n" + ranking(over)
    else:
        turn, pings = turn_line(users, engine.waiting_for(state))
    said = f"It said:\n{_quoted(missed)}\n\n" if missed.strip() else ""
    content = (
        f"A message about **{engine.title}** #{game.id} could not be posted. {said}"
        f"The board after move {game.version}:\n\n{turn}"
    )
    return _thread_post(
        game,
        content.strip(),
        engine.describe(public_view),
        users,
        pings,
        version=game.version,
        closing=over is not None,
        extra={**picture_extra(engine, public_view), "catch_up": True},
    )


def _quoted(text: str, limit: int = 1200) -> str:
    """``text`` as a block quote, cut to ``limit`` characters."""
    cut = text.strip()
    if len(cut) > limit:
        cut = cut[: limit - 1] + "…"
    return "\n".join(f"> {line}" if line else ">" for line in cut.splitlines())


def _board_and_hands(
    engine: Engine[Any, Any],
    game: Game,
    state: Any,
    content: str,
    pings: Sequence[int],
    *,
    version: int,
) -> list[Delivery]:
    users = seat_users(game)
    public_view = engine.view(state, None)
    public = engine.describe(public_view)
    deliveries = [
        _thread_post(
            game,
            content,
            public,
            users,
            pings,
            version=version,
            extra=picture_extra(engine, public_view),
        )
    ]
    for seat, user in enumerate(users):
        if user is not None:
            own = engine.view(state, seat)
            deliveries.append(
                _dm(
                    game,
                    user,
                    f"Your hand in **{engine.title}** #{game.id}. Use `/hand` to see it again.",
                    engine.describe(own),
                    users,
                    extra=picture_extra(engine, own),
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
    footer: str = "",
) -> list[Delivery]:
    """What one recorded move tells the table.

    The thread hears about a move only when something public happened: a decision partway
    through a move (choosing a spell's ingredients) stays between the player and the bot.
    ``footer`` (the turn clock's deadline) goes above the thread post's turn line.
    """
    users = seat_users(game)
    deliveries: list[Delivery] = []
    lines = public_lines(log)
    public_view = engine.view(after, None)
    public_after = engine.describe(public_view)
    picture = picture_extra(engine, public_view)
    if outcome is not None:
        content = "\n".join([*lines, "", "**The game is over.**", ranking(outcome, resigned)])
        deliveries.append(
            _thread_post(
                game,
                content.strip(),
                public_after,
                users,
                (),
                version,
                closing=True,
                extra=picture,
            )
        )
        deliveries.append(close_delivery(game))
        return deliveries
    waiting_before = engine.waiting_for(before)
    waiting_after = engine.waiting_for(after)
    if lines or waiting_after != waiting_before:
        newly = waiting_after - waiting_before - {seat}
        turn, _ = turn_line(users, waiting_after)
        pings = tuple(u for s in sorted(newly) if (u := users[s]) is not None)
        content = "\n".join([*lines, "", *([footer] if footer else []), turn]).strip()
        deliveries.append(
            _thread_post(game, content, public_after, users, pings, version, extra=picture)
        )
    # Each state's public board once, not once per seat, and the boards before the move only
    # for a seat that has no private line anyway: drawing boards is most of a move's cost.
    seen_before: frozenset[BoardField] | None = None
    seen_after = frozenset(public_after.fields)
    for other, user in enumerate(users):
        if user is None:
            continue
        if other == seat and other in waiting_after:
            continue  # the player sees each step of their own move where they make it
        secret = private_lines(log, other)
        own_view = engine.view(after, other)
        own_after = engine.describe(own_view)
        changed = False
        if not secret:
            if seen_before is None:
                seen_before = frozenset(engine.describe(engine.view(before, None)).fields)
            own_before = engine.describe(engine.view(before, other))
            changed = _unseen_by_spectators(own_before, seen_before) != _unseen_by_spectators(
                own_after, seen_after
            )
        if secret or changed:
            text = "\n".join(secret) if secret else "Your hand has changed."
            deliveries.append(
                _dm(
                    game,
                    user,
                    f"**{engine.title}** #{game.id}\n{text}",
                    own_after,
                    users,
                    extra=picture_extra(engine, own_view),
                )
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
    extra: Mapping[str, Any] | None = None,
) -> Delivery:
    post = Post(
        content=content,
        boards=(board,),
        seats=users,
        pings=tuple(pings),
        turn_button=None if closing else TurnButton(game.id, version),
        game_id=game.id,
        extra=dict(extra or {}),
    )
    return _in_game_lane(game, post)


def _dm(
    game: Game,
    user: int,
    content: str,
    board: Board,
    users: tuple[int | None, ...],
    *,
    extra: Mapping[str, Any] | None = None,
) -> Delivery:
    post = Post(
        content=content,
        boards=(board,),
        seats=users,
        game_id=game.id,
        notice_channel_id=where(game),
        extra={"user": user, **(extra or {})},
    )
    return Delivery(DeliveryKind.DM, user, post.to_payload(), game_id=game.id)


__all__ = [
    "catch_up_delivery",
    "game_lane",
    "mentions",
    "move_deliveries",
    "notice_deliveries",
    "ranking",
    "resume_deliveries",
    "seat_users",
    "start_deliveries",
    "where",
]
