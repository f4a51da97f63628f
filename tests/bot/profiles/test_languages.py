"""Profiles, leaderboards and statistics in the reader's language: words, numbers and
durations as French and German write them."""

from __future__ import annotations

from datetime import UTC, datetime

import discord

from bot.profiles.embeds import (
    leaderboard_embed,
    number,
    profile_embed,
    rating_text,
    span,
    stats_embed,
    versus_embed,
)
from bot.profiles.profiles import Profile
from bot.profiles.ratings import RANKED_AFTER
from bot.words.i18n import localize, reading_in
from bot.words.languages import PSEUDO
from storage import Rating
from storage.contract.profiles import (
    HeadToHead,
    Opponent,
    PlayerStats,
    SeatAdvantage,
    ServerStats,
    Span,
    Tally,
    Timing,
    Week,
)
from tests.games.pseudo import unmarked

GUILD = 1


def _rating(user_id: int, games: int) -> Rating:
    return Rating(GUILD, "marginalia", user_id, 25.0, 25.0 / 3, games, 1)


def test_a_leaderboard_reads_in_french() -> None:
    names = {1: "Ann", 2: "Bob"}
    with reading_in("fr"):
        embed = leaderboard_embed(
            "marginalia", [_rating(1, RANKED_AFTER + 1)], [_rating(2, 1)], names
        )
    assert embed.title == "🏅 Marginalia — classement"
    assert embed.description == f"🥇 Ann — **1500** · {RANKED_AFTER + 1} parties, 1 victoire"
    assert embed.fields[0].name == f"Provisoires (classés après {RANKED_AFTER} parties classées)"
    assert embed.fields[0].value is not None
    assert embed.fields[0].value.startswith("Bob — 1500 · 1 victoire en 1 partie, encore")
    assert embed.footer.text is not None
    assert embed.footer.text.startswith("Les cotes sont tenues")


def test_ratings_numbers_and_durations_in_german() -> None:
    assert localize(rating_text(_rating(1, 1)), "de") == (
        f"**1500** (vorläufig — noch {RANKED_AFTER - 1} Partien bis zur Platzierung)"
    )
    assert localize(span(2 * 86400 + 4 * 3600), "de") == "2 Tg. 4 Std."
    assert localize(span(2 * 86400 + 4 * 3600), "fr") == "2 j 4 h"
    assert span(2 * 86400 + 4 * 3600) == "2 d 4 h"
    with reading_in("de"):
        assert number(12345) == "12.345"
    assert number(12345) == "12,345"


def _texts(embed: discord.Embed) -> list[str]:
    data = embed.to_dict()
    texts = [str(data.get("title", "")), str(data.get("description", ""))]
    texts += [str(data.get("footer", {}).get("text", ""))]
    for field in data.get("fields", []):
        texts += [str(field["name"]), str(field["value"])]
    return texts


def test_every_word_of_a_profile_and_the_statistics_is_a_message() -> None:
    stats = PlayerStats(
        user_id=1,
        played=3,
        won=2,
        resigned=1,
        abandoned=0,
        by_game=(Tally("marginalia", 3, 2), Tally("mandragora", 1, 0)),
        by_seats=(Tally("2", 3, 2),),
        timing=Timing(moves=40, median_s=700.0, p90_s=90000.0, missed=1, left=0),
        opponents=(Opponent(2, 2),),
        trend=(),
        trend_game=None,
    )
    server = ServerStats(
        weeks=(Week(datetime(2026, 11, 23, tzinfo=UTC), 4, 3),),
        active_players=5,
        started=4,
        finished=3,
        most_played=(Tally("marginalia", 3, 0),),
        longest=(Span(7, "marginalia", 200000.0, 50),),
        fastest=(Span(8, "marginalia", 40.0, 1),),
        seat_advantage=(SeatAdvantage("marginalia", 3, 2, 0.5),),
    )
    names = {1: "Ann", 2: "Bob"}
    with reading_in(PSEUDO):
        embeds = [
            profile_embed("Ann", Profile(stats, (_rating(1, 3),)), None, names),
            versus_embed("Ann", "Bob", HeadToHead(2, 1, 1, 0), "marginalia"),
            stats_embed("Guild", server, None),
            leaderboard_embed("marginalia", [_rating(1, 9)], [_rating(2, 1)], names),
        ]
    allowed = frozenset({"Ann", "Bob", "Guild", "Marginalia", "Mandragora", "Nov"})
    for embed in embeds:
        for text in _texts(embed):
            assert unmarked(text, allowed) == [], text
