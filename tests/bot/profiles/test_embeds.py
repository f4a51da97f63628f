"""The profile and leaderboard embeds: names in their fields, provisional ratings."""

from __future__ import annotations

from bot.profiles.embeds import leaderboard_embed, profile_embed, rating_text
from bot.profiles.profiles import Profile
from bot.profiles.ratings import RANKED_AFTER
from storage import Rating
from storage.contract.profiles import Opponent, PlayerStats, Tally, Timing

GUILD = 1


def _rating(user_id: int, games: int, mu: float = 25.0, sigma: float = 25.0 / 3) -> Rating:
    return Rating(GUILD, "marginalia", user_id, mu, sigma, games, 0)


def test_a_rating_says_how_many_games_it_has_to_go_until_ranked() -> None:
    assert (
        rating_text(_rating(1, 1))
        == f"**1500** (provisional — {RANKED_AFTER - 1} more games to be ranked)"
    )
    assert rating_text(_rating(1, RANKED_AFTER - 1)) == (
        "**1500** (provisional — 1 more game to be ranked)"
    )
    assert rating_text(_rating(1, RANKED_AFTER)) == "**1500**"


def test_leaderboard_names_read_as_written_and_nobody_is_mentioned() -> None:
    names = {1: "ada_lovelace", 2: "*bob*"}
    embed = leaderboard_embed(
        "marginalia", [_rating(1, RANKED_AFTER, 30.0, 2.0)], [_rating(2, 2)], names
    )
    assert embed.description == f"🥇 ada\\_lovelace — **1740** · {RANKED_AFTER} games, 0 wins"
    (provisional,) = embed.fields
    assert provisional.value == (
        f"\\*bob\\* — 1500 · 0 wins in 2 games, {RANKED_AFTER - 2} more to be ranked"
    )
    assert "<@" not in str(embed.to_dict())


def test_usual_opponents_are_named_and_each_rating_says_if_it_is_provisional() -> None:
    stats = PlayerStats(
        user_id=1,
        played=3,
        won=2,
        resigned=0,
        abandoned=0,
        by_game=(Tally("marginalia", 3, 2),),
        by_seats=(Tally("2", 3, 2),),
        timing=Timing(moves=0, median_s=None, p90_s=None, missed=0, left=0),
        opponents=(Opponent(2, 2), Opponent(3, 1)),
        trend=(),
        trend_game=None,
    )
    profile = Profile(stats, (_rating(1, 3, 27.0, 7.0),))
    embed = profile_embed("alice", profile, None, {2: "bob", 3: "carol"})
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Usual opponents"] == "bob (2 games) · carol (1 game)"
    assert fields["Marginalia"] == (
        "**1560** (provisional — 2 more games to be ranked) · 3 rated, 0 won"
    )
    assert "<@" not in str(embed.to_dict())
