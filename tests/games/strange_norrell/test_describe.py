"""Boards: the public table for everyone, plus the viewer's own cards and decisions."""

from __future__ import annotations

import pytest

from games.core import FINAL_SCORES, Board
from games.core.playout import random_playout, random_position
from games.strange_norrell import cards
from games.strange_norrell.actions import Back, Stay
from games.strange_norrell.describe import describe
from games.strange_norrell.state import Step, StrangeNorrellState
from games.strange_norrell.view import StrangeNorrellView
from tests.games.strange_norrell.positions import (
    ENGINE,
    in_phase,
    pass_turn,
    play,
    position,
)

NAMES = ["Ann", "Bo", "Cy"]


def _board(s: StrangeNorrellState, seat: int | None) -> Board:
    view = ENGINE.view(s, seat)
    assert isinstance(view, StrangeNorrellView)
    return describe(view).rendered(NAMES)


def _text(board: Board) -> str:
    parts = [board.title, board.description, board.footer]
    return "\n".join(parts + [f"{f.name}\n{f.value}" for f in board.fields])


def _table() -> StrangeNorrellState:
    return position(
        3,
        hands=[["york-wind"], [], []],
        spells=[["pupil"], [], []],
        feats=[["kestrel"], [], []],
        locations=["york", None, None],
        prestige=[4, 2, 0],
        fairy=7,
    )


def test_the_public_board_shows_the_year_prestige_offers_and_magicians() -> None:
    board = _board(_table(), None)
    names = [f.name for f in board.fields]
    assert names[:5] == [
        "The year",
        "Prestige (turn order)",
        "Books of magic",
        "Feats of magic",
        "Connexions",
    ]
    assert names[5:8] == [
        "Ann · Jonathan Strange ▶",
        "Bo · Gilbert Norrell",
        "Cy · John Childermass",
    ]
    assert board.title == "Jonathan Strange & Mr Norrell · 1806"
    year = board.fields[0].value
    assert "**The Emperor** (strength 1)" in year
    assert "Fairy strength **7**" in year
    assert board.fields[1].value.splitlines()[0] == "` 4` Ann ▶"
    assert "📍 York" in board.fields[5].value
    assert "A Kestrel Carries a Message" in board.fields[5].value


def test_the_public_board_shows_no_card_in_hand() -> None:
    text = _text(_board(_table(), None))
    assert "york-wind" not in text
    assert "Your hand" not in text
    assert "A Pupil" not in text


def test_a_seat_board_adds_its_hand_spells_and_magicianship_and_says_whose_move() -> None:
    board = _board(_table(), 0)
    fields = {f.name: f.value for f in board.fields}
    assert fields["Your hand"] == "✉️ York 🌬️"
    assert fields["Your spells"] == ("**A Pupil Seeks You Out**: Take a pupil: +3 magicianship")
    assert fields["Your magicianship"].startswith("**0**")
    assert "**Your move.**" in board.description
    assert "Your move" not in _board(_table(), 1).description


def test_this_turn_shows_the_action_the_elements_and_what_is_left() -> None:
    s = play(_table(), (0, "study trees wind"))
    fields = {f.name: f.value for f in _board(s, 1).fields}
    assert fields["This turn"].splitlines()[:3] == [
        "Action: Study trees and wind",
        "Elements for magic: ⛰️ hills, 🪨 stones, 🌳 trees, 🌬️ wind",
        "Moves 0/2 · engagements 0/2",
    ]


def test_a_pending_decision_tells_its_owner_what_to_type_and_the_others_what_happens() -> None:
    s = in_phase(
        position(3, hands=[["york-wind"], [], []], feats=[["kestrel", "thames-fog"], [], []]),
        "visits",
        "trees-wind",
    )
    s = play(s, (0, "magic york-wind"))
    assert "choose the feat for the wind token, or `back`" in _board(s, 0).description
    assert _board(s, 1).description == "Ann is placing element tokens."


def _gaining_a_connexion(players: int = 3) -> StrangeNorrellState:
    hands: list[list[str]] = [["york-stones-3"]] + [[] for _ in range(players - 1)]
    s = in_phase(
        position(players, hands=hands, locations=["york"] + [None] * (players - 1)), "visits"
    )
    s = play(s, (0, "attend york-stones-3"))
    assert s.steps[0].kind == "connexion"
    return s


def test_the_board_says_what_each_connexion_space_gives() -> None:
    # Rules: "If you move onto or past one of the marked connexion spaces on the prestige
    # tracker, you immediately gain a connexion. When you do so, place a disc on any empty
    # connexion space on your magician board. You immediately have access to the associated
    # ability." The board says what each of the four spaces' abilities is.
    s = _gaining_a_connexion()
    for seat in (None, 0, 1):
        text = next(f.value for f in _board(s, seat).fields if f.name == "Connexions")
        assert text.startswith("Reaching or passing 3, 8, 14, 21 on the prestige tracker")
        for space in cards.board().connexion_spaces:
            assert f"**{space.name}**: {space.text}" in text
        assert "Named connexions on offer:" in text
    assert "choose an empty connexion space" in _board(s, 0).description


