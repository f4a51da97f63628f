"""A member's language (``/notify language:``, the settings message's buttons) and a
server's (``/settings language:``, its settings message's menu) through SimCord: the choice
is stored with the other choices, shown in the settings message, refused to a member who does
not manage the server, and confirmed in the language just chosen."""

from __future__ import annotations

import pytest

from bot.clocks.notify_settings import check_language
from bot.clocks.server_settings import check_server_language
from bot.common.refusals import Refusal
from tests.bot.clocks.test_commands import manager, only_answer
from tests.bot.clocks.test_notify_settings import control, defaults
from tests.bot.conftest import Table, open_to_everyone
from tests.bot.driving import bot_of


@pytest.fixture(autouse=True)
def _integrations(table: Table) -> None:
    """The server's admin lets every member have the organiser and manager commands
    (Integrations), so these tests reach the bot's own checks."""
    open_to_everyone(table.env, table.guild)


async def test_a_member_chooses_their_language_and_the_settings_show_it(table: Table) -> None:
    alice = table.members["alice"]
    chosen = await alice.slash(table.channel, "notify", language="fr")
    assert "Langue : **Français**." in only_answer(chosen)  # said in the language chosen
    store = bot_of(table).services.store
    assert (await store.prefs.player(alice.id)).language == "fr"

    shown = await alice.slash(table.channel, "notify")
    assert "**Français**" in only_answer(shown)
    assert shown.response is not None
    assert control(shown.response, ":lang:fr")["style"] == 1  # highlighted

    forgot = await alice.slash(table.channel, "notify", language="discord")
    assert "Language: **your Discord's**." in only_answer(forgot)
    assert (await store.prefs.player(alice.id)).language is None


async def test_a_member_picks_a_language_in_the_settings_message(table: Table) -> None:
    bob = table.members["bob"]
    shown = await bob.slash(table.channel, "notify")
    assert shown.response is not None
    picked = await bob.click(shown.response, label="Deutsch")
    assert picked.response is not None
    assert "Sprache: **Deutsch**." in picked.response.content
    player = await bot_of(table).services.store.prefs.player(bob.id)
    assert player.language == "de"
    assert player.time_zone is None  # the other choices are kept


async def test_a_manager_chooses_the_servers_language_and_a_member_may_not(
    table: Table,
) -> None:
    store = bot_of(table).services.store
    refused = await table.members["alice"].slash(table.channel, "settings", language="de")
    assert only_answer(refused) == "Only members who manage this server can change its settings."
    assert await store.prefs.server(table.guild.id) == {}

    admin = manager(table)
    chosen = await admin.slash(table.channel, "settings", language="de")
    assert "Sprache der Serverbeiträge: **Deutsch**." in only_answer(chosen)
    assert await store.prefs.server(table.guild.id) == {"language": "de"}

    shown = await admin.slash(table.channel, "settings")
    assert "**Deutsch**" in only_answer(shown)
    back = await admin.slash(table.channel, "settings", language="default")
    assert "(its preferred locale)" in only_answer(back)
    assert await store.prefs.server(table.guild.id) == {}


async def test_the_servers_settings_message_offers_its_languages(table: Table) -> None:
    admin = manager(table)
    shown = await admin.slash(table.channel, "settings")
    assert shown.response is not None
    menu = await admin.click(shown.response, label="Language…")
    assert menu.response is not None
    assert defaults(menu.response, ":language") == ["default"]
    language = control(menu.response, ":language")["custom_id"]
    picked = await admin.select(menu.response, ["fr"], custom_id=language)
    assert picked.response is not None
    assert "Langue des messages du serveur : **Français**." in picked.response.content
    store = bot_of(table).services.store
    assert await store.prefs.server(table.guild.id) == {"language": "fr"}
    # The whole settings message is back, with its controls.
    assert control(picked.response, ":deadline")


def test_a_language_grimoire_does_not_speak_is_refused_with_those_it_does() -> None:
    assert check_language("FR") == "fr"
    assert check_language("discord") is None
    assert check_server_language("default") is None
    for check in (check_language, check_server_language):
        with pytest.raises(Refusal) as refused:
            check("it")
        said = refused.value.message
        assert "English (`en`), Français (`fr`) and Deutsch (`de`)" in said
