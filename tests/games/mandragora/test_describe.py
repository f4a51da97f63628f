"""Boards: the table for everyone, plus the viewer's own hand and decisions."""

from __future__ import annotations

from games.core import FINAL_SCORES, Board
from games.core.board import MAX_FIELD_VALUE
from games.core.playout import random_playout
from games.mandragora import cards, catalogue
from games.mandragora.describe import describe
from games.mandragora.state import MandragoraState
from games.mandragora.view import MandragoraView
from tests.games.mandragora.positions import ENGINE, cast_spell, play, position, put_on_top


def _board(s: MandragoraState, seat: int | None) -> Board:
    view = ENGINE.view(s, seat)
    assert isinstance(view, MandragoraView)
    return describe(view).rendered(["Ann", "Bo", "Cy"])


def _text(board: Board) -> str:
    parts = [board.title, board.description, board.footer]
    return "\n".join(parts + [f"{f.name}\n{f.value}" for f in board.fields])


def test_public_board_shows_shops_stacks_and_sorcerers_but_no_hand() -> None:
    s = position(3, hands=[["red-1", "red"], ["blue"], []], shops=[[], ["green"]] + [[]] * 8)
    board = _board(s, None)
    names = [f.name for f in board.fields]
    assert names[:2] == ["Shops", "Spell stacks"]
    assert names[2:] == ["Ann (▶)", "Bo", "Cy", "Spells in sight"]
    assert "Your hand" not in names
    assert "red-1" not in _text(board)
    assert "Ann's turn" in board.description
    assert "🟢 green" in board.fields[0].value
    assert "← 🧙" in board.fields[0].value.splitlines()[0]


def test_seat_board_adds_the_hand_the_score_so_far_and_your_move() -> None:
    s = position(3, hands=[["red-1", "red"], ["blue"], []])
    board = _board(s, 0)
    fields = {f.name: f.value for f in board.fields}
    assert fields["Your hand"] == (
        "🔴 red — ingredients: each raises its spell's top power by 1\n"
        "🔴 red-1 — Spellbook worth 1, for a spell of red ingredients"
    )
    assert fields["Your score if the game ended now"].startswith("**-1**")
    assert "**Your move.**" in board.description
    assert "Your move" not in _board(s, 1).description


def test_caster_sees_the_spell_being_prepared_and_others_only_that_it_is() -> None:
    s = play(position(3, hands=[["red-1", "red"], [], []]), (0, "cast red-1"), (0, "add red"))
    assert "**Your spell:** 🔴 red-1 with 🔴 red" in _board(s, 0).description
    other = _board(s, 1)
    assert other.description == "Ann is preparing a spell."
    assert "red-1" not in _text(other)


def test_a_pending_choice_tells_its_owner_what_to_type() -> None:
    s = put_on_top(position(3, hands=[["red-1", "red"], [], []], scrolls=[1, 0, 0]), 1, "transfer")
    s = play(s, (0, "cast red-1 red power 1"))
    assert "pass the cursed scroll to an opponent" in _board(s, 0).description
    assert _board(s, 2).description == "Ann chooses who receives a cursed scroll."


def test_final_board_ranks_every_sorcerer_with_the_reasons() -> None:
    played = random_playout(ENGINE, 3, 4)
    board = _board(played.state, None)
    assert board.title == "Mandragora · game over"
    final = next(f.value for f in board.fields if f.name == FINAL_SCORES)
    assert len(final.splitlines()) == 3
    assert "colours in hand" in final


def test_team_final_board_adds_team_totals() -> None:
    played = random_playout(ENGINE, 4, 4, ENGINE.options({"teams": True}))
    view = ENGINE.view(played.state, None)
    assert isinstance(view, MandragoraView)
    final = next(f.value for f in describe(view).fields if f.name == FINAL_SCORES)
    assert "Team A (Seat 1 & Seat 3)" in describe(view).rendered().fields[-1].value
    assert "Team B" in final


def test_the_hand_says_what_each_card_does_even_under_a_picture() -> None:
    s = position(3, hands=[["black-2", "blue", "mandrake", "red", "red", "red-1"], [], []])
    hand = next(f for f in _board(s, 0).fields if f.name == "Your hand")
    assert not hand.pictured
    assert hand.value.splitlines() == [
        "2× 🔴 red, 🔵 blue — ingredients: each raises its spell's top power by 1",
        "🔴 red-1 — " + catalogue.entry("red-1").brief,
        "⚫ black-2 — " + catalogue.entry("black-2").brief,
        "🌱 mandrake — " + catalogue.entry("mandrake").brief,
    ]
    assert "red-1" not in _text(_board(s, 1))


def test_a_hand_of_every_card_still_fits_a_field() -> None:
    every = sorted({card for card in cards.all_cards() if card != cards.SCROLL})
    s = position(3, hands=[every, [], []])
    board = _board(s, 0)
    hand = next(f for f in board.fields if f.name == "Your hand")
    assert len(hand.value) <= MAX_FIELD_VALUE
    assert "⚫ black-2" in hand.value
    assert "spellbooks: each adds its value to every spell cast with it" in hand.value
    assert board.limit_problems() == []


def test_every_spell_in_sight_says_what_it_does() -> None:
    s = position(3, spells=[[cast_spell("swiftness", 3)], [], []])
    put_on_top(s, 2, "transfer")
    board = _board(s, None)
    spells = next(f for f in board.fields if f.name == "Spells in sight")
    assert not spells.pictured
    lines = spells.value.splitlines()
    tops = {stack[-1] for stack in s.stacks}
    assert len(lines) == len(tops | {"swiftness"})
    assert "**Swiftness** · lasts the game — Your assistant may walk 1 shop further" in lines
    assert "**Transfer** — Pass a 📜 cursed scroll of yours to an opponent" in lines