def test_a_crowded_board_keeps_the_connexion_spaces_for_whoever_chooses_one() -> None:
    feats = sorted(cards.feats())
    s = position(
        4,
        feats=[feats] * 4,
        books=[sorted(cards.books())] * 4,
        covered=[list(cards.ACTIONS)] * 4,
    )
    s.steps = [Step("connexion", 0)]
    space = cards.board().connexion_spaces[0]
    legend = f"**{space.name}**: {space.text}"
    for seat, shown in ((0, True), (1, False), (None, False)):
        board = describe(ENGINE.view(s, seat))
        assert not board.limit_problems()
        assert cards.feats()[feats[0]].name not in board.fields[5].value, "the terse board"
        assert f"`{feats[0]}`" not in board.fields[5].value, "never by a code"
        text = next(f.value for f in board.fields if f.name == "Connexions")
        assert (legend in text) is shown
        assert text.startswith("Reaching or passing 3, 8, 14, 21")


def test_the_response_window_says_who_may_answer() -> None:
    s = position(3, spells=[["raven-favour"], [], []], year=1810, current=2, played=[0, 1])
    s = pass_turn(s)
    assert "Ann may play spells allowed outside their turn" in _board(s, 1).description
    assert "cast a spell allowed outside your turn, or `pass`" in _board(s, 0).description


def test_the_final_board_ranks_every_magician() -> None:
    played = random_playout(ENGINE, 3, 4)
    board = _board(played.state, None)
    assert board.title == "Jonathan Strange & Mr Norrell · game over"
    final = next(f.value for f in board.fields if f.name == FINAL_SCORES)
    assert len(final.splitlines()) >= 3
    assert "prestige" in final


def test_boards_fit_the_embed_limits_through_a_four_player_game() -> None:
    played = random_playout(ENGINE, 4, 9)
    for seat in [None, 0, 1, 2, 3]:
        assert not describe(ENGINE.view(played.state, seat)).limit_problems()


def test_a_crowded_table_is_drawn_tersely_to_fit_the_board_limits() -> None:
    feats = sorted(cards.feats())
    s = position(
        4,
        feats=[feats] * 4,
        books=[sorted(cards.books())] * 4,
        connexions=[dict.fromkeys(cards.SPACES, "")] * 4,
        covered=[list(cards.ACTIONS)] * 4,
    )
    for seat in [None, 0, 1, 2, 3]:
        assert not describe(ENGINE.view(s, seat)).limit_problems()
    board = describe(ENGINE.view(s, None))
    assert "`" + feats[0] + "`" not in board.fields[5].value, "feats are never shown by codes"
    assert "more" in board.fields[5].value


def test_feats_and_books_are_shown_by_their_names_never_their_codes() -> None:
    s = position(3, feats=[["kestrel"], ["kestrel"], []], books=[["rook-grammar"], [], []])
    mine = _board(s, 0).fields[5].value
    assert "Feats: A Kestrel Carries a Message" in mine
    assert "Books: A Grammar of the Rooks: 🐦 card → 🐦🐦" in mine
    assert "`" not in mine
    assert "`kestrel`" not in _board(s, 1).fields[5].value


def test_the_others_read_that_a_spell_is_being_cast() -> None:
    s = in_phase(position(3, spells=[["peninsula-storms"], [], []]), "visits")
    s = play(s, (0, "cast peninsula-storms"))
    assert _board(s, 1).description == "Ann is casting a spell."
    assert "choose an element to conjure, or `back`" in _board(s, 0).description


def test_the_footer_speaks_to_whoever_may_act_now_and_lists_no_commands() -> None:
    s = _table()
    assert ENGINE.to_act(s) == frozenset({0})
    acting = _board(s, 0).footer
    assert "`/play`" in acting
    assert "choose an action (spells may come first)" in acting
    for seat in (None, 1):
        footer = _board(s, seat).footer
        assert "/play" not in footer
        assert "Magicianship" in footer
    assert "attend" not in acting
    assert "magic CARD" not in acting


def test_a_magician_s_field_tells_where_they_are_and_what_kind_of_cards_they_hold() -> None:
    ann = next(f.value for f in _board(_table(), 1).fields if f.name.startswith("Ann ·"))
    assert ann.splitlines()[0] == "📍 York · 1 invitation, 0 introductions in hand"


@pytest.mark.slow
def test_a_decision_offers_back_or_stay_exactly_when_it_is_legal() -> None:
    seen: set[str] = set()
    for seed in range(150):
        s = random_position(ENGINE, 2 + seed % 3, seed=seed, steps=10 + seed * 3)
        for seat in ENGINE.to_act(s):
            view = ENGINE.view(s, seat)
            if view.pending is None or view.pending.seat != seat:
                continue
            seen.add(view.pending.kind)
            legal = ENGINE.legal_actions(s, seat)
            said = describe(view).description
            assert ("`back`" in said) == any(isinstance(a, Back) for a in legal), said
            assert ("`stay`" in said) == any(isinstance(a, Stay) for a in legal), said
    assert len(seen) >= 3, seen
