"""The turn panel: moves in words, whole moves in one pick, long lists paged, within
Discord's limits; and played through SimCord with a game that labels its moves."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import games
from bot.common.render import render
from bot.tables.choices import Choice, PanelChoices
from bot.tables.panel import panel_view
from bot.tables.panel_words import PANEL_TEXT_LIMIT, card_details
from games.core import Engine
from games.core.catalogue import CardText
from storage import GameStatus
from tests.bot.card_fakes import LENT_CARDS, STONES_CARDS, lent_catalogue, stones_with_cards
from tests.bot.conftest import Table
from tests.bot.driving import member_at, start_game, stored
from tests.games.tiny_game.actions import Take
from tests.games.tiny_game.engine import StonesEngine
from tests.games.tiny_game.state import StonesState

NAMES = ["Alice", "Bob"]


def _ids(view: Any) -> list[str]:
    return [c["custom_id"] for row in view.to_components() for c in row["components"]]


def test_whole_moves_and_many_steps_fit_in_five_rows_with_distinct_ids() -> None:
    whole = tuple(Choice(i, f"Whole move {i} against {{p1}}", f"whole {i}") for i in range(60))
    steps = tuple(Choice(i, f"Step {i}", f"step {i}") for i in range(40))
    view = panel_view(7, 3, PanelChoices(whole, steps, back=40), NAMES, page=1, whole_page=2)
    payload = view.to_components()
    assert len(payload) <= 5
    ids = _ids(view)
    assert len(ids) == len(set(ids)), ids
    menus = [c for row in payload for c in row["components"] if c["type"] == 3]
    assert [len(m["options"]) for m in menus] == [10, 15]  # the last pages of 60 and 40
    whole_menu, step_menu = menus
    assert whole_menu["options"][0]["label"] == "Whole move 50 against Bob"
    assert whole_menu["options"][0]["description"] == "or type /play whole 50"
    assert whole_menu["custom_id"] == "grim:whole:7:3:2"
    assert step_menu["custom_id"] == "grim:pick:7:3:1"
    assert "grim:page:7:3:1:1:w" in ids  # back a page of whole moves
    assert "grim:page:7:3:0:2:s" in ids  # back a page of steps
    assert "grim:act:7:3:40" in ids  # back


def test_few_short_steps_are_buttons_in_words() -> None:
    steps = tuple(Choice(i, f"Target {{p{i % 2}}} ({i})", f"target {i}") for i in range(7))
    view = panel_view(7, 3, PanelChoices((), steps, back=None), NAMES)
    buttons = [c for row in view.to_components() for c in row["components"]]
    assert [b["label"] for b in buttons] == [f"Target {NAMES[i % 2]} ({i})" for i in range(7)]
    assert all(b["custom_id"].startswith("grim:act:7:3:") for b in buttons)
    assert len(view.to_components()) == 2


def test_buttons_give_way_to_a_menu_when_the_whole_moves_take_their_rows() -> None:
    whole = tuple(Choice(i, f"Whole {i}", f"whole {i}") for i in range(30))
    steps = tuple(Choice(i, f"Step {i}", f"step {i}") for i in range(15))
    choices = PanelChoices(whole, steps, back=15)
    assert not choices.steps_as_buttons  # 2 rows for the whole moves leave 14 places
    view = panel_view(7, 3, choices, NAMES)
    assert len(view.to_components()) <= 5


class StonesInWords(StonesEngine):
    """Stones whose moves say what they leave, each offered as a whole move too."""

    key = "stones-in-words"
    title = "Stones in words"

    def action_label(self, state: StonesState, seat: int, action: Take) -> str:
        left = state.pile - action.stones
        return f"Take {action.stones} (leaves {{p{1 - seat}}} {left})"

    def whole_moves(self, state: StonesState, seat: int) -> list[Take]:
        return self.legal_actions(state, seat)


@pytest.fixture
def in_words(table: Table) -> Iterator[Engine[Any, Any]]:
    engine = StonesInWords()
    games.register(engine)
    try:
        yield engine
    finally:
        games.unregister(engine.key)


async def test_a_whole_move_is_picked_in_one_click_and_labelled_in_words(
    table: Table, in_words: Engine[Any, Any]
) -> None:
    thread, game_id = await start_game(table, in_words.key, ["alice", "bob"])
    game = await stored(table, game_id)
    (seat,) = game.to_act
    member = member_at(table, game, seat)
    other = "bob" if member is table.members["alice"] else "alice"
    board = next(m for m in reversed(thread.history()) if m.components)
    opened = await member.click(board, label="Take your turn")
    twice = await member.click(board, label="Take your turn")
    assert opened.response is not None
    assert twice.response is not None
    assert "Pick a whole move from the menu" in opened.response.content
    assert "`/play take 1`" in opened.response.content
    menu = next(
        c
        for row in opened.response.components
        for c in row["components"]
        if c.get("custom_id", "").startswith("grim:whole:")
    )
    labels = [o["label"] for o in menu["options"]]
    assert labels[0] == f"Take 1 (leaves {other} 6)"
    done = await member.select(opened.response, ["2"], custom_id=menu["custom_id"])
    assert done.response is not None
    assert "✔ `take 3`" in done.response.content
    game = await stored(table, game_id)
    assert game.status is GameStatus.ACTIVE
    assert game.version == 1
    # The same menu in a panel opened before the move is stale: it changes nothing, says so
    # and shows the choices as they are now.
    again = await member.select(twice.response, ["0"], custom_id=menu["custom_id"])
    assert again.response is not None
    assert "moved on" in again.response.content
    assert (await stored(table, game_id)).version == 1


# ------------------------------------------------------------------ card effects
CARDS = {
    "mirror": CardText("mirror", "Mirror", "card", "Show the mirror: every rival reveals a card."),
    "long": CardText("long", "Long Winter", "card", "Snow " * 60),
}


def test_an_option_naming_a_card_shows_its_effect_and_the_others_their_typed_form() -> None:
    steps = (
        Choice(0, "Play the Mirror on {p1}", "play mirror", ("mirror",)),
        Choice(1, "Play the Long Winter", "play long", ("long", "mirror")),
        Choice(2, "Pass", "pass"),
        Choice(3, "Play an unlisted card", "play other", ("unlisted",)),
        *(Choice(i, f"Step {i}", f"step {i}") for i in range(4, 30)),
    )
    view = panel_view(7, 3, PanelChoices((), steps, back=None, catalogue=CARDS), NAMES)
    (menu,) = [c for row in view.to_components() for c in row["components"] if c["type"] == 3]
    descriptions = [o["description"] for o in menu["options"][:4]]
    assert descriptions == [
        "Show the mirror: every rival reveals a card.",
        CARDS["long"].brief,  # the first card an option names
        "or type /play pass",
        "or type /play play other",  # a key the game does not list is not shown
    ]
    assert len(CARDS["long"].brief) <= 100
    assert menu["options"][0]["label"] == "Play the Mirror on Bob"


def test_the_details_of_the_cards_on_buttons_fit_the_room_left() -> None:
    cards = [CardText(f"c{i}", f"Card {i}", "card", f"Effect number {i}.") for i in range(12)]
    whole = card_details(cards, 2000)
    assert whole.splitlines() == [f"**Card {i}** — Effect number {i}." for i in range(12)]
    cut = card_details(cards, 100)
    assert len(cut) <= 100
    assert cut.splitlines()[-1] == f"… and {12 - len(cut.splitlines()) + 1} more: /card"
    assert cut.splitlines()[0] == "**Card 0** — Effect number 0."
    assert card_details(cards, 5) == ""
    assert card_details([], 2000) == ""


def test_the_steps_cards_are_distinct_and_in_order() -> None:
    steps = (
        Choice(0, "A", "a", ("long",)),
        Choice(1, "B", "b", ("mirror", "long")),
        Choice(2, "C", "c", ("long",)),
    )
    panel = PanelChoices((), steps, back=None, catalogue=CARDS)
    assert [c.key for c in panel.step_cards()] == ["long", "mirror"]


@pytest.fixture
def with_cards(table: Table) -> Iterator[Engine[Any, Any]]:
    with stones_with_cards() as engine:
        yield engine


async def test_the_panel_shows_what_each_moves_card_does(
    table: Table, with_cards: Engine[Any, Any]
) -> None:
    thread, game_id = await start_game(table, with_cards.key, ["alice", "bob"])
    game = await stored(table, game_id)
    (seat,) = game.to_act
    member = member_at(table, game, seat)

    opened = await member.slash(thread, "turn")

    assert opened.response is not None
    panel = opened.response
    menu = next(c for row in panel.components for c in row["components"] if c["type"] == 3)
    assert [o["description"] for o in menu["options"]] == [c.brief for c in STONES_CARDS[:3]]
    assert [o["description"] for o in menu["options"]][1] == "Take two stones."  # its short
    # The same three moves as buttons: what their cards do, one line each, under the panel.
    assert panel.content.endswith("\n".join(f"**{c.name}** — {c.brief}" for c in STONES_CARDS[:3]))
    assert "-# Typing works too: `/play take 1`" in panel.content


async def test_a_real_games_buttons_come_with_their_cards_effects(table: Table) -> None:
    engine = games.get("mandragora")
    keys = ["mirror", "lantern", "long"]

    def by_notation(state: Any, seat: int, action: Any) -> tuple[str, ...]:
        return (keys[len(engine.notation(action)) % 3],)

    with lent_catalogue(engine, keys=by_notation):
        thread, game_id = await start_game(table, "mandragora", ["alice", "bob", "carol"])
        game = await stored(table, game_id)
        state = engine.load(game.state or "")
        actions = engine.legal_actions(state, 0)
        opened = await table.members["alice"].slash(thread, "turn")

    assert opened.response is not None
    panel = opened.response
    buttons = [c["label"] for row in panel.components for c in row["components"]]
    assert buttons == [
        *(render(engine.action_label(state, 0, a), ["alice", "bob", "carol"]) for a in actions),
        "Board",
    ]
    named = list(dict.fromkeys(keys[len(engine.notation(a)) % 3] for a in actions))
    lent = {c.key: c for c in LENT_CARDS}
    details = [f"**{lent[k].name}** — {lent[k].brief}" for k in named]
    # What the cards do, in the room the panel leaves above its buttons: those that fit,
    # then how many more /card tells.
    lines = panel.content.splitlines()
    endings = [details] + [
        [*details[:shown], f"… and {len(details) - shown} more: /card"]
        for shown in range(1, len(details))
    ]
    assert any(lines[-len(ending) :] == ending for ending in endings), lines
    assert len(panel.content) <= PANEL_TEXT_LIMIT


# ------------------------------------------------------------------ controls first
async def test_the_panel_opens_with_the_moves_since_the_members_last_one(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    alice, bob = table.members["alice"], table.members["bob"]
    engine = games.get("mandragora")
    game = await stored(table, game_id)
    state = engine.load(game.state or "")
    told = engine.apply(state, 0, engine.parse(state, 0, "move 2")).log
    await alice.slash(thread, "play", move="move 2")

    opened = await bob.slash(thread, "turn")

    assert opened.response is not None
    panel = opened.response
    lines = panel.content.splitlines()
    assert lines[0] == f"**Mandragora** #{game_id} · your move"
    said = [render(e.text, ["alice", "bob"]) for e in told if e.visible_to(1)]
    assert said
    assert lines[1 : 2 + len(said)] == ["-# Since your last move:", *said]
    assert panel.embeds == []
    assert len(panel.content) <= PANEL_TEXT_LIMIT
    labels = [c.get("label") for row in panel.components for c in row["components"]]
    assert labels[-1] == "Board"
    # Alice moved last: nothing new for her, and it is not her turn.
    waiting = await alice.slash(thread, "turn")
    assert waiting.response is not None
    assert waiting.response.content == (
        f"**Mandragora** #{game_id}: it is not your turn; you will be pinged."
    )
