"""Ratings: every finished rated game moves its players' skill at that game on that server.

A game is rated when it was played on a server by people only (an AI seat makes it a
practice game), its table was not marked unrated, and it ended with places. Teams are rated
as teams. Each finished game is looked at exactly once (``store.ratings.record`` /
``skip`` refuse a second time), so a restart that rates "every finished game not yet looked
at" can never count a game twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from dataclasses import dataclass

from bot.common.announce import seat_users
from bot.lobby.table_settings import TableSettings
from bot.profiles.skill import Skill, rate
from games.core import Outcome
from games.core.words import msg, nmsg
from storage import Game, GameNotFound, GameStatus, Rating, RatingChange, Store

log = logging.getLogger("grimoire.ratings")

#: Rated games at one game before a player is ranked on its leaderboard: until then their
#: rating is provisional, shown with how many games are still to go, its skill too unsure to
#: compare with settled players'.
RANKED_AFTER = 5


def ranked(rating: Rating) -> bool:
    """Whether a rating has enough games behind it to be ranked."""
    return rating.games >= RANKED_AFTER


def games_to_rank(rated_games: int) -> int:
    """Rated games still to play before a rating is ranked: 0 once it is."""
    return max(0, RANKED_AFTER - rated_games)


def provisional_note(rated_games: int) -> str | None:
    """``"provisional — 3 more games to be ranked"`` while a rating is provisional, ``None``
    once it is ranked."""
    to_go = games_to_rank(rated_games)
    if not to_go:
        return None
    return nmsg(
        "provisional — {n} more game to be ranked",
        "provisional — {n} more games to be ranked",
        to_go,
    )


@dataclass(frozen=True, slots=True)
class Profile:
    """A player on one server: their ratings, their record, the game they play most."""

    user_id: int
    ratings: tuple[Rating, ...]
    games: int
    wins: int
    favourite: str | None
    """The key of the game they finished most often on this server."""


def practice_reason(game: Game) -> str | None:
    """Why a table's game will not count for ratings, in words for its lobby (``None`` when
    it will): an AI seat makes it practice, and so does a table marked unrated; a game in
    which a seat changed hands is unrated too (``bot.clocks.substitutes``)."""
    if any(s.user_id is None or s.is_ai for s in game.seats):
        return msg("Practice game (an AI seat): unrated")
    settings = TableSettings.of(game)
    if settings.changed_hands:
        return msg("A seat changed hands: unrated")
    if game.guild_id is None:
        return msg("Practice game (not on a server): unrated")
    if not settings.rated:
        return msg("Practice game: unrated")
    return None


def is_rated(game: Game) -> bool:
    """Whether a game counts for ratings (people only, on a server, not marked unrated)."""
    return (
        game.status is GameStatus.FINISHED
        and game.outcome is not None
        and practice_reason(game) is None
    )


class Ratings:
    """Rates finished games and reads leaderboards and profiles."""

    def __init__(self, store: Store) -> None:
        self._store = store
        # A rating is read, moved and written back: one game at a time, so two games
        # finishing together cannot both start from the same old skill.
        self._lock = asyncio.Lock()

    async def rate(self, game_id: int) -> bool:
        """Rate a finished game once; ``False`` when it is not rated or was already."""
        async with self._lock:
            try:
                game = await self._store.games.get(game_id)
            except GameNotFound:
                return False
            if game.status is not GameStatus.FINISHED:
                return False
            if not is_rated(game):
                await self._store.ratings.skip(game_id)
                return False
            ratings = await self._new_ratings(game)
            before = await self._store.ratings.of_players(
                game.guild_id or 0, game.game_key, [r.user_id for r in ratings]
            )
            changes = [
                RatingChange(r.user_id, _ordinal(before.get(r.user_id)), r.ordinal) for r in ratings
            ]
            return await self._store.ratings.record(game_id, ratings, changes)

    async def changes(self, game_id: int) -> list[RatingChange] | None:
        """How a finished game moved its players' ratings, rating it first if that was not
        done yet (its final post waits for it); ``None`` when it cannot be rated now (not
        finished), empty when it is not rated."""
        await self.rate(game_id)
        return await self._store.ratings.changes(game_id)

    async def catch_up(self) -> int:
        """Rate every finished game not yet looked at (after a restart or an upgrade),
        oldest first; returns how many were rated."""
        rated = 0
        while unrated := await self._store.ratings.unrated(limit=100):
            for game_id in unrated:
                try:
                    rated += await self.rate(game_id)
                except Exception:  # a damaged game must not stop the others being rated
                    log.exception("Game %s could not be rated; it is skipped.", game_id)
                    await self._store.ratings.skip(game_id)
        return rated

    async def _new_ratings(self, game: Game) -> list[Rating]:
        assert game.outcome is not None
        assert game.guild_id is not None
        outcome = Outcome.model_validate_json(game.outcome)
        users = [u for u in seat_users(game) if u is not None]
        stored = await self._store.ratings.of_players(game.guild_id, game.game_key, users)
        sides = (
            [list(t) for t in outcome.teams] if outcome.teams else [[s] for s in range(len(users))]
        )

        def skill_of(user: int) -> Skill:
            found = stored.get(user)
            return Skill() if found is None else Skill(found.mu, found.sigma)

        ranks = [outcome.ranks[side[0]] for side in sides]
        moved = rate([[skill_of(users[s]) for s in side] for side in sides], ranks)
        ratings = []
        for side, skills in zip(sides, moved, strict=True):
            for seat, skill in zip(side, skills, strict=True):
                user = users[seat]
                before = stored.get(user)
                won = seat in outcome.winners
                ratings.append(
                    Rating(
                        guild_id=game.guild_id,
                        game_key=game.game_key,
                        user_id=user,
                        mu=skill.mu,
                        sigma=skill.sigma,
                        games=(before.games if before else 0) + 1,
                        wins=(before.wins if before else 0) + int(won),
                    )
                )
        return ratings

    async def leaderboard(self, guild_id: int, game_key: str, limit: int = 10) -> list[Rating]:
        """The server's best at a game, ranked or not yet."""
        return await self._store.ratings.leaderboard(guild_id, game_key, limit=limit)

    async def standings(
        self, guild_id: int, game_key: str, limit: int = 15
    ) -> tuple[list[Rating], list[Rating]]:
        """A game's leaderboard on a server: the ranked players (:data:`RANKED_AFTER` rated
        games or more), best first, and the newcomers not ranked yet, most games first."""
        ranked_players = await self._store.ratings.leaderboard(
            guild_id, game_key, limit=limit, min_games=RANKED_AFTER
        )
        newcomers = await self._store.ratings.newcomers(
            guild_id, game_key, below_games=RANKED_AFTER, limit=limit
        )
        return ranked_players, newcomers

    async def profile(self, guild_id: int, user_id: int) -> Profile:
        """A player's ratings and record on one server."""
        ratings = await self._store.ratings.of_user(guild_id, user_id)
        finished = [
            g
            for g in await self._store.games.of_user(user_id, (GameStatus.FINISHED,))
            if g.guild_id == guild_id
        ]
        played = Counter(g.game_key for g in finished)
        wins = sum(_won(g, user_id) for g in finished)
        favourite = played.most_common(1)[0][0] if played else None
        return Profile(user_id, tuple(ratings), len(finished), wins, favourite)


def _ordinal(rating: Rating | None) -> float:
    """A player's shown rating, a newcomer's when they have none yet."""
    return Skill().ordinal if rating is None else rating.ordinal


def _won(game: Game, user_id: int) -> bool:
    if game.outcome is None:
        return False
    seat = game.seat_of(user_id)
    return seat is not None and seat in Outcome.model_validate_json(game.outcome).winners
