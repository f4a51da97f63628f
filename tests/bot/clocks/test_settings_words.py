"""Every word of the settings messages of ``/notify`` and ``/settings`` is a message: said in
the pseudo-language, nothing a member reads is left unmarked (notation, zones, hours and the
languages' own names aside)."""

from __future__ import annotations

import warnings
from typing import Any

import discord
import pytest

from bot.clocks.notify_settings import notify_message
from bot.clocks.server_settings import settings_message
from bot.clocks.settings_forms import notify_form, settings_form
from bot.clocks.turn_clock import server_clock
from bot.words.i18n import reading_in
from bot.words.languages import PSEUDO
from storage import Player
from tests.bot.conftest import Table, open_to_everyone
from tests.games.pseudo import unmarked

#: What is shown as it is in every language: the languages' own names, notation, zones.


@pytest.fixture(autouse=True)
def _integrations(table: Table) -> None:
    """The server's admin lets every member have the organiser and manager commands
    (Integrations), so these tests reach the bot's own checks."""
    open_to_everyone(table.env, table.guild)


LEFT_AS_IS = frozenset(
    {
        "English",
        "Fran",
        "ais",
        "Deutsch",
        "notify",
        "settings",
        "UTC",
        "Europe",
        "Paris",
        "h",
        "m",
        "-",
    }
)


def shown(view: discord.ui.View | discord.ui.Modal | None) -> list[str]:
    """Every text of a view's items (labels, placeholders, options) or a form's."""
    texts: list[str] = []
    items: list[Any] = [] if view is None else list(view.children)
    for item in items:
        item = getattr(item, "item", item)  # a dynamic item's button or menu
        for name in ("label", "placeholder"):
            with warnings.catch_warnings():  # a form field's label, read as Discord gets it
                warnings.simplefilter("ignore", DeprecationWarning)
                value = getattr(item, name, None)
            if isinstance(value, str):
                texts.append(value)
        for option in getattr(item, "options", []) or []:
            texts.append(option.label)
            if option.description:
                texts.append(option.description)
    if isinstance(view, discord.ui.Modal):
        texts.append(view.title)
    return texts


def check(texts: list[str]) -> None:
    assert len(texts) > 5
    for text in texts:
        left = [w for w in unmarked(text, LEFT_AS_IS) if not w.isdigit()]
        assert not left, (text, left)


async def test_the_notify_settings_are_all_words_of_the_catalogues() -> None:
    player = Player(7, quiet=(23, 8), digest_hour=7, reminders_before=(3600,), language="fr")
    with reading_in(PSEUDO):
        text, view = notify_message(player)
        form = notify_form(player)
    texts = [text, *shown(view), *shown(form)]
    assert unmarked("Quiet hours")  # an English word outside every mark is seen
    check(texts)


async def test_the_server_settings_are_all_words_of_the_catalogues() -> None:
    current = {"weekends": False, "language": "de", "strikes": 2}
    with reading_in(PSEUDO):
        full, view = settings_message(1, 2, current, controls=True, preferred="fr")
        menu, languages = settings_message(
            1, 2, current, controls=True, preferred="fr", languages=True
        )
        bare, _ = settings_message(1, 2, {}, controls=False)
        form = settings_form(1, 2, server_clock(current))
    check([full, menu, bare, *shown(view), *shown(languages), *shown(form)])


async def test_the_settings_fit_discords_limits_in_every_language() -> None:
    for language in ("en", "fr", "de"):
        with reading_in(language):
            forms = [notify_form(Player(1)), settings_form(1, 2, server_clock({}))]
            views = [
                notify_message(Player(1, quiet=(23, 8)))[1],
                settings_message(1, 2, {}, controls=True)[1],
                settings_message(1, 2, {}, controls=True, languages=True)[1],
            ]
        for form in forms:
            assert all(len(text) <= 45 for text in shown(form)), (language, shown(form))
        for view in views:
            assert all(len(text) <= 80 for text in shown(view)), (language, shown(view))
