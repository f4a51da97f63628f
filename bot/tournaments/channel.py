"""What a tournament shows in its channel: posts in the tournament's own lane, and its
standings message kept current (the sign-up sheet before the start)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.common.posts import Post, PostStyle
from bot.tournaments import boards
from bot.tournaments.results import standings_of, table_games
from bot.web.links import page_link
from games.core import Board
from games.core.words import joined, msg
from storage import Delivery, DeliveryKind, Game, Store, Tournament, TournamentStatus

#: The style of a post whose boards are a tournament's (drawn in the tournament's colour).
TOURNAMENT_STYLE = PostStyle.TOURNAMENT


def tournament_lane(tournament_id: int) -> str:
    """The ordering lane of everything a tournament posts in its channel."""
    return f"tournament:{tournament_id}"


def channel_post(tournament: Tournament, post: Post | str) -> Delivery:
    """A post (or a plain text) for the tournament's channel, in the tournament's lane."""
    if isinstance(post, str):
        post = Post(content=post)
    return Delivery(
        DeliveryKind.THREAD_POST,
        tournament.channel_id,
        post.to_payload(),
        lane=tournament_lane(tournament.id),
    )


async def standings_board(store: Store, tournament: Tournament) -> Board:
    """The standings board of a tournament as it is now."""
    found = await table_games(store, tournament)
    return boards.standings_board(tournament, standings_of(tournament, found), found)


async def show(
    store: Store, tournament: Tournament, found: Mapping[int, Game] | None = None
) -> None:
    """Bring the standings message up to date (the sign-up sheet before the start);
    ``found``: the games of its tables, when already read."""
    if tournament.message_id is None:
        return
    if tournament.status is TournamentStatus.SIGNUP:
        board = boards.signup_board(tournament)
    elif found is None:
        board = await standings_board(store, tournament)
    else:
        board = boards.standings_board(tournament, standings_of(tournament, found), found)
    page = await page_link(store, tournament.guild_id, "t", str(tournament.id))
    if page is not None:
        web = msg("On the web: {url}", url=page)
        board = board.model_copy(update={"description": joined([board.description, web])})
    post = Post(boards=(board,), edits_message_id=tournament.message_id, style=TOURNAMENT_STYLE)
    await store.outbox.enqueue(
        [
            Delivery(
                DeliveryKind.BOARD_EDIT,
                tournament.channel_id,
                post.to_payload(),
                lane=tournament_lane(tournament.id),
            )
        ]
    )
