"""Which game a command is about: the thread it is used in, the ``game:`` option, or the
caller's only game; for a move, the only game of the caller's where that move is legal.

Every game found here is found through ``bot.common.access``: in a server only that server's games,
in a DM only the caller's own."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

import games
from bot.common.access import reachable_game, reachable_games
from bot.common.access import thread_game as reachable_thread_game
from bot.common.refusals import Refusal
from bot.words.i18n import localize
from games.core import IllegalAction
from games.core.words import msg, msg_list
from storage import Game, GameStatus

if TYPE_CHECKING:
    from bot.wiring.services import Services

#: What a member in several games, none of which waits on them, is told by ``/play``.
NOT_YOUR_TURN_ANYWHERE = msg("It's not your turn in any of your games — you'll be pinged.")


async def find_game(
    services: Services, interaction: discord.Interaction, game_id: int | None
) -> Game:
    """The game a command means, or a refusal that says how to name one."""
    if game_id is not None:
        return await reachable_game(interaction, game_id)
    game = await thread_game(services, interaction)
    if game is not None:
        return game
    mine = await reachable_games(interaction, (GameStatus.ACTIVE,))
    return _only_game(mine, interaction.channel_id)


def _only_game(mine: list[Game], channel_id: int | None) -> Game:
    """The caller's only running game, or their only one in this channel."""
    here = [g for g in mine if g.channel_id == channel_id]
    if len(mine) == 1:
        return mine[0]
    if len(here) == 1:
        return here[0]
    if not mine:
        raise Refusal(msg("You are not playing a game right now. Start one with `/game new`."))
    raise Refusal(
        msg(
            "Which game? Use this in its thread, or add the `game:` option ({games}).",
            games=listed(mine),
        )
    )


async def find_game_for_move(
    services: Services, interaction: discord.Interaction, game_id: int | None, move: str
) -> Game:
    """The game a ``/play`` means: the ``game:`` option, the thread's game, or else the only
    game of the caller's where ``move`` is legal for them. When it is legal in several, the
    caller is asked which; when in none, the game is found as for any command."""
    if game_id is not None:
        return await reachable_game(interaction, game_id)
    in_thread = await thread_game(services, interaction)
    if in_thread is not None:
        return in_thread
    mine = await reachable_games(interaction, (GameStatus.ACTIVE,))
    fitting = [g for g in mine if legal_in(g, interaction.user.id, move)]
    if len(fitting) == 1:
        return fitting[0]
    if fitting:
        raise Refusal(
            msg(
                "`{move}` can be played in several of your games ({games}): add the `game:`"
                " option to say which.",
                move=move,
                games=listed(fitting),
            )
        )
    if len(mine) > 1 and not any(may_act(g, interaction.user.id) for g in mine):
        raise Refusal(NOT_YOUR_TURN_ANYWHERE)
    return _only_game(mine, interaction.channel_id)


def may_act(game: Game, user_id: int) -> bool:
    """Whether the engine has moves for ``user_id`` in ``game`` now."""
    return bool(legal_moves(game, user_id))


def legal_moves(game: Game, user_id: int) -> list[str]:
    """The moves the engine allows ``user_id`` in ``game`` now, as notations."""
    seat = _playing_seat(game, user_id)
    if seat is None:
        return []
    assert game.state is not None  # a playing seat is in a started game
    engine = games.get(game.game_key)
    return [engine.notation(a) for a in engine.legal_actions(engine.load(game.state), seat)]


def labelled_moves(game: Game, user_id: int) -> list[tuple[str, str]]:
    """The moves the engine allows ``user_id`` in ``game`` now, each as its notation and the
    words that say what it does (neutral text: seats as ``{p0}``…)."""
    seat = _playing_seat(game, user_id)
    if seat is None:
        return []
    assert game.state is not None  # a playing seat is in a started game
    engine = games.get(game.game_key)
    state = engine.load(game.state)
    return [
        (engine.notation(a), engine.action_label(state, seat, a))
        for a in engine.legal_actions(state, seat)
    ]


def _playing_seat(game: Game, user_id: int) -> int | None:
    seat = game.seat_of(user_id)
    if seat is None or game.state is None or seat in game.resigned_seats():
        return None
    return seat


def legal_in(game: Game, user_id: int, move: str) -> bool:
    """Whether the engine would take ``move`` from ``user_id`` in ``game`` now."""
    seat = _playing_seat(game, user_id)
    if seat is None:
        return False
    assert game.state is not None  # a playing seat is in a started game
    engine = games.get(game.game_key)
    try:
        engine.parse(engine.load(game.state), seat, move)
    except IllegalAction:
        return False
    return True


def listed(found: list[Game]) -> str:
    """Games named for a member choosing between them, e.g. "#3 Mandragora, #5 Marginalia"."""
    return msg_list(
        [
            msg("#{number} {game}", number=g.id, game=games.get(g.game_key).title)
            for g in found[:10]
        ],
        style="unit",
    )


async def thread_game(services: Services, interaction: discord.Interaction) -> Game | None:
    """The game played in the thread ``interaction`` comes from, if it comes from one."""
    return await reachable_thread_game(interaction)


async def game_choices(
    services: Services, interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """The caller's open games for a ``game:`` option, their turns first (only the games
    they may reach from here)."""
    user = interaction.user.id
    found = await reachable_games(interaction, (GameStatus.ACTIVE, GameStatus.LOBBY))
    needle = current.strip().lstrip("#").lower()
    choices: list[tuple[bool, app_commands.Choice[int]]] = []
    for game in found:
        title = games.get(game.game_key).title
        seat = game.seat_of(user)
        turn = game.status is GameStatus.ACTIVE and seat is not None and seat in game.to_act
        if turn:
            label = msg("#{number} {game} — your turn", number=game.id, game=title)
        elif game.status is GameStatus.LOBBY:
            label = msg("#{number} {game} — lobby", number=game.id, game=title)
        else:
            label = msg("#{number} {game}", number=game.id, game=title)
        said = localize(label)
        if needle in said.lower() or needle in label.lower():
            choices.append((not turn, app_commands.Choice(name=said[:100], value=game.id)))
    choices.sort(key=lambda c: (c[0], c[1].value))
    return [c for _, c in choices[:25]]
