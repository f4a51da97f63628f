"""Contract: a member's data is shown by kind and erased without a trace outside the tables
docs/privacy.md names (none), their finished games kept under a placeholder; a server the
bot left is remembered until purged, and purging it removes its every row."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import pytest

from storage import (
    Delivery,
    DeliveryKind,
    Game,
    GameStatus,
    MemberStillPlaying,
    NewTimer,
    PrivateView,
    Rating,
    RatingChange,
    Store,
    TimerKind,
    TournamentFormat,
)
from tests.storage.contract import FakeClock

#: Ids long enough that no other number in the database holds them by chance.
MEMBER = 812_345_678_901_234_567
OTHER = 823_456_789_012_345_678
THIRD = 834_567_890_123_456_789
GUILD, OTHER_GUILD = 845_678_901_234_567_890, 856_789_012_345_678_901
PLACEHOLDER = -42
#: Where docs/privacy.md says an erased member's id may stay: nowhere in the database.
KEPT_AFTER_ERASURE: frozenset[str] = frozenset()


async def tables(store: Store) -> dict[str, list[str]]:
    """Every table of the database (views left out) and its columns."""
    database: Any = store.database  # type: ignore[attr-defined]
    if database.dialect.sqlite:
        names = await database.read(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
        return {
            str(row["name"]): [
                str(c["name"])
                for c in await database.read("SELECT name FROM pragma_table_info(?)", row["name"])
            ]
            for row in names
        }
    found: dict[str, list[str]] = {}
    for row in await database.read(
        "SELECT c.table_name, c.column_name FROM information_schema.columns c"
        " JOIN information_schema.tables t ON t.table_name = c.table_name"
        " AND t.table_schema = c.table_schema"
        " WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'"
        " ORDER BY c.table_name, c.ordinal_position"
    ):
        found.setdefault(str(row["table_name"]), []).append(str(row["column_name"]))
    return found


async def mentions(store: Store, number: int) -> dict[str, int]:
    """The rows of each table holding ``number`` in any column, as a value or in text
    (tables with none left out)."""
    database: Any = store.database  # type: ignore[attr-defined]
    cast = "CAST({} AS TEXT)" if database.dialect.sqlite else "CAST({} AS text)"
    counted = {}
    for table, columns in (await tables(store)).items():
        condition = " OR ".join(f"{cast.format(c)} LIKE ?" for c in columns)
        (row,) = await database.read(
            f"SELECT count(*) AS n FROM {table} WHERE {condition}",
            *([f"%{number}%"] * len(columns)),
        )
        if row["n"]:
            counted[table] = int(row["n"])
    return counted


def _outcome(ranks: Sequence[int]) -> str:
    return json.dumps(
        {
            "scores": [0] * len(ranks),
            "tiebreaks": [0] * len(ranks),
            "ranks": list(ranks),
            "winners": [seat for seat, rank in enumerate(ranks) if rank == 1],
        }
    )


async def _game(store: Store, users: Sequence[int], guild: int = GUILD) -> Game:
    lobby = await store.games.create_lobby(
        game_key="mandragora", guild_id=guild, channel_id=9, host_id=users[0], options={}
    )
    for user in users:
        await store.games.join(lobby.id, user_id=user, max_seats=5)
    return await store.games.start(
        lobby.id, seed=1, seat_order=list(range(len(users))), state="{}", to_act=frozenset({0})
    )


async def _finish(store: Store, game: Game, *, mention: int | None = None) -> Game:
    moved = await store.games.record_move(
        game.id,
        expected_version=game.version,
        seat=0,
        notation="m1",
        state="{}",
        to_act=frozenset({1}),
        deliveries=[Delivery(DeliveryKind.DM, target_id=mention or OTHER, game_id=game.id)],
    )
    return await store.games.record_move(
        moved.id,
        expected_version=moved.version,
        seat=1,
        notation="m2",
        state="{}",
        to_act=frozenset(),
        outcome=_outcome([1, 2]),
    )


class PrivacyContract:
    """What every store does with a member's data and a server it left."""

    @pytest.fixture
    async def played(self, store: Store, clock: FakeClock) -> Game:
        """The member has played and lost a rated game against another, hosted it, chosen
        their notifications, gone away, entered and organised a tournament that was called
        off, and has a private message and a reminder; a game of two others runs."""
        await store.prefs.set_notifications(MEMBER, digest=False)
        await store.prefs.set_away(MEMBER, clock() + timedelta(days=2))
        await store.prefs.set_notifications(OTHER, reminders=False)
        game = await _game(store, [MEMBER, OTHER])
        await store.views.put(PrivateView(game.id, MEMBER, channel_id=77, message_id=78))
        await store.views.put(PrivateView(game.id, OTHER, channel_id=79, message_id=80))
        finished = await _finish(store, game, mention=MEMBER)
        await store.ratings.record(
            finished.id,
            [
                Rating(GUILD, "mandragora", MEMBER, mu=20.0, sigma=7.0, games=1),
                Rating(GUILD, "mandragora", OTHER, mu=30.0, sigma=7.0, games=1, wins=1),
            ],
            [RatingChange(MEMBER, 0.0, -1.0), RatingChange(OTHER, 0.0, 9.0)],
        )
        tournament = await store.tournaments.create(
            guild_id=GUILD,
            channel_id=9,
            organiser_id=MEMBER,
            game_key="mandragora",
            format=TournamentFormat.SWISS,
            rounds=2,
            settings={},
        )
        await store.tournaments.enter(tournament.id, user_id=MEMBER)
        await store.tournaments.enter(tournament.id, user_id=OTHER)
        await store.tournaments.cancel(tournament.id)
        await store.timers.schedule(
            [NewTimer(TimerKind.DIGEST, clock() + timedelta(hours=1), key=f"digest:{MEMBER}")]
        )
        await _game(store, [OTHER, THIRD])
        return finished

    async def test_a_member_is_shown_what_is_kept_about_them_by_kind(
        self, store: Store, played: Game
    ) -> None:
        data = await store.privacy.member_data(MEMBER)
        counts = data.counts
        assert counts["preferences"] == 1
        assert counts["vacations"] == 1
        assert counts["games"] == counts["games_hosted"] == 1
        assert counts["moves"] == 1
        assert counts["results"] == counts["ratings"] == counts["rating_changes"] == 1
        assert counts["tournaments"] == counts["tournaments_organised"] == 1
        assert counts["private_messages"] == 1
        assert counts["pending_notices"] == 2  # a DM waiting to go out, a digest
        json.dumps(data.rows)  # plain values, ready for a download
        assert (await store.privacy.member_data(THIRD)).counts["games"] == 1
        assert (await store.privacy.member_data(867_890_123_456_789_012)).total == 0

    async def test_erasure_leaves_the_id_nowhere_and_the_game_to_a_placeholder(
        self, store: Store, played: Game
    ) -> None:
        assert await mentions(store, MEMBER)
        others_before = await store.privacy.member_data(OTHER)
        held = await store.privacy.erase_member(MEMBER, placeholder=PLACEHOLDER)
        assert held.counts["games"] == 1
        assert set(await mentions(store, MEMBER)) <= KEPT_AFTER_ERASURE
        assert (await store.privacy.member_data(MEMBER)).total == 0
        game = await store.games.get(played.id)
        assert game.status is GameStatus.FINISHED
        assert [s.user_id for s in game.seats] == [PLACEHOLDER, OTHER]
        assert game.host_id == PLACEHOLDER
        assert [a.notation for a in await store.games.actions(game.id)] == ["m1", "m2"]
        others = await store.privacy.member_data(OTHER)
        kept = ("games", "moves", "results", "ratings", "rating_changes", "tournaments")
        assert {k: others.counts[k] for k in kept} == {k: others_before.counts[k] for k in kept}
        assert await store.prefs.player(OTHER) == (await store.prefs.player(OTHER))
        assert not (await store.prefs.player(OTHER)).reminders

    async def test_a_member_still_playing_is_refused_and_nothing_changes(
        self, store: Store, played: Game
    ) -> None:
        running = await _game(store, [MEMBER, THIRD])
        before = await mentions(store, MEMBER)
        with pytest.raises(MemberStillPlaying) as refused:
            await store.privacy.erase_member(MEMBER, placeholder=PLACEHOLDER)
        assert refused.value.games == (running.id,)
        assert await mentions(store, MEMBER) == before
        lobby = await store.games.create_lobby(
            game_key="mandragora", guild_id=GUILD, channel_id=9, host_id=OTHER, options={}
        )
        await store.games.join(lobby.id, user_id=OTHER, max_seats=5)
        open_one = await store.tournaments.create(
            guild_id=GUILD,
            channel_id=9,
            organiser_id=OTHER,
            game_key="mandragora",
            format=TournamentFormat.SWISS,
            rounds=2,
            settings={},
        )
        await store.tournaments.enter(open_one.id, user_id=THIRD)
        with pytest.raises(MemberStillPlaying) as busy:
            await store.privacy.erase_member(OTHER, placeholder=PLACEHOLDER - 1)
        assert busy.value.tournaments == (open_one.id,)

    async def test_a_server_left_is_remembered_until_the_bot_comes_back(
        self, store: Store, clock: FakeClock
    ) -> None:
        await store.privacy.guild_left(GUILD)
        clock.advance(timedelta(days=1))
        await store.privacy.guild_left(GUILD)  # the first departure counts
        await store.privacy.guild_left(OTHER_GUILD)
        assert await store.privacy.guilds_left_before(clock() - timedelta(hours=1)) == [GUILD]
        assert await store.privacy.guild_back(GUILD)
        assert not await store.privacy.guild_back(GUILD)
        assert await store.privacy.guilds_left_before(clock() + timedelta(days=1)) == [OTHER_GUILD]

    async def test_purging_a_server_removes_its_every_row_and_no_other(
        self, store: Store, played: Game
    ) -> None:
        elsewhere = await _finish(store, await _game(store, [OTHER, THIRD], OTHER_GUILD))
        await store.prefs.set_server(GUILD, {"deadline": 3600})
        await store.privacy.guild_left(GUILD)
        removed = await store.privacy.purge_guild(GUILD)
        assert removed["games"] == 2
        assert removed["tournaments"] == 1
        assert await mentions(store, GUILD) == {}
        assert await store.games.in_guild(GUILD) == []
        assert await store.prefs.server(GUILD) == {}
        assert (await store.games.get(elsewhere.id)).status is GameStatus.FINISHED
        assert await mentions(store, OTHER_GUILD)
        assert await store.privacy.purge_guild(GUILD) == {}

    async def test_the_bot_keeps_values_of_its_own(self, store: Store) -> None:
        assert await store.prefs.bot_value("commands") is None
        await store.prefs.set_bot_value("commands", "abc")
        await store.prefs.set_bot_value("commands", "def")
        assert await store.prefs.bot_value("commands") == "def"

    async def test_a_value_kept_once_is_the_first_kept(self, store: Store) -> None:
        first, second = await asyncio.gather(
            store.prefs.bot_value_once("secret", "one"), store.prefs.bot_value_once("secret", "two")
        )
        assert first == second
        assert await store.prefs.bot_value("secret") == first
        assert await store.prefs.bot_value_once("secret", "three") == first
