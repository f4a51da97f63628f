"""Sending the assistant: how far, what is gained, and how the shops are restocked."""

from __future__ import annotations

import pytest

from games.core import ActionNotAllowed
from games.mandragora.actions import Move
from tests.games.mandragora.positions import (
    ENGINE,
    act,
    cast_spell,
    play,
    position,
    shop_list,
    texts,
)


# ------------------------------------------------------------------- how far
def test_assistant_moves_one_to_three_shops() -> None:
    s = position(hands=[["red-1", "red"], [], []])
    moves = [a for a in ENGINE.legal_actions(s, 0) if isinstance(a, Move)]
    assert moves == [Move(1), Move(2), Move(3)]


def test_moving_four_shops_is_refused_without_swiftness() -> None:
    s = position()
    with pytest.raises(ActionNotAllowed, match="1 to 3 shops, not 4"):
        act(s, 0, "move 4")


@pytest.mark.parametrize(("swiftness", "reach"), [(0, 3), (1, 4), (2, 5), (3, 6)])
def test_each_swiftness_owned_adds_one_shop(swiftness: int, reach: int) -> None:
    spells = [[cast_spell("swiftness", v) for v in (1, 3, 4)[:swiftness]], [], []]
    s = position(spells=spells)
    assert [t for t in texts(s, 0) if t.startswith("move")] == [
        f"move {d}" for d in range(1, reach + 1)
    ]
    assert ENGINE.view(s, None).sorcerers[0].reach == reach


def test_swiftness_helps_only_its_owner() -> None:
    s = position(spells=[[cast_spell("swiftness", 1)], [], []], current=1)
    assert [t for t in texts(s, 1) if t.startswith("move")] == ["move 1", "move 2", "move 3"]


def test_assistant_moves_clockwise_around_the_circle() -> None:
    s = position(assistant=8, shops=shop_list(s2=["red"]))
    after = play(s, (0, "move 3"))
    assert after.assistant == 1
    assert after.sorcerers[0].hand == ["red"]


def test_sending_the_assistant_ends_the_turn() -> None:
    after = play(position(), (0, "move 1"))
    assert after.current == 1
    assert ENGINE.to_act(after) == {1}


# ------------------------------------------------------------------- what is gained
def test_assistant_gains_every_card_at_the_destination() -> None:
    s = position(
        hands=[["mandrake"], [], []],
        shops=shop_list(s3=["red", "red-2", "mandrake", "black-2"], s2=["blue"], s4=["green"]),
    )
    after = play(s, (0, "move 2"))
    assert after.sorcerers[0].hand == sorted(["mandrake", "red", "red-2", "mandrake", "black-2"])
    assert after.shops[2] == []
    assert after.shops[3] == ["green"]


def test_hand_has_no_size_limit() -> None:
    big = ["red"] * 30
    s = position(hands=[big, [], []], shops=shop_list(s2=["blue"] * 12))
    after = play(s, (0, "move 1"))
    assert len(after.sorcerers[0].hand) == 42


def test_cursed_scrolls_go_in_front_face_up_not_in_hand() -> None:
    s = position(scrolls=[1, 0, 0], shops=shop_list(s2=["scroll", "red", "scroll"]))
    after = play(s, (0, "move 1"))
    assert after.sorcerers[0].hand == ["red"]
    assert after.sorcerers[0].scrolls == 3
    assert ENGINE.view(after, 2).sorcerers[0].scrolls == 3


def test_scrolls_from_a_night_shop_are_shown_to_everyone() -> None:
    s = position(assistant=3, shops=shop_list(s5=["scroll", "red"]))
    log = act(s, 0, "move 1").log
    public = [entry.text for entry in log if entry.audience is None]
    assert any("1 face-down card and 1 cursed scroll" in text for text in public)


def test_moving_to_an_empty_shop_gains_nothing() -> None:
    after = play(position(hands=[["red"], [], []]), (0, "move 2"))
    assert after.sorcerers[0].hand == ["red"]


