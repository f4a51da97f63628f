"""A tournament's tables take substitutes only when its organiser allowed them."""

from __future__ import annotations

import pytest

from bot.clocks.substitutes import Substitutes
from bot.common.refusals import Refusal
from bot.tables.play import Tables
from bot.tournaments.service import Tournaments
from storage import SqliteStore
from tests.bot.tournaments.conftest import CHANNEL, GUILD, ORGANISER, sign_up


@pytest.mark.parametrize("allowed", [False, True])
async def test_substitutes_at_tournament_tables_follow_the_organiser(
    tournaments: Tournaments, tables: Tables, store: SqliteStore, allowed: bool
) -> None:
    tournament = await tournaments.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        game_key="mandragora",
        tournament_format="swiss",
        rounds=1,
        tables="2",
        substitutes=allowed,
    )
    tournament = await sign_up(tournaments, tournament, range(1, 4))
    started = await tournaments.start(tournament.id, ORGANISER, is_admin=False)
    table = next(t for t in started.tables_of(1) if t.game_id is not None)
    assert table.game_id is not None
    player = table.players[0]
    if not allowed:
        with pytest.raises(Refusal, match="does not allow substitutes"):
            await Substitutes(tables.moves).ask_substitute(
                table.game_id, player, seat=None, manager=False
            )
        assert (await store.games.get(table.game_id)).seat_of(player) is not None
        return
    game = await Substitutes(tables.moves).ask_substitute(
        table.game_id, player, seat=None, manager=False
    )
    assert game.seat_of(player) is None
    assert any(s.is_open for s in game.seats)
