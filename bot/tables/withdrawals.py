"""Resignations and removals: a seat leaves the game, which ends by forfeit or plays on
automatically for it."""

from __future__ import annotations

import games
from bot.common import text
from bot.common.announce import close_delivery, notice_deliveries
from bot.common.refusals import Refusal
from bot.delivery.queued import table_deliveries
from bot.tables.moves import Moves, running_game, stored_state
from bot.tables.places import by_forfeit
from games.core.words import msg
from storage import (
    Game,
    GameStatus,
)


class Withdrawals:
    """Seats leaving a running game."""

    def __init__(self, moves: Moves) -> None:
        self.moves = moves

    async def resign(self, game_id: int, user_id: int) -> Game:
        """``user_id`` gives up. When one side is left it wins; otherwise the game goes on,
        the AI playing the resigned seat, and it finishes last."""
        async with self.moves.locks(game_id):
            game = running_game(await self.moves.get(game_id))
            seat = self.moves.seat_of(game, user_id)
            if seat in game.resigned_seats():
                raise Refusal(msg("You have already resigned from this game."))
            game = await self._withdraw(game, seat, msg("{who} resigns.", who=text.user(user_id)))
        self.moves.moved(game)
        return game

    async def remove(self, game_id: int, seat: int, notice: str) -> Game:
        """Take a player out of the game as a resignation would (after missed deadlines),
        telling the table ``notice``; nothing happens when the seat already left."""
        async with self.moves.locks(game_id):
            game = await self.moves.get(game_id)
            if game.status is not GameStatus.ACTIVE or seat in game.resigned_seats():
                return game
            game = await self._withdraw(game, seat, notice)
        self.moves.moved(game)
        return game

    async def _withdraw(self, game: Game, seat: int, notice: str) -> Game:
        engine = games.get(game.game_key)
        state = engine.load(stored_state(game))
        resigned = [*_resigned_in_order(game), seat]
        sides = _sides(game, engine.teams(state))
        left = [side for side in sides if any(s not in resigned for s in side)]
        if len(left) <= 1:
            teams = sides if any(len(side) > 1 for side in sides) else None
            outcome = by_forfeit(engine.players(state), resigned, teams)
            final = notice_deliveries(game, notice)
            final += table_deliveries(game, game.version, post=True, lines=False)
            final.append(close_delivery(game))
            game = await self.moves.store.games.resign(
                game.id,
                seat=seat,
                expected_version=game.version,
                to_act=frozenset(),
                outcome=outcome.model_dump_json(),
                deliveries=final,
            )
            self.moves.delivered()
            self.moves.finished(game)
            return game
        waiting = engine.waiting_for(state) - frozenset(resigned)
        game = await self.moves.store.games.resign(
            game.id,
            seat=seat,
            expected_version=game.version,
            to_act=waiting,
            deliveries=notice_deliveries(
                game, msg("{notice} Their seat plays on automatically.", notice=notice)
            ),
        )
        game = await self.moves.autoplay(game, engine, state)
        self.moves.delivered()
        return game


def _resigned_in_order(game: Game) -> list[int]:
    done = [
        (s.resigned_at, s.seat)
        for s in game.seats
        if s.seat is not None and s.resigned_at is not None
    ]
    return [seat for _, seat in sorted(done)]


def _sides(game: Game, teams: tuple[tuple[int, ...], ...] | None) -> list[tuple[int, ...]]:
    """The sides of a game: the engine's teams, else teams chosen in the lobby, else each
    seat for itself."""
    if teams:
        return [tuple(team) for team in teams]
    seats = [s for s in game.seats if s.seat is not None]
    if any(s.team is not None for s in seats):
        chosen: dict[int, list[int]] = {}
        for s in seats:
            assert s.seat is not None
            chosen.setdefault(s.team if s.team is not None else -1 - s.seat, []).append(s.seat)
        return [tuple(sorted(v)) for v in chosen.values()]
    return [(s.seat,) for s in sorted(seats, key=lambda s: s.seat or 0) if s.seat is not None]
