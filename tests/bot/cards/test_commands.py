"""``/card`` through SimCord: any game's card, privately, in a channel, a game's thread and
DMs; its suggestions; names that fit several cards or none; and every real game's cards."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import games
from bot.cards.buttons import CARD_HINT, OWN_CARD, card_embed
from bot.cards.cards import CardEntry, catalogue
from games.core import Engine
from games.core.catalogue import CardText
from tests.bot.card_fakes import LENT_CARDS, STONES_CARDS, lent_catalogue, stones_with_cards
from tests.bot.conftest import Table
from tests.bot.driving import bot_of, open_lobby, start_game
from tests.bot.tables.test_play_commands import answer

STONES = "stones-cards"
#: A card of the lent catalogue named as one of Stones' cards, in another game.
QUARRY = CardText("quarry", "Quarry", "card", "Dig: every player draws a card.")


@pytest.fixture
def stones(table: Table) -> Iterator[Engine[Any, Any]]:
    with stones_with_cards() as engine:
        yield engine


@pytest.fixture
def mandragora(stones: Engine[Any, Any]) -> Iterator[Engine[Any, Any]]:
    """Mandragora lent a small catalogue (one name shared with Stones), beside Stones."""
    with lent_catalogue(games.get("mandragora"), (*LENT_CARDS, QUARRY)) as engine:
        yield engine


def entry(game: str, key: str) -> CardEntry:
    engine = games.get(game)
    card = engine.card(key)
    assert card is not None
    return CardEntry(engine.key, engine.title, card)


def offered(choices: list[dict[str, Any]]) -> list[str]:
    return [c["value"] for c in choices]


async def test_card_in_a_channel_shows_the_whole_card_to_the_caller_alone(
    table: Table, stones: Engine[Any, Any]
) -> None:
    alice, bob = table.members["alice"], table.members["bob"]

    shown = answer(await alice.slash(table.channel, "card", name="mirror stone"))
    other = answer(await alice.slash(table.channel, "card", name="Éclat"))
    ruled = answer(await alice.slash(table.channel, "card", name="pebble"))

    embed = shown.embeds[0]
    assert embed.title == "Mirror Stone"
    assert embed.description == (
        "*Stones with cards · stone*\n\n"
        "Take two stones, then look at the pile as your rival sees it."
    )
    assert [(f.name, f.value) for f in embed.fields] == [("Stones", "2"), ("Weight", "heavy")]
    assert embed.footer.text == OWN_CARD
    assert other.embeds[0].footer.text is None  # a card of the published rules
    assert ("More in the rules", "Stones rules, “Your turn”") in [
        (f.name, f.value) for f in ruled.embeds[0].fields
    ]
    assert table.channel.history(viewer=bob) == []


async def test_suggestions_name_the_game_and_kind_and_submit_a_unique_value(
    table: Table, stones: Engine[Any, Any]
) -> None:
    alice = table.members["alice"]

    accented = await alice.autocomplete(table.channel, "card", "name", "ECLAT")
    everything = await alice.autocomplete(table.channel, "card", "name", "", game=STONES)
    by_text = await alice.autocomplete(table.channel, "card", "name", "largest bite", game=STONES)

    # (Other games' cards may follow: the real catalogues are in play too.)
    assert accented[0] == {"name": "Éclat — Stones with cards · stone", "value": f"{STONES}:three"}
    assert offered(everything) == [f"{STONES}:{c.key}" for c in STONES_CARDS]
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in everything)
    assert offered(by_text) == [f"{STONES}:three"]
    picked = answer(await alice.slash(table.channel, "card", name=accented[0]["value"]))
    assert picked.embeds[0].title == "Éclat"


async def test_in_a_games_thread_its_own_cards_come_first(
    table: Table, mandragora: Engine[Any, Any]
) -> None:
    thread, _ = await start_game(table, "mandragora", ["alice", "bob"])
    erin = table.members["erin"]  # looking on: the thread's game decides, not her seat

    in_thread = await erin.autocomplete(thread, "card", "name", "")
    quarry_here = await erin.autocomplete(thread, "card", "name", "quarry")
    quarry_anywhere = await erin.autocomplete(table.channel, "card", "name", "quarry")
    elsewhere = await erin.autocomplete(thread, "card", "name", "pebble")
    typed = answer(await erin.slash(thread, "card", name="Quarry"))

    assert offered(in_thread) == [f"mandragora:{c.key}" for c in (*LENT_CARDS, QUARRY)]
    assert offered(quarry_here) == ["mandragora:quarry"]
    assert offered(quarry_anywhere)[0] == "mandragora:quarry"  # the first game in menus
    assert f"{STONES}:quarry" in offered(quarry_anywhere)
    assert offered(elsewhere)[0] == f"{STONES}:one"  # none of the thread's game's cards match
    assert typed.embeds[0].to_dict() == card_embed(entry("mandragora", "quarry")).to_dict()


async def test_a_name_of_several_cards_lists_them_to_choose_from(
    table: Table, mandragora: Engine[Any, Any]
) -> None:
    alice, bob = table.members["alice"], table.members["bob"]

    listed = answer(await alice.slash(table.channel, "card", name="quarry"))
    narrowed = answer(await alice.slash(table.channel, "card", name="quarry", game=STONES))

    assert listed.embeds == []
    assert listed.content.startswith("Several cards match “quarry”:\n")
    assert "• **Quarry** — Mandragora · card" in listed.content
    assert "• **Quarry** — Stones with cards · place" in listed.content
    menu = listed.components[0]["components"][0]
    assert {"mandragora:quarry", f"{STONES}:quarry"} <= {o["value"] for o in menu["options"]}
    chosen = await alice.select(listed, [f"{STONES}:quarry"], custom_id=menu["custom_id"])
    assert chosen.ephemeral
    assert chosen.response is not None
    assert chosen.response.embeds[0].to_dict() == card_embed(entry(STONES, "quarry")).to_dict()
    assert (
        narrowed.embeds[0].description
        == "*Stones with cards · place*\n\nWhere every pile of stones is dug from."
    )
    assert table.channel.history(viewer=bob) == []


async def test_an_unknown_name_or_game_gets_a_clear_private_answer(
    table: Table, stones: Engine[Any, Any]
) -> None:
    alice = table.members["alice"]

    misspelt = answer(await alice.slash(table.channel, "card", name="Pebbel", game=STONES))
    unknown = answer(await alice.slash(table.channel, "card", name="Xyzzy Plugh"))
    no_game = answer(await alice.slash(table.channel, "card", name="Pebble", game="chess"))

    assert misspelt.content == (
        "No card called “Pebbel”. Did you mean **Pebble** (Stones with cards)?"
        " The suggestions of `/card` list every card."
    )
    assert unknown.content == (
        "No card called “Xyzzy Plugh”. The suggestions of `/card` list every card."
    )
    assert no_game.content.startswith("There is no game called “chess”.")
    assert [m.embeds for m in (misspelt, unknown, no_game)] == [[], [], []]


async def test_card_works_in_a_dm(table: Table, stones: Engine[Any, Any]) -> None:
    user = table.members["alice"].user

    suggested = await user.autocomplete("card", "name", "mirror sto")
    shown = answer(await user.slash("card", name=suggested[0]["value"]))

    assert offered(suggested)[0] == f"{STONES}:two"
    assert shown.embeds[0].to_dict() == card_embed(entry(STONES, "two")).to_dict()


async def test_card_is_offered_in_servers_dms_and_group_dms_and_to_user_installs(
    table: Table,
) -> None:
    tree = bot_of(table).tree
    command = tree.get_command("card")
    assert command is not None
    payload = command.to_dict(tree)
    assert sorted(payload["contexts"]) == [0, 1, 2]  # server, the bot's DMs, group DMs
    assert sorted(payload["integration_types"]) == [0, 1]  # installed to a server or a user
    assert "card" in table.members["alice"].user.available_commands()


async def test_a_card_answer_in_a_running_game_reveals_nothing_of_it(
    table: Table, mandragora: Engine[Any, Any]
) -> None:
    thread, _ = await start_game(table, "mandragora", ["alice", "bob"])
    alice, bob, erin = (table.members[n] for n in ("alice", "bob", "erin"))
    seen_before = {n: len(thread.history(viewer=table.members[n])) for n in ("bob", "erin")}

    playing = answer(await alice.slash(thread, "card", name="Lantern"))
    from_dm = answer(await erin.user.slash("card", name="mandragora:lantern"))

    # The player in her game's thread reads exactly what anyone reads in DMs: the card.
    assert playing.content == from_dm.content == ""
    assert [e.to_dict() for e in playing.embeds] == [e.to_dict() for e in from_dm.embeds]
    assert playing.components == []
    for name in ("bob", "erin"):
        assert len(thread.history(viewer=table.members[name])) == seen_before[name]
    assert playing.id not in [m.id for m in thread.history(viewer=bob)]


async def test_rules_and_how_to_play_point_to_card(table: Table) -> None:
    erin = table.members["erin"]

    rules = answer(await erin.slash(table.channel, "rules", game="marginalia"))
    lobby, _ = await open_lobby(table, "alice", "marginalia")
    clicked = await erin.click(lobby, label="How to play")

    assert rules.embeds[0].footer.text is not None
    assert CARD_HINT in rules.embeds[0].footer.text
    assert clicked.response is not None
    assert clicked.response.embeds[0].to_dict() == rules.embeds[0].to_dict()


# ------------------------------------------------------------ every real game, a sample
def _sample(game: str) -> list[CardText]:
    """A few cards of a game's catalogue: the first, a middle one and the last."""
    cards = list(games.get(game).cards())
    return list({c.key: c for c in cards[:1] + cards[len(cards) // 2 :][:1] + cards[-1:]}.values())


@pytest.mark.parametrize("game", sorted(games.ENGINES))
@pytest.mark.slow
async def test_a_sample_of_every_games_cards_is_shown_by_card(table: Table, game: str) -> None:
    alice = table.members["alice"]
    everything = catalogue()
    for card in _sample(game):
        found = CardEntry(game, games.get(game).title, card)
        suggested = await alice.autocomplete(table.channel, "card", "name", card.name, game=game)
        assert found.value in offered(suggested)
        shown = answer(await alice.slash(table.channel, "card", name=found.value))
        assert shown.embeds[0].to_dict() == card_embed(found).to_dict()
        assert found in everything
