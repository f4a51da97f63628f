"""What each seat may see: own hand only, no face-down cards, hidden spell preparation, and
log entries addressed to the right seats."""

from __future__ import annotations

import pytest

from games.core import LogEntry
from games.mandragora.state import MandragoraState
from tests.games.mandragora.positions import (
    ENGINE,
    act,
    new_game,
    play,
    position,
    put_on_top,
    shop_list,
)

HANDS = [["red-2", "red", "mandrake"], ["blue", "blue-1"], ["green", "yellow", "purple-3"]]


def _table() -> MandragoraState:
    return position(hands=HANDS, shops=shop_list(s2=["red"], s5=["yellow-3", "scroll"]))


def _private(log: tuple[LogEntry, ...]) -> list[tuple[str, frozenset[int] | None]]:
    return [(e.text, e.audience) for e in log if e.audience is not None]


def _public_text(log: tuple[LogEntry, ...]) -> str:
    return " ".join(e.text for e in log if e.audience is None)


# ------------------------------------------------------------------ hands
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others(seat: int) -> None:
    view = ENGINE.view(_table(), seat)
    assert view.hand == tuple(sorted(HANDS[seat]))
    assert [x.hand_size for x in view.sorcerers] == [3, 2, 3]
    dumped = view.model_dump_json()
    for other in range(3):
        if other != seat:
            for card in set(HANDS[other]) - set(HANDS[seat]) - {"red", "yellow-3"}:
                assert card not in dumped


def test_spectators_see_no_hand() -> None:
    view = ENGINE.view(_table(), None)
    assert view.viewer is None
    assert view.hand is None
    assert view.my_score is None
    dumped = view.model_dump_json()
    assert "purple-3" not in dumped
    assert "blue-1" not in dumped


def test_an_unseated_viewer_is_a_spectator() -> None:
    assert ENGINE.view(_table(), 7).hand is None


# ------------------------------------------------------------------ shops
def test_day_shop_cards_are_face_up_and_night_shop_cards_face_down() -> None:
    view = ENGINE.view(_table(), 0)
    assert view.shops[1].cards == ("red",)
    assert view.shops[4].night
    assert (view.shops[4].cards, view.shops[4].face_down) == ((), 2)
    assert "yellow-3" not in view.model_dump_json()


def test_the_deck_shows_only_its_size() -> None:
    s = new_game(3, 4)
    view = ENGINE.view(s, 0)
    assert view.deck_size == len(s.deck)


def test_spell_stacks_show_their_top_card_and_size() -> None:
    s = new_game(3, 4)
    view = ENGINE.view(s, 1)
    assert [(st.top, st.size) for st in view.stacks] == [(x[-1], len(x)) for x in s.stacks]


# --------------------------------------------------------- a spell in preparation
def test_the_spell_being_prepared_is_hidden_from_the_others() -> None:
    s = play(_table(), (0, "cast red-2"), (0, "add mandrake"))
    mine = ENGINE.view(s, 0).pending
    assert mine is not None
    assert (mine.book, mine.ingredients) == ("red-2", ("mandrake",))
    for viewer in (1, 2, None):
        theirs = ENGINE.view(s, viewer).pending
        assert theirs is not None
        assert (theirs.kind, theirs.seat, theirs.book, theirs.ingredients) == (
            "ingredients",
            0,
            "",
            (),
        )


def test_a_card_offered_in_a_team_exchange_is_hidden_from_the_other_team() -> None:
    s = position(
        4,
        teams=True,
        hands=[["red", "blue-2"], ["purple"], ["green"], []],
        shops=shop_list(s2=["scroll"]),
    )
    s = play(s, (0, "move 1"), (0, "share swap blue-2"))
    for viewer, card in [(0, "blue-2"), (2, "blue-2"), (1, ""), (3, ""), (None, "")]:
        pending = ENGINE.view(s, viewer).pending
        assert pending is not None
        assert pending.card == card


# --------------------------------------------------------------------- the log
def test_cards_taken_from_a_night_shop_are_told_only_to_the_taker() -> None:
    t = act(position(assistant=3, shops=shop_list(s5=["yellow-3", "scroll"])), 0, "move 1")
    assert _private(t.log) == [("You take 🟡 yellow-3 from shop 5.", frozenset({0}))]
    assert "yellow-3" not in _public_text(t.log)


def test_cards_taken_from_a_day_shop_are_told_to_everyone() -> None:
    t = act(position(shops=shop_list(s2=["red", "blue-1"])), 0, "move 1")
    assert _private(t.log) == []
    assert "takes 🔴 red, 🔵 blue-1" in _public_text(t.log)


def test_substitution_cards_are_told_only_to_the_two_sorcerers() -> None:
    s = position(hands=[["red-1", "red"], [], ["green-3"]])
    put_on_top(s, 1, "substitution")
    t = act(s, 0, "cast red-1 red power 1")
    assert _private(t.log) == [("{p0} draws 🟢 green-3 from {p2}.", frozenset({0, 2}))]
    assert "green-3" not in _public_text(t.log)
    t = act(t.state, 0, "give green-3")
    assert _private(t.log) == [("{p0} hands {p2} 🟢 green-3.", frozenset({0, 2}))]
    assert "green-3" not in _public_text(t.log)


def test_a_blind_levitation_is_told_only_to_the_caster() -> None:
    s = position(hands=[["red-1", "red"], [], []], shops=shop_list(s6=["purple-3"]))
    put_on_top(s, 1, "levitation")
    t = act(play(s, (0, "cast red-1 red power 1")), 0, "levitate 6")
    assert _private(t.log) == [("You levitate 🟣 purple-3.", frozenset({0}))]
    assert "purple-3" not in _public_text(t.log)


def test_team_trades_are_told_only_to_the_partners() -> None:
    s = position(
        4,
        teams=True,
        hands=[["red", "blue-2"], ["purple"], ["green-1"], []],
        shops=shop_list(s2=["scroll"]),
    )
    s = play(s, (0, "move 1"))
    t = act(s, 0, "share swap blue-2")
    assert _private(t.log) == [("{p0} offers 🔵 blue-2.", frozenset({0, 2}))]
    t = act(t.state, 2, "share give green-1")
    assert _private(t.log) == [("{p2} gives {p0} 🟢 green-1.", frozenset({0, 2}))]
    assert "green-1" not in _public_text(t.log)
    t = act(s, 0, "share give red")
    assert _private(t.log) == [("{p0} gives {p2} 🔴 red.", frozenset({0, 2}))]
    assert "red" not in _public_text(t.log)
