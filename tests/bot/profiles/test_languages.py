"""Profiles, leaderboards and statistics in the reader's language: words, numbers and
durations as French and German write them."""

from __future__ import annotations

from bot.profiles.embeds import leaderboard_embed, number, rating_text, span
from bot.profiles.ratings import RANKED_AFTER
from bot.words.i18n import localize, reading_in
from storage import Rating

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
    assert localize(span(2 * 86400 + 4 * 3600), "de") == "2 T. 4 h"
    assert localize(span(2 * 86400 + 4 * 3600), "fr") == "2 j 4 h"
    assert span(2 * 86400 + 4 * 3600) == "2 d 4 h"
    with reading_in("de"):
        assert number(12345) == "12.345"
    assert number(12345) == "12,345"
