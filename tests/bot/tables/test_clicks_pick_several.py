"""Cards picked together: the discards down to Strange & Norrell's hand limit in one menu of
the panel, where every card that must go is picked at once, played through SimCord."""

from __future__ import annotations

from typing import Any

import games
from bot.tables.choices import Choice, PanelChoices, PickSeveral, panel_choices
from bot.tables.panel import panel_view
from games.strange_norrell.actions import Composite
from games.strange_norrell.engine import StrangeNorrellEngine
from games.strange_norrell.state import StrangeNorrellState
from tests.bot.conftest import Table
from tests.bot.driving import bot_of, legal_moves, member_at, start_game, stored
from tests.bot.tables.test_play_commands import answer
from tests.games.strange_norrell.positions import in_phase, play, position

ENGINE = games.get("strange-norrell")
NAMES = ["Alice", "Bob", "Carol"]


def _menus(components: Any, prefix: str) -> list[dict[str, Any]]:
    return [
        c
        for row in components
        for c in row["components"]
        if c["type"] == 3 and c["custom_id"].startswith(prefix)
    ]


def test_a_menu_of_steps_picked_together_asks_for_exactly_that_many() -> None:
    steps = tuple(Choice(i, f"Discard card {i}", f"discard c{i}") for i in range(8))
    sets = {frozenset({a, b, c}): n for n, (a, b, c) in enumerate([(0, 1, 2), (0, 1, 3)])}
    whole = tuple(Choice(n, f"Set {n}", f"set {n}") for n in range(2))
    choices = PanelChoices(whole, steps, None, several=PickSeveral(3, sets))
    view = panel_view(7, 3, choices, NAMES)
    (menu,) = _menus(view.to_components(), "grim:whole:")
    assert menu["custom_id"] == "grim:whole:7:3:0:n3"
    assert (menu["min_values"], menu["max_values"]) == (3, 3)
    assert [o["value"] for o in menu["options"]] == [str(i) for i in range(8)]
    assert [o["label"] for o in menu["options"]] == [c.label for c in steps]
    assert choices.steps_as_buttons  # the steps stay, one at a time, beside the menu
    assert len(view.to_components()) <= 5


def _three_over() -> StrangeNorrellState:
    """Seat 0 at the end of its turn with eight social engagements: three must go."""
    hand = ["york-wind", "york-birds", "york-rain-2", "york-stones-3", "lincoln-rain-2"]
    s = position(3, hands=[hand, [], []], card="star")
    return play(in_phase(s, "visits"), (0, "end"))


async def _set(table: Table, game_id: int, state: StrangeNorrellState) -> None:
    """Put a started game in ``state`` (the store's own move write; no message goes out)."""
    await bot_of(table).services.store.games.record_move(
        game_id,
        expected_version=0,
        seat=0,
        notation="(position set by the test)",
        state=ENGINE.dump(state),
        to_act=ENGINE.waiting_for(state),
    )


async def test_the_cards_over_the_hand_limit_are_discarded_in_one_pick(table: Table) -> None:
    thread, game_id = await start_game(table, "strange-norrell", ["alice", "bob", "carol"])
    over = _three_over()
    await _set(table, game_id, over)
    game = await stored(table, game_id)
    member = member_at(table, game, 0)
    moves = await legal_moves(table, game, 0)
    panel = answer(await member.slash(thread, "turn"))
    (menu,) = _menus(panel.components, "grim:whole:")
    assert (menu["min_values"], menu["max_values"]) == (3, 3)
    assert [moves[int(o["value"])] for o in menu["options"]] == moves
    hand = sorted(over.magicians[0].hand)
    going = ["york-wind", hand[0], "lincoln-rain-2"]  # picked out of the hand's order
    values = [str(moves.index(f"discard {card}")) for card in going]

    done = await member.select(panel, values, custom_id=menu["custom_id"])

    assert table.env.errors == []
    assert done.response is not None
    kept = sorted(set(hand) - set(going))
    after = ENGINE.load((await stored(table, game_id)).state or "")
    assert after.magicians[0].hand == kept
    assert after.current.seat != 0  # the turn is over: nothing else was asked
    discarded = [c for c in hand if c in going]  # in the order of the hand
    assert all(f"discard {card}" in done.response.content for card in discarded)
    assert (await stored(table, game_id)).version == game.version + 1


async def test_a_pick_from_a_panel_the_game_moved_on_from_changes_nothing(table: Table) -> None:
    thread, game_id = await start_game(table, "strange-norrell", ["alice", "bob", "carol"])
    await _set(table, game_id, _three_over())
    game = await stored(table, game_id)
    member = member_at(table, game, 0)
    panel = answer(await member.slash(thread, "turn"))
    older = answer(await member.slash(thread, "turn"))
    (menu,) = _menus(panel.components, "grim:whole:")
    await member.select(panel, ["0", "1", "2"], custom_id=menu["custom_id"])
    moved = await stored(table, game_id)
    assert moved.version == game.version + 1

    refused = await member.select(older, ["3", "4", "5"], custom_id=menu["custom_id"])

    assert refused.response is not None
    assert "moved on" in refused.response.content
    assert await stored(table, game_id) == moved


def test_only_whole_moves_made_of_every_set_of_steps_are_picked_together() -> None:
    over = _three_over()
    assert panel_choices(ENGINE, over, 0, cards=False).several is not None
    # Magic with the feats its token may go on: whole moves, but not sets of the steps.
    s = in_phase(position(3, hands=[["york-wind", "york-birds"], [], []], card="star"), "visits")
    magic = panel_choices(ENGINE, s, 0, cards=False)
    assert magic.whole
    assert magic.several is None


class MissingOneSet(StrangeNorrellEngine):
    """Strange & Norrell offering every set of discards but the first."""

    key = "strange-norrell-missing-a-set"

    def whole_moves(self, state: StrangeNorrellState, seat: int) -> list[Composite]:
        return super().whole_moves(state, seat)[1:]


def test_a_list_of_sets_with_one_left_out_stays_a_list() -> None:
    choices = panel_choices(MissingOneSet(), _three_over(), 0, cards=False)
    assert choices.whole
    assert choices.several is None
