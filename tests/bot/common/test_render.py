"""Neutral text drawn as Discord markup: every token, and text that only looks like one."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import get_args

import pytest

from bot.common.render import render
from bot.common.text import TimeStyle, channel, moment, moment_at, strong, user, users

NEW_YEAR = datetime(2026, 1, 2, tzinfo=UTC)


def test_people_places_and_emphasis_are_drawn_as_discord_markup() -> None:
    assert render(user(42)) == "<@42>"
    assert render(users([1, 2, 3])) == "<@1>, <@2>, <@3>"
    assert render(channel(7)) == "<#7>"
    assert render(strong("Mandragora")) == "**Mandragora**"


@pytest.mark.parametrize("style", get_args(TimeStyle))
def test_every_style_of_moment_is_a_discord_timestamp(style: TimeStyle) -> None:
    epoch = int(NEW_YEAR.timestamp())
    assert render(moment(NEW_YEAR, style)) == f"<t:{epoch}:{style}>"
    assert render(moment_at(epoch, style)) == f"<t:{epoch}:{style}>"


def test_seats_are_named_only_when_names_are_given() -> None:
    assert render("{p1} waits for {u5}.", ["Ann", "Bob"]) == "Bob waits for <@5>."
    assert render("{p1} waits.") == "{p1} waits."


def test_braces_that_are_no_token_are_left_as_they_are() -> None:
    assert render("{x1} {u} {t5:Q} {bold}") == "{x1} {u} {t5:Q} {bold}"
