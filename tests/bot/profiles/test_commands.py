"""``/profile``, ``/profile versus:``, ``/stats`` and ``/leaderboard`` through SimCord."""

from __future__ import annotations

from typing import Any

import simcord

from bot.profiles.ratings import RANKED_AFTER
from storage import Rating, RatingChange
from tests.bot.conftest import Table
from tests.bot.driving import (
    bot_of,
    legal_moves,
    member_at,
    play_by_command,
    replies,
    resign,
    start_game,
    stored,
)


def _shown(result: simcord.InteractionResult) -> dict[str, Any]:
    assert result.ephemeral
    assert result.response is not None
    return dict(result.response.embeds[0].to_dict())


def _fields(result: simcord.InteractionResult) -> dict[str, str]:
    return {f["name"]: f["value"] for f in _shown(result).get("fields", [])}


async def _finished_marginalia(table: Table) -> int:
    """Alice and Bob's game of Marginalia, which Bob resigns: Alice wins."""
    thread, game_id = await start_game(table, "marginalia", ["alice", "bob"])
    await resign(table.members["bob"], thread)
    return game_id


async def test_a_profile_shows_the_record_of_finished_games(table: Table) -> None:
    await _finished_marginalia(table)
    alice, bob = table.members["alice"], table.members["bob"]
    fields = _fields(await bob.slash(table.channel, "profile", member=alice))
    assert (fields["Games finished"], fields["Wins"], fields["Win rate"]) == ("1", "1", "100%")
    assert fields["Favourite game"] == "Marginalia"
    assert fields["By table size"] == "2 players: 1 game, 1 won (100%)"
    # A name, not a mention: embed fields do not render mentions on many clients.
    assert fields["Usual opponents"] == "bob (1 game)"
    assert fields["Resigned"] == "0"
    own = _fields(await bob.slash(table.channel, "profile"))
    assert (own["Games finished"], own["Wins"], own["Resigned"]) == ("1", "0", "1")
    assert "1 game left" in own["Reliability"]
    at_other_game = _shown(await bob.slash(table.channel, "profile", game="mandragora"))
    assert at_other_game["description"] == "No finished games on this server yet."


async def test_head_to_head_says_who_finished_ahead(table: Table) -> None:
    await _finished_marginalia(table)
    alice, bob = table.members["alice"], table.members["bob"]
    shown = await alice.slash(table.channel, "profile", versus=bob)
    fields = _fields(shown)
    assert "1 finished game together" in _shown(shown)["description"]
    assert (fields["alice ahead"], fields["bob ahead"], fields["Same place"]) == ("1", "0", "0")
    never = _shown(await alice.slash(table.channel, "profile", versus=table.members["carol"]))
    assert "not finished a game together" in never["description"]
    refused = await alice.slash(table.channel, "profile", versus=alice)
    assert refused.ephemeral
    assert "someone else" in replies(refused)[0]


async def test_a_running_games_moves_never_reach_a_profile(table: Table) -> None:
    """Magnum Opus picks are secret until everyone has picked: a profile read before and
    after Alice's pick is the same, and names nothing of it."""
    await _finished_marginalia(table)
    _, game_id = await start_game(table, "magnum-opus", ["alice", "bob"])
    alice, carol = table.members["alice"], table.members["carol"]

    async def seen() -> list[dict[str, Any]]:
        return [
            _shown(await carol.slash(table.channel, "profile", member=alice)),
            _shown(await carol.slash(table.channel, "profile", member=alice, game="magnum-opus")),
            _shown(
                await carol.slash(
                    table.channel, "profile", member=alice, versus=table.members["bob"]
                )
            ),
            _shown(await carol.slash(table.channel, "stats")),
        ]

    before = await seen()
    game = await stored(table, game_id)
    seat = game.seat_of(alice.id)
    assert seat is not None
    pick = (await legal_moves(table, game, seat))[0]
    await play_by_command(table, game, seat, pick)
    assert (await stored(table, game_id)).version == game.version + 1
    after = await seen()
    assert after == before
    assert pick not in str(after)


async def test_server_statistics(table: Table) -> None:
    await _finished_marginalia(table)
    erin = table.members["erin"]
    shown = _shown(await erin.slash(table.channel, "stats"))
    assert (
        shown["description"]
        == "1 game started, 1 finished · 2 players active in the last four weeks"
    )
    fields = {f["name"]: f["value"] for f in shown["fields"]}
    assert fields["Most played"] == "Marginalia: 1 game"
    assert "Fastest games" not in fields  # the one game was resigned
    assert fields["First player's advantage"].startswith("Marginalia: first player won")
    assert len(fields["Per week (from Monday)"].splitlines()) == 8
    only = _shown(await erin.slash(table.channel, "stats", game="mandragora"))
    assert only["description"].startswith("0 games started, 0 finished")
    refused = await erin.slash(table.channel, "stats", game="chess")
    assert refused.ephemeral


