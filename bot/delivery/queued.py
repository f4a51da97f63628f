"""What a start or a recorded move queues for the living table: that the table changed (the
game and its version), each player's private view as of it, and when each may go out.

Nothing is drawn here: :mod:`bot.delivery.table_messages` works out what each shows when the
outbox sends it. Board edits within a turn, and the private messages of the players not to
act, wait a moment in lanes of their own (:data:`BOARD_EDIT_DELAY`), so that a turn of quick
decisions spends one of Discord's requests on each at most, and none where the turn's post
shows the board anyway.
"""

from __future__ import annotations

from typing import Any

from bot.common.announce import game_lane, seat_users, where
from bot.common.posts import text_data
from storage import Delivery, DeliveryKind, Game

#: Seconds a board edit within a turn waits before it goes out: the decisions of one turn,
#: made in quick succession, then edit the board once, and the turn's post, which shows the
#: board anyway, makes the edit unnecessary.
BOARD_EDIT_DELAY = 4.0


def table_deliveries(
    game: Game,
    version: int,
    *,
    post: bool = False,
    lines: bool = True,
    notify: bool = False,
    missed: str | None = None,
    heading: str | None = None,
    board_edit: bool = False,
    answered: int | None = None,
    quiet: frozenset[int] | None = None,
) -> list[Delivery]:
    """What a start or a recorded move queues: the game's table as of ``version`` and each
    player's private view as of it. Nothing is drawn here.

    ``board_edit``: the decision only changed the board within a turn, so the table's update
    waits a moment in a lane of its own (:data:`BOARD_EDIT_DELAY`: a newer decision or the
    turn's post supersedes it, and the posts of the thread never wait for it). ``answered``:
    the member whose own decision this was, answered in their interaction (their private
    message is not edited for it). ``quiet``: the seats for which the decision is no news
    (not their turn): their private messages, edited only if what they alone see changed,
    wait a moment too, so that a turn of several decisions edits each at most once.

    ``post`` asks for a new post even where the game did not start waiting on someone new
    (a take-back, a game picked up in a new thread), without retelling the moves unless
    ``lines``; ``notify`` sends each player a new private message; ``missed`` makes the post
    stand in for one Discord refused (and queues no private views); ``heading`` opens the
    post (neutral text: what happened, say a take-back)."""
    table: dict[str, Any] = {"version": version}
    if post or missed is not None or heading is not None:
        table.update(post=True, lines=lines)
    if heading is not None:
        table["heading"] = text_data(heading)
    if missed is not None:
        table["missed"] = text_data(missed)
    edit = board_edit and "post" not in table
    deliveries = [
        Delivery(
            DeliveryKind.TABLE,
            where(game),
            table,
            game_id=game.id,
            lane=board_lane(game.id) if edit else game_lane(game.id),
            delay=BOARD_EDIT_DELAY if edit else 0.0,
        )
    ]
    if missed is not None:
        return deliveries
    view: dict[str, Any] = {"version": version, **({"notify": True} if notify else {})}
    for seat, user in enumerate(seat_users(game)):
        if user is None:
            continue
        if user == answered:
            deliveries.append(
                Delivery(DeliveryKind.VIEW, user, view | {"answered": True}, game_id=game.id)
            )
        elif quiet is not None and seat in quiet and not notify:
            lane = view_lane(game.id, user)
            deliveries.append(
                Delivery(DeliveryKind.VIEW, user, view, game.id, lane=lane, delay=BOARD_EDIT_DELAY)
            )
        else:
            deliveries.append(Delivery(DeliveryKind.VIEW, user, view, game_id=game.id))
    return deliveries


def board_lane(game_id: int) -> str:
    """The lane of a game's board edits within a turn: apart from the thread's posts, which
    must not wait on an edit's delay."""
    return f"{game_lane(game_id)}:board"


def view_lane(game_id: int, user_id: int) -> str:
    """The lane of a player's private-message edits held back a moment (see ``quiet``)."""
    return f"{game_lane(game_id)}:view:{user_id}"
