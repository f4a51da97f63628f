"""Substitutes: a running game's seat left open by its player and taken by someone new.

A seat is opened when its player asks for a substitute (``/game sub``), when the host or a
member who manages the server opens the seat of a player who left, or, with the table's
strikes policy ``open``, after too many missed deadlines. From then on the player who left
is no longer at the table: they cannot act, and their private message no longer shows the
seat. While the seat waits, its clock runs as anyone's, and when it runs out the AI plays a
move for it (so the game never stalls), unless the table waits at deadlines. The first member
not already at the table to click **Take this seat** plays it from there on: their private
view comes by DM at once, and they are pinged when it is their turn.

Ratings: a game in which a seat changed hands is unrated for everyone (see
:attr:`~bot.lobby.table_settings.TableSettings.changed_hands`), as a game with an AI seat
is: that seat's result belongs to no one player, and the substitute never answers for a
position they inherited.
"""

from __future__ import annotations

import dataclasses

import games
from bot.clocks.deadline_plan import clock_timers
from bot.common import text
from bot.common.announce import game_lane, notice_deliveries, seat_users, where
from bot.common.posts import Post, SeatButton
from bot.common.refusals import Refusal
from bot.delivery.queued import table_deliveries
from bot.lobby.requirements import check as check_requirements
from bot.lobby.table_settings import SeatChange, TableSettings
from bot.tables.moves import Moves, running_game, stored_state
from games.core import seat_ref
from games.core.words import msg, nmsg
from storage import (
    OPEN_SEAT,
    AlreadySeated,
    Delivery,
    DeliveryKind,
    Game,
    GameNotActive,
    GameStatus,
    VersionConflict,
)


def leavers(game: Game) -> frozenset[int]:
    """Everyone who left a seat of ``game`` for a substitute."""
    return frozenset(change.left for change in TableSettings.of(game).seat_changes)


def open_seats(game: Game) -> list[int]:
    """The engine seats of ``game`` waiting for someone to take them."""
    return sorted(s.seat for s in game.seats if s.seat is not None and s.is_open)


def substitute_answer(seat: int | None, holder: str = "") -> str:
    """The private answer to ``/game sub``: the asker's own seat (``seat`` is ``None``), or
    the seat ``holder`` played, opened by the host or a manager."""
    if seat is None:
        return msg(
            "Your seat is open for a substitute: the table was told, and your private view "
            "of the game is cleared. Thank you for playing!"
        )
    return msg("{holder}'s seat is open for a substitute; the table was told.", holder=holder)