# -------------------------------------------------------------------- restocking
def test_restock_departure_shop_and_each_shop_passed() -> None:
    deck = ["purple", "yellow", "blue", "red"]  # the last card is the top of the deck
    after = play(position(deck=deck), (0, "move 3"))
    assert after.shops[:4] == [["red"], ["blue"], ["yellow"], []]
    assert after.deck == ["purple"]


def test_restock_skips_destination_shop() -> None:
    s = position(deck=["purple", "yellow"], shops=shop_list(s2=["red"]))
    after = play(s, (0, "move 1"))
    assert after.shops[0] == ["yellow"]
    assert after.shops[1] == []
    assert after.deck == ["purple"]


def test_restock_adds_to_cards_already_in_a_shop() -> None:
    s = position(assistant=2, deck=["purple", "yellow"], shops=shop_list(s4=["red", "red-1"]))
    after = play(s, (0, "move 2"))
    assert after.shops[3] == ["red", "red-1", "purple"]
    assert after.shops[2] == ["yellow"]


def test_restock_wraps_around_the_circle() -> None:
    deck = ["purple", "yellow", "blue", "red"]
    after = play(position(assistant=8, deck=deck), (0, "move 3"))
    assert after.shops[8] == ["red"]
    assert after.shops[9] == ["blue"]
    assert after.shops[0] == ["yellow"]
    assert after.shops[1] == []


def test_restock_is_face_down_at_night_shops_and_face_up_at_day_shops() -> None:
    # Shops 5 and 6 (indices 4, 5) are night shops in these positions; shop 4 is a day shop.
    deck = ["purple", "yellow", "red-3"]
    t = act(position(assistant=3, deck=deck), 0, "move 3")
    assert t.state.shops[3:6] == [["red-3"], ["yellow"], ["purple"]]
    view = ENGINE.view(t.state, 1)
    assert view.shops[3].cards == ("red-3",)
    assert (view.shops[4].cards, view.shops[4].face_down) == ((), 1)
    assert (view.shops[5].cards, view.shops[5].face_down) == ((), 1)
    restocked = [e.text for e in t.log if e.text.startswith("Restocked")]
    assert restocked == [
        "Restocked shop 4: 🔴 red-3; shop 5: a face-down card; shop 6: a face-down card."
    ]
    assert "yellow" not in " ".join(e.text for e in t.log)


def test_deck_running_out_mid_restock_leaves_the_remaining_shops_empty() -> None:
    after = play(position(deck=["blue", "red"]), (0, "move 3"))
    assert after.shops[:3] == [["red"], ["blue"], []]
    assert after.deck == []


def test_no_restock_with_an_empty_deck() -> None:
    s = position(deck=[], shops=shop_list(s3=["red"]))
    after = play(s, (0, "move 2"))
    assert after.shops[0] == after.shops[1] == []
    assert after.sorcerers[0].hand == ["red"]


# ------------------------------------------------------------------ what the log says
@pytest.mark.parametrize(
    ("assistant", "shops", "taken"),
    [
        (0, shop_list(s2=["scroll"]), "takes 1 cursed scroll."),
        (3, shop_list(s5=["scroll", "scroll"]), "takes 2 cursed scrolls."),
        (0, shop_list(), "takes nothing."),
        (3, shop_list(), "takes nothing."),
        (0, shop_list(s2=["red", "scroll"]), "takes 🔴 red and 1 cursed scroll."),
        (3, shop_list(s5=["red", "blue"]), "takes 2 face-down cards."),
        (3, shop_list(s5=["red", "scroll"]), "takes 1 face-down card and 1 cursed scroll."),
    ],
)
def test_the_log_says_what_the_assistant_brought_back(
    assistant: int, shops: list[list[str]], taken: str
) -> None:
    s = position(assistant=assistant, shops=shops)
    log = act(s, 0, "move 1").log
    (line,) = [e.text for e in log if e.audience is None and "sends the assistant" in e.text]
    assert line.endswith(f"to shop {assistant + 2} and {taken}"), line
    assert "nothing and" not in line
