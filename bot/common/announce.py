"""The words of the table: log lines by audience, whose turn it is, the final places, and
plain notices in a game's thread (a resignation, a cancelled game).

Public text carries only the engine's public log; private lines only their readers'. Names
are left as seat placeholders and filled in when sent. What a game's board and each player's
private message show is worked out when they are sent (``bot.tables.views``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.common.posts import Post
from games.core import Board, BoardField, Engine, LogEntry, seat_ref
from games.core.words import Msg, joined, msg, msg_list
from storage import Delivery, DeliveryKind, Game


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


def jump_link(game: Game) -> str:
    """A link to where the game is played (works from any server and from DMs)."""
    guild = game.guild_id if game.guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{where(game)}"


def public_lines(log: Sequence[LogEntry]) -> list[str]:
    """The log lines everyone may read."""
    return [entry.text for entry in log if entry.audience is None]


def private_lines(log: Sequence[LogEntry], seat: int) -> list[str]:
    """The lines only ``seat`` (and perhaps a few others) may read."""
    return [entry.text for entry in log if entry.audience is not None and seat in entry.audience]


def private_fields(
    engine: Engine[Any, Any], state: Any, seat: int, *, own: Board | None = None
) -> tuple[BoardField, ...]:
    """The parts of ``seat``'s board that spectators do not see: what a DM is about. ``own``:
    the seat's board, when the caller has described it already."""
    public = frozenset(engine.describe(engine.view(state, None)).fields)
    board = own if own is not None else engine.describe(engine.view(state, seat))
    return _unseen_by_spectators(board, public)


def _unseen_by_spectators(own: Board, public: frozenset[BoardField]) -> tuple[BoardField, ...]:
    return tuple(f for f in own.fields if f not in public)


def turn_line(users: Sequence[int | None], waiting: frozenset[int]) -> tuple[str, tuple[int, ...]]:
    """ "Your turn: …" naming the seats the game waits for, and the people it pings."""
    if not waiting:
        return "", ()
    names = [seat_ref(s) for s in sorted(waiting)]
    people = tuple(u for s in sorted(waiting) if (u := users[s]) is not None)
    if len(waiting) == 1:
        return msg("Your turn: {who}", who=names[0]), people
    return msg("Waiting for: {who}", who=msg_list(names, style="unit")), people


def turn_pings(waiting: Sequence[frozenset[int]], version: int) -> frozenset[int]:
    """The seats a post at ``version`` pings, ``waiting`` being the seats the game waited on
    at each version from the deal: those it started waiting on there, each once per round of
    simultaneous play.

    A round lasts while the game waits on several seats at once (Magnum Opus: everyone picks
    a card, then again from the next pack) or on the last of them still to act; a turn that
    falls to one seat alone ends it. Whoever the game already waited on earlier in the round
    knows it plays in this round (the round's first post pinged them, or they were acting as
    it began), so later posts of the round say whom it waits on without pinging them again.
    """
    now = _joined(waiting, version)
    if len(waiting[version]) <= 1:
        return now  # one seat's turn: the post is theirs
    told: set[int] = set()
    for earlier in range(version - 1, -1, -1):
        if _joined(waiting, earlier) and len(waiting[earlier]) <= 1:
            break  # a turn of one seat: the round began after it
        told |= waiting[earlier]
    return now - told


def _joined(waiting: Sequence[frozenset[int]], version: int) -> frozenset[int]:
    """The seats the game started waiting on at ``version``."""
    return waiting[version] - waiting[version - 1] if version else waiting[0]


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


__all__ = [
    "game_lane",
    "notice_deliveries",
    "seat_users",
    "turn_pings",
    "where",
]


def lines_of(parts: Sequence[str]) -> str:
    """``parts`` one a line, without the blank lines (or spaces) they start or end with."""
    kept = list(parts)
    while kept and not kept[0].strip():
        kept.pop(0)
    while kept and not kept[-1].strip():
        kept.pop()
    if len(kept) == 1 and not isinstance(kept[0], Msg):
        return kept[0].strip()
    return joined(kept)


def quoted(text: str, limit: int = 1200) -> str:
    """``text`` as a block quote, cut to ``limit`` characters."""
    cut = text.strip()
    if len(cut) > limit:
        cut = cut[: limit - 1] + "…"
    return "\n".join(f"> {line}" if line else ">" for line in cut.splitlines())