class Substitutes:
    """Seats changing hands in running games."""

    def __init__(self, moves: Moves) -> None:
        self.moves = moves

    async def ask_substitute(
        self, game_id: int, user_id: int, *, seat: int | None, manager: bool
    ) -> Game:
        """``/game sub``: a player leaves their own seat to a substitute, or, naming a seat
        (from 1), the host or a member who manages the server opens another player's."""
        game = running_game(await self.moves.get(game_id))
        if seat is None:
            own = self.moves.seat_of(game, user_id)
            return await self.open_seat(
                game.id,
                own,
                msg("🪑 {who} leaves the game to a substitute.", who=text.user(user_id)),
            )
        if user_id != game.host_id and not manager:
            raise Refusal(
                msg(
                    "Only the host of game #{number} or a member who manages this server can "
                    "open another player's seat.",
                    number=game.id,
                )
            )
        place = next((s for s in game.seats if s.seat == seat - 1), None)
        if place is None:
            raise Refusal(msg("Game #{number} has no seat {seat}.", number=game.id, seat=seat))
        notice = (
            msg("🪑 {who} opens seat {seat}.", who=text.user(user_id), seat=seat)
            if place.user_id is None
            else msg(
                "🪑 {who} opens seat {seat}, left by {leaver}.",
                who=text.user(user_id),
                seat=seat,
                leaver=text.user(place.user_id),
            )
        )
        return await self.open_seat(game.id, seat - 1, notice)

    async def open_seat(self, game_id: int, seat: int, notice: str) -> Game:
        """Leave engine seat ``seat`` open for someone to take, telling the table ``notice``
        and announcing it, with a **Take this seat** button, in the game's thread and its
        channel. The player who held it is no longer at the table."""
        async with self.moves.locks(game_id):
            game = running_game(await self.moves.get(game_id))
            if not TableSettings.of(game).allow_substitutes:
                raise Refusal(msg("Game #{number} does not allow substitutes.", number=game.id))
            place = next((s for s in game.seats if s.seat == seat), None)
            if place is None:
                raise Refusal(
                    nmsg(
                        "Game #{number} has only {n} seat.",
                        "Game #{number} has only {n} seats.",
                        len(game.seats),
                        number=game.id,
                    )
                )
            if place.is_open:
                raise Refusal(msg("That seat of game #{number} is already open.", number=game.id))
            if place.user_id is None:
                raise Refusal(msg("That seat of game #{number} is an AI player's.", number=game.id))
            leaver = place.user_id
            opened = _seated(game, seat, None)
            changes = (*TableSettings.of(game).seat_changes, SeatChange(seat, leaver))
            title = games.get(game.game_key).title
            told = notice_deliveries(game, notice)
            told += _announcement(game, opened, seat, title)
            # The leaver's private message is emptied: it showed the seat's secrets.
            told.append(
                Delivery(DeliveryKind.VIEW, leaver, {"version": game.version}, game_id=game.id)
            )
            game = await self._hand_over(opened, seat, None, changes, told)
        self.moves.delivered()
        self.moves.moved(game)
        return game

    async def take_seat(self, game_id: int, seat: int, user_id: int) -> Game:
        """``user_id`` takes the open engine seat ``seat``: the table is told, their private
        view comes by DM at once, and the board names them."""
        async with self.moves.locks(game_id):
            game = await self.moves.get(game_id)
            if game.status is not GameStatus.ACTIVE:
                raise Refusal(msg("Game #{number} is no longer being played.", number=game.id))
            if seat not in open_seats(game):
                raise Refusal(
                    msg("That seat of game #{number} has been taken already.", number=game.id)
                )
            if game.seated(user_id):
                raise Refusal(
                    msg("You already play in game #{number}: one seat each.", number=game.id)
                )
            if user_id in leavers(game):
                raise Refusal(
                    msg(
                        "You left game #{number}; someone else will take this seat.", number=game.id
                    )
                )
            # A substitute joins the table as a lobby's players did: on its terms.
            settings = TableSettings.of(game)
            await check_requirements(
                self.moves.store, game.guild_id, settings.requirements, user_id
            )
            waiting = [c for c in settings.seat_changes if c.seat == seat and c.took is None]
            leaver = waiting[-1].left if waiting else None
            changes = tuple(
                dataclasses.replace(c, took=user_id) if c in waiting else c
                for c in settings.seat_changes
            )
            taken = _seated(game, seat, user_id)
            title = games.get(game.game_key).title
            said = {"who": text.user(user_id), "seat": seat + 1, "game": title, "number": game.id}
            welcome = (
                msg(
                    "🪑 {who} takes seat {seat} in {b}{game}{/b} #{number}. Welcome to the table!",
                    **said,
                )
                if leaver is None
                else msg(
                    "🪑 {who} takes seat {seat} in {b}{game}{/b} #{number}, in place of {leaver}. "
                    "Welcome to the table!",
                    leaver=text.user(leaver),
                    **said,
                )
            )
            told = notice_deliveries(taken, welcome)
            told += table_deliveries(taken, game.version, post=True, lines=False)
            told.append(
                Delivery(
                    DeliveryKind.VIEW,
                    user_id,
                    {"version": game.version, "notify": True},
                    game_id=game.id,
                )
            )
            game = await self._hand_over(taken, seat, user_id, changes, told)
        self.moves.delivered()
        self.moves.moved(game)
        return game

    async def _hand_over(
        self,
        game: Game,
        seat: int,
        user_id: int | None,
        changes: tuple[SeatChange, ...],
        told: list[Delivery],
    ) -> Game:
        """Record the change of hands of ``game`` (already showing the seat's new holder)
        with its clock and what it tells, in one transaction."""
        engine = games.get(game.game_key)
        state = engine.load(stored_state(game))
        waiting = engine.waiting_for(state) - game.resigned_seats()
        timers = await clock_timers(self.moves.store, game, waiting, self.moves.clock(), mover=seat)
        try:
            return await self.moves.store.games.hand_over(
                game.id,
                seat=seat,
                user_id=user_id,
                expected_version=game.version,
                to_act=waiting,
                settings=dataclasses.replace(TableSettings.of(game), seat_changes=changes).stored(),
                deliveries=told,
                timers=timers or (),
            )
        except AlreadySeated:
            raise Refusal(
                msg("You already play in game #{number}: one seat each.", number=game.id)
            ) from None
        except (VersionConflict, GameNotActive):
            raise Refusal(
                msg("Game #{number} moved on meanwhile; try again.", number=game.id)
            ) from None


def _seated(game: Game, seat: int, user_id: int | None) -> Game:
    """``game`` as it is once ``seat`` is ``user_id``'s (``None``: open), not resigned."""
    seats = tuple(
        dataclasses.replace(
            s,
            user_id=user_id,
            ai_level=OPEN_SEAT if user_id is None else None,
            resigned_at=None,
            missed=0,
        )
        if s.seat == seat
        else s
        for s in game.seats
    )
    return dataclasses.replace(game, seats=seats)


def _announcement(before: Game, game: Game, seat: int, title: str) -> list[Delivery]:
    """ "Dave's seat is open" with its **Take this seat** button, in the game's thread and,
    when the game has its own thread, in its channel too; the seat is named by the player
    who held it (``before`` it was opened)."""
    content = msg(
        "🪑 {holder}'s seat in {b}{game}{/b} #{number} is open: "
        "anyone not yet at this table may take it over. Until then the AI plays it when its "
        "clock runs out.",
        holder=seat_ref(seat),
        game=title,
        number=game.id,
    )
    post = Post(
        content=content,
        seats=seat_users(before),
        game_id=game.id,
        seat_button=SeatButton(game.id, seat),
    )
    posts = [
        Delivery(
            DeliveryKind.THREAD_POST,
            where(game),
            post.to_payload(),
            game_id=game.id,
            lane=game_lane(game.id),
        )
    ]
    if game.thread_id is not None:
        posts.append(
            Delivery(DeliveryKind.THREAD_POST, game.channel_id, post.to_payload(), game_id=game.id)
        )
    return posts