async def test_first_players_advantage_counts_whoever_took_the_first_turn(table: Table) -> None:
    """Marginalia draws who begins: the first game dealt here begins with seat 1's turn, the
    second with seat 2's. Whoever began wins each (the other resigns), so the first player
    won both, though seat 1 won only one of them."""
    firsts = []
    for _ in range(2):
        thread, game_id = await start_game(table, "marginalia", ["alice", "bob"])
        game = await stored(table, game_id)
        (first,) = game.to_act
        firsts.append(first)
        await resign(member_at(table, game, 1 - first), thread)
    assert firsts == [0, 1]
    shown = _shown(await table.members["erin"].slash(table.channel, "stats", game="marginalia"))
    fields = {f["name"]: f["value"] for f in shown["fields"]}
    assert fields["First player's advantage"] == (
        "Marginalia: first player won 100% of 2 games; an even share is 50% (early days)"
    )
    assert "whoever took a game's first turn" in shown["footer"]["text"]


async def test_leaderboards_rank_after_a_few_games_on_a_friendly_scale(table: Table) -> None:
    store = bot_of(table).services.store
    alice, bob = table.members["alice"], table.members["bob"]
    lobby = await store.games.create_lobby(
        game_key="marginalia",
        guild_id=table.guild.id,
        channel_id=table.channel.id,
        host_id=alice.id,
        options={},
    )
    settled = 25.0 / 9
    await store.ratings.record(
        lobby.id,
        [
            Rating(table.guild.id, "marginalia", alice.id, 25.0, settled, RANKED_AFTER, 3),
            Rating(table.guild.id, "marginalia", bob.id, 30.0, 8.0, RANKED_AFTER - 1, 4),
        ],
    )
    shown = _shown(
        await table.members["erin"].slash(table.channel, "leaderboard", game="marginalia")
    )
    # Everyone starts at 1500, ten points a point of openskill's careful estimate (mu less
    # three sigma): Alice's, 25 - 3 × 25/9 = 16.7, reads 1667; Bob's, 30 - 3 × 8 = 6, 1560.
    assert shown["description"] == f"🥇 alice — **1667** · {RANKED_AFTER} games, 3 wins"
    (provisional,) = shown["fields"]
    assert provisional["name"] == f"Provisional (ranked after {RANKED_AFTER} rated games)"
    assert provisional["value"] == (
        f"bob — 1560 · 4 wins in {RANKED_AFTER - 1} games, 1 more to be ranked"
    )
    assert "<@" not in str(shown)
    assert "How ratings work" in shown["footer"]["text"]
    fields = _fields(await alice.slash(table.channel, "profile", member=bob))
    assert fields["Marginalia"] == (
        f"**1560** (provisional — 1 more game to be ranked) · {RANKED_AFTER - 1} rated, 4 won"
    )


async def test_a_profile_draws_the_rating_trend(table: Table) -> None:
    store = bot_of(table).services.store
    alice, bob = table.members["alice"], table.members["bob"]
    for after in (1.0, 4.0, 3.0):
        lobby = await store.games.create_lobby(
            game_key="marginalia",
            guild_id=table.guild.id,
            channel_id=table.channel.id,
            host_id=alice.id,
            options={},
        )
        for member in (alice, bob):
            await store.games.join(lobby.id, user_id=member.id, max_seats=2)
        game = await store.games.start(
            lobby.id, seed=1, seat_order=[0, 1], state="{}", to_act=frozenset({0})
        )
        outcome = '{"scores": [1, 0], "tiebreaks": [0, 0], "ranks": [1, 2], "winners": [0]}'
        await store.games.record_move(
            game.id,
            expected_version=0,
            seat=0,
            notation="win",
            state="{}",
            to_act=frozenset(),
            outcome=outcome,
        )
        rating = Rating(table.guild.id, "marginalia", alice.id, 25.0, 8.0, 1, 0)
        await store.ratings.record(game.id, [rating], [RatingChange(alice.id, 0.0, after)])
    result = await alice.slash(table.channel, "profile", game="marginalia")
    assert result.response is not None
    (picture,) = result.response.attachments
    assert picture.filename == "trend.png"
    assert picture.description is not None
    assert picture.description.startswith("Marginalia rating, latest games: 3 ratings, from ")
    assert _shown(result)["image"]["url"] == "attachment://trend.png"
    assert _fields(result)["Games finished"] == "3"
    flat = await table.members["carol"].slash(table.channel, "profile")
    assert flat.response is not None
    assert flat.response.attachments == []
